"""A first game with a guide: :class:`GuidedGame` plays a :class:`~mandalakit.widgets.guided.script.Script`.

The pupil plays on the normal board (:class:`~mandalakit.widgets.play.game_view.GameView`, its
clicks, its log, its bot) against a bot level on a prepared deal. At each step the guide lights
the next click of the step's move and says why; another click gets a kind word and leaves the
game as it was; at a milestone the guide stops, lights what just happened and waits for *Next*.
After the last step a button leads to the play page. Everything a pupil reads goes through
gettext, and the FR / EN / PT switch rebuilds the page in the other language at the same step.

>>> page = GuidedGame("ohanami")
>>> page.expected_target()
'card:87'
>>> page.click("card:7"); page.step, "Nearly!" in page.guide.value
(0, True)
>>> page.click("card:87"); page.click("card:118"); page.step
1
"""

from __future__ import annotations

import re
from html import escape

import ipywidgets as W

from mandalakit.core.messages import N_, _, set_language

from mandalakit.widgets.guided.script import Script, script_of
from mandalakit.widgets.play.game_view import GameView
from mandalakit.widgets.play.language import language_buttons
from mandalakit.widgets.play.people import HUMAN
from mandalakit.widgets.play.widget_tree import close_all, drop

__all__ = ["GuidedGame", "lit"]

#: What a click off the guided path gets: a kind word, then the highlight again.
KIND_WORD = N_("Nearly! That is not the move of this step: click the glowing one.")
#: A click on the board while a milestone waits for *Next*.
READ_FIRST = N_("First look at what just happened, then press Next.")
#: A click after the last step.
ALL_DONE = N_("This guided game is over: start a whole game with the button below.")

GUIDE_STYLE = """<style>
.mk-guide { border: 2px solid #0072B2; border-radius: 10px; background: #EEF6FB; padding: 6px 12px;
  font-size: 16px; line-height: 1.4; margin: 4px 0; }
.mk-guide p { margin: 4px 0; }
.mk-guide-count { color: #33536b; font-size: 14px; }
.mk-guide-milestone { font-weight: bold; }
.mk-guide-kind { color: #8a3b00; font-weight: bold; }
.mk-guide-play { display: inline-block; background: #0072B2; color: #fff !important; border-radius: 6px;
  padding: 8px 16px; font-size: 16px; font-weight: bold; text-decoration: none; margin: 4px 0; }
.mk-guided .mk-board svg .mk-hint { animation: mk-glow 0.9s ease-in-out infinite alternate; }
@keyframes mk-glow { from { filter: drop-shadow(0 0 2px #0072B2); }
  to { filter: drop-shadow(0 0 7px #0072B2) drop-shadow(0 0 3px #0072B2); } }
@media (prefers-reduced-motion: reduce) { .mk-guided .mk-board svg .mk-hint { animation: none; } }
/* One glow at a time: the guide's blue says what to click; the bot's move (the play page's
   orange mark) is told in the log, not lit beside it. */
.mk-guided .mk-board svg .mk-last:not(.mk-hint) { filter: none; }
</style>"""


def lit(svg: str, ids) -> str:
    """``svg`` with the cards (``data-mk-key``) and Flowers (``data-mk-flower``) named by ``ids``
    in the hint's glow (class ``mk-hint``).

    >>> lit('<g class="mk-card" data-mk-key="card8"></g>', ["card8"])
    '<g class="mk-card mk-hint" data-mk-key="card8"></g>'
    """
    for name in ids:
        svg = re.sub(rf'class="([^"]*)" (data-mk-(?:key|flower))="{re.escape(name)}"', r'class="\1 mk-hint" \2="' + name + '"',
                     svg)
    return svg


class _GuidedPart:
    """A game's part whose drawing marks as clickable only the guided target and lights the
    milestone's cards; everything else is the game's part."""

    def __init__(self, part):
        self._part = part
        self.focus: set[str] = set()
        self.lights: tuple[str, ...] = ()

    def __getattr__(self, name):
        return getattr(self._part, name)

    def draw(self, state, viewer, selection=(), **options):
        marks = options.pop("marks", None) or {}
        marks = {t: m for t, m in marks.items() if m != "active" or t in self.focus}
        return lit(self._part.draw(state, viewer, selection, marks=marks, **options), self.lights)


