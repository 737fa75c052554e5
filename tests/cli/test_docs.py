"""Every command and snippet of the README and the docs does what the page says.

Python blocks run in order, one namespace per page: a ``>>>`` line runs as a statement and the
lines under it, up to the next ``>>>``, are what it must show (``SomeError: text`` for a refusal,
``...`` at the end for a cut text). A shell block's ``mandalakit`` and ``make binder-links``
lines run in a temporary folder beside a copy of ``datasets/``; every other shell line must be
one that CI or another test runs (:data:`RUN_ELSEWHERE`), so a new command in a doc is either
run here or named there.
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from _browser import ROOT

#: docs/rules/ holds rules, not commands; docs/rl.md's examples run in tests/engines/test_rl_docs.py (at a few games).
PAGES = ["README.md", "README.fr.md", "CONTRIBUTING.md", *sorted(p.relative_to(ROOT).as_posix()
                                                               for p in (ROOT / "docs").rglob("*.md")
                                                               if "rules" not in p.parts and p.name != "rl.md")]
FENCE = re.compile(r"^```(?P<lang>\w*)\n(?P<body>.*?)^```", re.S | re.M)
BIN = Path(sys.executable).parent

#: Shell commands the docs show that this test does not run, with where they are run instead.
RUN_ELSEWHERE = {
    "make demo": "tests/cli/test_makefile.py and the server tests start the same server",
    "make test": "CI runs it (.ci/run)",
    "make test-quick": "the same tests as make test, fewer of them",
    "make lab": "tests/classroom/test_classroom_servers.py starts JupyterLab as make lab does",
    "binder/start": "tests/classroom/test_classroom_servers.py starts the Binder layout through binder/start",
    "sudo apt-get": "CI installs Chromium this way (.ci/run)",
    "make datasets": "tests/engines/test_datasets.py checks each dataset's command against its data card",
    "make bench": "a benchmark: prints figures, checks nothing",
    "dask ": "a real cluster's own commands (Dask's documentation)",
    "npm pack": "updating the vendored plotly.js bundle, by hand",
    ".venv/bin/nbstripout": "tests/lessons/test_notebooks.py checks that notebooks are committed stripped",
    ".venv/bin/pytest": "what make test runs",
    "source .venv/bin/activate": "changes the shell only",
    "pip install": "make test installs every extra the docs name (pyproject.toml's test extra)",
}


def blocks(page: str, lang: str) -> list[str]:
    text = (ROOT / page).read_text(encoding="utf-8")
    return [m["body"] for m in FENCE.finditer(text) if m["lang"] == lang]


def shell_lines(page: str) -> list[str]:
    lines = []
    for body in blocks(page, "bash"):
        for line in body.splitlines():
            command = line.split("  #")[0].strip()
            if command and not command.startswith("#"):
                lines.append(command)
    return lines


def _expected(lines: list[str]) -> str:
    return "\n".join(lines).strip()


def _check_shown(shown: str, expected: str, statement: str) -> None:
    if expected.endswith("...'") or expected.endswith("..."):
        prefix = expected.rstrip("'").removesuffix("...").rstrip()
        assert shown.startswith(prefix), f"{statement!r} shows {shown!r}, not {expected!r}"
    else:
        assert shown == expected, f"{statement!r} shows {shown!r}, not {expected!r}"


def run_python_block(body: str, namespace: dict) -> None:
    if ">>> " not in body:
        refusal = re.search(r"^# (?P<kind>\w+Error): (?P<text>.*)$", body, re.M)
        if refusal:
            with pytest.raises(Exception) as caught:
                exec(compile(body, "<doc>", "exec"), namespace)
            assert type(caught.value).__name__ == refusal["kind"] and str(caught.value) == refusal["text"]
        else:
            exec(compile(body, "<doc>", "exec"), namespace)
        return
    statements: list[tuple[str, list[str]]] = []
    for line in body.splitlines():
        if line.startswith(">>> "):
            statements.append((line[4:].split("  #")[0].rstrip(), []))
        elif statements and line.strip():
            statements[-1][1].append(line)
    for statement, shown_lines in statements:
        expected = _expected(shown_lines)
        refusal = re.fullmatch(r"(?P<kind>\w+Error): (?P<text>.*)", expected, re.S)
        if refusal:
            with pytest.raises(Exception) as caught:
                exec(compile(statement, "<doc>", "single"), namespace)
            assert type(caught.value).__name__ == refusal["kind"], statement
            _check_shown(str(caught.value), refusal["text"], statement)
            continue
        try:
            value = eval(compile(statement, "<doc>", "eval"), namespace)
        except SyntaxError:
            exec(compile(statement, "<doc>", "exec"), namespace)
            continue
        if expected:
            _check_shown(repr(value), expected, statement)


@pytest.mark.parametrize("page", [p for p in PAGES if blocks(p, "python")])
def test_python_snippets_do_what_the_page_says(page, monkeypatch):
    import mandalakit

    monkeypatch.chdir(ROOT)
    namespace: dict = {}
    try:
        for body in blocks(page, "python"):
            with contextlib.redirect_stdout(io.StringIO()):
                run_python_block(body, namespace)
    finally:
        mandalakit.set_language("en")


#: Bots whose games take about a second a move: tests/engines/test_search.py and tests/engines/test_arena.py play
#: them at a few games; a doc's long run of them (a ladder) is not run again here.
SEARCH_BOTS = re.compile(r"\b(pimc|ismcts|hard|difficile)\b")


def _long_run(command: str) -> bool:
    games = re.search(r"--games (\d+)", command)
    return bool(SEARCH_BOTS.search(command)) or (" arena " in f" {command} " and games and int(games[1]) > 100)


def _runs_here(command: str) -> bool:
    return command.startswith(("mandalakit ", "make binder-links")) and not _long_run(command)


@pytest.mark.parametrize("page", PAGES)
def test_every_shell_command_is_run_here_or_elsewhere(page):
    for command in shell_lines(page):
        assert _runs_here(command) or _long_run(command) or any(command.startswith(k) for k in RUN_ELSEWHERE), (
            f"{page}: {command!r} is neither run by tests/cli/test_docs.py nor named in its RUN_ELSEWHERE")


@pytest.mark.parametrize("page", [p for p in PAGES if any(map(_runs_here, shell_lines(p)))])
def test_shell_commands_run_as_shown(page, tmp_path):
    shutil.copytree(ROOT / "datasets", tmp_path / "datasets")
    for command in filter(_runs_here, shell_lines(page)):
        words = shlex.split(command)
        if words[0] == "mandalakit":
            argv = [str(BIN / "mandalakit"), *words[1:]]
        else:  # make binder-links REMOTE=...: the script make runs, with a remote (this clone may have none)
            argv = [sys.executable, str(ROOT / "binder" / "links.py"), "https://github.com/ada/mandalakit"]
        done = subprocess.run(argv, cwd=tmp_path, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, f"{page}: {command!r} exited {done.returncode}: {done.stderr[-800:]}"
