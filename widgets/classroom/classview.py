"""The teacher's class page: who is on which exercise, right and wrong per exercise, the
commonest wrong answers, games played and won, refreshed live from the class's book.

>>> from mandalakit.widgets.classroom.classbook import Attempt
>>> rows = [Attempt("Ada", "ohanami", "1", "20", False, 1.0), Attempt("Ada", "ohanami", "1", "21", True, 2.0),
...         Attempt("Bo", "ohanami", "1", "20", False, 3.0)]
>>> pupils, exercises = summarise(rows, [])
>>> pupils[0]
PupilRow(pupil='Ada', lesson='ohanami', exercise='1', solved=True, right=1, wrong=1, games=0, won=0, at=2.0)
>>> exercises[0].wrong_answers
(('20', 2),)
"""

from __future__ import annotations

import base64
import sqlite3
import time
import unicodedata
from collections import Counter
from dataclasses import dataclass
from html import escape

import anywidget
import ipywidgets as widgets
import traitlets

from mandalakit.core.messages import _, ngettext

from mandalakit.widgets.classroom.classbook import Attempt, ClassBook, Game, fault_of, waiting_answers
from mandalakit.widgets.classroom.pupil import BOARD

__all__ = ["ClassView", "ExerciseRow", "PupilRow", "by_question", "fault_words", "summarise"]

#: How often the page asks for fresh figures, in milliseconds.
REFRESH_MS = 2000

#: A tick the kernel has not answered within this many ms is taken as lost, and the next one is sent.
LOST_MS = 30_000

# One tick at a time: the next is sent only once the kernel has answered the last ("done"), so a
# slow refresh (a busy machine, a large class) never piles ticks up in the kernel's queue.
_TICKER = """
function render({ model, el }) {
  const every = model.get("every"), lost = model.get("lost");
  let sentAt = null;
  const answered = (msg) => { if (msg && msg.kind === "done") sentAt = null; };
  model.on("msg:custom", answered);
  const id = setInterval(() => {
    if (document.hidden || (sentAt !== null && Date.now() - sentAt < lost)) return;
    sentAt = Date.now();
    model.send({ kind: "tick" });
  }, every);
  return () => { clearInterval(id); model.off("msg:custom", answered); };
}
export default { render };
"""


class _Ticker(anywidget.AnyWidget):
    """Sends the kernel a tick every ``every`` ms while the page is in sight, and none while the
    kernel has not answered the last one (``done``; after ``lost`` ms it is sent again); draws nothing."""

    _esm = _TICKER
    every = traitlets.Int(REFRESH_MS).tag(sync=True)
    lost = traitlets.Int(LOST_MS).tag(sync=True)


@dataclass(frozen=True)
class PupilRow:
    """A pupil: the lesson and exercise of their last answer and whether they have answered that
    exercise right yet, answers right and wrong, games played and won, and when they last answered
    or finished a game (seconds since the epoch)."""

    pupil: str
    lesson: str
    exercise: str
    solved: bool
    right: int
    wrong: int
    games: int
    won: int
    at: float


@dataclass(frozen=True)
class ExerciseRow:
    """An exercise: pupils who answered it, pupils right at least once, and the wrong answers with
    how many pupils gave each, commonest first (at most 3)."""

    lesson: str
    exercise: str
    tried: int
    right: int
    wrong_answers: tuple[tuple[str, int], ...]


