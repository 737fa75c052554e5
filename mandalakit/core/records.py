"""Game records: one JSON document per game (docs/design.md, "Records").

A record holds the format name and version, the game, its rules options, the players, the
explicit setup, every event in order (moves and chance outcomes, in notation) and a result
that can be audited without the engine. Loading a record replays it; a record that does not
replay fails with a :class:`RecordError` naming the event index and the rule. JSON only.

Example
-------
>>> from mandalakit.core import records
>>> rec = records.from_state(state, players=["random", "greedy"])   # doctest: +SKIP
>>> records.save(rec, "game.json"); state2 = records.replay(records.load("game.json"))  # doctest: +SKIP
"""

from __future__ import annotations

import errno
import json
import os
import stat
import sys
import unicodedata
from collections.abc import Mapping, Sequence
from numbers import Integral
from typing import Any

from .contract import CHANCE, State, check_players, check_seed
from .errors import MandalakitError, RecordError, RulesError, quote, shown, shown_path
from .messages import N_, _, ngettext
from .registry import get_game

FORMAT = "mandalakit-record"
VERSION = 1
#: Most characters :func:`load` reads (20 MB of text): a record is a few tens of KB, and a
#: larger file (or a device such as /dev/zero, which never ends) is refused unread.
MAX_RECORD_CHARS = 20_000_000
#: Most characters of a player name. Names are printed on result lines (``mandalakit replay``,
#: the replay view); a longer one (fuzzing found a record with a 19 MB name) is refused.
MAX_NAME_CHARS = 40
#: Format characters (category Cf) a name may hold: the zero-width joiner and non-joiner shape
#: emoji (👩‍💻) and Persian or Indic names, and cannot reorder or hide the text around them.
_JOINERS = frozenset("\u200c\u200d")


def from_state(state: State, players: Sequence[str] | None = None, seed: int | None = None) -> dict:
    """Build the record of ``state`` (finished or not) as a JSON-ready dict.

    Parameters
    ----------
    state : State
    players : sequence of str, optional
        A name or bot name per seat (default ``"seat 0"``, ``"seat 1"``, ...: the file's own
        index, which the views and ``mandalakit replay`` show as "Player 1", "player 1").
    seed : int, optional
        The seed the game was played with; informative only, replay never uses it.

    Raises
    ------
    ValueError
        If ``players`` does not name every seat once or a name cannot be printed as it is
        (see :func:`_name_problem`), or (:class:`RulesError`) if ``seed`` is given but is not
        a whole number >= 0: records :func:`replay` would refuse.
    """
    names = list(players) if players is not None else [f"seat {i}" for i in range(state.num_players)]
    if len(names) != state.num_players:
        raise ValueError(ngettext("{n} player name for a {players}-player game.",
                                  "{n} player names for a {players}-player game.", len(names),
                                  players=state.num_players))
    for seat, name in enumerate(names):
        problem = _name_problem(seat, str(name))  # replay refuses such a name
        if problem:
            raise ValueError(problem)
    if seed is not None:
        seed = check_seed(seed)
    events = [{"by": "chance" if by == CHANCE else by, "event": str(ev)} for by, ev in state.history]
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": state.game,
        "rules": state.rules.to_dict(),
        "players": [{"seat": i, "name": str(n)} for i, n in enumerate(names)],
        "setup": {"players": state.num_players, **state.setup},
        "seed": seed,
        "events": events,
        "result": state.result().to_dict() if state.is_terminal() else None,
    }


