"""The mandalakit command: outputs, exit codes and clear errors without tracebacks."""

import json
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import _processes
import pandas as pd
import pytest

from mandalakit import RulesError
from mandalakit.cli import main
from mandalakit.core.errors import shown_path


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_csv_rows_and_columns(tmp_path, capsys):
    out = tmp_path / "runs.csv"
    code, stdout, _ = run(capsys, "simulate", "--game", "ohanami", "--players", "2", "--games", "6",
                          "--seed", "3", "--bots", "greedy,random", "--out", str(out), "--quiet")
    assert code == 0 and "6 games" in stdout
    table = pd.read_csv(out)
    assert len(table) == 12
    assert {"game", "seat", "bot", "score", "winner", "round1", "round2", "round3",
            "blue", "green", "grey", "pink"} <= set(table.columns)
    assert (table.round1 + table.round2 + table.round3 == table.score).all()
    # Seat balance: each bot sits in each seat equally often.
    assert table.groupby(["bot", "seat"]).size().tolist() == [3, 3, 3, 3]
    assert table.groupby("game").winner.sum().ge(1).all()


def test_simulate_parquet_same_table_whatever_the_jobs(tmp_path, capsys):
    a, b = tmp_path / "a.parquet", tmp_path / "b.parquet"
    common = ["simulate", "--game", "ohanami", "--players", "3", "--games", "9", "--seed", "5", "--quiet"]
    assert run(capsys, *common, "--out", str(a), "--jobs", "1")[0] == 0
    assert run(capsys, *common, "--out", str(b), "--jobs", "2")[0] == 0
    pd.testing.assert_frame_equal(pd.read_parquet(a), pd.read_parquet(b))


def test_simulate_on_the_engines_gives_the_same_table_on_two_processes(tmp_path, capsys):
    """The engines' path (the rule of thumb has no fast kernel) with shares of several games per
    worker (70 games on 2 processes: 2 a share): the rows of one process, in order."""
    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    common = ["simulate", "--game", "mandala", "--players", "2", "--bots", "heuristic,random", "--games", "70",
              "--seed", "5", "--quiet"]
    assert run(capsys, *common, "--out", str(a), "--jobs", "1")[0] == 0
    assert run(capsys, *common, "--out", str(b), "--jobs", "2")[0] == 0
    one, two = pd.read_csv(a), pd.read_csv(b)
    assert len(one) == 140 and one.game.tolist() == sorted(one.game.tolist())
    pd.testing.assert_frame_equal(one, two)


def test_players_may_be_left_out_for_mandala_only(tmp_path, capsys):
    """M-1: Mandala is a game of 2, so --players may be left out; Ohanami (O-2.1: 2 to 4) asks."""
    code, out, _ = run(capsys, "simulate", "--game", "mandala", "--games", "2", "--quiet",
                       "--out", str(tmp_path / "m.csv"))
    assert code == 0 and pd.read_csv(tmp_path / "m.csv").seat.tolist() == [0, 1, 0, 1]
    assert run(capsys, "record", "--game", "mandala", "--out", str(tmp_path / "m.json"))[0] == 0
    code, out, err = run(capsys, "record", "--game", "ohanami", "--out", str(tmp_path / "o.json"))
    assert (code, out) == (2, "") and not (tmp_path / "o.json").exists()
    assert err == ("mandalakit record: error: [O-2.1] ohanami is played by 2 to 4 players: say how many with "
                   "--players, e.g. --players 2.\n")


def test_record_then_replay(tmp_path, capsys):
    path = tmp_path / "game.json"
    code, out, _ = run(capsys, "record", "--game", "ohanami", "--players", "2", "--seed", "7",
                       "--bots", "greedy,random", "--out", str(path))
    assert code == 0 and "winner" in out
    record = json.loads(path.read_text())
    assert record["players"] == [{"seat": 0, "name": "greedy"}, {"seat": 1, "name": "random"}]
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0 and "valid" in out
    for seat, score in enumerate(record["result"]["scores"]):
        assert f"player {seat + 1} " in out and f": {score}" in out


def test_bench_prints_throughput(capsys):
    code, out, _ = run(capsys, "bench", "--game", "ohanami", "--seconds", "0.2")
    assert code == 0 and "games/s" in out and "decisions/s" in out


def _tamper(path, index, text):
    record = json.loads(path.read_text())
    record["events"][index]["event"] = text
    path.write_text(json.dumps(record))


@pytest.fixture
def game_json(tmp_path, capsys):
    path = tmp_path / "game.json"
    assert run(capsys, "record", "--game", "ohanami", "--players", "2", "--seed", "1", "--out", str(path))[0] == 0
    return path


def test_replay_illegal_move_exits_2_with_index_and_rule(game_json, capsys):
    record = json.loads(game_json.read_text())
    placement = next(i for i, e in enumerate(record["events"]) if e["event"].startswith("place"))
    seat = record["events"][placement]["by"]
    picked = next(e["event"].split()[1:] for e in reversed(record["events"][:placement])
                  if e["by"] == seat and e["event"].startswith("pick"))
    a, b = [card for card in range(1, 121) if str(card) not in picked][:2]  # real cards, not the picked ones
    _tamper(game_json, placement, f"place {a}>1 {b}>1")
    code, out, err = run(capsys, "replay", str(game_json))
    assert code == 2 and f"event {placement}" in err and "[O-2.3]" in err and "Traceback" not in err


@pytest.mark.parametrize("code,said", [
    ("en", ["mandalakit replay: error: [record] trunc.json is not valid JSON (line 1, column 6: Expecting value).",
            "mandalakit replay: error: [O-1.1] game.json: event {i}: There is no card 999; the cards are numbered 1 "
            "to 120."]),
    ("fr", ["mandalakit replay\u00a0: erreur\u00a0: [record] trunc.json n\u2019est pas du JSON valide (ligne 1, "
            "colonne 6\u00a0: valeur attendue).",
            "mandalakit replay\u00a0: erreur\u00a0: [O-1.1] game.json\u00a0: \u00e9v\u00e9nement {i}\u00a0: Il n\u2019y a "
            "pas de carte 999\u00a0; les cartes sont num\u00e9rot\u00e9es de 1 \u00e0 120."]),
])
def test_a_corrupt_record_names_the_file_once_the_rule_once_and_the_event(game_json, capsys, monkeypatch, code, said):
    monkeypatch.chdir(game_json.parent)
    Path("trunc.json").write_text('{"a":')
    index = next(i for i, e in enumerate(json.loads(game_json.read_text())["events"]) if e["event"].startswith("pick"))
    _tamper(game_json, index, "pick 999 1")
    for name, line in zip(["trunc.json", "game.json"], said):
        assert run(capsys, "--language", code, "replay", name) == (2, "", line.format(i=index) + "\n")


def test_replay_malformed_notation(game_json, capsys):
    _tamper(game_json, 3, "pick twelve 5")
    code, _, err = run(capsys, "replay", str(game_json))
    assert code == 2 and "event 3" in err and "[notation]" in err