def _alphabetical(name: str) -> tuple[str, str]:
    """A name's place in a class list: case and accents ignored (Élise between Ada and Zoé)."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name.casefold()) if not unicodedata.combining(c))
    return plain, name


def summarise(attempts: list[Attempt], games: list[Game]) -> tuple[list[PupilRow], list[ExerciseRow]]:
    """The class page's two tables from the book's rows (oldest first): pupils by name, as a class
    list is read; exercises in the order first answered."""
    last: dict[str, Attempt] = {}
    right, wrong = Counter(), Counter()
    tried: dict[tuple, set] = {}
    solved: dict[tuple, set] = {}
    wrongs: dict[tuple, dict[str, set]] = {}
    for a in attempts:
        last[a.pupil] = a
        key = (a.lesson, a.exercise)
        tried.setdefault(key, set()).add(a.pupil)
        if a.right:
            right[a.pupil] += 1
            solved.setdefault(key, set()).add(a.pupil)
        else:
            wrong[a.pupil] += 1
            wrongs.setdefault(key, {}).setdefault(a.answer, set()).add(a.pupil)
    played, won = Counter(g.pupil for g in games), Counter(g.pupil for g in games if g.won)
    seen = {a.pupil: a.at for a in attempts}
    for g in games:
        seen[g.pupil] = max(seen.get(g.pupil, g.at), g.at)
    pupils = []
    for p in sorted(seen, key=_alphabetical):
        a = last.get(p)
        pupils.append(PupilRow(p, a.lesson if a else "", a.exercise if a else "",
                               bool(a) and p in solved.get((a.lesson, a.exercise), ()), right[p], wrong[p],
                               played[p], won[p], seen[p]))
    exercises = []
    for key, who in tried.items():
        common = sorted(((ans, len(ps)) for ans, ps in wrongs.get(key, {}).items()), key=lambda x: (-x[1], x[0]))
        exercises.append(ExerciseRow(*key, len(who), len(solved.get(key, ())), tuple(common[:3])))
    return pupils, exercises


def by_question(attempts: list[Attempt]) -> tuple[list[tuple[str, str]], dict[str, dict[tuple, tuple[int, bool]]]]:
    """Each pupil's attempts at each question: the questions (lesson, exercise) in the order first
    answered, and per pupil per question (attempts until right or so far, right yet).

    >>> rows = [Attempt("Ada", "ohanami", "1", "20", False, 1.0), Attempt("Ada", "ohanami", "1", "21", True, 2.0),
    ...         Attempt("Ada", "ohanami", "1", "22", False, 3.0), Attempt("Bo", "ohanami", "2", "x", False, 4.0)]
    >>> by_question(rows)
    ([('ohanami', '1'), ('ohanami', '2')], {'Ada': {('ohanami', '1'): (2, True)}, 'Bo': {('ohanami', '2'): (1, False)}})
    """
    questions: dict[tuple[str, str], None] = {}
    cells: dict[str, dict[tuple, tuple[int, bool]]] = {}
    for a in attempts:
        key = (a.lesson, a.exercise)
        questions.setdefault(key, None)
        tries, right = cells.setdefault(a.pupil, {}).get(key, (0, False))
        if not right:  # once right, later tries do not change "right at attempt n"
            cells[a.pupil][key] = (tries + 1, a.right)
    return list(questions), cells


def question_name(exercise: str) -> str:
    """An exercise's name as the teacher reads it: ``"3"`` (the page's third typed exercise) as it is,
    ``"board 2"`` (its second board question) in the page's language."""
    if exercise.startswith(BOARD) and exercise[len(BOARD):].isdigit():
        return _("board question {n}", n=exercise[len(BOARD):])
    return exercise


def answer_words(exercise: str, answer: str) -> str:
    """An answer as the teacher reads it: a board question's chosen areas (target ids such as
    ``row:2 row:3``) as ``row 2 + row 3``, ``—`` for none; a typed answer as typed.

    >>> answer_words("board 1", "row:2 row:3"), answer_words("board 1", ""), answer_words("2", "27")
    ('row 2 + row 3', '—', '27')
    """
    if not exercise.startswith(BOARD):
        return answer
    return " + ".join(target.replace(":", " ") for target in answer.split()) or "—"


def fault_words(kind: str) -> str:
    """Why the class's book cannot be used, in words (a :func:`classbook.fault_of` kind)."""
    return {"damaged": _("the class's file is damaged"),
            "unreadable": _("the class's file cannot be opened (no permission)"),
            "read-only": _("the class's file cannot be written (it is read-only)"),
            "locked": _("another program is holding the class's file"),
            "full": _("the disk is full"),
            "disk": _("the disk holding the class's file has a fault")}.get(kind, _("the class's file cannot be written"))


