"""No programmers' words in what a pupil reads (issue 20), in English and in French.

Every sentence the play and replay views can show (the catalogue's messages of the view
modules) and every refusal of a move by the engines (the games' state modules) is read in
both languages and scanned for seat numbers ("seat 0", « siège »), "field 0", "event" and
Python's words (None, True, False). The library's API stays 0-based and may say "seat"; the
pupil never reads it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file

from mandalakit.core import messages
from mandalakit.core.messages import language

ROOT = Path(__file__).resolve().parents[2]

#: The modules whose sentences a pupil reads at a game table.
PUPIL_MODULES = [
    *sorted((ROOT / "widgets" / "play" / "games").glob("*.py")),
    *(ROOT / "widgets" / "play" / name for name in ("game_view.py", "session.py", "log.py", "status.py", "people.py",
                                           "new_game_form.py", "record_panel.py", "resume.py", "refusals.py",
                                           "typed.py", "replay.py", "language.py")),
    # each engine's state, the modules of its rules, its setup and its hand-built positions
    *(path for game in ("mandala", "flowers", "ohanami")
      for name in ("state", "turn", "completion", "ending", "setup", "position")
      if (path := ROOT / "mandalakit" / game / f"{name}.py").exists()),
]

#: Where a sentence points into a file the reader edits, it quotes the file's own 0-based index
#: after the player counted from 1: player 1 ("by": 0).
FILE_INDEX = re.compile(r'\("by": \{seat\}\)|"seat": \{seat\}|\((?:key|clé) \{seat\}\)')
#: A player by 0-based number: an unformatted field ({seat}, not {seat:+1}), or "seat" (« place »).
ZERO_BASED = re.compile(r"\{(?:seat|p|q)\}|\bplaces? \{")
SEAT_WORD = re.compile(r"\bseats?\b|\bSeat\b|si[èe]ge")


def counts_from_0(text: str) -> bool:
    """Whether ``text`` names a player by a number counted from 0, beyond the file's own index."""
    text = FILE_INDEX.sub("", text)
    return bool(ZERO_BASED.search(text) or SEAT_WORD.search(FIELD.sub("", text)))

#: Programmers' words: a seat by number, a field by number, "event", Python's constants.
PROGRAMMERS = re.compile(r"\bseats?\b|\bSeat\b|si[èe]ge|\bfield [0-9{]|\bchamp [0-9{]|\bevents?\b|[ée]v[ée]nements?\b"
                         r"|\bNone\b|\bTrue\b|\bFalse\b|\{seat\}|\{p\}")


#: Errors about how code calls the library (a record's setup, a position's or a view's
#: arguments), not about a move: a pupil at a game table never reads them.
FOR_PROGRAMMERS = {
    'seats must be a list with one entry per seat, such as ["{human}", "greedy"], not the text {text}.',
    # GameView.from_record(record, at=...): a notebook's code, not a pupil's click
    "at must be the number of an event of the record (a whole number), not {value}.",
}
#: A sentence's fields ({seat:+1}, {name}) are filled in; only its words are read.
FIELD = re.compile(r"\{[^{}]*\}")


def _messages():
    found = []
    for path in PUPIL_MODULES:
        for _lineno, message, _comments, _context in extract_from_file(
                "python", str(path), keywords={"_": None, "N_": None, "ngettext": (1, 2)}):
            if (message[0] if isinstance(message, tuple) else message) not in FOR_PROGRAMMERS:
                found.append((path.relative_to(ROOT).as_posix(), message))
    return found


MESSAGES = _messages()


def test_the_scan_reads_the_views_and_the_refusals():
    files = {f for f, _m in MESSAGES}
    assert len(MESSAGES) > 250 and "widgets/play/games/mandala.py" in files and "mandalakit/ohanami/state.py" in files
    assert {"mandalakit/mandala/turn.py", "mandalakit/flowers/completion.py"} <= files


@pytest.mark.parametrize("code", messages.LANGUAGES)
def test_no_pupil_visible_sentence_has_programmers_words(code):
    bad = []
    with language(code):
        for path, message in MESSAGES:
            catalogue = messages._catalogue  # the text as written in the language, fields unfilled
            if isinstance(message, tuple):
                texts = [catalogue.ngettext(message[0], message[1], n) for n in (1, 2)]
            else:
                texts = [catalogue.gettext(message)]
            bad += [(path, text) for text in texts if PROGRAMMERS.search(FIELD.sub("", text))]
    assert bad == []


@pytest.mark.parametrize("code", messages.LANGUAGES)
def test_a_records_refusals_count_players_from_1(code):
    """The replay page's upload and `mandalakit replay` show these (issue 22): "player 1", and
    the record's own index in brackets where the reader looks for it ("by": 0). A record's
    "events" keep their name: the reader finds "event 3" in the file."""
    found = [message for _lineno, message, _comments, _context in extract_from_file(
        "python", str(ROOT / "mandalakit" / "core" / "records.py"),
        keywords={"_": None, "N_": None, "ngettext": (1, 2)})]
    assert len(found) > 30
    bad = []
    with language(code):
        for message in found:
            catalogue = messages._catalogue
            texts = ([catalogue.ngettext(message[0], message[1], n) for n in (1, 2)] if isinstance(message, tuple)
                     else [catalogue.gettext(message)])
            bad += [text for text in texts if counts_from_0(text)]
    assert bad == []


def test_the_seat_number_scan_finds_0_based_players():
    for text in ("a move by seat {seat}", "The name of player {seat} must be text", "la place {seat}", "seat 0"):
        assert counts_from_0(text), text
    for text in ('a move by player {seat:+1} ("by": {seat})', "player {p:+1}", 'must have "seat": {seat}'):
        assert not counts_from_0(text), text


def test_the_scan_finds_programmers_words():
    """The pattern catches what issue 20 found on the tables (a scan that cannot fail is no test)."""
    for text in ("Seat 0 / Seat 1", "field 0", "seen by seat 0", "event 41 of 81", "Player {seat} None", "siège 1"):
        assert PROGRAMMERS.search(text), text
    assert not PROGRAMMERS.search(FIELD.sub("", "Player {seat:+1} has {n} cards"))
    for text in ("Player 1", "your field of mandala A", "move 12 of 40", "Bot (greedy) played 2 black cards"):
        assert not PROGRAMMERS.search(text), text
