"""An exercise a pupil answers in the page: checked on click, a hint when wrong, the answer
only after an attempt or on request.

>>> from mandalakit.widgets.exercise import Exercise
>>> ex = Exercise("How many points do 6 pink cards score at the end of round 3?", 21,
...               hint="Add 1 + 2 + ... + 6.", explanation="T(6) = 6 × 7 / 2 = 21 (O-3.3).")
>>> ex.answer_box.value = "20"; ex.check()
False
>>> ex.answer_box.value = "21"; ex.check()
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as W

from mandalakit.core.messages import _

__all__ = ["Exercise", "read_answer"]

_NUMBER = re.compile(r"-?[0-9]+")


def read_answer(text: str, like):
    """What a pupil typed, read as the same kind of value as ``like``.

    A whole number for an int; whole numbers separated by commas or spaces for a tuple of
    ints; ``yes``/``no`` for a bool; otherwise the text without surrounding spaces, in lower
    case. Returns ``None`` when the text cannot be read that way.

    >>> read_answer(" 21 ", 0), read_answer("12, 41 104", (0,)), read_answer("Yes", True)
    (21, (12, 41, 104), True)
    """
    text = text.strip()
    if isinstance(like, bool):
        return {"yes": True, "no": False, "true": True, "false": False}.get(text.lower())
    if isinstance(like, int):
        return int(text) if _NUMBER.fullmatch(text) else None
    if isinstance(like, tuple) and all(isinstance(x, int) for x in like):
        words = [w for w in re.split(r"[,\s;]+", text) if w]
        return tuple(int(w) for w in words) if words and all(_NUMBER.fullmatch(w) for w in words) else None
    return text.lower()


class Exercise(W.VBox):
    """One question with an answer box, a *check* button and a *show answer* button.

    Parameters
    ----------
    question : str
        The question (HTML; escape pupil-facing text yourself if it holds ``<``).
    answer : int, tuple of int, bool or str
        The right answer, best computed by the engine in the notebook (so the lesson and the
        engine cannot disagree). Typed answers are read as the same kind (:func:`read_answer`).
    hint : str
        Shown after a wrong answer (plain text).
    explanation : str
        Shown with the answer: why it is right (plain text; rule ids welcome).
    choices : sequence of str, optional
        Offer these answers in a drop-down instead of a text box.
    check : callable, optional
        ``check(value) -> bool`` instead of equality with ``answer``.

    Attributes
    ----------
    answer_box : ipywidgets.Text or ipywidgets.Dropdown
    feedback : ipywidgets.HTML
        Empty until the pupil checks an answer or asks for it.
    attempts : int
    """

    def __init__(self, question: str, answer, *, hint: str = "", explanation: str = "",
                 choices: Sequence[str] | None = None, check: Callable[[object], bool] | None = None):
        self.answer = answer
        self.hint = hint
        self.explanation = explanation
        self._check = check
        self.attempts = 0
        self._checked = None
        if choices:
            self.answer_box = W.Dropdown(options=[("—", None), *[(c, c) for c in choices]], index=0,
                                         description=_("answer"))
        else:
            self.answer_box = W.Text(description=_("answer"), placeholder=_("your answer"),
                                     continuous_update=False, layout=W.Layout(width="16em"))
            # Enter (or leaving the box) checks the answer, as the check button does.
            self.answer_box.observe(lambda c: c["new"].strip() and self.check(), names="value")
        self.check_button = W.Button(description=_("check"), button_style="primary", layout=W.Layout(width="auto"))
        self.show_button = W.Button(description=_("show answer"), layout=W.Layout(width="auto"))
        self.feedback = W.HTML()
        self.feedback.add_class("mk-exercise-feedback")
        self.check_button.on_click(lambda _b: self.check())
        self.show_button.on_click(lambda _b: self.show_answer())
        super().__init__([W.HTML(f'<div class="mk-exercise-question">{question}</div>'),
                          W.HBox([self.answer_box, self.check_button, self.show_button],
                                 layout=W.Layout(flex_flow="row wrap")),
                          self.feedback])
        self.add_class("mk-exercise")

    def is_right(self, value) -> bool:
        if value is None:
            return False
        return self._check(value) if self._check else value == self.answer

    def check(self) -> bool:
        """Check the answer in the box; show *right* with the explanation, or a hint."""
        raw = self.answer_box.value
        value = raw if isinstance(self.answer_box, W.Dropdown) else read_answer(raw or "", self.answer)
        if value is None:
            self.feedback.value = f'<div class="mk-exercise-unread">{escape(self._how_to_answer(raw))}</div>'
            return False
        if raw != self._checked:  # the same answer checked again (Enter, then the button) is one attempt
            self.attempts += 1
            self._checked = raw
        if self.is_right(value):
            self.feedback.value = (f'<div class="mk-exercise-right" role="status" style="color:#006000"><b>'
                                   f"{_('Right!')}</b> {escape(self.explanation)}</div>")
            return True
        hint = f" {escape(_('Hint: {hint}', hint=self.hint))}" if self.hint else ""
        self.feedback.value = (f'<div class="mk-exercise-wrong" role="status" style="color:#a00000"><b>'
                               f"{_('Not yet.')}</b>{hint}</div>")
        return False

    def _how_to_answer(self, raw) -> str:
        """What to type, when the box holds nothing that reads as an answer."""
        if isinstance(self.answer_box, W.Dropdown) or not (raw or "").strip():
            return _("Choose an answer first.") if isinstance(self.answer_box, W.Dropdown) else _("Type an answer first.")
        if isinstance(self.answer, bool):
            return _("Answer yes or no.")
        if isinstance(self.answer, int):
            return _("Answer with a whole number, written with the digits 0 to 9.")
        return _("Answer with whole numbers separated by commas, such as 12, 41.")

    def show_answer(self) -> None:
        """Show the answer and the explanation."""
        shown = ", ".join(map(str, self.answer)) if isinstance(self.answer, tuple) else str(self.answer)
        self.feedback.value = (f'<div class="mk-exercise-answer" role="status"><b>{_("Answer")}: '
                               f"{escape(shown)}</b>. {escape(self.explanation)}</div>")