def _table(head: list[str], rows: list[list[str]], wrap_last: bool = False) -> str:
    """An HTML table of escaped cells, each on one line (the last may wrap with ``wrap_last``); it
    scrolls sideways on a narrow screen."""
    th = "".join(f'<th style="text-align:left;padding:0.2em 0.6em;border-bottom:2px solid #555">{h}</th>'
                 for h in head)

    def td(i: int, cell: str) -> str:
        nowrap = "" if wrap_last and i == len(head) - 1 else "white-space:nowrap;"
        return f'<td style="{nowrap}padding:0.2em 0.6em;border-bottom:1px solid #ccc">{cell}</td>'

    body = "".join("<tr>" + "".join(td(i, c) for i, c in enumerate(row)) + "</tr>" for row in rows)
    return (f'<div style="overflow-x:auto"><table style="border-collapse:collapse;margin:0.4em 0">'
            f'<tr>{th}</tr>{body}</table></div>')


class ClassView(widgets.VBox):
    """The class page over a class's book.

    Parameters
    ----------
    book : ClassBook
        The class's book (``classbook.current()`` in class mode).
    """

    def __init__(self, book: ClassBook):
        self.book = book
        self.status = widgets.HTML()
        self.waiting = widgets.HTML()
        self.pupils = widgets.HTML()
        self.exercises = widgets.HTML()
        self.answers = widgets.HTML()
        self.export_button = widgets.Button(description=_("Export to CSV"), icon="download")
        self.clear_button = widgets.Button(description=_("Clear the class"), button_style="danger")
        self.confirm = widgets.HBox()
        self.download = widgets.HTML()
        self._ticker = _Ticker()
        self._shown = None
        self._version = None  # the book's data_version when last read, and what was read then
        self._summary = None
        self._questions = ([], {})
        self.export_button.on_click(lambda _b: self.export())
        self.clear_button.on_click(lambda _b: self._ask_to_clear())
        self._ticker.on_msg(lambda _w, content, _b: self._tick() if isinstance(content, dict) else None)
        super().__init__([self.status, self.waiting, self.exercises, self.pupils, self.answers,
                          widgets.HBox([self.export_button, self.clear_button]), self.confirm, self.download,
                          self._ticker])
        self._refresh_or_say()  # a damaged book: the page draws and says so

    def _tick(self) -> None:
        try:
            self._refresh_or_say()
        finally:  # the page sends its next tick only after this answer
            self._ticker.send({"kind": "done"})

    def _refresh_or_say(self) -> None:
        try:
            self.refresh()
        except (sqlite3.Error, OSError) as exc:  # a full disk, the folder made unreadable: say so, try again
            self.status.value = escape(_("The class's answers could not be read: {reason}. Trying again in "
                                         "2 seconds.", reason=fault_words(fault_of(exc))))
            self._say_waiting()

    def _say_waiting(self) -> None:
        """How many answers wait in the pupils' pages because the book cannot be written, and why."""
        waiting = waiting_answers(self.book.folder)
        n = sum(waiting.values())
        self.waiting.value = "" if not n else (
            '<p role="status" style="color:#a00000"><b>' + escape(ngettext(
                "{n} answer waits in the pupils' pages: {reasons}.", "{n} answers wait in the pupils' pages: {reasons}.",
                n, reasons="; ".join(fault_words(k) for k in sorted(waiting)))) + "</b> "
            + escape(_("They are kept as soon as the file can be written again; the pupils keep working.")) + "</p>")

    def refresh(self) -> None:
        """Read the book again if a pupil wrote to it since the last time, and redraw what changed."""
        self._say_waiting()
        version = self.book.version()
        if version != self._version:
            self._version = version
            attempts = self.book.attempts()
            self._summary = summarise(attempts, self.book.games(records=False))
            self._questions = by_question(attempts)
        pupils, exercises = self._summary
        stamp = time.strftime("%H:%M:%S")
        self.status.value = "<b>" + escape(ngettext("{n} pupil", "{n} pupils", len(pupils))) + "</b> · " + escape(
            _("updated at {time}", time=stamp))
        if (pupils, exercises) == self._shown:
            return
        self._shown = (pupils, exercises)
        if not pupils:
            self.pupils.value = "<p>" + escape(_("Nobody has answered yet. Pupils appear here as soon as they "
                                                 "answer an exercise or finish a game.")) + "</p>"
            self.exercises.value = self.answers.value = ""
            return
        several = len({p.lesson for p in pupils if p.lesson} | {e.lesson for e in exercises}) > 1

        def exercise(lesson: str, number: str) -> str:  # the lesson named only when the class did several
            name = question_name(number)
            return escape(f"{lesson} · {name}" if several else name)

        self.exercises.value = ("<h3>" + escape(_("Exercises")) + "</h3>" + _table(
            [escape(_("exercise")), escape(_("pupils who tried")), escape(_("pupils right")),
             escape(_("commonest wrong answers"))],
            [[exercise(e.lesson, e.exercise), str(e.tried), str(e.right),
              # each answer kept on one line: "20 (11 pupils)" never cut before "pupils"
              ", ".join(escape(ngettext("{answer} ({n} pupil)", "{answer} ({n} pupils)", n,
                                        answer=answer_words(e.exercise, a)))
                        .replace(" ", "&nbsp;") for a, n in e.wrong_answers) or "—"]
             for e in exercises], wrap_last=True) if exercises else "")
        self.pupils.value = "<h3>" + escape(_("Pupils")) + "</h3>" + _table(
            [escape(_("name")), escape(_("on exercise")), escape(_("right answers")), escape(_("wrong answers")),
             escape(_("games played")), escape(_("games won")), escape(_("last seen"))],
            [[escape(p.pupil),
              (exercise(p.lesson, p.exercise) + " " + escape(_("(right)") if p.solved else _("(not yet right)"))
               if p.lesson else "—"),
              str(p.right), str(p.wrong), str(p.games), str(p.won),
              escape(time.strftime("%H:%M", time.localtime(p.at)))]
             for p in pupils])
        questions, cells = self._questions

        def cell(tries: int, right: bool) -> str:
            return escape(_("right at try {n}", n=tries) if right
                          else ngettext("{n} try, not yet right", "{n} tries, not yet right", tries))

        self.answers.value = "<h3>" + escape(_("Answers by pupil and question")) + "</h3>" + _table(
            [escape(_("name"))] + [exercise(*q) for q in questions],
            [[escape(p.pupil)] + [cell(*cells[p.pupil][q]) if q in cells.get(p.pupil, {}) else "—" for q in questions]
             for p in pupils])

    def export(self) -> None:
        """Write the answers as ``answers.csv`` in the class folder and offer it as a download."""
        path = self.book.export_csv(self.book.folder / "answers.csv")
        data = base64.b64encode(path.read_bytes()).decode("ascii")
        self.download.value = (f'<a download="answers.csv" href="data:text/csv;base64,{data}">'
                               + escape(_("Download answers.csv")) + "</a> · "
                               + escape(_("also kept in the class folder.")))

    def _ask_to_clear(self) -> None:
        yes = widgets.Button(description=_("Yes, forget every answer"), button_style="danger")
        no = widgets.Button(description=_("No, keep them"))
        yes.on_click(lambda _b: self.clear())
        no.on_click(lambda _b: setattr(self.confirm, "children", ()))
        self.confirm.children = (widgets.HTML(escape(_("Forget every answer and game of this class?")) + " "), yes, no)

    def clear(self) -> None:
        """Forget the class (after the confirmation) and redraw."""
        self.book.clear()
        self.confirm.children = ()
        self.download.value = ""
        self.refresh()
