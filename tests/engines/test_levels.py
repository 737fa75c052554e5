"""Levels for pupils: easy, medium and hard, in words, as bot names (contract.LEVELS)."""

import pytest

from mandalakit.core.bots import RandomBot
from mandalakit.core.contract import LEVELS
from mandalakit.core.errors import RulesError
from mandalakit.core.messages import _, bot_name, language
from mandalakit.core.registry import GAMES, get_game
from mandalakit.core.search import ISMCTSBot, PIMCBot


@pytest.mark.parametrize("game", GAMES)
def test_each_level_stands_for_a_bot_of_the_game_easy_random_medium_greedy_hard_search(game):
    spec = get_game(game)
    assert list(spec.levels) == ["easy", "medium", "hard"] == list(LEVELS)
    assert isinstance(spec.make_bot("easy", seed=1), RandomBot)
    assert type(spec.make_bot("medium", seed=1)) is type(spec.make_bot("greedy", seed=1))
    assert isinstance(spec.make_bot("hard", seed=1), (PIMCBot, ISMCTSBot))
    assert spec.bot_behind("hard") in spec.bots and spec.check_bot("hard") == "hard"


def test_levels_read_as_people_read_them_in_english_and_french():
    spec = get_game("mandala")
    assert [_("Bot ({level})", level=bot_name(level)) for level in spec.levels] == [
        "Bot (easy)", "Bot (medium)", "Bot (hard)"]
    with language("fr"):
        assert [bot_name(level) for level in spec.levels] == ["facile", "moyen", "difficile"]
        assert spec.check_bot("difficile") == "hard"
        assert bot_name("pimc") == "recherche par tirages"


def test_an_unknown_level_is_refused_with_the_levels_listed():
    with pytest.raises(RulesError, match="no bot called 'expert'.*easy, medium, hard"):
        get_game("ohanami").make_bot("expert")


def test_a_tournament_takes_a_level_as_a_bot():
    from mandalakit.simulate import simulate

    table = simulate("ohanami", players=2, games=2, seed=1, bots=["medium", "easy"], jobs=1, progress=False)
    assert sorted(set(table.bot)) == ["easy", "medium"]
    assert table[table.bot == "medium"].winner.sum() == 2  # greedy beats random (worked out: 2 of 2)