def _header(record: Any) -> tuple:
    if not isinstance(record, Mapping):
        raise RecordError("record", _("A record must be a JSON object."))
    if record.get("format") != FORMAT:
        raise RecordError("record", _("This is not a mandalakit record (format is {value}, expected {format!r}).",
                                      value=shown(record.get("format")), format=FORMAT))
    version = record.get("version")
    if not _is_int(version, VERSION):  # 1.0 == True == 1 in Python, but neither is version 1
        raise RecordError("record", _("Record version {value} is not supported; this mandalakit reads only records "
                                      "of version {version}, written as the whole number {version}.",
                                      value=shown(version), version=VERSION))
    game = record.get("game")
    if not isinstance(game, str):
        raise RecordError("record", _("The record's 'game' must be the name of a game as text (such as 'ohanami'), "
                                      "not {kind}.", kind=_kind(game)))
    try:
        spec = get_game(game)
    except MandalakitError as exc:
        raise RecordError("record", exc.message) from None
    for key, kind, what in _PARTS:
        if key not in record:
            raise RecordError("record", _("The record has no {key!r} entry: it must hold {what}.", key=key, what=_(what)))
        if not isinstance(record[key], kind):
            raise RecordError("record", _("The record's {key!r} must be {what}, not {value}.", key=key, what=_(what),
                                          value=shown(record[key])))
    result = record.get("result")
    if result is not None and not isinstance(result, Mapping):
        raise RecordError("record", _("The record's 'result' must be an object (or null before the end), not {kind}.",
                                      kind=_kind(result)))
    setup = dict(record["setup"])
    players = setup.pop("players", None)
    if not _is_int(players):  # 1e30 is a number, but no whole one: it is shown
        raise RecordError("record", _("The record's setup must give 'players' as a whole number, not {kind}.",
                                      kind=shown(players) if isinstance(players, float) else _kind(players)))
    try:
        check_players(spec.name, players, spec.min_players, spec.max_players, spec.player_rule)
    except RulesError as exc:
        raise RecordError(exc.rule, _("In the record's setup: {problem}", problem=exc.message)) from None
    if len(record["players"]) != players:
        raise RecordError("record", ngettext("The record lists {n} player but its setup says {value}.",
                                             "The record lists {n} players but its setup says {value}.",
                                             len(record["players"]), value=shown(players)))
    for seat, entry in enumerate(record["players"]):
        if not isinstance(entry, Mapping):
            raise RecordError("record", _("Player {seat:+1}'s entry in the record's 'players' must be an object, "
                                          "not {value}.",
                                          seat=seat, value=shown(entry)))
        if "seat" in entry and not _is_int(entry["seat"], seat):
            raise RecordError("record", _("Player {seat:+1}'s entry in the record's 'players' must have "
                                          "\"seat\": {seat}, not {value}.",
                                          seat=seat, value=shown(entry["seat"])))
        if "name" in entry and not isinstance(entry["name"], str):
            raise RecordError("record", _("The name of player {seat:+1} must be text, not {value}.", seat=seat,
                                          value=shown(entry["name"])))
        if "name" in entry and not _is_utf8(entry["name"]):
            raise RecordError("record", _("The name of player {seat:+1} ({name}) cannot be written as UTF-8 text: it "
                                          "holds a lone surrogate (such as \\ud800), which is no character.", seat=seat,
                                          name=shown(entry["name"])))
        problem = _name_problem(seat, entry["name"]) if "name" in entry else None
        if problem:
            raise RecordError("record", problem)
    seed = record.get("seed")
    if seed is not None:
        try:
            check_seed(seed)
        except RulesError as exc:
            raise RecordError("record", _("The record's seed is not valid (it may also be null or left out): "
                                          "{problem}", problem=exc.message)) from None
    return spec, players, setup


def _name_problem(seat: int, name: str) -> str | None:
    """Why player ``seat``'s ``name`` cannot be printed as it is (a refusal sentence), or None.

    A name is refused if it is longer than :data:`MAX_NAME_CHARS`, if it holds a control
    character (Unicode category Cc: line breaks, tabs, escapes, DEL, the C1 controls) or a line
    or paragraph separator (U+2028, U+2029), which would start a new line or drive the
    terminal, or a format character (category Cf) other than the joiners U+200C and U+200D,
    such as the right-to-left override U+202E, which would make a printed line read
    otherwise than the text it holds.
    """
    if len(name) > MAX_NAME_CHARS:
        return ngettext("The name of player {seat:+1} ({name}) is {n} character long; a name has at most {max}.",
                        "The name of player {seat:+1} ({name}) is {n} characters long; a name has at most {max}.",
                        len(name), seat=seat, name=shown(name), max=MAX_NAME_CHARS)
    if any(unicodedata.category(ch) in ("Cc", "Zl", "Zp") for ch in name):
        return _("The name of player {seat:+1} ({name}) holds a control character (such as a line break or an "
                 "escape), which would garble the printed result.", seat=seat, name=shown(name))
    hidden = next((ch for ch in name if unicodedata.category(ch) == "Cf" and ch not in _JOINERS), None)
    if hidden is not None:
        return _("The name of player {seat:+1} ({name}) holds the invisible format character {code} (such as a "
                 "right-to-left override), which would make the printed result read otherwise than it is "
                 "written.", seat=seat, name=shown(name), code=f"U+{ord(hidden):04X}")
    return None


