"""The package's layout (issue 22): no import circle, no module over 600 lines; the shared
tools import no game and keep no table or branch by a game's name (issue 32: each game declares
itself in its GameSpec).

The import graph is read from the source with :mod:`ast`, every import of a module counted
(those inside functions too, which run later but still tie the two modules together); a
package's ``__init__`` is a module of its own, and importing ``a.b`` is not counted as
importing ``a``. The engines keep one job per module (state, the rules of a turn, completion,
end of game, setup, hand-built positions), so no module needs more than 600 lines.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "mandalakit"
#: The views, installed as ``mandalakit.widgets`` (pyproject's package-dir).
WIDGETS = ROOT / "widgets"
MAX_LINES = 600


def module_names(root: Path = PACKAGE, prefix: tuple[str, ...] = ()) -> dict[str, Path]:
    """Dotted name of every module under ``root`` (``mandalakit.mandala.state``) → its file;
    ``prefix`` names the package ``root`` is installed in (``("mandalakit",)`` for widgets/)."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = [*prefix, *path.relative_to(root.parent).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def imported(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The modules of ``modules`` that the module ``name`` imports anywhere in its source."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + [node.module or ""])
            else:
                base = node.module or ""
            base = base.strip(".")
            targets += [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names]
    found = set()
    for target in targets:
        while target and target not in modules:  # `from x import function`: the module x
            target = target.rpartition(".")[0]
        if target and target != name:
            found.add(target)
    return found


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def import_graph() -> dict[str, set[str]]:
    modules = module_names() | module_names(WIDGETS, ("mandalakit",))
    return {name: imported(name, path, modules) for name, path in modules.items()}


def test_no_module_of_the_package_imports_in_a_circle():
    assert circles(import_graph()) == []


def test_the_graph_reads_relative_lazy_and_absolute_imports():
    graph = import_graph()
    assert {"mandalakit.mandala.state", "mandalakit.mandala.position"} <= graph["mandalakit.mandala.setup"]
    assert "mandalakit.core.contract" in graph["mandalakit.fast.run"]  # a lazy import inside a function
    assert "mandalakit.mandala.state" in graph["mandalakit.mandala.position"]  # a relative import
    assert "mandalakit.mandala.setup" in graph["mandalakit.mandala"]  # from a package's __init__


def test_the_circle_finder_finds_circles():
    """A check that cannot fail is no test: the finder reports a 2-module and a 3-module circle."""
    graph = {"a": {"b"}, "b": {"a", "c"}, "c": set(), "x": {"y"}, "y": {"z"}, "z": {"x"}}
    assert sorted(circles(graph)) == [["a", "b"], ["x", "y", "z"]]
    assert circles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


@pytest.mark.parametrize("game", ["mandala", "flowers", "ohanami"])
def test_each_engines_state_and_position_do_not_import_its_setup(game):
    """new_game and from_position live in setup, above the state and the position builder."""
    graph = import_graph()
    setup = f"mandalakit.{game}.setup"
    assert f"mandalakit.{game}.state" in graph[setup]
    assert setup not in graph[f"mandalakit.{game}.state"] | graph[f"mandalakit.{game}.position"]


def test_no_module_of_the_package_or_the_views_is_over_600_lines():
    lengths = {path.relative_to(ROOT).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
               for path in (module_names() | module_names(WIDGETS, ("mandalakit",))).values()}
    assert len(lengths) > 80
    assert {path: n for path, n in lengths.items() if n > MAX_LINES} == {}


#: The modules that hold no game of their own (issue 32): they ask each game's GameSpec through
#: the registry. Each game's part of the views (its ``GameSpec.view``) is the game's own.
SHARED = ("mandalakit.core", "mandalakit.rl", "mandalakit.fast.run", "mandalakit.widgets.play",
          "mandalakit.widgets.analysis")


def game_imports(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """Per shared module (:data:`SHARED`), the modules of a registered game it imports."""
    from mandalakit.core.registry import GAMES, get_game

    games = tuple(GAMES.values())
    own = {get_game(name).view for name in GAMES}
    found = {}
    for module, targets in graph.items():
        if module in own or not any(module == s or module.startswith(s + ".") for s in SHARED):
            continue
        hits = {t for t in targets if any(t == g or t.startswith(g + ".") for g in games)}
        if hits:
            found[module] = hits
    return found


def test_the_shared_tools_and_the_views_import_no_game():
    """core/, rl/, fast/run.py and the views (but each game's own part of them) name no game's
    module: they iterate over the registry."""
    assert game_imports(import_graph()) == {}


def test_the_game_import_rule_sees_an_import_of_a_game():
    """A check that cannot fail is no test: a game's own view part imports its game, and a
    shared module that did so would be reported."""
    graph = import_graph()
    assert "mandalakit.mandala" in graph["mandalakit.widgets.play.games.mandala"]
    graph["mandalakit.core.hints"] = graph["mandalakit.core.hints"] | {"mandalakit.ohanami.scoring"}
    assert game_imports(graph) == {"mandalakit.core.hints": {"mandalakit.ohanami.scoring"}}


#: Besides :data:`SHARED`: the analysis page's summaries, which read the tables each game ships.
NAMELESS = (*SHARED, "mandalakit.summaries")


def game_names(source: str, names) -> set[str]:
    """The game ``names`` that ``source`` uses as a key of a literal table (``{"mandala": ...}``)
    or compares something with (``game == "ohanami"``, ``in ("flowers", ...)``)."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Dict):
            values = node.keys
        elif isinstance(node, ast.Compare):
            values = [node.left, *node.comparators]
            values += [e for v in node.comparators if isinstance(v, (ast.Tuple, ast.List, ast.Set)) for e in v.elts]
        else:
            continue
        found |= {v.value for v in values if isinstance(v, ast.Constant) and v.value in names}
    return found


def named_games() -> dict[str, set[str]]:
    """Per module of :data:`NAMELESS` (but the registry itself and each game's own part of the
    views), the games it keeps a table of or branches on by name."""
    from mandalakit.core.registry import GAMES, get_game

    own = {get_game(name).view for name in GAMES} | {"mandalakit.core.registry"}
    modules = module_names() | module_names(WIDGETS, ("mandalakit",))
    found = {}
    for module, path in modules.items():
        if module in own or not any(module == s or module.startswith(s + ".") for s in NAMELESS):
            continue
        hits = game_names(path.read_text(encoding="utf-8"), set(GAMES))
        if hits:
            found[module] = hits
    return found


#: The one branch by name left: the analysis page imports no game (it reads only
#: datasets/summaries.json, and a game's package brings numpy: test_analysis), so its sentence on
#: Ohanami's simultaneous choices stays there until that file carries the fact.
KNOWN = {"mandalakit.widgets.analysis.search_words": {"ohanami"}}


def test_the_shared_tools_and_the_views_keep_no_table_by_game():
    """No per-game table or name branch outside the games (the New game form's options, the
    landing page's gallery, the shipped tables): each is a field of the game's GameSpec."""
    assert named_games() == KNOWN


def test_the_table_rule_sees_a_table_and_a_branch():
    names = {"ohanami", "mandala"}
    assert game_names('T = {"ohanami": 1, "x": 2}', names) == {"ohanami"}
    assert game_names('if game == "mandala" or g in ("ohanami", "toy"): pass', names) == {"mandala", "ohanami"}
    assert game_names('def f(game="mandala"):\n    """``"ohanami"``"""', names) == set()