def test_replay_corrupt_json(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_bytes(b"\x00\xff not json")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and "bad.json" in err


@pytest.mark.parametrize("code, said", [
    ("en", "[record] trunc.json is not valid JSON (line 2, column 5: Unterminated string starting here)."),
    ("fr", "[record] trunc.json n\u2019est pas du JSON valide (ligne 2, colonne 5\u00a0: cha\u00eene de caract\u00e8res "
           "non termin\u00e9e, commenc\u00e9e ici)."),
])
def test_replay_of_a_record_cut_in_a_string_says_where_the_string_starts(tmp_path, monkeypatch, capsys, code, said):
    """A record cut in the middle of a string: the JSON reader's problem with its line and
    column, the position it puts at the end of its own words not cut off."""
    monkeypatch.chdir(tmp_path)
    Path("trunc.json").write_text('{"game": "ohanami",\n    "vers', encoding="utf-8")
    status, out, err = run(capsys, "--language", code, "replay", "trunc.json")
    assert (status, out) == (2, "") and err.endswith(said + "\n") and err.count("\n") == 1, err


def test_replay_missing_file(tmp_path, capsys):
    code, _, err = run(capsys, "replay", str(tmp_path / "nope.json"))
    assert code == 2 and "No such file" in err


@pytest.mark.parametrize("argv,message", [
    (["--players", "5"], "[O-2.1] Ohanami is played by 2 to 4 players, not 5."),
    (["--players", "2", "--bots", "wizard"], "no bot called 'wizard'"),
    (["--players", "2", "--rule", "sakura_kap=3"], "Unknown rules option 'sakura_kap'"),
    (["--players", "2", "--rule", "sakura_cap=-1"], "[O-3.4]"),
    (["--players", "3", "--bots", "random,greedy"], "2 names for 3 players"),
])
def test_bad_options_keep_existing_output(tmp_path, capsys, argv, message):
    out = tmp_path / "keep.csv"
    out.write_text("precious\n")
    code, _, err = run(capsys, "simulate", "--game", "ohanami", "--games", "2", "--out", str(out), "--quiet", *argv)
    assert code == 2 and message in err and "Traceback" not in err
    assert out.read_text() == "precious\n"


def test_unwritable_output_paths(tmp_path, capsys):
    base = ["simulate", "--game", "ohanami", "--players", "2", "--games", "2", "--quiet", "--out"]
    assert run(capsys, *base, str(tmp_path / "missing" / "x.csv"))[2].count("does not exist") == 1
    assert "must end in .csv or .parquet" in run(capsys, *base, str(tmp_path / "x.xlsx"))[2]
    folder = tmp_path / "dir.csv"
    folder.mkdir()
    assert "is a folder" in run(capsys, *base, str(folder))[2]
    pipe = tmp_path / "pipe.csv"
    os.mkfifo(pipe)
    code, _, err = run(capsys, *base, str(pipe))
    assert code == 2 and "is not a plain file (a pipe, a device or a socket)" in err
    assert stat.S_ISFIFO(pipe.stat().st_mode)  # still the pipe, not replaced by a table
    if os.geteuid() != 0:  # root may write anywhere
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        assert "no permission" in run(capsys, *base, str(locked / "x.csv"))[2]


def test_unknown_game_is_an_argparse_error(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["bench", "--game", "chess"])
    assert exc.value.code == 2 and "invalid choice: 'chess'" in capsys.readouterr().err


def test_installed_entry_point_runs():
    exe = Path(sys.executable).with_name("mandalakit")
    proc = subprocess.run([str(exe), "bench", "--game", "ohanami", "--seconds", "0.1"], capture_output=True, text=True)
    assert proc.returncode == 0 and "games/s" in proc.stdout


def test_import_mandalakit_loads_no_heavy_library():
    code = ("import sys, mandalakit; heavy = [m for m in ('numpy', 'pandas', 'plotly', 'ipywidgets', 'tqdm') "
            "if m in sys.modules]; print(heavy)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert proc.stdout.strip() == "[]"


@pytest.mark.parametrize("argv,message", [
    (["record", "--game", "ohanami", "--players", "2", "--seed", "-1", "--out", "{tmp}/g.json"], "seed must be zero or positive"),
    (["bench", "--game", "ohanami", "--seed", "-1"], "seed must be zero or positive"),
    (["simulate", "--game", "flowers", "--players", "2", "--games", "1", "--rule", "tiles={tmp}/bin.csv",
      "--out", "{tmp}/t.csv"], "[F-1.5] The tile table"),
])
def test_bad_numbers_and_files_exit_2_with_a_sentence(tmp_path, capsys, argv, message):
    (tmp_path / "bin.csv").write_bytes(b"\xff\xfe\x00garbage")
    code, _, err = run(capsys, *[a.format(tmp=tmp_path) for a in argv])
    assert code == 2 and message in err and "Traceback" not in err


@pytest.mark.parametrize("argv,message", [
    (["--games", "0"], "--games: must be at least 1, not 0"),
    (["--games", "2", "--jobs", "0"], "--jobs: must be at least 1, not 0"),
    (["--games", "2", "--bots", ""], "expected bot names separated by commas"),
    (["--games", "2", "--bots", "greedy,"], "expected bot names separated by commas"),
])
def test_argument_errors_name_the_option(capsys, argv, message):
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "--game", "ohanami", "--players", "2", "--out", "x.csv", *argv])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and message in err and "usage: mandalakit simulate" in err


def test_outputs_get_ordinary_permissions(tmp_path, capsys):
    new = tmp_path / "new.json"
    assert run(capsys, "record", "--game", "ohanami", "--players", "2", "--out", str(new))[0] == 0
    umask = os.umask(0)
    os.umask(umask)
    assert new.stat().st_mode & 0o777 == 0o666 & ~umask
    kept = tmp_path / "kept.csv"
    kept.write_text("old\n")
    kept.chmod(0o640)
    assert run(capsys, "simulate", "--game", "ohanami", "--players", "2", "--games", "2", "--quiet",
               "--out", str(kept))[0] == 0
    assert kept.stat().st_mode & 0o777 == 0o640 and kept.read_text().startswith("game,seat")


# ----- Ctrl-C and kill at any moment (issue 19): the 50-delivery run is tests/interrupts_bench.py ------------
SIMULATE_2M = ["simulate", "--game", "ohanami", "--players", "4", "--games", "2000000", "--jobs", "2", "--quiet"]


def _moment_reached(proc, folder: Path, moment: str) -> bool:
    """Wait (bounded) for a moment of the command's life: ``handlers`` (its own SIGTERM handler
    is in place; the heavy modules are still to load), ``workers`` (its first worker process
    exists, the others are starting), ``run`` (its workers play and its output is open: a
    temporary file beside the target). False if the command ended first. Moments after the
    first chunk of the table is written come in tests/interrupts_bench.py (a chunk is
    thousands of games)."""
    if moment == "handlers":
        return _processes.wait_until(lambda: _processes.catches(proc.pid, signal.SIGTERM), 60, proc)
    if moment == "workers":
        return _processes.wait_until(lambda: _processes.children(proc.pid), 120, proc)
    assert moment == "run"
    return _processes.wait_until(lambda: _processes.children(proc.pid) and _processes.temporary_output(folder),
                                 120, proc)


@pytest.mark.timeout(600)
@pytest.mark.parametrize("signum, ignored, moment", [
    (signal.SIGTERM, False, "handlers"), (signal.SIGTERM, False, "workers"), (signal.SIGTERM, False, "run"),
    (signal.SIGINT, True, "handlers"), (signal.SIGINT, True, "workers"), (signal.SIGINT, False, "run"),
])
def test_an_interrupted_simulation_stops_its_workers_and_writes_nothing(tmp_path, signum, ignored, moment):
    # Under nice 10 the command starts slowly beside the test, so the signal lands mid-way through its start.
    with _processes.command([*SIMULATE_2M, "--out", str(tmp_path / "never.parquet")], ignore_sigint=ignored,
                            nice=10) as proc:
        assert _moment_reached(proc, tmp_path, moment), proc.communicate(timeout=60)[1][-2000:]
        proc.send_signal(signum)
        _processes.assert_clean_stop(proc, tmp_path, signum)


@pytest.mark.timeout(300)
def test_the_interrupted_line_starts_a_line_of_its_own_after_the_progress_bar(tmp_path):
    argv = [a for a in SIMULATE_2M if a != "--quiet"]  # the bar on stderr, a pipe: no terminal
    with _processes.command([*argv, "--out", str(tmp_path / "never.parquet")]) as proc:
        assert _moment_reached(proc, tmp_path, "run"), proc.communicate(timeout=60)[1][-2000:]
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signal.SIGTERM and out == ""
    *bar, last = err.rstrip("\n").split("\n")
    assert "game" in "".join(bar) and last == "mandalakit simulate: interrupted; nothing was written", err[-500:]


TOURNAMENT_400K = ["tournament", "--game", "ohanami", "--players", "2", "--bots", "random,greedy", "--rotations",
                   "100000", "--quiet", "--out", "{out}/never.parquet"]


@pytest.mark.timeout(300)
@pytest.mark.parametrize("argv, signum, group", [
    ([*TOURNAMENT_400K, "--jobs", "2"], signal.SIGTERM, False),
    # A terminal's Ctrl-C reaches every process of the group: Dask's workers say nothing of it.
    ([*TOURNAMENT_400K, "--dask-workers", "2"], signal.SIGINT, True),
    ([*SIMULATE_2M[:-3], "--dask-workers", "2", "--quiet", "--out", "{out}/never.parquet"], signal.SIGINT, True),
    (["bench", "--game", "ohanami", "--seconds", "600"], signal.SIGINT, False),
])
def test_tournament_and_bench_stop_cleanly_too(tmp_path, argv, signum, group):
    with _processes.command([a.format(out=tmp_path) for a in argv], ignore_sigint=not group) as proc:
        moment = "handlers" if argv[0] == "bench" else "run"
        assert _moment_reached(proc, tmp_path, moment), proc.communicate(timeout=60)[1][-2000:]
        if group:
            os.killpg(proc.pid, signum)
        else:
            proc.send_signal(signum)
        _processes.assert_clean_stop(proc, tmp_path, signum)


def test_replay_of_deeply_nested_json_is_a_clear_error(tmp_path, capsys):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and out == "" and "[record]" in err and "nested too deeply" in err and "Traceback" not in err