def _is_utf8(text: str) -> bool:
    """True if ``text`` can be written as UTF-8 (JSON's "\\ud800" reads as a lone surrogate, which cannot)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


#: The record's parts that hold other parts: name, JSON type, and what it holds in words.
_PARTS = (("rules", Mapping, N_("an object of rules options (empty for the usual rules)")),
          ("setup", Mapping, N_("an object that gives the number of players")),
          ("players", list, N_("a list with one entry per player")),
          ("events", list, N_("a list of the game's events, in order")))


def _kind(value: Any) -> str:
    """What a JSON value is, in words, without quoting it (a record may hold anything)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return _("true or false")
    words = {list: N_("a list"), dict: N_("an object"), str: N_("text"), int: N_("a number"), float: N_("a number")}
    return _(words[type(value)]) if type(value) in words else type(value).__name__


def _is_int(value: Any, expected: int | None = None) -> bool:
    """True for a whole number that is not a bool (``False == 0`` in Python), equal to ``expected`` if given."""
    return (not isinstance(value, bool) and isinstance(value, Integral)
            and (expected is None or value == expected))


def _event_error(rule: str, message: str, index: int) -> RecordError:
    """A record's problem at its event ``index``, said with the event's index first."""
    return RecordError(rule, _("event {index}: ", index=index) + message, index)


def replay(record: Mapping, *, upto: int | None = None) -> State:
    """Replay a record and return the state after its events (validated move by move).

    Parameters
    ----------
    record : mapping
        A record as produced by :func:`from_state` or :func:`load`.
    upto : int, optional
        Stop after this many events (for replays step by step); the result is then not checked.

    Raises
    ------
    RecordError
        With the event index and the rule id, if an event is malformed or illegal (its ``by``
        must be the seat to act, as a whole number from 0 to players - 1, or ``"chance"``, its
        ``event`` text in the game's notation); without an index if the header is malformed
        (format, version other than the whole number 1, game that is not the name of a game as
        text, rules, setup (whose ``players`` is a whole number), a ``result`` that is neither
        an object nor null, players or a player name that is not text, cannot be written as
        UTF-8 or cannot be printed as it is (too long, a control or format character: see
        :func:`_name_problem`), a ``seed`` that is neither absent, null nor a whole number
        >= 0) or if the stored result
        differs from the replayed one, values and types alike (``false`` is not seat 0).
        Also without an index for a rules option not stored the way the engine writes it
        (see :func:`_check_rules_shape`): replaying a record never opens a file.
    """
    spec, players, setup = _header(record)
    _check_rules_shape(spec, record["rules"])
    try:
        rules = spec.make_rules(record["rules"])
    except MandalakitError as exc:
        raise RecordError(exc.rule, _("The record's rules do not fit {game}: {problem}", game=spec.name,
                                      problem=exc.message)) from None
    except TypeError as exc:
        raise RecordError("record", _("The record's rules are invalid ({problem}).", problem=quote(str(exc)))) from None
    try:
        state = spec.new_game(players, rules=rules, setup=setup, manual_chance=True)
    except MandalakitError as exc:
        raise RecordError(exc.rule, exc.message) from None
    except TypeError as exc:
        raise RecordError("record", _("The record's setup is invalid ({problem}).", problem=quote(str(exc)))) from None
    events = record["events"] if upto is None else record["events"][:upto]
    for index, entry in enumerate(events):
        if not isinstance(entry, Mapping) or "event" not in entry or "by" not in entry:
            raise _event_error("record", _("An event must be an object with 'by' and 'event'."), index)
        if not isinstance(entry["event"], str):
            raise _event_error("record", _("'event' must be text in the game's notation, not {kind}.",
                                          kind=_kind(entry["event"])), index)
        by = entry["by"]
        if by == "chance":
            by = CHANCE
        elif not _is_int(by):
            raise _event_error("record", _("'by' must be a player's number counted from 0 (0 for player 1) or "
                                          "'chance', not {value}.",
                                            value=shown(by)), index)
        elif not 0 <= by < players:  # -1 is CHANCE inside the engine, but a record writes "chance"
            raise _event_error("record", _("'by' must be a player's number from 0 (player 1) to {last} (player {players}) "
                                            "or 'chance', not {value}.", last=players - 1, players=players,
                                            value=shown(by)), index)
        if by != state.current_player:
            expected = (_("nothing (the game is over)") if state.is_terminal() else _("a chance event")
                        if state.current_player == CHANCE
                        else _("a move by player {seat:+1} (\"by\": {seat})", seat=state.current_player))
            raise _event_error("record", _("The record has {by} acting here, but the game expects {expected}.",
                                          by=shown(entry["by"]), expected=expected), index)
        try:
            state.apply(state.parse_move(entry["event"]))  # the engine refuses a misplaced chance event
        except MandalakitError as exc:
            raise _event_error(exc.rule, exc.message, index) from None
    if upto is None and record.get("result") is not None:
        _check_result(state, record["result"])
    return state


