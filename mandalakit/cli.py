"""The ``mandalakit`` command: simulate, record, replay and bench any game.

Examples
--------
::

    mandalakit simulate --game ohanami --players 3 --games 900 --seed 1 --bots greedy,random,random --out runs.parquet
    mandalakit record --game ohanami --players 2 --seed 7 --bots greedy,random --out game.json
    mandalakit replay game.json
    mandalakit bench --game ohanami

Errors (illegal moves, malformed notation, unknown options, corrupt records, wrong player
counts, unknown bots, unwritable paths) print one sentence with the rule id and exit with
status 2; nothing already on disk is overwritten unless the new file is complete. A reader
that stops reading early (``mandalakit replay game.json | head -1``) is not an error: the
command has done its work by the time it prints, and exits quietly with status 0.
"""

from __future__ import annotations

import argparse
import errno
import os
import re
import signal
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from .core.errors import MandalakitError, RulesError, as_written, quote, shown, shown_path
from .core.messages import LANGUAGES, get_language, set_language
from .core.options import MAX_DIGITS, WHOLE_NUMBER, option_value
from .core.registry import GAMES

TABLE_FORMATS = (".csv", ".parquet")


def _whole_number(text: str, what: str = "") -> int:
    """An option value written as a whole number (see :data:`WHOLE_NUMBER`); ``what`` names
    it in the refusal ("the value of sakura_cap"), else the digits are quoted.

    Raises ``argparse.ArgumentTypeError`` for anything else, and for more than
    :data:`MAX_DIGITS` (18) digits; argparse then prints the usage and the option's name
    and exits with status 2.
    """
    if not WHOLE_NUMBER.fullmatch(text):
        raise argparse.ArgumentTypeError(f"expected a whole number written with the digits 0 to 9, got {shown(text)}")
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise argparse.ArgumentTypeError(f"{what or quote(text)} has more than {MAX_DIGITS} digits, "
                                         "far too many for any option")
    return int(text)


#: A number of seconds on the command line: ASCII digits with an optional decimal part and a
#: leading '-' for bench's own range refusal. ``float()`` alone would also read "1_0",
#: "٣" (3), " 5", "1e3", "nan" and "inf".
DECIMAL_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?")


def _seconds(text: str) -> float:
    """A ``--seconds`` value written as :data:`DECIMAL_NUMBER` says; the range (more than 0,
    at most 3600) is checked by :func:`mandalakit.simulate.bench`. ``ArgumentTypeError`` otherwise."""
    if not DECIMAL_NUMBER.fullmatch(text):
        raise argparse.ArgumentTypeError("expected a number of seconds written with the digits 0 to 9 and an optional "
                                         f"decimal point, such as 3 or 0.5; got {shown(text)}")
    return float(text)


def _rule_option(text: str) -> tuple[str, object]:
    """Parse ``NAME=VALUE`` (VALUE: ``none``, ``true``/``false``, a whole number or text).

    A whole number is written as :data:`WHOLE_NUMBER` says, with at most :data:`MAX_DIGITS`
    digits; any other VALUE stays text (``1_5`` too), which the game refuses with its own
    rule id if the option takes a number.
    """
    name, sep, raw = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {shown(text)}")
    try:
        return name, option_value(raw, name)
    except RulesError as exc:
        raise argparse.ArgumentTypeError(exc.message) from None


def _rules(pairs: Sequence[tuple[str, object]]) -> dict:
    """The ``--rule`` options as a dict; an option given twice raises :class:`RulesError`
    (which of two values was meant cannot be guessed). Names and values are checked by the game."""
    rules: dict = {}
    for name, value in pairs:
        if name in rules:
            raise RulesError("options", f"--rule {_as_typed(name)} is given twice ({_as_typed(rules[name])}, then "
                             f"{_as_typed(value)}); give each rules option once.")
        rules[name] = value
    return rules


def _as_typed(value: object) -> str:
    """A ``--rule`` name or value as it is written on the command line (``none``, ``true``),
    for an error message (see :func:`~mandalakit.core.errors.as_written`)."""
    if value is None or isinstance(value, bool):
        return str(value).lower()
    return as_written(str(value))