@pytest.mark.parametrize("key,value,message", [
    ("by", False, "event 1: 'by' must be a player's number counted from 0 (0 for player 1) or 'chance', not False."),
    ("seed", "abc", "seed is not valid"),
    ("seed", float("nan"), "seed is not valid"),
])
def test_replay_refuses_tampered_types(game_json, capsys, key, value, message):
    record = json.loads(game_json.read_text())
    if key == "by":
        record["events"][1]["by"] = value  # seat 0 acts first: False == 0 in Python
    else:
        record[key] = value
    game_json.write_text(json.dumps(record))
    code, out, err = run(capsys, "replay", str(game_json))
    assert code == 2 and "valid" not in out and message in err and "Traceback" not in err


def test_replay_of_a_record_without_player_names(game_json, capsys):
    record = json.loads(game_json.read_text())
    record["players"] = [{"seat": 0}, {}]
    game_json.write_text(json.dumps(record))
    code, out, err = run(capsys, "replay", str(game_json))
    assert code == 0 and "player 1: " in out and "player 2: " in out and err == ""


SECONDS_REFUSAL = {
    "en": ("usage: mandalakit bench [-h]",
           "\nmandalakit bench: error: argument --seconds: must be more than 0 and at most 3600 seconds, not {typed}\n"),
    "fr": ("utilisation\u00a0: mandalakit bench [-h]",
           "\nmandalakit bench\u00a0: erreur\u00a0: argument --seconds\u00a0: doit d\u00e9passer 0 et valoir au plus "
           "3600 secondes, pas {typed}\n"),
}


@pytest.mark.parametrize("code", ["en", "fr"])
@pytest.mark.parametrize("seconds", ["0", "-1", "0.0", "-0.5", "3600.5", "9" * 400])
def test_bench_refuses_a_bad_time_like_any_bad_value(capsys, seconds, code):
    """As argparse refuses any bad value: the usage, then one sentence quoting the time as typed (-1, not -1.0)."""
    with pytest.raises(SystemExit) as exc:
        main(["--language", code, "bench", "--game", "ohanami", "--seconds", seconds])
    out, err = capsys.readouterr()
    typed = seconds if len(seconds) <= 60 else seconds[:57] + "..."
    usage, refusal = SECONDS_REFUSAL[code]
    assert exc.value.code == 2 and out == "" and err.startswith(usage) and err.endswith(refusal.format(typed=typed))
    assert err.count("error") + err.count("erreur") == 1


@pytest.mark.parametrize("seconds", [0, -1, 3600.5, float("nan")])
def test_the_library_bench_refuses_the_same_times(seconds):
    from mandalakit.simulate import bench

    with pytest.raises(RulesError, match="more than 0 and at most 3600 seconds"):
        bench("ohanami", seconds=seconds)


@pytest.mark.parametrize("rule, message", [("sakura_cap=abc", "sakura_cap"), ("x=1", "x")])
def test_bench_refuses_bad_rules_options_before_printing_anything(capsys, rule, message):
    code, out, err = run(capsys, "bench", "--game", "ohanami", "--seconds", "0.1", "--rule", rule)
    assert code == 2 and out == "" and message in err and "Traceback" not in err


def test_bench_plays_the_rules_options_it_is_given(capsys):
    code, out, _ = run(capsys, "bench", "--game", "ohanami", "--seconds", "0.1", "--rule", "sakura_cap=none")
    assert code == 0 and "ohanami 2p, sakura_cap=none random self-play" in out  # as typed, not Python's None


def test_bench_passes_rules_to_every_game(monkeypatch):
    from mandalakit import simulate

    seen = []
    original = simulate.random_playout

    def spy(state, rng):
        seen.append(state.rules)
        return original(state, rng)

    monkeypatch.setattr(simulate, "random_playout", spy)
    out = simulate.bench("ohanami", 2, seconds=0.05, rules={"sakura_cap": 10})
    assert out["games"] == len(seen) and {r.sakura_cap for r in seen} == {10}