def _check_rules_shape(spec, options: Mapping) -> None:
    """Refuse rules options whose JSON shape differs from what the engine writes for them.

    Some ``Rules`` also accept a file path where the engine itself writes data (a table as
    rows); a record must hold the data, or replaying a shared record would read any file
    it names (a device that never ends, a private file quoted in the error). The shape is
    that of the game's default ``Rules().to_dict()``: where it has a list, the record must
    have a list (and lists of lists or objects inside, as far as the default has them);
    where it has an object, an object. Scalars (numbers, text, null) and unknown option
    names are left to the game's ``Rules``, which refuses them with its own rule id.

    Raises
    ------
    RecordError
        Rule tag ``"record"``, naming the option, before the game's ``Rules`` sees it.
    """
    written = spec.rules().to_dict()
    for name, value in options.items():
        if name not in written or not isinstance(written[name], (list, dict)):
            continue
        problem = _shape_problem(written[name], value, "")
        if problem is None:
            continue
        shape = _("rows: a list") if isinstance(written[name], list) else _("an object")
        if not isinstance(value, list if isinstance(written[name], list) else Mapping):  # "not as text": a path?
            text = N_("The record's rules option {name} must be stored as written by the engine ({shape}), {problem}; "
                      "a record holds the data itself, never the name of a file to read.")
        else:
            text = N_("The record's rules option {name} must be stored as written by the engine ({shape}); {problem}.")
        raise RecordError("record", _(text, name=shown(name), shape=shape, problem=problem))


def _shape_problem(written: Any, value: Any, where: str) -> str | None:
    """Why ``value`` does not have the container shape of ``written``, or None if it does.

    Only lists and objects are compared, to the depth of ``written`` (the first item of a
    list stands for all of them).
    """
    if isinstance(written, list):
        if not isinstance(value, list):
            return (_("{where} is {kind}, not a list", where=where, kind=_kind(value)) if where else
                    _("not as {kind}", kind=_kind(value)))
        if written and isinstance(written[0], (list, dict)):
            for i, item in enumerate(value):
                problem = _shape_problem(written[0], item, _("{where}, item {i}", where=where, i=i) if where else
                                         _("item {i}", i=i))
                if problem is not None:
                    return problem
    elif isinstance(written, dict):
        if not isinstance(value, Mapping):
            return (_("{where} is {kind}, not an object", where=where, kind=_kind(value)) if where else
                    _("not as {kind}", kind=_kind(value)))
        for key, item in value.items():
            if key in written and isinstance(written[key], (list, dict)):
                inner = _("entry {key}", key=shown(key))
                problem = _shape_problem(written[key], item, f"{where}, {inner}" if where else inner)
                if problem is not None:
                    return problem
    return None


def _check_result(state: State, stored: Mapping) -> None:
    if not state.is_terminal():
        raise RecordError("record", _("The record has a result but its events stop before the end of the game."))
    replayed = json.loads(json.dumps(state.result().to_dict()))
    if not _same_json(replayed, stored):
        diff = [k for k in replayed if not _same_json(replayed[k], stored.get(k))]
        raise RecordError(
            "record",
            _("The stored result disagrees with the replay in {keys} (replayed scores {scores}, winners {winners}); "
              "the record was edited or is corrupt.", keys=", ".join(diff) or _("its keys"), scores=replayed["scores"],
              winners=replayed["winners"]),
        )


def _same_json(expected: Any, value: Any) -> bool:
    """``expected == value`` where types count too: ``False`` is not ``0``, ``1.0`` is not ``1``.

    ``expected`` is plain JSON data (dict, list, str, int, bool, None); the recursion follows
    its depth, not the depth of ``value``.
    """
    if isinstance(expected, dict):
        return (isinstance(value, Mapping) and set(value) == set(expected)
                and all(_same_json(v, value[k]) for k, v in expected.items()))
    if isinstance(expected, list):
        return (isinstance(value, list) and len(value) == len(expected)
                and all(_same_json(e, v) for e, v in zip(expected, value)))
    return type(value) is type(expected) and value == expected


def save(record: Mapping, path: str | os.PathLike) -> None:
    """Write ``record`` as indented JSON (UTF-8).

    Fails before touching ``path`` if it is not serialisable (``TypeError``, ``ValueError``)
    or holds text that cannot be written as UTF-8, such as a lone surrogate
    (``UnicodeEncodeError``).
    """
    data = (json.dumps(record, indent=1, ensure_ascii=False) + "\n").encode("utf-8")
    with open(path, "wb") as fh:
        fh.write(data)