def _bot_list(text: str) -> list[str]:
    names = [b.strip() for b in text.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(f"expected bot names separated by commas, e.g. greedy,random; "
                                         f"got {shown(text)}")
    return names


def _positive_int(text: str) -> int:
    """A whole number of at least 1 (see :func:`_whole_number`); ``ArgumentTypeError`` otherwise."""
    value = _whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _writable_target(path: str, suffixes: Sequence[str], example: str) -> Path:
    """Check, before any work, that ``path`` names a file with a known suffix that can be written.

    Raises :class:`RulesError` for an empty path or a bare suffix (``.csv``), an unknown
    suffix, a missing folder, a file name longer than the folder's file system takes, a
    folder as target, a read-only existing file, or a folder that takes no new file. The
    last is tried for real, with a probe file that is removed at once (``os.access`` says
    yes to root everywhere, even in ``/proc``); the probe has a short name of its own (see
    :func:`_temporary_file`), so a long but legal file name is not refused for it.
    """
    if not path:
        raise RulesError("options", f"--out needs a file name, e.g. {example}.")
    target = Path(path)
    where = shown_path(path)
    if target.name.lower() in suffixes:
        suffix = target.name.lower()
        raise RulesError("options", f"--out {where}: a file name is needed before {suffix}, "
                         f"e.g. {Path(example).stem}{suffix}.")
    if target.suffix.lower() not in suffixes:
        raise RulesError("options", f"{where}: the output must end in {' or '.join(suffixes)}.")
    # A link is followed when written (see _atomic_write): check the file it points to.
    real = Path(os.path.realpath(target)) if os.path.islink(target) else target  # False for a name too long
    folder = real.parent
    if not folder.is_dir():
        raise RulesError("options", f"{where}: the folder {shown_path(folder)} does not exist.")
    size, name_max = len(os.fsencode(real.name)), _name_max(folder)
    if size > name_max:
        raise RulesError("options", f"--out: the file name {quote(real.name)!r} is {size} bytes long; "
                         f"the folder {shown_path(folder)} takes names of at most {name_max} bytes.")
    if real.is_dir():
        raise RulesError("options", f"{where} is a folder, not a file.")
    if real.exists() and not os.access(real, os.W_OK):
        raise RulesError("options", f"{where}: no permission to write there.")
    try:
        fd, probe = _temporary_file(folder)
    except OSError as exc:
        if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            raise RulesError("options", f"{where}: no permission to write there.") from None
        raise RulesError("options", f"{where}: cannot create a file in the folder {shown_path(folder)} "
                         f"({exc.strerror or exc}).") from None
    try:
        os.close(fd)
    finally:
        os.unlink(probe)
    return target


def _name_max(folder: Path) -> int:
    """The longest file name, in bytes, the file system of ``folder`` takes (255 if it cannot say)."""
    try:
        limit = os.pathconf(folder, "PC_NAME_MAX")
    except (AttributeError, OSError, ValueError):  # no pathconf (Windows) or no answer
        return 255
    return limit if limit > 0 else sys.maxsize  # -1: no limit


def _temporary_file(folder: Path) -> tuple[int, str]:
    """A new empty file in ``folder`` with a short hidden name (``.mandalakit-XXXXXXXX.tmp``).

    Returns ``(fd, path)`` like :func:`tempfile.mkstemp`. Its name does not grow with the
    name of the output, so any name the file system takes can be written.
    """
    return tempfile.mkstemp(prefix=".mandalakit-", suffix=".tmp", dir=folder)


def _atomic_write(target: Path, write) -> None:
    """Write through a temporary file in the same folder, then rename: never a half file.

    The new file gets the permissions the old one had, or the usual ones for a new file.
    A symbolic link is followed: the file it points to is replaced and the link stays.
    """
    target = Path(os.path.realpath(target))
    try:
        fd, tmp = _temporary_file(target.parent)
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, os.fspath(target)) from None
    os.close(fd)
    try:
        if target.exists():
            mode = target.stat().st_mode & 0o777
        else:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp, mode)
        write(tmp)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def cmd_simulate(args) -> int:
    from .simulate import simulate

    rules = _rules(args.rule)
    target = _writable_target(args.out, TABLE_FORMATS, "runs.csv")
    table = simulate(args.game, args.players, args.games, seed=args.seed, bots=args.bots,
                     rules=rules, jobs=args.jobs, progress=not args.quiet)
    if target.suffix.lower() == ".csv":
        _atomic_write(target, lambda p: table.to_csv(p, index=False))
    else:
        _atomic_write(target, lambda p: table.to_parquet(p, index=False))
    wins = table.groupby("bot")["winner"].mean().round(3).to_dict()
    print(f"{args.games} games, {len(table)} rows -> {target}; win rate by bot: {wins}")
    return 0


def cmd_record(args) -> int:
    from .core import records
    from .core.registry import get_game
    from .simulate import play_one, resolve_bots

    rules = _rules(args.rule)
    target = _writable_target(args.out, (".json",), "game.json")
    spec = get_game(args.game)
    names = resolve_bots(spec, args.players, args.bots)
    state, seat_bots = play_one(spec, args.players, spec.make_rules(rules), names, args.seed, 0)
    record = records.from_state(state, players=seat_bots, seed=args.seed)
    _atomic_write(target, lambda p: records.save(record, p))
    print(f"{len(record['events'])} events -> {target}")
    _print_result(record)
    return 0


def _print_result(record: dict) -> None:
    result = record["result"]
    for seat, player in enumerate(record["players"]):
        mark = "  winner" if seat in result["winners"] else ""
        print(f"seat {seat} ({player.get('name', f'seat {seat}')}): {result['scores'][seat]}{mark}")
    if len(result["winners"]) > 1:
        print("shared victory")