def _run_into_closed_pipe(*argv):
    """Run the installed command with its stdout a pipe nobody reads (like `| head -0`)."""
    exe = Path(sys.executable).with_name("mandalakit")
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return subprocess.run([str(exe), *argv], stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(write_end)


def test_replay_into_a_closed_pipe_exits_quietly(game_json):
    proc = _run_into_closed_pipe("replay", str(game_json))
    assert proc.returncode == 0 and proc.stderr == ""


def test_simulate_into_a_closed_pipe_keeps_the_file_and_succeeds(tmp_path):
    out = tmp_path / "t.csv"
    proc = _run_into_closed_pipe("simulate", "--game", "ohanami", "--players", "2", "--games", "4", "--quiet",
                                 "--out", str(out))
    assert proc.returncode == 0 and proc.stderr == ""
    assert pd.read_csv(out).shape[0] == 8


@pytest.fixture
def no_simulation(monkeypatch):
    """Fail the test if the simulation starts: path errors must come before any work."""
    import mandalakit.simulate

    def refuse(*args, **kwargs):
        raise AssertionError("the simulation ran before the output path was checked")

    monkeypatch.setattr(mandalakit.simulate, "simulate", refuse)


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux /proc")
def test_output_folder_that_takes_no_files_is_refused_before_simulating(capsys, no_simulation):
    code, out, err = run(capsys, "simulate", "--game", "ohanami", "--players", "2", "--games", "2", "--quiet",
                         "--out", "/proc/x.csv")
    assert code == 2 and out == "" and "Traceback" not in err
    assert "mandalakit simulate: error: [options] /proc/x.csv: cannot create a file in the folder /proc (" in err
    assert not Path("/proc/x.csv").exists()


@pytest.mark.parametrize("command,path,message", [
    ("simulate", ".csv", "[options] --out .csv: a file name is needed before .csv, e.g. runs.csv."),
    ("simulate", "{tmp}/.parquet", ".parquet: a file name is needed before .parquet, e.g. runs.parquet."),
    ("simulate", "", "[options] --out needs a file name, e.g. runs.csv."),
    ("record", ".json", "[options] --out .json: a file name is needed before .json, e.g. game.json."),
    ("record", "", "[options] --out needs a file name, e.g. game.json."),
])
def test_output_without_a_file_name(tmp_path, capsys, monkeypatch, no_simulation, command, path, message):
    monkeypatch.chdir(tmp_path)
    extra = ["--games", "2", "--quiet"] if command == "simulate" else []
    code, _, err = run(capsys, command, "--game", "ohanami", "--players", "2", *extra, "--out", path.format(tmp=tmp_path))
    assert code == 2 and message in err and "must end in" not in err
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("argv", [["--bots", "wizard"], ["--rule", "sakura_cap=abc"]])
def test_a_failed_run_leaves_nothing_in_the_output_folder(tmp_path, capsys, argv):
    code, _, err = run(capsys, "simulate", "--game", "ohanami", "--players", "2", "--games", "2", "--quiet",
                       "--out", str(tmp_path / "runs.csv"), *argv)
    assert code == 2 and "[" in err
    assert list(tmp_path.iterdir()) == []  # no output, no probe, no temporary file


@pytest.mark.parametrize("command", ["simulate", "record"])
def test_a_rules_option_given_twice_is_refused(tmp_path, capsys, no_simulation, command):
    out = tmp_path / ("keep.csv" if command == "simulate" else "keep.json")
    out.write_text("precious\n")
    extra = ["--games", "2", "--quiet"] if command == "simulate" else []
    code, stdout, err = run(capsys, command, "--game", "ohanami", "--players", "2", *extra, "--out", str(out),
                            "--rule", "sakura_cap=none", "--rule", "other=1", "--rule", "sakura_cap=3")
    assert code == 2 and stdout == "" and "Traceback" not in err
    assert "[options] --rule sakura_cap is given twice (none, then 3); give each rules option once." in err
    assert out.read_text() == "precious\n"


def test_an_option_varied_twice_is_refused_under_its_own_flag_as_written(tmp_path, capsys):
    code, stdout, err = run(capsys, "tournament", "--game", "ohanami", "--vary", "sakura_cap=15", "--vary",
                            "sakura_cap=none", "--quiet", "--out", str(tmp_path / "t.parquet"))
    assert code == 2 and stdout == "" and "Traceback" not in err and list(tmp_path.iterdir()) == []
    assert err == ("mandalakit tournament: error: [options] --vary sakura_cap is given twice (15, then none); "
                   "give each rules option once.\n")


def _edit_record(path, **changes):
    record = json.loads(path.read_text())
    record.update(changes)
    path.write_text(json.dumps(record))
    return record


def test_replay_of_a_number_too_long_to_read(game_json, capsys):
    text = json.dumps({**json.loads(game_json.read_text()), "seed": 0})
    game_json.write_text(text.replace('"seed": 0', '"seed": ' + "7" * 5000))
    code, out, err = run(capsys, "replay", str(game_json))
    assert code == 2 and out == "" and "Traceback" not in err and err.count("\n") == 1
    assert "[record]" in err and "holds a whole number of more than 4300 digits" in err


@pytest.mark.parametrize("game", [["ohanami"], {"ohanami": 1}])
def test_replay_of_a_record_whose_game_is_not_text(game_json, capsys, game):
    _edit_record(game_json, game=game)
    code, out, err = run(capsys, "replay", str(game_json))
    assert code == 2 and out == "" and "Traceback" not in err
    assert "error: [record] " in err
    assert "game.json: The record's 'game' must be the name of a game as text (such as 'ohanami'), not a" in err


@pytest.fixture
def flowers_json(tmp_path, capsys):
    path = tmp_path / "flowers.json"
    assert run(capsys, "record", "--game", "flowers", "--players", "2", "--seed", "1", "--out", str(path))[0] == 0
    return path


@pytest.mark.parametrize("tiles", ["/dev/zero", "{secret}"])
def test_replay_never_opens_a_file_named_in_the_record(flowers_json, tmp_path, capsys, tiles):
    secret = tmp_path / "secret.csv"
    secret.write_text("my private first line\n")
    record = json.loads(flowers_json.read_text())
    _edit_record(flowers_json, rules={**record["rules"], "tiles": tiles.format(secret=secret)})
    code, out, err = run(capsys, "replay", str(flowers_json))
    assert code == 2 and out == "" and "Traceback" not in err and "private" not in err
    assert "error: [record] " in err
    assert "flowers.json: The record's rules option 'tiles' must be stored as written by the engine (rows: a list)" in err


def test_replay_of_a_record_with_a_custom_tile_table(tmp_path, capsys):
    from mandalakit.flowers.tiles import DEFAULT_TILES

    table = tmp_path / "tiles.csv"
    table.write_text("back,colour,face\n" + "".join(f"{b},{c},{5 if f == 2 else f}\n" for b, c, f in DEFAULT_TILES))
    path = tmp_path / "custom.json"
    assert run(capsys, "record", "--game", "flowers", "--players", "3", "--seed", "2", "--rule", f"tiles={table}",
               "--out", str(path))[0] == 0
    table.unlink()  # the record holds the table itself
    assert json.loads(path.read_text())["rules"]["tiles"][2][2] == 5
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0 and "valid" in out and err == ""


def test_replay_of_a_player_name_that_is_no_text(game_json):
    record = json.loads(game_json.read_text())
    record["players"][1]["name"] = "\ud800"
    game_json.write_text(json.dumps(record))  # ASCII JSON: "\ud800", which json.load reads back as is
    exe = Path(sys.executable).with_name("mandalakit")
    proc = subprocess.run([str(exe), "replay", str(game_json)], capture_output=True, text=True,
                          env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    assert proc.returncode == 2 and proc.stdout == "" and "Traceback" not in proc.stderr
    assert "error: [record] " in proc.stderr
    assert "game.json: The name of player 2 ('\\ud800') cannot be written as UTF-8 text" in proc.stderr


@pytest.mark.parametrize("change,message", [
    ({"version": 1.0}, "game.json: Record version 1.0 is not supported; this mandalakit reads only records of "
                      "version 1, written as the whole number 1."),
    ({"by": -1}, "game.json: event 0: 'by' must be a player's number from 0 (player 1) to 1 (player 2) or 'chance', "
                 "not -1."),
])
def test_replay_refuses_look_alikes_of_version_1_and_chance(game_json, capsys, change, message):
    record = json.loads(game_json.read_text())
    if "by" in change:
        record["events"][0]["by"] = change["by"]  # the shuffle, written "chance"
    else:
        record.update(change)
    game_json.write_text(json.dumps(record))
    code, out, err = run(capsys, "replay", str(game_json))
    assert code == 2 and out == "" and "error: [record] " in err and message in err and "Traceback" not in err


def test_bench_refuses_zero_players_like_simulate(capsys):
    code, out, err = run(capsys, "bench", "--game", "ohanami", "--players", "0", "--seconds", "0.1")
    assert code == 2 and out == "" and "[O-2.1] Ohanami is played by 2 to 4 players, not 0." in err
    from mandalakit.simulate import bench

    with pytest.raises(RulesError, match=r"\[O-2.1\] Ohanami is played by 2 to 4 players, not 0\."):
        bench("ohanami", 0, seconds=0.05)
    assert bench("ohanami", None, seconds=0.05)["players"] == 2


@pytest.mark.parametrize("events,expected", [
    (0, "the game is not finished; a chance event is due (the next event is by 'chance')"),
    (1, 'the game is not finished; player 1 is to act ("by": 0)'),
])
def test_replay_of_an_unfinished_record_says_what_is_due(game_json, capsys, events, expected):
    record = json.loads(game_json.read_text())
    _edit_record(game_json, events=record["events"][:events], result=None)
    code, out, err = run(capsys, "replay", str(game_json))
    assert code == 0 and out.splitlines()[-1] == expected and "seat -1" not in out and err == ""


@pytest.mark.parametrize("command,suffix", [("simulate", ".csv"), ("simulate", ".parquet"), ("record", ".json")])
def test_a_long_but_legal_file_name_is_written(tmp_path, capsys, command, suffix):
    out = tmp_path / ("a" * (255 - len(suffix)) + suffix)  # 255 bytes: the most most file systems take
    extra = ["--games", "2", "--quiet"] if command == "simulate" else []
    code, stdout, err = run(capsys, command, "--game", "ohanami", "--players", "2", *extra, "--out", str(out))
    assert code == 0 and err == "" and out.exists()
    assert [p.name for p in tmp_path.iterdir()] == [out.name]  # no probe or temporary file left


def test_a_file_name_too_long_for_the_folder_is_refused_before_simulating(tmp_path, capsys, no_simulation):
    out = tmp_path / ("a" * 300 + ".csv")
    code, stdout, err = run(capsys, "simulate", "--game", "ohanami", "--players", "2", "--games", "2", "--quiet",
                            "--out", str(out))
    assert code == 2 and stdout == "" and "Traceback" not in err and err.count("\n") == 1
    assert f"[options] --out: the file name '{'a' * 57}...' is 304 bytes long; the folder {shown_path(tmp_path)} " \
           "takes names of at most 255 bytes." in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("option", ["--seed", "--players", "--games", "--jobs"])
@pytest.mark.parametrize("value", ["1_0", "+5", " 5", "5 ", "\u0663", "0x10", "1e3", "2.0", "", "-"])
def test_numbers_on_the_command_line_are_ascii_digits_only(tmp_path, capsys, option, value):
    argv = {"--seed": "0", "--players": "2", "--games": "2", "--jobs": "1", option: value}
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "--game", "ohanami", "--out", str(tmp_path / "x.csv"), "--quiet",
              *[part for name, v in argv.items() for part in (name, v)]])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and "usage: mandalakit simulate" in err and "Traceback" not in err
    assert f"argument {option}: expected a whole number written with the digits 0 to 9, got {value!r}" in err


@pytest.mark.parametrize("option,digits", [("--seed", "7" * 5000), ("--seed", "-" + "7" * 4000), ("--seed", "7" * 19),
                                           ("--players", "7" * 4000), ("--players", "-" + "7" * 19),
                                           ("--games", "9" * 400), ("--jobs", "9" * 19)])
def test_a_number_with_too_many_digits_is_an_argument_error(tmp_path, capsys, option, digits):
    argv = {"--seed": "0", "--players": "2", "--games": "2", "--jobs": "1", option: digits}
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "--game", "ohanami", "--out", str(tmp_path / "x.csv"), "--quiet",
              *[part for name, v in argv.items() for part in (name, v)]])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and f"argument {option}: {digits[:57]}" in err
    assert "has more than 18 digits, far too many for any option" in err
    assert err.count("7" * 58) == 0 and err.count("9" * 58) == 0 and list(tmp_path.iterdir()) == []


def test_eighteen_digits_are_still_a_number(capsys):
    code, out, err = run(capsys, "bench", "--game", "ohanami", "--seconds", "0.05", "--seed", "9" * 18)
    assert code == 0 and err == ""
    code, out, err = run(capsys, "bench", "--game", "ohanami", "--seconds", "0.05", "--players", "-" + "9" * 18)
    assert code == 2 and f"[O-2.1] Ohanami is played by 2 to 4 players, not -{'9' * 18}." in err


