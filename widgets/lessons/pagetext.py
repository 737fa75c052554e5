"""The words of a page: where each message of a notebook stands, to read it out or to put a
translation in its place.

A page (``notebooks/X.ipynb``) is written once, in English; its words are the messages of the
lesson catalogue (``mandalakit/locale/lessons.pot``, :mod:`mandalakit.widgets.lessons.translate`):

* each paragraph of a Markdown cell (text between blank lines);
* in a code cell, the string arguments of the calls that show words (:data:`CALLS`: the question,
  answer, choices, hint and explanation of an ``Exercise``, a ``story``'s captions but not its
  moves, ...), a text assigned to a name (``together = f"{n} points"``), the text an ``assert``
  looks for in what the page shows, and every comment.

A :class:`Slot` is one such message and its place in the cell's source. Code that is no message
(positions, seeds, moves such as ``"play 1 purple on 1"``) has no slot, so it exists once, in the
English page.

>>> [s.text for s in code_slots('Exercise("<b>1.</b> How many?", 3, hint="Count.")  # the first')]
['<b>1.</b> How many?', 'Count.', 'the first']
>>> [s.text for s in code_slots('story(p, [(None, "Start."), ("pick red", "Red.")])')]
['Start.', 'Red.']
>>> [text for text, _gap in paragraphs("# Title\\n\\nOne line,\\nthen two.\\n")]
['# Title', 'One line,\\nthen two.\\n']
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from dataclasses import dataclass

__all__ = ["CALLS", "Slot", "code_slots", "paragraphs"]

#: The calls whose arguments are words, and where in each: an argument (its position or its
#: keyword) then, for a list of tuples, ``"*"`` (each item) and an index in the tuple. A list, a
#: tuple or an ``x if c else y`` there holds words in every string it has (``choices=[..., "both"]``).
CALLS: dict[str, tuple[tuple, ...]] = {
    "Exercise": ((0,), (1,), ("hint",), ("explanation",), ("choices",)),
    "BoardQuestion": ((0,), ("hint",), ("explanation",)),
    "story": ((1, "*", 1),),  # (move, caption): the move is the notation, English in every language
    "Markdown": ((0,),),
    "guide": ((0,),),  # the teacher's guide: a file of each language's own
}
#: Calls whose string argument names the page for the class's book: the language's folder goes
#: before it (``PupilName('fr/ohanami')``), so each language's page keeps answers of its own.
PAGE_NAMES = ("PupilName",)

#: A paragraph break of Markdown: one or more blank lines.
_BREAK = re.compile(r"\n[ \t]*\n\s*")
#: One part of an implicit concatenation of string literals: prefix, quotes, body.
_PART = re.compile(r"""(?P<prefix>[rRbBuUfF]*)(?P<quote>'''|\"\"\"|'|")(?P<body>.*?)(?P=quote)""", re.S)


@dataclass(frozen=True)
class Slot:
    """One message in a code cell: ``text`` (the English words), where its source stands
    (``start``/``end``: 0-based line, column in characters; ``end`` exclusive) and its ``kind``:
    ``"string"`` (a literal; ``text`` is its value), ``"fstring"`` (``text`` is the f-string's
    body as written, ``{fields}`` included), ``"comment"`` (``text`` without ``# ``) or
    ``"page"`` (a page's name for the class's book: not a message; the language goes before it) or
    ``"path"`` (a file beside the notebooks, ``"../datasets"``: not a message either).
    ``where`` says what it is for a translator (``"Exercise: hint"``)."""

    start: tuple[int, int]
    end: tuple[int, int]
    kind: str
    text: str
    where: str


def paragraphs(source: str) -> list[tuple[str, str]]:
    """A Markdown cell as ``(paragraph, break after it)`` pairs: joined again, they give
    ``source`` back exactly. The last break is ``""``."""
    pieces, at = [], 0
    for gap in _BREAK.finditer(source):
        pieces.append((source[at:gap.start()], gap.group()))
        at = gap.end()
    pieces.append((source[at:], ""))
    return pieces


def _called(node: ast.Call) -> str | None:
    func = node.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def _argument(node: ast.Call, key):
    if isinstance(key, int):
        return node.args[key] if key < len(node.args) and not isinstance(node.args[key], ast.Starred) else None
    return next((kw.value for kw in node.keywords if kw.arg == key), None)


def _follow(node, path):
    """The nodes at ``path`` ("*" or a tuple index) under ``node``."""
    if node is None:
        return []
    if not path:
        return [node]
    step, rest = path[0], path[1:]
    if not isinstance(node, ast.List | ast.Tuple):
        return []
    if step == "*":
        return [found for item in node.elts for found in _follow(item, rest)]
    return _follow(node.elts[step], rest) if step < len(node.elts) else []


def _words(node) -> list:
    """The string literals that are words at ``node``: itself, or those of a list, a tuple or a
    conditional (never inside a call or an index: ``players(2)[played("play 1 purple").claim]``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) or isinstance(node, ast.JoinedStr):
        return [node]
    if isinstance(node, ast.List | ast.Tuple):
        return [word for item in node.elts for word in _words(item)]
    if isinstance(node, ast.IfExp):
        return _words(node.body) + _words(node.orelse)
    return []


def _message_nodes(tree: ast.Module):
    """``(node, where)`` for each string literal of ``tree`` that is words, and the page names."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _called(node) in CALLS:
            name = _called(node)
            for spec in CALLS[name]:
                label = f"{name}: {'argument ' + str(spec[0] + 1) if isinstance(spec[0], int) else spec[0]}"
                for found in _follow(_argument(node, spec[0]), spec[1:]):
                    yield from ((word, label) for word in _words(found))
        elif isinstance(node, ast.Call) and _called(node) in PAGE_NAMES and node.args:
            if isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                yield node.args[0], "page"
        elif isinstance(node, ast.Assert):
            for compare in ast.walk(node.test):
                if isinstance(compare, ast.Compare) and isinstance(compare.ops[0], ast.In) and _words(compare.left):
                    yield compare.left, "assert: what the page shows, as it shows it"
    for statement in tree.body:
        if isinstance(statement, ast.Assign) and _words(statement.value) == [statement.value]:
            yield statement.value, "a text of the page"
    for node in ast.walk(tree):  # a file beside the notebooks: its page in a language's folder looks one folder up
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("../"):
            yield node, "path"


def _column(line: str, byte_offset: int) -> int:
    return len(line.encode("utf-8")[:byte_offset].decode("utf-8"))


def code_slots(source: str) -> list[Slot]:
    """Every message of a code cell, and its page names, in the order they stand in ``source``.

    Raises
    ------
    SyntaxError
        If ``source`` is not Python (a page's code cells are plain Python: no ``%magic``).
    """
    lines = source.splitlines(keepends=True) or [""]
    tree = ast.parse(source)
    slots, seen = [], set()
    for node, where in _message_nodes(tree):
        key = (node.lineno, node.col_offset)
        if key in seen:
            continue
        seen.add(key)
        start = (node.lineno - 1, _column(lines[node.lineno - 1], node.col_offset))
        end = (node.end_lineno - 1, _column(lines[node.end_lineno - 1], node.end_col_offset))
        if where in ("page", "path"):
            slots.append(Slot(start, end, where, node.value, where))
        elif isinstance(node, ast.Constant) and not node.value.strip():
            continue
        elif isinstance(node, ast.JoinedStr):
            segment = ast.get_source_segment(source, node)
            body = "".join(part["body"] if "f" in part["prefix"].lower() else part["body"].replace("{", "{{").replace("}", "}}")
                           for part in _PART.finditer(segment))
            slots.append(Slot(start, end, "fstring", body, where))
        else:
            slots.append(Slot(start, end, "string", node.value, where))
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT and token.string.lstrip("#").strip():
            text = token.string[1:].removeprefix(" ")
            slots.append(Slot((token.start[0] - 1, token.start[1]), (token.end[0] - 1, token.end[1]), "comment",
                              text, "a comment in the page's code"))
    return sorted(slots, key=lambda slot: slot.start)