class GuidedGame(W.VBox):
    """A guided first game of ``game`` on the normal board, under a FR / EN / PT switch.

    Parameters
    ----------
    game : str
        ``"ohanami"``, ``"mandala"`` or ``"flowers"`` (:func:`~mandalakit.widgets.guided.script.script_of`).

    Attributes
    ----------
    script : Script
    view : GameView
        The board being played (a new object after a language switch).
    step : int
        Index of the step the pupil is on (``len(script.steps)``: all done).
    waiting : bool
        True while a milestone waits for *Next*.
    guide : ipywidgets.HTML
        What the guide says now.

    Raises
    ------
    ValueError
        For a game without a guided first game.
    """

    def __init__(self, game: str = "ohanami"):
        self.script: Script = script_of(game)
        self.step = 0
        self.waiting = False
        self._kind = ""
        self.switch = language_buttons()
        self.switch.observe(self._choose, names="value")
        self.guide = W.HTML()
        self.guide.add_class("mk-guide-text")
        self.next_button = W.Button(button_style="primary", layout=W.Layout(width="auto", display="none"))
        self.next_button.add_class("mk-guide-next")
        self.next_button.on_click(lambda _b: self.next())
        self.finish = W.HTML()
        self.view = self._new_view()
        super().__init__([W.HTML(GUIDE_STYLE), self.switch, self.view])
        self.add_class("mk-guided")
        self._show()

    # ----- the board ----------------------------------------------------------------------------
    def _new_view(self) -> GameView:
        """The script's deal on a fresh board, played up to :attr:`step` by the steps' own clicks."""
        s = self.script
        view = GameView(s.game, seats=[HUMAN, s.level], seed=s.seed, bot_delay=0)
        view.board.store_key = ""  # a guided game is never kept for the play page's resume offer
        view.part = _GuidedPart(view.part)
        view.board.on_target(self.click)
        view.board.on_escape(lambda: (view.clear(), self._show()))
        view.message.layout.display = "none"  # the guide's words stand there; the log keeps the events
        box = W.VBox([self.guide, self.next_button, self.finish])
        box.add_class("mk-guide-box")
        top = view.children[1]
        top.children = (top.children[0], box, *top.children[1:])
        # No New game, Record, resume, undo, typed moves or Play again in a guided game (its last
        # words lead to the play page): out of the page and closed, so that no message from the
        # browser can change the deal under the guide.
        view.board.on_resume(lambda _text: None)
        drop(view, (view.panels, view.controls, view.resume_offer, view.end.again_button, view.end.save_button))
        self.view = view
        done, self.step = self.step, 0
        while self.step < done:  # deterministic: the same deal, bot seed and moves
            for target in self._path():
                view.click(target)
            self.step += 1
        return view

    def _move(self):
        """The move of the current step, as the engine lists it.

        Raises ``RuntimeError`` if the script's move is not legal here (a defect of the script).
        """
        state = self.view.state
        wanted = state.parse_move(self.script.steps[self.step].move)
        for move in state.legal_moves():
            if move == wanted:
                return move
        raise RuntimeError(f"the {self.script.game} guide's step {self.step + 1} ({wanted}) is not legal here")

    def _paths(self) -> list[tuple[str, ...]]:
        return list(self.view.part.paths(self.view.state, self._move()))

    def _path(self) -> tuple[str, ...]:
        """The clicks of the current step's move that follow the clicks made so far."""
        chosen = self.view.selection
        paths = self._paths()
        return next((p for p in paths if p[:len(chosen)] == chosen), paths[0])

    def expected_target(self) -> str | None:
        """The target the guide lights now (``None`` at a milestone or after the last step)."""
        if self.waiting or self.step >= len(self.script.steps):
            return None
        path, chosen = self._path(), self.view.selection
        return path[len(chosen)] if path[:len(chosen)] == chosen else path[0]

    # ----- what the pupil does -------------------------------------------------------------------
    def click(self, target: str) -> None:
        """A click on ``target``: played if it is the next click of the step's move (or of another
        order of the same move), else a kind word; the game changes only by the guided move."""
        if self.waiting or self.step >= len(self.script.steps):
            self._kind = _(READ_FIRST) if self.waiting else _(ALL_DONE)
            self._show()
            return
        chosen = (*self.view.selection, target)
        if not any(p[:len(chosen)] == chosen for p in self._paths()):
            self._kind = _(KIND_WORD)
            self._show()
            return
        self._kind = ""
        played = len(self.view.state.history)
        self.view.click(target)
        if len(self.view.state.history) != played:  # the move is made (and the bot has answered)
            step = self.script.steps[self.step]
            self.step += 1
            if step.milestone:
                self.waiting = True
        self._show()

    def next(self) -> None:
        """*Next* after a milestone: on to the following step (or the end)."""
        self.waiting = False
        self._kind = ""
        self._show()

    def _choose(self, change) -> None:
        set_language(change["new"])
        old, self.view = self.view, self._new_view()
        self.children = (self.children[0], self.switch, self.view)
        close_all(old, keep=(self.guide, self.next_button, self.finish))  # the guide's own widgets stay
        self._show()

    # ----- what the guide says -------------------------------------------------------------------
    def _show(self) -> None:
        s, view = self.script, self.view
        total = len(s.steps)
        done = self.step >= total and not self.waiting
        head = _("You against {bot}.", bot=view.names[1])  # the page's title names the game and the guide
        lines = []
        if self.waiting:
            step = s.steps[self.step - 1]
            lines.append(f'<p class="mk-guide-milestone">{escape(_(step.milestone))}</p>')
            view.part.lights, view.part.focus, view._hint = step.light, set(), ()
        elif done:
            lines.append(f'<p class="mk-guide-milestone">{escape(_(s.finale))}</p>')
            view.part.lights, view.part.focus, view._hint = (), set(), ()
        else:
            if self.step == 0:
                lines.append(f"<p>{escape(_(s.welcome))}</p>")
            lines.append(f'<p class="mk-guide-say">{escape(_(s.steps[self.step].say))}</p>')
            view.part.lights, view._hint = (), self._path()
            view.part.focus = {self.expected_target()}
        if self._kind:
            lines.append(f'<p class="mk-guide-kind" role="alert">{escape(self._kind)}</p>')
        count = "" if done else _("Step {n} of {total}", n=min(self.step + (0 if self.waiting else 1), total),
                                  total=total)
        self.guide.value = (f'<div class="mk-guide" aria-live="polite"><div class="mk-guide-count">{escape(head)} '
                            f'{escape(count)}</div>{"".join(lines)}</div>')
        self.next_button.description = _("Next")
        self.next_button.layout.display = "" if self.waiting else "none"
        # while the guide shows what happened, and after its last step, no "Your turn: ..." above it
        view.status.layout.display = "none" if self.waiting or done else ""
        words = escape(_("Play a whole game"))
        self.finish.value = (f'<a class="mk-guide-play" href="play-{s.game}.ipynb" target="_self">{words}</a>'
                             if done else "")
        view._redraw()
        if self.waiting or not done:  # what glows (the next click, or what the milestone shows), in the window
            view.board.reveal += 1