@pytest.mark.parametrize("argv,message", [
    (["bench", "--game", "ohanami", "--seed", "-1"], "[options] A seed must be zero or positive, not -1."),
    (["bench", "--game", "ohanami", "--players", "-1"], "[O-2.1] Ohanami is played by 2 to 4 players, not -1."),
    (["bench", "--game", "ohanami", "--rule", "sakura_cap=1_5"],
     "[O-3.4] sakura_cap must be a whole number of at least 1, or none (no cap); got '1_5'."),
    (["bench", "--game", "ohanami", "--rule", "sakura_cap=\u0661\u0665"],
     "[O-3.4] sakura_cap must be a whole number of at least 1, or none (no cap); got '\u0661\u0665'."),
    (["bench", "--game", "ohanami", "--rule", "sakura_cap=-1"],
     "[O-3.4] sakura_cap must be a whole number of at least 1, or none (no cap); got '-1'."),
    (["bench", "--game", "flowers", "--rule", "single_play_draw=+3"],
     "[F-3.3] single_play_draw must be a whole number from 0 to 8, not '+3'."),
])
def test_negative_and_non_digit_numbers_reach_the_games_own_refusal(capsys, argv, message):
    code, out, err = run(capsys, *argv, "--seconds", "0.1")
    assert code == 2 and out == "" and message in err and "Traceback" not in err


def test_O_3_4_no_cap_is_written_none_as_the_user_types_it(capsys):
    """The refusal says ``none``, the word --rule takes, not Python's None."""
    code, out, err = run(capsys, "--language", "fr", "bench", "--game", "ohanami", "--seconds", "0.05",
                         "--rule", "sakura_cap=0")
    assert code == 2 and out == "" and err.count("\n") == 1 and "None" not in err
    assert "d\u2019au moins 1, ou none (sans plafond)\u00a0; re\u00e7u '0'." in err


_CAP_EN = "[O-3.4] sakura_cap must be a whole number of at least 1, or none (no cap); got {typed}."
_CAP_FR = ("[O-3.4] sakura_cap doit \u00eatre un nombre entier d\u2019au moins 1, ou none (sans plafond)\u00a0; "
           "re\u00e7u {typed}.")


@pytest.mark.parametrize("argv", [["record", "--players", "2", "--out", "g.json"],
                                  ["simulate", "--players", "2", "--games", "2", "--out", "runs.csv"],
                                  ["bench", "--seconds", "0.05"]])
@pytest.mark.parametrize("typed", ["true", "True", "false", "yes"])
@pytest.mark.parametrize("language, sentence", [("en", _CAP_EN), ("fr", _CAP_FR)])
def test_O_3_4_a_sakura_cap_that_is_no_number_is_refused_as_typed(tmp_path, monkeypatch, capsys, argv, typed,
                                                                   language, sentence):
    """``true`` is no whole number: the refusal quotes it as typed ('true'), not as the bool True."""
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "--language", language, argv[0], "--game", "ohanami", *argv[1:],
                         "--rule", f"sakura_cap={typed}")
    assert (code, out) == (2, "") and err.endswith(sentence.format(typed=repr(typed)) + "\n") and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("language, sentence", [("en", _CAP_EN), ("fr", _CAP_FR)])
def test_O_3_4_a_varied_sakura_cap_is_refused_as_typed(tmp_path, capsys, language, sentence):
    code, out, err = run(capsys, "--language", language, "tournament", "--game", "ohanami", "--players", "2",
                         "--vary", "sakura_cap=15,true", "--out", str(tmp_path / "t.parquet"))
    assert (code, out) == (2, "") and err.endswith(sentence.format(typed="'true'") + "\n")


@pytest.mark.parametrize("game, rule, message", [
    ("ohanami", "sakura_cap=-03", "[O-3.4] sakura_cap must be a whole number of at least 1, or none (no cap); got '-03'."),
    ("ohanami", "sakura_cap=-3", "[O-3.4] sakura_cap must be a whole number of at least 1, or none (no cap); got '-3'."),
    ("ohanami", "sakura_cap=0", "[O-3.4] sakura_cap must be a whole number of at least 1, or none (no cap); got '0'."),
    ("flowers", "single_play_draw=-1", "[F-3.3] single_play_draw must be a whole number from 0 to 8, not '-1'."),
    ("flowers", "single_play_draw=1000", "[F-3.3] single_play_draw must be a whole number from 0 to 8, not '1000'."),
    ("flowers", "single_play_draw=09", "[F-3.3] single_play_draw must be a whole number from 0 to 8, not '09'."),
    ("flowers", "single_play_draw=true", "[F-3.3] single_play_draw must be a whole number from 0 to 8, not 'true'."),
    ("flowers", "single_play_draw=none", "[F-3.3] single_play_draw must be a whole number from 0 to 8, not 'none'."),
    ("flowers", "single_play_draw=yes", "[F-3.3] single_play_draw must be a whole number from 0 to 8, not 'yes'."),
    ("mandala", "stalemate=15", "[M-7.5] stalemate must be 'end' or 'play_on', not '15'."),
    ("mandala", "stalemate=true", "[M-7.5] stalemate must be 'end' or 'play_on', not 'true'."),
    ("mandala", "deck_exhaustion=none",
     "[M-6.3] deck_exhaustion must be 'reshuffle_then_last_completion' or 'end_at_once', not 'none'."),
])
def test_O_3_4_F_3_3_M_6_3_M_7_5_rule_values_are_refused_as_typed(tmp_path, capsys, game, rule, message):
    """A Ruling that takes a whole number (O-3.4, F-3.3) or a word (M-6.3, M-7.5) given none,
    true, a word or a number out of range quotes the text typed ('-03', not -3)."""
    argv = ["record", "--game", game, "--players", "2", "--rule", rule, "--out", str(tmp_path / "g.json")]
    code, out, err = run(capsys, *argv)
    assert (code, out, err) == (2, "", f"mandalakit record: error: {message}\n")
    code, out, err = run(capsys, "--language", "fr", *argv)
    french = message.replace(" must be a whole number from 0 to 8, not ", " doit \u00eatre un nombre entier de 0 \u00e0 8, pas ")
    french = french.replace(" must be a whole number of at least 1, or none (no cap); got ",
                            " doit \u00eatre un nombre entier d\u2019au moins 1, ou none (sans plafond)\u00a0; re\u00e7u ")
    french = french.replace(" must be ", " doit \u00eatre ").replace("' or '", "' ou '").replace(", not '", ", pas '")
    assert (code, out, err) == (2, "", f"mandalakit record\u00a0: erreur\u00a0: {french}\n")


def test_rules_options_as_text_are_read_as_the_option_takes_them():
    """``RulesBase.option_from_text``: none, true/false and whole numbers only for the options
    whose type takes them; any other text stays as written, for the game to refuse."""
    from mandalakit import flowers, mandala, ohanami

    read = ohanami.Rules.option_from_text
    assert [read("sakura_cap", t) for t in ("15", " 7 ", "none", "NULL", "true", "False", "yes")] == [
        15, 7, None, None, "true", "False", "yes"]
    read = flowers.Rules.option_from_text
    assert [read("single_play_draw", t) for t in ("2", "none", "true")] == [2, "none", "true"]
    assert [read("tiles", t) for t in ("none", "my_tiles.csv", "15")] == [None, "my_tiles.csv", "15"]
    read = mandala.Rules.option_from_text
    assert [read("stalemate", t) for t in ("play_on", "15", "none", "true")] == ["play_on", "15", "none", "true"]
    assert read("sakura_kap", "3") == 3  # an unknown option is read as any; from_dict refuses its name


def test_a_bool_ruling_takes_true_and_false_only():
    """No game has a yes/no Ruling yet; one would read true/false (any case) and keep "15" or
    "yes" as typed, for its own refusal to quote."""
    from dataclasses import dataclass

    from mandalakit.core.contract import RulesBase

    @dataclass(frozen=True)
    class Rules(RulesBase):
        flag: bool = False

    assert [Rules.option_from_text("flag", t) for t in ("true", "FALSE", "15", "yes", "none")] == [
        True, False, "15", "yes", "none"]


def test_rule_numbers_in_ascii_digits_still_work(capsys):
    code, out, _ = run(capsys, "bench", "--game", "ohanami", "--seconds", "0.1", "--rule", "sakura_cap=15")
    assert code == 0 and "sakura_cap=15 random self-play" in out
    with pytest.raises(SystemExit) as exc:
        main(["bench", "--game", "ohanami", "--rule", "sakura_cap=-" + "9" * 4000])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and "the value of sakura_cap has more than 18 digits" in err and "9" * 19 not in err


def test_never_more_workers_than_games_and_at_most_max_jobs(monkeypatch):
    from mandalakit import simulate

    assert simulate.worker_count(3, 8) == 3
    assert simulate.worker_count(1000, 8) == 8
    assert simulate.worker_count(1000, simulate.MAX_JOBS) == simulate.MAX_JOBS
    assert simulate.worker_count(10, None) == 1
    monkeypatch.setattr(simulate.os, "cpu_count", lambda: 4096)  # a huge machine: the default is capped too
    assert simulate.worker_count(1000, None) == simulate.MAX_JOBS == 256
    with pytest.raises(RulesError, match=r"\[options\] At most 256 worker processes can be started, not 257;"):
        simulate.worker_count(1000, 257)