def cmd_replay(args) -> int:
    from .core import records
    from .core.contract import CHANCE

    record = records.load(args.record)
    state = records.replay(record)
    print(f"{args.record}: {record['game']}, {state.num_players} players, {len(record['events'])} events, valid")
    if state.is_terminal():
        if record.get("result") is None:
            print("note: the record stores no result, so only its moves were checked")
            record = {**record, "result": state.result().to_dict()}
        _print_result(record)
    elif state.current_player == CHANCE:
        print("the game is not finished; a chance event is due (the next event is by 'chance')")
    else:
        print(f"the game is not finished; seat {state.current_player} is to act")
    return 0


def _import_ms() -> float:
    """Milliseconds a fresh interpreter takes to ``import mandalakit`` (best of three)."""
    import subprocess

    code = "import time; t = time.perf_counter(); import mandalakit; print(time.perf_counter() - t)"
    runs = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
            for _ in range(3)]
    return 1000 * min(runs)


def cmd_bench(args) -> int:
    """Measure first, print after: a bad --players, --seed, --rule or --seconds is refused with nothing printed."""
    from .simulate import bench

    rules = _rules(args.rule)
    out = bench(args.game, args.players, seconds=args.seconds, seed=args.seed, rules=rules)
    print(f"import mandalakit: {_import_ms():.0f} ms in a fresh interpreter")
    variant = "".join(f", {name}={value}" for name, value in rules.items())
    print(f"{out['game']} {out['players']}p{variant} random self-play, one core: "
          f"{out['games_per_s']:,.0f} games/s, {out['decisions_per_s']:,.0f} decisions/s "
          f"({out['games']} games, {out['decisions']} decisions in {out['seconds']:.2f} s of CPU time)")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mandalakit", description="Engines for Mandala, Flowers and Ohanami.")
    parser.add_argument("--language", choices=LANGUAGES, default="en",
                        help="language of the games' and records' refusals (en, fr); default en")
    sub = parser.add_subparsers(dest="command", required=True)

    def game_args(p, players_required=True):
        p.add_argument("--game", required=True, choices=sorted(GAMES), help="which game")
        p.add_argument("--players", type=_whole_number, required=players_required, help="number of players")
        p.add_argument("--seed", type=_whole_number, default=0, help="master seed (same seed, same games); default 0")
        p.add_argument("--rule", action="append", type=_rule_option, default=[], metavar="NAME=VALUE",
                       help="a rules option, e.g. --rule sakura_cap=none (repeatable, once per option)")

    p = sub.add_parser("simulate", help="play many seat-balanced bot games into a CSV or Parquet table")
    game_args(p)
    p.add_argument("--games", type=_positive_int, required=True, help="number of games")
    p.add_argument("--bots", type=_bot_list, default=None, help="bot names, one or one per seat: random,greedy")
    p.add_argument("--jobs", type=_positive_int, default=None,
                   help="worker processes (default: all cores for 200 games or more)")
    p.add_argument("--out", required=True, help="output file, .csv or .parquet")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("record", help="play one bot game and write its JSON record")
    game_args(p)
    p.add_argument("--bots", type=_bot_list, default=None, help="bot names, one or one per seat")
    p.add_argument("--out", required=True, help="output file, .json")
    p.set_defaults(func=cmd_record)

    p = sub.add_parser("replay", help="validate a JSON record by replaying it and print the result")
    p.add_argument("record", help="a record written by 'mandalakit record' or the library")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("bench", help="random self-play throughput on one core")
    game_args(p, players_required=False)
    p.add_argument("--seconds", type=_seconds, default=3.0, help="how long to measure (default 3)")
    p.set_defaults(func=cmd_bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``mandalakit`` command; returns the exit status (0 ok, 2 error)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    # A plain `kill` stops the command like Ctrl-C: workers end and no half file is left.
    previous = signal.signal(signal.SIGTERM, _terminated)
    before = get_language()
    set_language(args.language)
    try:
        status = args.func(args)
        sys.stdout.flush()  # so a reader that left (`| head -0`) shows here, not at interpreter exit
        return status
    except BrokenPipeError:
        # Every command prints only once its work is done (files written, record checked):
        # a reader that stops reading early is no failure of the command (Python docs, "Note
        # on SIGPIPE": send the rest of stdout to devnull and leave quietly).
        _discard_stdout()
        return 0
    except MandalakitError as exc:
        where = f"{shown_path(args.record)}: " if args.command == "replay" else ""
        print(f"mandalakit {args.command}: error: {where}{exc}", file=sys.stderr)
    except OSError as exc:
        name = "" if exc.filename is None else f": {shown_path(exc.filename)}"
        print(f"mandalakit {args.command}: error: {exc.strerror or quote(str(exc))}{name}", file=sys.stderr)
    except KeyboardInterrupt:
        print(f"mandalakit {args.command}: interrupted; nothing was written", file=sys.stderr)
        return 130
    finally:
        signal.signal(signal.SIGTERM, previous)
        set_language(before)
    return 2


def _discard_stdout() -> None:
    """Point stdout at devnull, so the buffered rest fails nowhere when Python exits."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # a stdout without a file descriptor (tests)
        pass


def _terminated(signum, frame):
    raise KeyboardInterrupt


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