def load(path: str | os.PathLike) -> dict:
    """Read a record from JSON without replaying it.

    Reads at most :data:`MAX_RECORD_CHARS` (20,000,000) characters of UTF-8 text, with or
    without a byte order mark at its start. Raises
    :class:`RecordError` if the file is longer, not UTF-8, not valid JSON, nested more
    deeply than Python's JSON reader can follow, or holds a whole number longer than Python
    reads (``sys.get_int_max_str_digits()``, 4300 digits by default; no record has either);
    ``OSError`` if it cannot be read; :class:`RecordError` at once for a pipe, a device or a socket
    (opened without waiting: a pipe with no writer would be read forever).
    """
    # Opened without waiting, so a pipe with no writer is refused at once rather than read forever.
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    kind = os.fstat(fd).st_mode
    if not stat.S_ISREG(kind):
        os.close(fd)
        if stat.S_ISDIR(kind):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), os.fspath(path))
        raise RecordError("record", _("{source} is not an ordinary file (it is a pipe, a device or a socket); "
                                      "a record is a JSON file.", source=shown_path(path)))
    try:
        with open(fd, encoding="utf-8-sig") as fh:  # a UTF-8 BOM (some editors write one) is skipped
            text = fh.read(MAX_RECORD_CHARS + 1)  # never more
    except UnicodeDecodeError:
        raise RecordError("record", _("{source} is not a UTF-8 text file.", source=shown_path(path))) from None
    return loads(text, shown_path(path))


#: What Python's JSON reader finds wrong (the start of ``JSONDecodeError.msg``), each with the
#: words a refusal says it in, marked for the catalogue: the refusal gives the line and column
#: before it, so "Unterminated string starting at" (the position cut off) says "here".
JSON_PROBLEMS = {"Expecting value": N_("Expecting value"),
                 "Expecting property name enclosed in double quotes":
                     N_("Expecting property name enclosed in double quotes"),
                 "Expecting ':' delimiter": N_("Expecting ':' delimiter"),
                 "Expecting ',' delimiter": N_("Expecting ',' delimiter"),
                 "Unterminated string starting at": N_("Unterminated string starting here"),
                 "Invalid control character at": N_("Invalid control character here"),
                 "Invalid \\escape": N_("Invalid \\escape"), "Invalid \\uXXXX escape": N_("Invalid \\uXXXX escape"),
                 "Extra data": N_("Extra data"),
                 "Illegal trailing comma before end of object": N_("Illegal trailing comma before end of object"),
                 "Illegal trailing comma before end of array": N_("Illegal trailing comma before end of array")}


def _json_problem(problem: str) -> str:
    """The JSON reader's ``problem`` in the language in force; one it has not written before
    (a later Python) as it says it, at most 60 characters."""
    for known, words in JSON_PROBLEMS.items():
        if problem.startswith(known):
            return _(words)
    return quote(problem)


def loads(text: str, source: str = "") -> dict:
    """Read a record from JSON text without replaying it (see :func:`load` for the checks).

    ``source`` names the text in the refusals (a file name, "The uploaded file"; by default "The record",
    in the language in force).

    Raises
    ------
    RecordError
        If ``text`` is longer than :data:`MAX_RECORD_CHARS`, not valid JSON, nested too
        deeply or holds a whole number longer than Python reads.
    """
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError("record", _("{source} is larger than {max:,} characters, far larger than any record (a few "
                                      "tens of KB).", source=source or _("The record"), max=MAX_RECORD_CHARS))
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError("record", _("{source} is not valid JSON (line {line}, column {column}: {problem}).",
                                      source=source or _("The record"), line=exc.lineno, column=exc.colno,
                                      problem=_json_problem(exc.msg))) from None
    except RecursionError:
        raise RecordError("record", _("{source} is nested too deeply to be a record (lists or objects inside each "
                                      "other beyond what the JSON reader follows).", source=source or _("The record"))
                          ) from None
    except ValueError:  # the only other ValueError of json.loads: int() refuses the digits
        raise RecordError("record", _("{source} holds a whole number of more than {digits} digits, which no record "
                                      "has.", source=source or _("The record"), digits=sys.get_int_max_str_digits())
                          ) from None


def to_dataframe(record: Mapping):
    """One row per event: ``index``, ``by`` (seat or ``"chance"``), ``kind``, ``event``.

    Returns a ``pandas.DataFrame`` (pandas is imported here, not at package import).
    """
    import pandas as pd

    rows = [
        {"index": i, "by": e["by"], "kind": "chance" if e["by"] == "chance" else "move", "event": e["event"]}
        for i, e in enumerate(record["events"])
    ]
    return pd.DataFrame(rows, columns=["index", "by", "kind", "event"])