@pytest.mark.parametrize("argv", [
    ["simulate", "--game", "ohanami", "--players", "2", "--games", "1000", "--jobs", "257", "--out", "x.csv"],
    ["arena", "--game", "ohanami", "--bots", "greedy,random", "--games", "10", "--jobs", "257"],
    ["tournament", "--game", "ohanami", "--dask-workers", "257", "--out", "x.parquet"],
])
def test_jobs_over_256_are_refused_before_anything_heavy_loads(capsys, monkeypatch, argv):
    """The refusal comes first thing: no engine, table or worker code runs before it."""
    from mandalakit import cli

    for name in ("cmd_simulate", "cmd_arena", "cmd_tournament"):
        monkeypatch.setattr(cli, name, lambda args: pytest.fail("the command ran"))
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "[options] At most 256 worker processes can be started, not 257;" in err


def test_absurd_jobs_are_refused_before_any_worker_starts(tmp_path, capsys, monkeypatch):
    import multiprocessing

    def no_pool(*args, **kwargs):
        raise AssertionError("a worker pool was started")

    monkeypatch.setattr(multiprocessing, "Pool", no_pool)
    out = tmp_path / "keep.csv"
    out.write_text("precious\n")
    code, stdout, err = run(capsys, "simulate", "--game", "ohanami", "--players", "2", "--games", "1000",
                            "--jobs", "1000000", "--quiet", "--out", str(out))
    assert code == 2 and stdout == "" and "Traceback" not in err and err.count("\n") == 1
    assert "[options] At most 256 worker processes can be started, not 1000000;" in err
    assert out.read_text() == "precious\n" and [p.name for p in tmp_path.iterdir()] == ["keep.csv"]


@pytest.mark.parametrize("games", ["10000001", "9" * 18])
def test_too_many_games_are_refused_before_any_work(tmp_path, capsys, monkeypatch, games):
    from mandalakit import simulate

    def no_game(*args, **kwargs):
        raise AssertionError("a game was played")

    monkeypatch.setattr(simulate, "_rows", no_game)
    code, stdout, err = run(capsys, "simulate", "--game", "ohanami", "--players", "2", "--games", games,
                            "--jobs", "1", "--quiet", "--out", str(tmp_path / "x.csv"))
    assert code == 2 and stdout == "" and "Traceback" not in err and err.count("\n") == 1 and len(err) < 300
    assert "[options] At most 10,000,000 games can be played in one run, not " in err
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(RulesError, match="At most 10,000,000 games"):
        simulate.simulate("ohanami", 2, simulate.MAX_GAMES + 1, jobs=1, progress=False)


_LONG = "A" * 4000


@pytest.mark.parametrize("argv,message", [
    (["--rule", f"sakura_cap={_LONG}", "--rule", "sakura_cap=2"], f"[options] --rule sakura_cap is given twice ({'A' * 57}..., then 2)"),
    (["--rule", f"{_LONG}=1", "--rule", f"{_LONG}=2"], f"[options] --rule {'A' * 57}... is given twice (1, then 2)"),
    (["--rule", "sakura_cap= 5", "--rule", "sakura_cap=5"], "[options] --rule sakura_cap is given twice (5, then 5)"),
    (["--bots", _LONG], f"no bot called '{'A' * 56}..."),
])
def test_cli_refusals_quote_at_most_60_characters(tmp_path, capsys, argv, message):
    code, out, err = run(capsys, "record", "--game", "ohanami", "--players", "2", "--out", str(tmp_path / "g.json"), *argv)
    assert list(tmp_path.iterdir()) == [] and code == 2 and out == "" and message in err and len(err) < 250 and "A" * 61 not in err


@pytest.mark.parametrize("bots", ["," + _LONG, _LONG + ",,"])
def test_a_bad_bot_list_is_quoted_briefly(capsys, bots):
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "--game", "ohanami", "--players", "2", "--games", "2", "--out", "x.csv", "--bots", bots])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and "argument --bots: expected bot names separated by commas" in err
    assert f"got '{bots[:10]}" in err and "A" * 61 not in err


def test_an_out_path_too_long_for_the_system_is_quoted_briefly(tmp_path, capsys, no_simulation):
    path = "a/" * 2100 + "x.csv"  # longer than PATH_MAX (4096)
    code, out, err = run(capsys, "simulate", "--game", "ohanami", "--players", "2", "--games", "2", "--quiet",
                         "--out", path)
    assert code == 2 and out == "" and "Traceback" not in err and err.count("\n") == 1 and len(err) < 200
    missing = str(tmp_path / ("b" * 100) / "x.csv")
    code, out, err = run(capsys, "simulate", "--game", "ohanami", "--players", "2", "--games", "2", "--quiet",
                         "--out", missing)
    assert code == 2 and "does not exist" in err and "b" * 61 not in err and "/x.csv: the folder" in err


def test_replay_of_an_empty_or_long_name_names_it(tmp_path, capsys):
    code, out, err = run(capsys, "replay", "")
    assert code == 2 and out == "" and err == "mandalakit replay: error: No such file or directory: ''\n"
    long = str(tmp_path / ("c" * 200) / "game.json")
    code, out, err = run(capsys, "replay", long)
    assert code == 2 and "No such file or directory: " in err and err.rstrip().endswith("/game.json")
    assert "c" * 61 not in err and len(err) < 150
    path = tmp_path / ("d" * 200 + ".json")
    path.write_text("{")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and "is not valid JSON" in err and "d" * 61 not in err and len(err) < 250


@pytest.mark.parametrize("seconds", ["1_0", "\u0663", " 1", "1 ", "+1", "1e1", "nan", "inf", ".5", "1.", "0x1", ""])
def test_seconds_are_plain_ascii_decimal_numbers(capsys, seconds):
    with pytest.raises(SystemExit) as exc:
        main(["bench", "--game", "ohanami", "--seconds", seconds])
    out, err = capsys.readouterr()
    assert exc.value.code == 2 and out == "" and "usage: mandalakit bench" in err and "Traceback" not in err
    assert ("argument --seconds: expected a number of seconds written with the digits 0 to 9 and an optional decimal "
            f"point, such as 3 or 0.5; got {seconds!r}") in err


def test_seconds_with_a_decimal_point_still_work(capsys):
    code, out, err = run(capsys, "bench", "--game", "ohanami", "--seconds", "0.05")
    assert code == 0 and err == "" and "games/s" in out


def test_replay_refuses_a_player_name_that_would_print_a_fake_line(game_json, capsys):
    record = json.loads(game_json.read_text())
    record["players"][0]["name"] = "x): 0\nseat 1 (random): 999  winner\n\x1b[0m"
    game_json.write_text(json.dumps(record))
    code, out, err = run(capsys, "replay", str(game_json))
    assert code == 2 and out == "" and err.count("\n") == 1 and "\x1b" not in err
    assert "error: [record] " in err
    assert "game.json: The name of player 1 ('x): 0\\nseat 1 (random): 999  winner\\n" in err
    assert "holds a control character" in err


@pytest.mark.parametrize("name,problem", [("n" * 19_000_000, "is 19000000 characters long"),
                                          ("\u202e999 :(modnar) 1 taes", "format character U+202E")])
def test_replay_refuses_a_huge_name_or_one_that_prints_otherwise_than_written(game_json, capsys, name, problem):
    record = json.loads(game_json.read_text())
    record["players"][1]["name"] = name
    game_json.write_text(json.dumps(record))
    code, out, err = run(capsys, "replay", str(game_json))
    assert code == 2 and out == "" and problem in err and len(err) < 400 and "\u202e" not in err


def test_replay_of_a_record_saved_with_a_utf8_bom(game_json, capsys):
    game_json.write_bytes(b"\xef\xbb\xbf" + game_json.read_bytes())
    code, out, err = run(capsys, "replay", str(game_json))
    assert code == 0 and "valid" in out and err == ""


@pytest.mark.parametrize("command,name", [("record", "link.json"), ("simulate", "link.csv")])
def test_out_through_a_symbolic_link_updates_the_file_it_points_to(tmp_path, capsys, command, name):
    store = tmp_path / "store"
    store.mkdir()
    real = store / ("real" + Path(name).suffix)
    real.write_text("old\n")
    real.chmod(0o640)
    link = tmp_path / name
    link.symlink_to(real)
    extra = ["--games", "2", "--quiet"] if command == "simulate" else []
    code, out, err = run(capsys, command, "--game", "ohanami", "--players", "2", *extra, "--out", str(link))
    assert code == 0 and err == ""
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text() != "old\n" and real.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == [name, "store"]
    assert [p.name for p in store.iterdir()] == [real.name]  # no temporary file left


