"""Clicks on a board turned into moves, the same way for every game (no kernel needed).

A board drawing marks what can be clicked with ``data-mk-target`` ids (``"hand:black"``,
``"mountain:A"``, ``"card:45"``, ``"row:2"``, ...). Each game's part says which click
sequences, or *paths*, make each move (:meth:`~mandalakit.widgets.play.games.base.GamePart.paths`); this module indexes the paths
of the engine's legal moves, so that

* the targets highlighted after a partial selection are exactly those that can still lead to
  a legal move (:meth:`ClickTree.active`), and
* the moves reachable by clicks are exactly ``state.legal_moves()`` (tested for every game).

A click sequence that leaves the tree is not judged here: the game's part writes the move it
means in notation (``GamePart.attempt``) and the engine refuses it with the rule id.
Nothing in this module knows a rule.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["ClickTree", "Outcome", "chip_order", "targets_in"]

Path = tuple[str, ...]


def targets_in(svg: str) -> list[str]:
    """The ``data-mk-target`` ids of a drawing, in drawing order, each once."""
    import re

    return list(dict.fromkeys(re.findall(r'data-mk-target="([^"]+)"', svg)))


@dataclass(frozen=True)
class Outcome:
    """What a click led to.

    Attributes
    ----------
    kind : str
        ``"move"`` (``move`` is legal: play it), ``"more"`` (the selection grew; more clicks
        needed), ``"attempt"`` (``text`` is the notation of a move that is not legal: ask the
        engine why) or ``"unknown"`` (the clicks make no move yet; ``selection`` unchanged).
    selection : tuple of str
        The selection after the click.
    """

    kind: str
    selection: Path
    move: object = None
    text: str | None = None


class ClickTree:
    """The click paths of every legal move of one position.

    Parameters
    ----------
    state : State
        The position (not changed).
    part : mandalakit.widgets.play.games.base.GamePart
        The game's part that gives each move's paths.

    Raises
    ------
    ValueError
        If two different moves share a path, or a whole path is the start of another (a
        defect of the game's part: a click could not tell the moves apart).
    """

    def __init__(self, state, part):
        self.state = state
        self.part = part
        self.moves: dict[Path, object] = {}
        self._next: dict[Path, set[str]] = defaultdict(set)
        for path, move in part.click_paths(state):
            other = self.moves.setdefault(path, move)
            if other != move:
                raise ValueError(f"clicks {path} make both {other} and {move}")
            for i in range(len(path)):
                self._next[path[:i]].add(path[i])
        clash = [p for p in self.moves if p in self._next]
        if clash:
            raise ValueError(f"clicks {clash[0]} make a whole move and start a longer one")

    def active(self, selection: Sequence[str] = ()) -> set[str]:
        """Targets that, clicked after ``selection``, can still lead to a legal move."""
        return set(self._next.get(tuple(selection), ()))

    def reachable(self) -> set:
        """Every move some click sequence makes (equal to the legal moves)."""
        return set(self.moves.values())

    def click(self, selection: Sequence[str], target: str) -> Outcome:
        """The outcome of clicking ``target`` after ``selection`` (nothing is changed).

        In this order: the clicks make a legal move; or they can still lead to one; or the
        game's part lets the selection grow anyway (more cards of a colour than any legal
        move takes: the engine will say why once a place is clicked); or ``target`` was
        already selected (it is deselected, with what was chosen after it); or it starts another legal move
        (the selection begins again from it); otherwise the game's part writes what the
        clicks mean and the engine will judge it.
        """
        clicks = (*selection, target)
        if clicks in self.moves:
            return Outcome("move", (), move=self.moves[clicks])
        if clicks in self._next:
            return Outcome("more", clicks)
        if self.part.extends(self.state, clicks):  # a choice the engine will judge once complete
            return Outcome("more", clicks)
        if target in selection:  # clicked again and it cannot be added once more: deselect it
            i = len(selection) - 1 - list(reversed(selection)).index(target)
            return Outcome("more", tuple(selection[:i]))
        if (target,) in self._next:  # the start of another move: begin again from it
            return Outcome("more", (target,))
        text = self.part.attempt(self.state, clicks)
        if text is None:
            return Outcome("unknown", tuple(selection))
        return Outcome("attempt", tuple(selection), text=text)


def chip_order(target: str):
    """Sort key of a target id: its kind, then its number as a number (``card:9`` before ``card:10``)."""
    kind, _sep, what = target.partition(":")
    return (kind, int(what) if what.isdigit() else what)
