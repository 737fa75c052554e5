"""An exercise a pupil answers in the page: checked on click, a hint when wrong, the answer
only after an attempt or on request.

>>> from mandalakit.widgets.lessons.exercise import Exercise
>>> ex = Exercise("How many points do 6 pink cards score at the end of round 3?", 21,
...               hint="Add 1 + 2 + ... + 6.", explanation="T(6) = 6 × 7 / 2 = 21 (O-3.3).")
>>> ex.value = "20"; ex.check()
False
>>> ex.value = "21"; ex.check()
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from html import escape
from importlib import resources

import anywidget
import ipywidgets as W
import traitlets

from mandalakit.core.messages import _

from mandalakit.widgets.play.board import BoardView
from mandalakit.widgets.lessons.pictures import layout_width
from mandalakit.widgets.classroom.pupil import BOARD, note_attempt, register, too_fast

__all__ = ["BoardQuestion", "Exercise", "read_answer"]

#: A whole number as a pupil types one for a count or points: digits only (no sign, no point).
_NUMBER = re.compile(r"[0-9]+")


def read_answer(text: str, like):
    """What a pupil typed, read as the same kind of value as ``like``.

    A whole number of 0 or more, in digits only, for an int (a count or points: ``"-1"`` is no
    such number); such numbers separated by commas or spaces for a tuple of ints; ``yes``/``no`` (or French ``oui``/``non``) for a bool; otherwise the text without surrounding spaces, in lower
    case. Returns ``None`` when the text cannot be read that way.

    >>> read_answer(" 21 ", 0), read_answer("12, 41 104", (0,)), read_answer("Yes", True)
    (21, (12, 41, 104), True)
    >>> read_answer("-1", 0), read_answer("3.5", 0)
    (None, None)
    """
    text = text.strip()
    if isinstance(like, bool):
        return {"yes": True, "no": False, "oui": True, "non": False, "true": True, "false": False}.get(text.lower())
    if isinstance(like, int):
        return int(text) if _NUMBER.fullmatch(text) else None
    if isinstance(like, tuple) and all(isinstance(x, int) for x in like):
        words = [w for w in re.split(r"[,\s;]+", text) if w]
        return tuple(int(w) for w in words) if words and all(_NUMBER.fullmatch(w) for w in words) else None
    return text.lower()


class Exercise(anywidget.AnyWidget):
    """One question with an answer box, a *check* button and a *show answer* button.

    One widget model (``static/exercise.js``), where a box of ipywidgets took 19: the page
    of a lesson opens and draws faster. The answer never leaves the kernel: the page sends
    what the pupil typed, the kernel checks it and sends back the feedback.

    Parameters
    ----------
    question : str
        The question (HTML; escape pupil-facing text yourself if it holds ``<``).
    answer : int, tuple of int, bool or str
        The right answer, best computed by the engine in the notebook (so the lesson and the
        engine cannot disagree). Typed answers are read as the same kind (:func:`read_answer`):
        text that is not of that kind (a word, or ``-1``, where a count is asked) gets a sentence
        on what to type and uses up no attempt. Whole numbers are counts or points, 0 or more.
    hint : str
        Shown after a wrong answer (plain text).
    explanation : str
        Shown with the answer: why it is right (plain text; rule ids welcome).
    choices : sequence of str, optional
        Offer these answers in a drop-down instead of a text box.
    check : callable, optional
        ``check(value) -> bool`` instead of equality with ``answer``.

    Raises
    ------
    ValueError
        For a whole-number answer below 0, which no pupil could type.

    Attributes
    ----------
    value : str
        What the box holds (synced with the page): typed text, or the chosen entry of
        ``choices`` (``""`` while the drop-down shows "—").
    feedback : str
        HTML, empty until the pupil checks an answer or asks for it.
    attempts : int
        Answers checked that could be read (the same answer checked twice counts once); in class
        mode each is kept in the class's book (:mod:`mandalakit.widgets.classroom.pupil`), and
        a reloaded page starts from the pupil's earlier attempts (:meth:`restore`).
    number : int
        The exercise's number on its page (1, 2, ...), as the teacher's class page lists it.
    """

    _esm = resources.files("mandalakit.widgets").joinpath("static", "exercise.js").read_text(encoding="utf-8")
    question = traitlets.Unicode("").tag(sync=True)
    choices = traitlets.List(traitlets.Unicode()).tag(sync=True)
    labels = traitlets.Dict().tag(sync=True)
    value = traitlets.Unicode("").tag(sync=True)
    feedback = traitlets.Unicode("").tag(sync=True)

    def __init__(self, question: str, answer, *, hint: str = "", explanation: str = "",
                 choices: Sequence[str] | None = None, check: Callable[[object], bool] | None = None):
        numbers = answer if isinstance(answer, tuple) else (answer,)
        if any(isinstance(n, int) and not isinstance(n, bool) and n < 0 for n in numbers):
            raise ValueError(f"An exercise's whole-number answers are 0 or more (a pupil types digits only): {answer!r}")
        super().__init__(question=question, choices=list(choices or ()),
                         labels={"answer": _("answer"), "placeholder": _("your answer"),
                                 "check": _("check"), "show": _("show answer")})
        self.answer = answer
        self.hint = hint
        self.explanation = explanation
        self._check = check
        self.attempts = 0
        self._checked = None
        self.number = int(register(self))  # as the teacher's class page lists the page's exercises
        self.on_msg(self._message)

    def _message(self, _widget, content, _buffers) -> None:
        # A forged or odd message from the page is ignored, never raised.
        if not isinstance(content, dict) or not isinstance(content.get("value", ""), str):
            return
        if content.get("kind") == "check":
            self.value = content.get("value", "")[:200]
            self.check()
        elif content.get("kind") == "show":
            self.show_answer()
        elif content.get("kind") == "ready":
            self._shown()

    def _shown(self) -> None:
        """The page has drawn the exercise: what a reload restored is sent again. The browser id
        that starts the restore (:mod:`mandalakit.widgets.classroom.pupil`) comes while the page
        still builds its widgets, and a change sent to one not built yet is lost on the way."""
        if self.attempts:
            self.send_state(["value", "feedback"])

    def is_right(self, value) -> bool:
        if value is None:
            return False
        return self._check(value) if self._check else value == self.answer

    def check(self) -> bool:
        """Check :attr:`value`; show *right* with the explanation, or a hint.

        Returns whether it is right. Text that cannot be read as an answer (a word where a
        number is asked) is no attempt: the feedback says what to type.
        """
        raw = self.value
        if self.choices:
            value = raw if raw in self.choices else None
        else:
            value = read_answer(raw, self.answer)
        if value is None:
            self.feedback = f'<div class="mk-exercise-unread">{escape(self._how_to_answer(raw))}</div>'
            return False
        right = self.is_right(value)
        if raw != self._checked:  # the same answer checked again (Enter, then the button) is one attempt
            # kept for the teacher in class mode only; refused when the page sends answers too fast
            if not note_attempt(str(self.number), raw, right, self.attempts + 1):
                self.feedback = f'<div class="mk-exercise-unread" role="status">{escape(too_fast())}</div>'
                return False
            self.attempts += 1
            self._checked = raw
        self.feedback = verdict(right, self.attempts, self.hint, self.explanation)
        return right

    def restore(self, attempts) -> None:
        """Start from a pupil's earlier attempts (the class's book's :class:`Attempt` rows of this
        exercise, oldest first), as after a reload: the last answer in the box, the attempts
        counted, the feedback of the last one and the answers given so far."""
        last = attempts[-1]
        self.attempts, self._checked, self.value = len(attempts), last.answer, last.answer
        self.feedback = verdict(last.right, self.attempts, self.hint, self.explanation, attempts)

    def _how_to_answer(self, raw: str) -> str:
        """What to type, when the box holds nothing that reads as an answer."""
        if self.choices:
            return _("Choose an answer first.")
        if not raw.strip():
            return _("Type an answer first.")
        if isinstance(self.answer, bool):
            return _("Answer yes or no.")
        if isinstance(self.answer, int):
            return _("Answer with a whole number, written with the digits 0 to 9 only (no spaces, no sign, "
                     "no decimal point).")
        return _("Answer with whole numbers separated by commas, such as 12, 41.")

    def show_answer(self) -> None:
        """Show the answer and the explanation."""
        if isinstance(self.answer, bool):
            shown = _("yes") if self.answer else _("no")
        else:
            shown = ", ".join(map(str, self.answer)) if isinstance(self.answer, tuple) else str(self.answer)
        answer = _("Answer: {answer}", answer=escape(shown))
        self.feedback = f'<div class="mk-exercise-answer" role="status"><b>{answer}</b>. {escape(self.explanation)}</div>'


def verdict(right: bool, attempts: int, hint: str, explanation: str, earlier=()) -> str:
    """The feedback of a checked answer (HTML): *Right!* and the explanation, or *Not yet* with the
    attempt's number (a second wrong answer visibly changes it) and the hint; after a reload,
    ``earlier`` (the book's attempts) adds the answers given so far."""
    if right:
        text = ('<div class="mk-exercise-right" role="status" style="color:#006000"><b>' + escape(_("Right!"))
                + f"</b> {escape(explanation)}")
    else:
        text = ('<div class="mk-exercise-wrong" role="status" style="color:#a00000"><b>'
                + escape(_("Not yet (attempt {n}).", n=attempts)) + "</b>"
                + (" " + escape(_("Hint: {hint}", hint=hint)) if hint else ""))
    if earlier:
        answers = ", ".join((a.answer or "—") + (" ✓" if a.right else " ✗") for a in earlier)
        text += ('<div class="mk-exercise-earlier" style="color:#444;font-size:0.9em">'
                 + escape(_("Your answers so far: {answers}.", answers=answers)) + "</div>")
    return text + "</div>"


class BoardQuestion(W.VBox):
    """A question answered on the board: the pupil clicks every area that answers it, then *check*.

    The areas a pupil may choose are outlined (dashed); a chosen one gets a solid outline and a
    second click unchooses it. *check* compares the chosen set with ``answer`` (computed by the
    engine in the notebook): a hint after a wrong try, the worked answer after the right one;
    *show answer* marks the right areas and explains.

    Parameters
    ----------
    question : str
        The question (HTML).
    draw : callable
        ``draw(marks, width) -> str``: the board's SVG with ``marks`` (target id to ``"active"``
        or ``"selected"``), laid out for ``width`` CSS px (``None``: the wide layout); usually
        ``lambda marks, width: state.to_svg(0, marks=marks, width=width)``.
    answer : set of str
        The target ids that answer the question (a subset of ``targets``; may be empty).
    targets : set of str
        The target ids a pupil may choose; clicks elsewhere are ignored.
    hint, explanation : str
        Plain text: after a wrong try; with the right answer.

    Attributes
    ----------
    chosen : set of str
        The target ids chosen now.
    attempts : int
        Answers checked; in class mode each is kept in the class's book with the chosen ids, and a
        reloaded page starts from the pupil's earlier attempts (:meth:`restore`).
    exercise : str
        The question's name in the book and on the class page: ``"board 1"``, ``"board 2"``, ...
        in the page's order.

    Raises
    ------
    ValueError
        If ``answer`` holds a target that is not among ``targets``.

    >>> q = BoardQuestion("Click row 2.", lambda marks, width: str(sorted(marks.items())), {"row:2"},
    ...                   targets={"row:1", "row:2"}, hint="The second.", explanation="Row 2.")
    >>> q.click("row:1"); q.check()
    False
    >>> q.click("row:1"); q.click("row:2"); q.check()
    True
    """

    def __init__(self, question: str, draw: Callable[[dict, int | None], str], answer: set[str], *,
                 targets: set[str], hint: str = "", explanation: str = ""):
        if not set(answer) <= set(targets):
            raise ValueError(f"The answer {sorted(answer)} holds areas a pupil cannot choose ({sorted(targets)}).")
        self.answer, self.targets = frozenset(answer), frozenset(targets)
        self.hint, self.explanation = hint, explanation
        self.chosen: set[str] = set()
        self.attempts = 0
        self._draw = draw
        self.board = BoardView(svg=draw(self._marks(), None))
        self.board.on_target(self.click)
        self.board.on_ready(self._shown)
        self.board.observe(lambda _change: self._redraw(), "width")
        check = W.Button(description=_("check"), button_style="primary")
        show = W.Button(description=_("show answer"))
        check.on_click(lambda _b: self.check())
        show.on_click(lambda _b: self.show_answer())
        self.feedback = W.HTML("")
        self.feedback.add_class("mk-exercise-feedback")
        super().__init__([W.HTML(f'<div class="mk-exercise-question">{question}</div>'), self.board,
                          W.HBox([check, show]), self.feedback])
        self.add_class("mk-exercise")
        self.add_class("mk-board-question")
        self.exercise = register(self, BOARD)  # "board 1": kept like the typed exercises in class mode

    def _shown(self) -> None:
        """The page has drawn the board, and so has built the question's feedback (the board is
        drawn inside the question): what a reload restored is sent again. The browser id that
        starts the restore (:mod:`mandalakit.widgets.classroom.pupil`) comes while the page still
        builds its widgets, and a change sent to one not built yet (the feedback, under load) is
        lost on the way: the board showed the chosen row and the feedback stayed empty."""
        if self.attempts:
            self.board.send_state("svg")
            self.feedback.send_state("value")

    def _marks(self, shown: frozenset[str] | None = None) -> dict[str, str]:
        chosen = self.chosen if shown is None else shown
        return {t: "selected" if t in chosen else "active" for t in self.targets}

    def _redraw(self, shown: frozenset[str] | None = None) -> None:
        self.board.svg = self._draw(self._marks(shown), layout_width(self.board.width))

    def click(self, target: str) -> None:
        """Choose ``target`` (or unchoose it when chosen); other targets are ignored."""
        if target not in self.targets:
            return
        self.chosen ^= {target}
        self.feedback.value = ""
        self._redraw()

    def check(self) -> bool:
        """Compare the chosen areas with the answer; show the worked answer or a hint. In class
        mode the attempt is kept (the chosen target ids, sorted, separated by spaces)."""
        right = self.chosen == self.answer
        if not note_attempt(self.exercise, " ".join(sorted(self.chosen)), right, self.attempts + 1):
            self.feedback.value = f'<div class="mk-exercise-unread" role="status">{escape(too_fast())}</div>'
            return False
        self.attempts += 1
        self.feedback.value = verdict(right, self.attempts, self.hint, self.explanation)
        return right

    def restore(self, attempts) -> None:
        """Start from a pupil's earlier attempts (oldest first), as after a reload: the areas of the
        last one chosen on the board, the attempts counted, the last one's feedback."""
        last = attempts[-1]
        self.chosen = set(last.answer.split()) & self.targets
        self.attempts = len(attempts)
        self._redraw()
        self.feedback.value = verdict(last.right, self.attempts, self.hint, self.explanation)

    def show_answer(self) -> None:
        """Mark the right areas on the board and explain."""
        self.chosen = set(self.answer)
        self._redraw()
        shown = escape(_("The right areas are chosen on the board."))
        self.feedback.value = (f'<div class="mk-exercise-answer" role="status"><b>{shown}</b> '
                               f"{escape(self.explanation)}</div>")