def test_out_through_a_dangling_link_creates_its_target(tmp_path, capsys):
    real = tmp_path / "new.json"
    link = tmp_path / "link.json"
    link.symlink_to(real)
    code, out, err = run(capsys, "record", "--game", "ohanami", "--players", "2", "--out", str(link))
    assert code == 0 and err == "" and link.is_symlink() and json.loads(real.read_text())["game"] == "ohanami"


@pytest.mark.parametrize("key,value", [("hands", [["red"], {"green": 1}]), ("discard", "AB"), ("mountains", ["A"])])
def test_record_replay_of_a_mandala_position_of_the_wrong_type_exits_2_in_one_line(tmp_path, capsys, key, value):
    from mandalakit.core import records
    from mandalakit.mandala import from_position

    state = from_position({"hands": [{"red": 2, "green": 1}, {"red": 1, "yellow": 2}]}, seed=5)
    record = records.from_state(state)
    record["setup"]["position"][key] = value
    path = tmp_path / "position.json"
    path.write_text(json.dumps(record))
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "error: [options] " in err and "position.json: The position" in err and "Traceback" not in err


def test_french_bot_names_are_taken_in_french(tmp_path, capsys):
    """The names the command prints in French (« glouton », « au hasard ») are bot names there, stored as the bots' own."""
    path = tmp_path / "game.json"
    code, out, err = run(capsys, "--language", "fr", "record", "--game", "ohanami", "--players", "2",
                         "--bots", "glouton, au hasard", "--out", str(path))
    assert code == 0 and err == "" and "joueur 1 (glouton)\u00a0: " in out and "joueur 2 (au hasard)\u00a0: " in out
    assert [p["name"] for p in json.loads(path.read_text())["players"]] == ["greedy", "random"]
    code, out, err = run(capsys, "record", "--game", "ohanami", "--players", "2", "--bots", "glouton",
                         "--out", str(path))  # English: no bot is called so
    assert (code, out) == (2, "") and err == ("mandalakit record: error: [options] There is no bot called 'glouton' "
                                              "for ohanami; choose from random, greedy, sampling search, tree search, "
                                              "easy, medium, hard.\n")


@pytest.mark.parametrize("command", ["record", "simulate", "tournament"])
@pytest.mark.parametrize("game", ["ohanami", "mandala", "flowers"])
def test_an_unknown_bot_is_refused_with_the_bot_names_of_the_language(tmp_path, capsys, command, game):
    """In French the refusal lists the names French users see and may type (au hasard, glouton)."""
    out_file = str(tmp_path / ("g.json" if command == "record" else "t.parquet"))
    extra = {"record": ["--players", "2"], "simulate": ["--players", "2", "--games", "2"], "tournament": []}[command]
    argv = [command, "--game", game, *extra, "--bots", "greedy,wizard", "--out", out_file]
    from mandalakit.core.messages import bot_name, language
    from mandalakit.core.registry import get_game

    spec = get_game(game)

    def listed() -> str:  # every bot, then every level (easy, medium, hard), as the language names them
        return ", ".join(bot_name(b) for b in [*spec.bots, *spec.levels])

    code, out, err = run(capsys, "--language", "fr", *argv)
    with language("fr"):
        french = listed()
    assert french.startswith("au hasard, glouton, ") and french.endswith("facile, moyen, difficile")
    assert (code, out) == (2, "") and err == (f"mandalakit {command}\u00a0: erreur\u00a0: [options] Il n\u2019y a pas de "
                                              f"robot nomm\u00e9 'wizard' pour {game}\u00a0; choisissez parmi {french}.\n")
    code, out, err = run(capsys, *argv)
    assert listed().startswith("random, greedy, ") and listed().endswith("easy, medium, hard")
    assert (code, out) == (2, "") and err == (f"mandalakit {command}: error: [options] There is no bot called 'wizard' "
                                              f"for {game}; choose from {listed()}.\n")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", ["simulate", "tournament", "record"])
def test_french_help_of_bots_names_the_french_bot_names(capsys, command):
    from mandalakit.core.messages import bot_name, language

    with pytest.raises(SystemExit):
        main(["--language", "fr", command, "--help"])
    bots = capsys.readouterr().out.split("--bots ROBOTS", 2)[-1].split("\n  --")[0]
    with language("fr"):  # the help's example names the one-ply bots (the others are in docs/bots.md)
        assert all(" ".join(bot_name(b).split()) in " ".join(bots.split()) for b in ("random", "greedy")), bots


def test_a_french_bot_given_twice_is_named_as_typed(capsys, tmp_path):
    code, out, err = run(capsys, "--language", "fr", "tournament", "--game", "ohanami", "--bots", "glouton,glouton",
                         "--out", str(tmp_path / "t.parquet"))
    assert (code, out) == (2, "") and err == ("mandalakit tournament\u00a0: erreur\u00a0: [options] Donnez chaque robot "
                                              "une seule fois, pas 'glouton,glouton'.\n")


def test_the_library_takes_the_bot_names_its_french_refusal_lists():
    # The refusal lists « au hasard, glouton » in French: those names are taken, as the bots' own.
    from mandalakit.core.messages import language
    from mandalakit.core.registry import get_game
    from mandalakit.tournament import cells

    spec = get_game("ohanami")
    with language("fr"):
        assert [spec.check_bot(n) for n in ("glouton", "au hasard", "greedy")] == ["greedy", "random", "greedy"]
        assert type(spec.make_bot("glouton", seed=1)) is type(spec.make_bot("greedy", seed=1))
        with pytest.raises(RulesError, match="Donnez chaque robot une seule fois, pas 'glouton,glouton'"):
            cells("ohanami", bots=["glouton", "greedy"])
    with pytest.raises(RulesError, match="no bot called 'glouton'"):  # in English, only the English names
        spec.check_bot("glouton")


# ----- Dask addresses, Dask workers and tile tables: one sentence, exit 2, in the language in force (issue 19) -----
@pytest.mark.parametrize("address", ["garbage", "127.0.0.1", "", "tcp://", "tcp://[::1", "http://x", "inproc://x",
                                     "tls://x", "tcp://x:0", "tcp://x:99999", "tcp://x:8786/path", "tcp://u@x:8786"])
@pytest.mark.parametrize("language, sentence", [("en", "argument --scheduler: "),
                                                ("fr", "argument --scheduler\u00a0: ")])
def test_a_scheduler_address_that_is_not_tcp_host_port_is_refused_before_any_connection(tmp_path, capsys, monkeypatch,
                                                                                       address, language, sentence):
    monkeypatch.setattr("mandalakit.tournament.tournament", lambda *a, **k: pytest.fail("a tournament started"))
    with pytest.raises(SystemExit) as exc:
        main(["--language", language, "tournament", "--game", "ohanami", "--scheduler", address,
              "--out", str(tmp_path / "t.parquet")])
    err = capsys.readouterr().err
    last = err.splitlines()[-1]
    assert exc.value.code == 2 and sentence in last and "tcp://10.0.0.5:8786" in last and "Traceback" not in err
    assert ("adresse" in last) == (language == "fr")
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("address, expected", [
    ("10.0.0.5:8786", "tcp://10.0.0.5:8786"), ("TCP://Host:1", "tcp://host:1"), ("tcp://[::1]:8786", "tcp://[::1]:8786"),
])
def test_a_scheduler_address_is_read_as_dask_reads_it(address, expected):
    from mandalakit.cli_args import scheduler_arg as _scheduler_address

    assert _scheduler_address(address) == expected


def test_a_refused_scheduler_connection_says_why_in_french(tmp_path, capsys, monkeypatch):
    pytest.importorskip("dask.distributed")
    import socket

    # The refusal is said at once (a plain connection first, not Dask's retries): far within the bound.
    monkeypatch.setattr("mandalakit.simulate.CONNECT_SECONDS", 5)
    with socket.socket() as probe:  # a port nothing listens on: bound, never listening
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
        code, _, err = run(capsys, "--language", "fr", "tournament", "--game", "ohanami", "--quiet",
                           "--scheduler", f"tcp://127.0.0.1:{port}", "--out", str(tmp_path / "t.parquet"))
    assert code == 2 and len(err.splitlines()) == 1 and "Traceback" not in err
    assert f"Impossible de joindre l’ordonnanceur Dask à 'tcp://127.0.0.1:{port}'\u00a0: Connexion refusée." in err
    assert not list(tmp_path.iterdir())


@pytest.mark.timeout(180)
@pytest.mark.parametrize("language, reason", [("en", "it did not answer within 2 seconds."),
                                              ("fr", "il n’a pas répondu en 2 secondes.")])
