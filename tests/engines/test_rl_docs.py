"""docs/rl.md says what the code does: its tables are the codecs' and encoders' own, and its
Python examples run (the training loop at a few games)."""

import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install 'mandalakit[rl]'")
pytest.importorskip("pyspiel", reason="the rl extra is not installed: pip install 'mandalakit[rl]'")

from mandalakit.rl.actions import action_codec  # noqa: E402
from mandalakit.rl.observations import observation_encoder  # noqa: E402

DOC = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", ["mandala", "flowers", "ohanami"])
def test_the_action_and_observation_tables_are_the_codes_own(game):
    codec = action_codec(game)
    assert f"#### {game.capitalize()} ({codec.size} actions)" in DOC
    for first_last, kind, number in codec.table():
        assert f"| {first_last} | {kind} | {number} |" in DOC
    for name, shape, meaning in observation_encoder(game, 2).pieces:
        assert f"| `{name}` | {shape} | {meaning} |" in DOC
    sizes = [observation_encoder(game, n).size for n in ((2,) if game == "mandala" else (2, 3, 4))]
    assert f"#### {game.capitalize()} ({', '.join(map(str, sizes))}" in DOC


BLOCKS = re.findall(r"```python\n(.*?)```", DOC, flags=re.S)
#: The training example (it needs the train extra: torch and sb3-contrib).
TRAINING = [block for block in BLOCKS if "mandalakit.rl.train" in block]


def test_the_python_examples_run():
    assert len(BLOCKS) == 7 and len(TRAINING) == 1
    code = "\n".join(block for block in BLOCKS if block not in TRAINING).replace("TRAIN_GAMES, TEST_GAMES = 2000, 600", "TRAIN_GAMES, TEST_GAMES = 6, 4")
    namespace: dict = {}
    exec(compile(code, "docs/rl.md", "exec"), namespace)  # noqa: S102 - our own documentation
    assert namespace["svg"].lstrip().startswith("<svg")
    learner = namespace["learner"]
    assert learner.value.shape == (342,) and learner.value.any()
    assert -1 <= namespace["after"] <= 1
    rate = namespace["rate"]
    assert rate["games"] == 40 and 0.2 < rate["win_rate"] < 0.8  # random against random


def test_the_training_example_runs(tmp_path, monkeypatch):
    pytest.importorskip("sb3_contrib", reason="the train extra is not installed: make .venv/.train")
    monkeypatch.chdir(tmp_path)  # it saves mandala-agent.zip where it runs
    namespace: dict = {}
    exec(compile(TRAINING[0], "docs/rl.md", "exec"), namespace)  # noqa: S102 - our own documentation
    assert len(namespace["agreement"]) == 2 and all(0 <= a <= 1 for a in namespace["agreement"])
    assert set(namespace["rates"]) == {"easy", "medium"} and namespace["rates"]["easy"]["games"] == 20
    from sb3_contrib import MaskablePPO

    again = MaskablePPO.load(tmp_path / "mandala-agent.zip", device="cpu")
    assert again.observation_space.shape == (142,)


def test_ctrl_c_stops_the_ismcts_command_with_one_line_and_no_traceback():
    """docs/rl.md's ``python -m mandalakit.rl.ismcts``: SIGINT once its progress bar shows."""
    proc = subprocess.Popen([sys.executable, "-m", "mandalakit.rl.ismcts", "--games", "50", "--simulations", "400"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        seen = b""
        deadline = time.monotonic() + 120
        while b"IS-MCTS" not in seen and time.monotonic() < deadline:
            ready, _, _ = select.select([proc.stderr], [], [], 1)
            if ready:
                seen += os.read(proc.stderr.fileno(), 4096)
        assert b"IS-MCTS" in seen, seen
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
        proc.wait()
    err = (seen + err).decode()
    assert proc.returncode == 130
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert err.rstrip().endswith("python -m mandalakit.rl.ismcts: interrupted")
