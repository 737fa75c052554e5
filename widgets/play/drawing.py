"""Drawing the table of :class:`~mandalakit.widgets.play.game_view.GameView`: the board seen by
the player at the screen (or the hot-seat cover between people), its clickable targets and the
hint's next click, the score panel, the status line and the end screen.

The drawings are the engines' (``to_svg`` through each game's part); this module only decides
what is shown to whom: a player's hand is drawn only for that player (the cover hides it while
the screen passes between people).
"""

from __future__ import annotations

from mandalakit.core import records
from mandalakit.core.messages import _

from mandalakit.widgets.play.clicks import targets_in
from mandalakit.widgets.play.people import HUMAN
from mandalakit.widgets.play.status import SCORE_STYLE, status_html


class TableDrawing:
    """The drawing methods, mixed into :class:`~mandalakit.widgets.play.game_view.GameView`."""

    #: True while the next drawing follows a bot's move (the board marks what it changed).
    _others_moved = False

    def _shown_state(self):
        if not self.reviewing:
            return self.state
        return records.replay(self._record(), upto=self.review.value)

    def _redraw(self) -> None:
        viewer = self.viewer
        state = self._shown_state()
        seat = state.current_player
        covered = viewer is None
        self.cover.layout.display = "flex" if covered else "none"
        self.board.layout.display = "none" if covered else ""
        if covered:
            self.board.svg = ""
            self.board.chips = []
            self.board.hint = []
            self.score.value = ""
            self.cover_text.value = ('<p style="font-size:1.3em">'
                                     + _("{name}’s turn: click when only {name} is looking.", name=self.names[seat])
                                     + "</p>")
            self.cover_button.description = _("I am {name}: show my hand", name=self.names[seat])
            self.status.value = ""
            return
        active = self.active
        # A target both chosen and clickable again (a second card of a colour, the discard for
        # both cards) is drawn as clickable; the status line lists what is chosen.
        marks = {t: "selected" for t in self.selection}
        marks.update({t: "active" for t in active})
        you = 0 <= viewer < len(self.seats) and self.seats[viewer] == HUMAN  # "your field" for a person here
        chosen = self.selection if state is self.state else ()
        svg = self.part.draw(state, viewer, chosen, marks=marks, width=self.board.width or None,
                             names=self.names, you=you)
        with self.board.hold_sync():  # the mark arrives with the drawing it concerns
            self.board.marked = self._others_moved
            self.board.svg = svg
        self._others_moved = False
        drawn = set(targets_in(svg))
        self.board.chips = [[t, self.part.label(t)] for t in sorted(active - drawn, key=chip_order)]
        # The hint lights the next target of its clicks while the clicks so far follow it.
        hint, chosen = self._hint, self.selection
        self.board.hint = [hint[len(chosen)]] if hint[:len(chosen)] == chosen and len(hint) > len(chosen) else []
        self.score.value = SCORE_STYLE + self.part.score_panel(state, viewer, self.names)
        self.status.value = status_html(self, state)
        if state.is_terminal() and not self.reviewing:
            self.end.show(state, viewer, width=self.board.width or None, names=self.names, you=you)
        else:
            self.end.hide()



def chip_order(target: str):
    """Sort key of a target id: its kind, then its number as a number (``card:9`` before ``card:10``)."""
    kind, _sep, what = target.partition(":")
    return (kind, int(what) if what.isdigit() else what)