def test_a_scheduler_that_takes_the_connection_and_never_answers_gets_one_sentence_in_time(
        tmp_path, capsys, monkeypatch, language, reason):
    pytest.importorskip("dask.distributed")  # imported here, so the time below is the connection's
    import socket

    monkeypatch.setattr("mandalakit.simulate.CONNECT_SECONDS", 2)
    silent = socket.create_server(("127.0.0.1", 0))  # the system takes connections for it; it never answers
    try:
        port = silent.getsockname()[1]
        start = time.monotonic()
        code, _, err = run(capsys, "--language", language, "tournament", "--game", "ohanami", "--quiet",
                           "--scheduler", f"tcp://127.0.0.1:{port}", "--out", str(tmp_path / "t.parquet"))
        waited = time.monotonic() - start
    finally:
        silent.close()
    assert code == 2 and len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert f"127.0.0.1:{port}" in err and err.rstrip().endswith(reason), err
    assert 2 <= waited < 60, waited  # the time allowed, not for ever (a loaded machine adds some)
    assert not list(tmp_path.iterdir())


def test_dask_workers_are_bounded_as_jobs_are(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("mandalakit.tournament.play_share", lambda *a: pytest.fail("a game was played"))
    code, _, err = run(capsys, "tournament", "--game", "ohanami", "--dask-workers", "100000", "--quiet",
                       "--out", str(tmp_path / "t.parquet"))
    assert code == 2 and "At most 256 worker processes can be started, not 100000" in err
    assert len(err.splitlines()) == 1 and not list(tmp_path.iterdir())


@pytest.mark.timeout(60)
def test_a_tile_table_that_is_a_pipe_is_refused_at_once(tmp_path, capsys):
    pipe = tmp_path / "tiles.csv"
    os.mkfifo(pipe)  # no writer: reading it would wait for ever
    code, _, err = run(capsys, "--language", "fr", "tournament", "--game", "flowers", "--players", "2",
                       "--vary", f"tiles=none,{pipe}", "--quiet", "--out", str(tmp_path / "t.parquet"))
    assert code == 2 and len(err.splitlines()) == 1 and "F-1.5" in err and "n’est pas un fichier ordinaire" in err


@pytest.mark.parametrize("code,said", [
    ("en", "mandalakit bench: error: [options] bench counts whole games per second, and a search bot (sampling "
           "search) thinks before every move; mandalakit arena measures its CPU time per move, e.g. "
           "mandalakit arena --game mandala --bots pimc,greedy --games 2\n"),
    ("fr", "mandalakit bench\u00a0: erreur\u00a0: [options] bench compte des parties entières par seconde, et un robot "
           "de recherche (recherche par tirages) réfléchit avant chaque coup\u00a0; mandalakit arena "
           "mesure son temps de processeur par coup, par exemple mandalakit arena --game mandala --bots pimc,greedy "
           "--games 2\n"),
])
@pytest.mark.parametrize("bot", ["pimc", "ismcts", "hard"])
def test_bench_refuses_the_search_bots_at_once_and_points_to_arena(capsys, monkeypatch, code, said, bot):
    """A search bot thinks before every move, so a whole game overruns the seconds asked: bench
    says so in one sentence before measuring anything, also for the level behind it ("hard")."""
    from mandalakit.fast import bench

    monkeypatch.setattr(bench, "compare", lambda *a, **k: pytest.fail("bench measured a search bot"))
    status, out, err = run(capsys, "--language", code, "bench", "--game", "mandala", "--bots", bot, "--seconds", "1")
    if bot == "ismcts":
        said = said.replace("pimc,", "ismcts,").replace("(sampling search)", "(tree search)").replace(
            "(recherche par tirages)", "(recherche arborescente)")
    assert (status, out, err) == (2, "", said)


@pytest.mark.parametrize("argv", [
    ["simulate", "--game", "ohanami", "--players", "2", "--games", "1", "--out", "x.csv", "--bogus"],
    ["replay", "game.json", "--bogus", "extra"],
    ["bench", "--game", "ohanami", "--language", "fr", "--bogus"],
])
def test_an_unknown_word_after_a_command_gets_the_command_usage(capsys, argv):
    """The command's own usage and refusal, not mandalakit's (whose usage names none of its options)."""
    with pytest.raises(SystemExit) as exc:
        main(argv)
    err = capsys.readouterr().err
    extras = " ".join(argv[argv.index("--bogus"):])
    if "fr" in argv:
        assert err.startswith(f"utilisation\u00a0: mandalakit {argv[0]} [-h]")
        assert err.endswith(f"\nmandalakit {argv[0]}\u00a0: erreur\u00a0: arguments non reconnus\u00a0: {extras}\n")
    else:
        assert err.startswith(f"usage: mandalakit {argv[0]} [-h]")
        assert err.endswith(f"\nmandalakit {argv[0]}: error: unrecognized arguments: {extras}\n")
    assert exc.value.code == 2


@pytest.mark.parametrize("bots,games,said", [
    ("greedy,random", "10000001", "not 10000001 (10,000,002 with each deal played once per seating); split"),
    ("greedy,random,heuristic", "3333334", "not 3333334 for each of 3 sets of bots (10,000,002 in all, each deal "
                                           "played once per seating); split"),
    ("greedy,random,heuristic", "3333333", "not 3333333 for each of 3 sets of bots (10,000,002 in all, each deal "
                                           "played once per seating); split"),
])
def test_arena_refuses_too_many_games_quoting_the_number_typed(capsys, monkeypatch, bots, games, said):
    """The count typed, then what it makes once rounded up to whole deals over every set of bots."""
    from mandalakit import arena

    monkeypatch.setattr(arena, "play_deal", lambda *a: pytest.fail("a game was played"))
    code, out, err = run(capsys, "arena", "--game", "mandala", "--bots", bots, "--games", games, "--quiet")
    assert (code, out) == (2, "") and err.startswith(
        "mandalakit arena: error: [options] At most 10,000,000 games can be played in one run, ")
    assert said in err and err.count("\n") == 1


def test_arena_refusal_in_french_groups_its_figures_as_french_does(capsys, monkeypatch):
    from mandalakit import arena

    monkeypatch.setattr(arena, "play_deal", lambda *a: pytest.fail("a game was played"))
    code, _, err = run(capsys, "--language", "fr", "arena", "--game", "mandala", "--bots", "greedy,random",
                       "--games", "10000001", "--quiet")
    assert code == 2 and "pas 10000001 (10\u202f000\u202f002 avec chaque donne jouée une fois par placement)" in err


@pytest.mark.parametrize("code,written", [("en", "load average: 1.25 0.50 12.00\n"),
                                          ("fr", "charge moyenne\u00a0: 1,25 0,50 12,00\n")])
def test_bench_writes_the_load_average_as_the_language_writes_numbers(capsys, monkeypatch, code, written):
    from mandalakit import cli
    from mandalakit.fast.bench import load_average

    monkeypatch.setattr(os, "getloadavg", lambda: (1.25, 0.5, 12.0))
    monkeypatch.setattr(cli, "_import_ms", lambda: 100.0)
    status, out, _ = run(capsys, "--language", code, "bench", "--game", "ohanami", "--seconds", "0.05")
    assert status == 0 and out.endswith(written)
    assert load_average() == "1.25 0.50 12.00"  # the language is put back after the command


@pytest.mark.parametrize("code,said", [
    ("en", "[O-2.2] game.json: event {i}: Player {p} must pick two cards now ('pick A B'), not 'place 1>1 2>x'."),
    ("fr", "[O-2.2] game.json\u00a0: \u00e9v\u00e9nement {i}\u00a0: Le joueur {p} doit choisir deux cartes maintenant "
           "('pick A B'), pas 'place 1>1 2>x'."),
])
def test_a_move_out_of_its_phase_is_quoted_alike_in_both_languages(game_json, capsys, monkeypatch, code, said):
    """O-2.2: the refusal quotes the move as written, in quotes, as the French always did."""
    monkeypatch.chdir(game_json.parent)
    events = json.loads(game_json.read_text())["events"]
    index = next(i for i, e in enumerate(events) if e["event"].startswith("pick"))
    _tamper(game_json, index, "place 1>1 2>x")
    status, out, err = run(capsys, "--language", code, "replay", "game.json")
    assert (status, out) == (2, "") and err.endswith(said.format(i=index, p=events[index]["by"] + 1) + "\n")


@pytest.mark.timeout(300)
def test_M_7_6_bench_stopped_by_a_game_that_does_not_end_says_why_in_one_sentence(capsys):
    """The seed-3 deal of the third batch never ends without M-7.6 (tests/engines/test_mandala_stall.py)."""
    code, out, err = run(capsys, "bench", "--game", "mandala", "--bots", "greedy", "--seed", "3", "--seconds", "1.5",
                         "--rule", "stall_turns=none")
    assert code == 2 and out == "" and "Traceback" not in err and "RuntimeError" not in err and err.count("\n") == 1
    assert err.startswith("mandalakit bench: error: [play] A game did not end within 100,000 decisions: under these "
                          "rules the bots can play for ever;"), err
