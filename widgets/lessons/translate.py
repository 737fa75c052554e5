"""Every page in every language, from its one English notebook and the lesson catalogue.

Each page is written once, in English, as ``notebooks/X.ipynb``; its words
(:mod:`mandalakit.widgets.lessons.pagetext`) are the messages of the lesson catalogue
``mandalakit/locale/lessons.pot``, translated in ``mandalakit/locale/<language>/LC_MESSAGES/lessons.po``.
``make messages`` runs this module, which

1. extracts the words of every ``notebooks/*.ipynb`` into ``lessons.pot`` (with the page and the
   cell of each message: ``notebooks/ohanami.ipynb:9`` is its 9th cell);
2. merges the template into each language's ``lessons.po`` (new or changed words arrive empty or
   fuzzy, as in the interface catalogue: translate them there);
3. writes ``notebooks/<language>/X.ipynb`` for each page and language: the English page with each
   message replaced by its translation, the language chosen in its first code cell
   (``mandalakit.set_language("fr")``), its name for the class's book in the language's folder
   (``PupilName('fr/ohanami')``) and its files one folder further up (``"../../datasets"``).

So a position, a seed or a new exercise is changed once, in the English page, and ``make messages``
carries it to every language. A message with no translation yet (empty or fuzzy) stays in English
on the page. A translation is written as the translated page reads it: a link or a file name in it
is relative to ``notebooks/<language>/``; English words kept as they are have their relative links
moved one folder up, except those to another page (each language has every page).

Never edit ``notebooks/<language>/``: ``tests/lessons/test_pages.py`` fails when a page there is not
what this module makes of its source and the catalogue.

Run ``python -m mandalakit.widgets.lessons.translate [--root DIR]`` (``make messages``).
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

from mandalakit.core.messages import LANGUAGES

from .pagetext import Slot, code_slots, paragraphs

__all__ = ["DOMAIN", "extract", "load", "pages", "translated", "translations", "write_all"]

#: The lesson catalogue's domain: ``mandalakit/locale/lessons.pot``, ``<language>/LC_MESSAGES/lessons.po``.
DOMAIN = "lessons"
#: A link of Markdown: ``[words](target)``.
_LINK = re.compile(r"(\]\()([^)\s]+)(\))")
#: Longest line of code the translated strings are wrapped to (the pages' own code is as wide).
_WIDTH = 120


def pages(root: Path) -> dict[str, dict]:
    """Every page of ``root/notebooks`` (``{"ohanami.ipynb": notebook}``), in name order."""
    return {path.name: load(path) for path in sorted((root / "notebooks").glob("*.ipynb"))}


def load(path: Path) -> dict:
    """A notebook file as a dict (its JSON)."""
    return json.loads(path.read_text(encoding="utf-8"))


def dumps(notebook: dict) -> str:
    """A notebook as its file holds it (nbformat's and nbstripout's layout: one space of indent,
    sorted keys, UTF-8 text)."""
    return json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def _source(cell: dict) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def _words(text: str) -> bool:
    return any(ch.isalpha() for ch in text)


def extract(name: str, notebook: dict) -> Iterator[tuple[str, int, str]]:
    """``(message, cell number from 1, what it is for a translator)`` for every message of the
    page ``name``: its Markdown paragraphs, then the words of its code cells (:mod:`.pagetext`), cell
    by cell.

    Raises ``SyntaxError`` (with the page and cell in its text) if a code cell is not Python."""
    for number, cell in enumerate(notebook["cells"], 1):
        if cell["cell_type"] == "markdown":
            yield from ((text, number, "") for text, _gap in paragraphs(_source(cell)) if _words(text))
        elif cell["cell_type"] == "code":
            yield from ((slot.text, number, slot.where) for slot in _slots(name, number, cell) if slot.kind not in ("page", "path"))


def _slots(name: str, number: int, cell: dict) -> list[Slot]:
    try:
        return code_slots(_source(cell))
    except SyntaxError as exc:
        raise SyntaxError(f"notebooks/{name}, cell {number}: {exc.msg} (line {exc.lineno})") from None


def translations(po: Path) -> dict[str, str]:
    """The translated messages of a ``lessons.po`` (``{English: translation}``), without the empty
    and fuzzy ones (as ``msgfmt`` leaves them out). No file: no translations."""
    from babel.messages.pofile import read_po

    if not po.is_file():
        return {}
    with po.open("rb") as file:
        catalog = read_po(file)
    return {m.id: m.string for m in catalog if m.id and isinstance(m.id, str) and m.string and not m.fuzzy}


def _reroot(target: str, names) -> str:
    """A relative link of the English page as a page one folder down reads it."""
    if re.match(r"[a-z][a-z0-9+.-]*:|[#/]", target) or target.split("#")[0] in names:
        return target
    return "../" + target


def _markdown(text: str, say: Callable[[str], str | None], names) -> str:
    out = []
    for paragraph, gap in paragraphs(text):
        said = say(paragraph) if _words(paragraph) else None
        out.append((said if said is not None else _LINK.sub(lambda m: m[1] + _reroot(m[2], names) + m[3], paragraph)) + gap)
    return "".join(out)


def _literal(text: str, fstring: bool) -> str:
    """``text`` as a Python string literal (``fstring``: ``text`` is an f-string's body already)."""
    if fstring:
        return 'f"' + text.replace('"', '\\"') + '"'
    body = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    body = body.replace("\u00a0", "\\u00a0").replace("\u202f", "\\u202f")  # spaces a reader cannot see
    return '"' + body + '"'


def _wrapped(text: str, column: int, fstring: bool) -> str:
    """``text`` as adjacent literals, one per line, each line at most :data:`_WIDTH` long."""
    room = max(_WIDTH - column - 2, 40)
    pieces, line = [], ""
    for word in re.findall(r"\S+\s*|\s+", text):
        if line and len(_literal(line + word, fstring)) > room:
            pieces.append(line)
            line = ""
        line += word
    pieces.append(line)
    return ("\n" + " " * column).join(_literal(piece, fstring) for piece in pieces)


def _code(name: str, number: int, cell: dict, language: str, say, names) -> str:
    source = _source(cell)
    lines = source.splitlines(keepends=True)
    for slot in reversed(_slots(name, number, cell)):
        (row, col), (end_row, end_col) = slot.start, slot.end
        if slot.kind == "page":
            new = repr(f"{language}/{slot.text}")
        elif slot.kind == "path":
            new = repr(_reroot(slot.text, names))
        else:
            said = say(slot.text)
            if slot.kind == "comment":
                new = "# " + (said if said is not None else slot.text)
            elif said is None:
                new = _literal(_reroot(slot.text, names) if slot.text.startswith("../") else slot.text, slot.kind == "fstring")
            elif end_row > row and slot.kind == "string":  # the English words span lines: so do these
                new = _wrapped(said, col, False)
            else:
                new = _literal(said, slot.kind == "fstring")
        lines[row:end_row + 1] = [lines[row][:col] + new + lines[end_row][end_col:]]
    return "".join(lines)


def _choose_language(source: str, language: str) -> str:
    """The first code cell of a page in ``language``: it imports ``mandalakit`` first and chooses
    the language after its imports, before anything else runs."""
    lines = source.splitlines(keepends=True)
    if not any(line.strip() == "import mandalakit" for line in lines):
        lines.insert(0, "import mandalakit\n")
    at, open_brackets = 0, 0
    while at < len(lines):
        line = lines[at].strip()
        if not (open_brackets or not line or line.startswith(("#", "import ", "from "))):
            break
        open_brackets += line.count("(") - line.count(")")
        at += 1
    if at == len(lines) and lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    lines.insert(at, f'mandalakit.set_language("{language}")\n' if at < len(lines) else f'mandalakit.set_language("{language}")')
    return "".join(lines)


def translated(name: str, notebook: dict, language: str, words: dict[str, str], names) -> dict:
    """The page ``name`` (its English ``notebook``) in ``language``, with the translations
    ``words`` (:func:`translations`) and the names of every page (``names``: a link to one of them
    stays as it is). A new dict; ``notebook`` is left as it was."""
    say = words.get
    cells, chosen = [], False
    for number, cell in enumerate(notebook["cells"], 1):
        cell = dict(cell)
        if cell["cell_type"] == "markdown":
            text = _markdown(_source(cell), say, names)
        elif cell["cell_type"] == "code":
            text = _code(name, number, cell, language, say, names)
            if not chosen:
                text, chosen = _choose_language(text, language), True
        else:
            text = _source(cell)
        cell["source"] = text.splitlines(keepends=True)
        cells.append(cell)
    metadata = {**notebook["metadata"], "mandalakit": {"language": language, "source": f"../{name}"}}
    return {**notebook, "cells": cells, "metadata": metadata}


def _template(root: Path, every: dict[str, dict]):
    from babel.messages.catalog import Catalog

    catalog = Catalog(project="mandalakit lessons", version="0.1.0", domain=DOMAIN, fuzzy=False)
    for name, notebook in every.items():
        for text, number, where in extract(name, notebook):
            comments = [where] if where else []
            known = catalog.get(text)
            if known is not None:
                known.locations.append((f"notebooks/{name}", number))
                known.auto_comments.extend(c for c in comments if c not in known.auto_comments)
                continue
            catalog.add(text, locations=[(f"notebooks/{name}", number)], auto_comments=comments)
    return catalog


def write_all(root: Path) -> list[Path]:
    """Extract the template, merge it into every language's catalogue and write every page in
    every language under ``root``; returns the files written (those whose text changed)."""
    from babel.messages.pofile import read_po, write_po

    every = pages(root)
    template = _template(root, every)
    locale = root / "mandalakit" / "locale"
    written = []

    def write(path: Path, text: bytes) -> None:
        if not path.is_file() or _undated(path.read_bytes()) != _undated(text):
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(text)
            written.append(path)

    write(locale / f"{DOMAIN}.pot", _po_bytes(write_po, template))
    for language in LANGUAGES[1:]:
        po = locale / language / "LC_MESSAGES" / f"{DOMAIN}.po"
        if po.is_file():
            with po.open("rb") as file:
                catalog = read_po(file, locale=language)
        else:
            from babel.messages.catalog import Catalog

            catalog = Catalog(locale=language, project="mandalakit lessons", version="0.1.0", domain=DOMAIN, fuzzy=False)
        catalog.update(template)
        write(po, _po_bytes(write_po, catalog, ignore_obsolete=True))
        words = translations(po)
        for name, notebook in every.items():
            write(root / "notebooks" / language / name, dumps(translated(name, notebook, language, words, every)).encode())
    return written


def _undated(text: bytes) -> bytes:
    """A catalogue's text without its dates (Babel writes today's): unchanged words, unchanged file."""
    return re.sub(rb'^"(POT-Creation|PO-Revision)-Date: .*\n', b"", text, flags=re.M)


def _po_bytes(write_po, catalog, **options) -> bytes:
    import io

    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, **options)
    return out.getvalue()


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m mandalakit.widgets.lessons.translate", description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=Path("."), help="the repository (default: here)")
    args = parser.parse_args(argv)
    for path in write_all(args.root):
        print(f"wrote {path.relative_to(args.root)}")


if __name__ == "__main__":
    main()
