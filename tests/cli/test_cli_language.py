"""The command line's --language, before or after the command (the README says both work)."""

import pytest

from mandalakit import cli, ohanami
from mandalakit.core import records
from mandalakit.core.bots import RandomBot, play


@pytest.fixture()
def record_file(tmp_path):
    state = play(ohanami.new_game(2, seed=7), [RandomBot(1), RandomBot(2)])
    path = tmp_path / "game.json"
    records.save(records.from_state(state, players=["random", "random"]), path)
    return path


@pytest.mark.parametrize("words", [["--language", "fr", "replay", "{path}"], ["replay", "{path}", "--language", "fr"],
                                   ["replay", "--language=fr", "{path}"],
                                   ["--language", "en", "replay", "{path}", "--language", "fr"]])
def test_language_counts_before_or_after_the_command(record_file, capsys, words):
    assert cli.main([w.format(path=record_file) for w in words]) == 0
    assert "2 joueurs, 55 événements, valide" in capsys.readouterr().out


def test_the_last_language_given_counts_for_refusals_too(tmp_path, capsys):
    missing = tmp_path / "missing.json"
    assert cli.main(["--language", "fr", "replay", str(missing), "--language", "en"]) == 2
    assert capsys.readouterr().err.startswith("mandalakit replay: error: No such file or directory")


def test_an_unknown_language_after_the_command_is_refused_by_name(record_file, capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(["replay", str(record_file), "--language", "de"])
    assert stop.value.code == 2
    assert "invalid choice: 'de' (choose from 'en', 'fr', 'pt')" in capsys.readouterr().err
