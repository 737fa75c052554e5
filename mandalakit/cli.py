"""The ``mandalakit`` command: simulate, record, replay, bench and pit bots against each other in any game.

Examples
--------
::

    mandalakit simulate --game ohanami --players 3 --games 900 --seed 1 --bots greedy,random,random --out runs.parquet
    mandalakit tournament --game ohanami --bots greedy,random --vary sakura_cap=15,none --rotations 10 --out t.parquet
    mandalakit record --game ohanami --players 2 --seed 7 --bots greedy,random --out game.json
    mandalakit replay game.json
    mandalakit bench --game ohanami
    mandalakit arena --game mandala --bots greedy,random --games 40 --seed 1

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
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from .core import interrupts
from .core.errors import MandalakitError, RecordError, RulesError, as_written, quote, shown, shown_path
from .core.messages import (LANGUAGES, NN_, N_, _, bot_by_name, bot_name, get_language, ngettext, number,
                            os_reason, set_language)
from .core.options import MAX_DIGITS, WHOLE_NUMBER, whole_number
from .core.registry import GAMES, get_game

TABLE_FORMATS = (".csv", ".parquet")


def _whole_number(text: str, what: str = "") -> int:
    """An option value written as a whole number (see :data:`WHOLE_NUMBER`); ``what`` names
    it in the refusal ("the value of sakura_cap"), else the digits are quoted.

    Raises ``argparse.ArgumentTypeError`` for anything else, and for more than
    :data:`MAX_DIGITS` (18) digits; argparse then prints the usage and the option's name
    and exits with status 2.
    """
    if not WHOLE_NUMBER.fullmatch(text):
        raise argparse.ArgumentTypeError(_("expected a whole number written with the digits 0 to 9, got {text}",
                                           text=shown(text)))
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise argparse.ArgumentTypeError(_("{what} has more than {digits} digits, far too many for any option",
                                           what=what or quote(text), digits=MAX_DIGITS))
    return int(text)


#: A number of seconds on the command line: ASCII digits with an optional decimal part and a
#: leading '-' for the range refusal. ``float()`` alone would also read "1_0",
#: "٣" (3), " 5", "1e3", "nan" and "inf".
DECIMAL_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?")


def _seconds(text: str) -> float:
    """A ``--seconds`` value written as :data:`DECIMAL_NUMBER` says, more than 0 and at most
    :data:`~mandalakit.simulate.MAX_BENCH_SECONDS` (3600). ``ArgumentTypeError`` otherwise,
    quoting ``text`` as typed (``-1``, not ``-1.0``)."""
    from .simulate import MAX_BENCH_SECONDS

    if not DECIMAL_NUMBER.fullmatch(text):
        raise argparse.ArgumentTypeError(_("expected a number of seconds written with the digits 0 to 9 and an optional "
                                           "decimal point, such as 3 or 0.5; got {text}", text=shown(text)))
    seconds = float(text)  # 400 nines: inf, refused below
    if not 0 < seconds <= MAX_BENCH_SECONDS:
        raise argparse.ArgumentTypeError(_("must be more than 0 and at most {most} seconds, not {text}",
                                           most=MAX_BENCH_SECONDS, text=as_written(text)))
    return seconds


def _rule_option(text: str) -> tuple[str, str]:
    """Split ``NAME=VALUE``; VALUE stays text until the game is known (:func:`_rules`).

    A VALUE that is a whole number (:data:`WHOLE_NUMBER`) of more than :data:`MAX_DIGITS`
    digits is refused here, for any option, with the usage lines.
    """
    name, sep, raw = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(_("expected {form}, got {text}", form=_("NAME=VALUE"), text=shown(text)))
    _check_digits(name, raw)
    return name, raw


def _check_digits(name: str, value: str) -> None:
    """``ArgumentTypeError`` for a ``--rule`` or ``--vary`` value that is a whole number of more
    than :data:`MAX_DIGITS` digits (see :func:`~mandalakit.core.options.whole_number`)."""
    try:
        whole_number(value, name)
    except RulesError as exc:
        raise argparse.ArgumentTypeError(exc.message) from None


def _rules(pairs: Sequence[tuple[str, str | list[str]]], game: str, *, read_files: bool = True) -> dict:
    """The ``--rule`` options (or ``--vary``'s, a list of values each) of ``game`` as a dict.

    Each value is read as its option's type admits (:meth:`RulesBase.option_from_command_line
    <mandalakit.core.contract.RulesBase.option_from_command_line>`; a file option's text is the
    file's path, ``tiles=my_tiles.csv``): ``true`` is a bool only for an
    option that takes one, so the game's refusal of any other value quotes what was typed
    (``[O-3.4] ... got 'true'.``). An option given twice raises :class:`RulesError` (which of
    two values was meant cannot be guessed). Names and values are checked by the game. Without
    ``read_files``, a file option's path stays text: the tournament reads it, and labels its
    variant by the path (``tiles=my_tiles.csv``).
    """
    rules_type = get_game(game).rules
    read = rules_type.option_from_command_line  # a file option (tiles=PATH) is read here
    if not read_files:
        def read(name, text, read=read):  # noqa: E306 - the path is kept for the tournament to read
            return text if name in rules_type.file_options and text.strip().lower() not in ("none", "null") \
                else read(name, text)
    rules: dict = {}
    for name, text in pairs:
        value = [read(name, t) for t in text] if isinstance(text, list) else read(name, text)
        if name in rules:
            raise RulesError("options", _("--rule {name} is given twice ({first}, then {second}); give each rules "
                                          "option once.", name=_as_typed(name), first=_as_typed(rules[name]),
                                          second=_as_typed(value)))
        rules[name] = value
    return rules


def _as_typed(value: object) -> str:
    """A ``--rule`` name or value as it is written on the command line (``none``, ``true``),
    for an error message (see :func:`~mandalakit.core.errors.as_written`)."""
    if value is None or isinstance(value, bool):
        return str(value).lower()
    return as_written(str(value))


def _bot_list(text: str) -> list[str]:
    """``--bots``: names separated by commas, each a bot's own name (``greedy``) or the name the
    command prints for it in its language (French ``glouton``, ``au hasard``: see
    :func:`~mandalakit.core.messages.bot_name`), returned as the bots' own names."""
    names = [b.strip() for b in text.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(_("expected bot names separated by commas, e.g. greedy,random; got {text}",
                                           text=shown(text)))
    return [bot_by_name(name) for name in names]  # a Parquet file's metadata keeps the bots' own names


def _positive_int(text: str) -> int:
    """A whole number of at least 1 (see :func:`_whole_number`); ``ArgumentTypeError`` otherwise."""
    value = _whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(_("must be at least 1, not {value}", value=value))
    return value


#: The one protocol ``--scheduler`` takes: Dask's default. ``tls://`` needs certificates this
#: command cannot take, ``inproc://`` reaches only a scheduler inside the same process, and
#: ``ws://``, ``ucx://`` and the like need more than the package installs.
SCHEDULER_EXAMPLE = "tcp://10.0.0.5:8786"


def _scheduler_address(text: str) -> str:
    """``--scheduler``: a running Dask scheduler's address ``tcp://HOST:PORT`` (or ``HOST:PORT``,
    as Dask reads it; an IPv6 host in brackets, ``tcp://[::1]:8786``), returned as
    ``tcp://HOST:PORT``.

    Raises ``argparse.ArgumentTypeError`` (one sentence, before any connection) for another
    protocol, a missing host or port, a port outside 1 to 65535, or anything after the port.
    """
    from urllib.parse import urlsplit

    written = text if "://" in text else f"tcp://{text}"
    try:
        parts = urlsplit(written)
        port = parts.port  # ValueError for a port that is not a number from 0 to 65535
    except ValueError:
        parts, port = None, None
    if parts is not None and parts.scheme.lower() not in ("", "tcp"):
        raise argparse.ArgumentTypeError(_("only a tcp:// address of a Dask scheduler is taken, such as {example}; "
                                           "got {text}", example=SCHEDULER_EXAMPLE, text=shown(text)))
    if (parts is None or not parts.hostname or not port or parts.path or parts.query or parts.fragment
            or parts.username is not None or parts.password is not None):
        raise argparse.ArgumentTypeError(_("expected a Dask scheduler's address tcp://HOST:PORT, such as {example}; "
                                           "got {text}", example=SCHEDULER_EXAMPLE, text=shown(text)))
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"tcp://{host}:{port}"


def _writable_target(path: str, suffixes: Sequence[str], example: str) -> Path:
    """Check, before any work, that ``path`` names a file with a known suffix that can be written.

    Raises :class:`RulesError` for an empty path or a bare suffix (``.csv``), an unknown
    suffix, a missing folder, a file name longer than the folder's file system takes, a
    folder as target, a read-only existing file, or a folder that takes no new file. The
    last is tried for real, with a probe file that is removed at once (``os.access`` says
    yes to root everywhere, even in ``/proc``); the probe has a short name of its own (see
    :func:`~mandalakit.core.interrupts.temporary_file`), so a long but legal file name is not
    refused for it.
    """
    if not path:
        raise RulesError("options", _("--out needs a file name, e.g. {example}.", example=example))
    target = Path(path)
    where = shown_path(path)
    if target.name.lower() in suffixes:
        suffix = target.name.lower()
        raise RulesError("options", _("--out {where}: a file name is needed before {suffix}, e.g. {example}.",
                                      where=where, suffix=suffix, example=Path(example).stem + suffix))
    if target.suffix.lower() not in suffixes:
        ends = suffixes[0] if len(suffixes) == 1 else _("{first} or {last}", first=", ".join(suffixes[:-1]),
                                                       last=suffixes[-1])
        raise RulesError("options", _("{where}: the output must end in {suffixes}.", where=where, suffixes=ends))
    # A link is followed when written (see _atomic_write): check the file it points to.
    real = Path(os.path.realpath(target)) if os.path.islink(target) else target  # False for a name too long
    folder = real.parent
    if not folder.is_dir():
        raise RulesError("options", _("{where}: the folder {folder} does not exist.", where=where,
                                      folder=shown_path(folder)))
    size, name_max = len(os.fsencode(real.name)), _name_max(folder)
    if size > name_max:
        raise RulesError("options", _("--out: the file name {name} is {size} bytes long; the folder {folder} takes "
                                      "names of at most {most} bytes.", name=repr(quote(real.name)), size=size,
                                      folder=shown_path(folder), most=name_max))
    if real.is_dir():
        raise RulesError("options", _("{where} is a folder, not a file.", where=where))
    if real.exists() and not os.access(real, os.W_OK):
        raise RulesError("options", _("{where}: no permission to write there.", where=where))
    try:
        with interrupts.temporary_file(real):
            pass
    except OSError as exc:
        if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            raise RulesError("options", _("{where}: no permission to write there.", where=where)) from None
        raise RulesError("options", _("{where}: cannot create a file in the folder {folder} ({reason}).", where=where,
                                      folder=shown_path(folder), reason=os_reason(exc))) from None
    return target


def _name_max(folder: Path) -> int:
    """The longest file name, in bytes, the file system of ``folder`` takes (255 if it cannot say)."""
    try:
        limit = os.pathconf(folder, "PC_NAME_MAX")
    except (AttributeError, OSError, ValueError):  # no pathconf (Windows) or no answer
        return 255
    return limit if limit > 0 else sys.maxsize  # -1: no limit


def _atomic_write(target: Path, write, command: str) -> None:
    """Write through a temporary file in the same folder, then rename: never a half file, also
    when a signal stops the command (:mod:`~mandalakit.core.interrupts` removes it; ``command``
    names the command in the line it prints after the rename).

    The new file gets the permissions the old one had, or the usual ones for a new file.
    A symbolic link is followed: the file it points to is replaced and the link stays.
    """
    target = Path(os.path.realpath(target))
    with interrupts.temporary_file(target) as tmp:
        if target.exists():
            mode = target.stat().st_mode & 0o777
        else:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp, mode)
        write(tmp)
        interrupts.commit(tmp, target)
    # From here the command's work is done: a signal now stops it with the file in place.
    interrupts.set_message(_("mandalakit {command}: interrupted after writing {target}", command=command,
                             target=target))


class _Tally:
    """Games, rows and wins by bot of a table's chunks as they go by to be written (the
    summary line of ``simulate`` and ``tournament``), so that no chunk is kept for it."""

    def __init__(self):
        self.rows = self.games = 0
        self.won: dict[str, int] = {}
        self.seats: dict[str, int] = {}

    def count(self, frames):
        """Yield ``frames`` unchanged, counting each."""
        for frame in frames:
            self.rows += len(frame)
            self.games += int((frame["seat"] == 0).sum())
            for bot, (won, seats) in frame.groupby("bot")["winner"].agg(["sum", "count"]).iterrows():
                self.won[bot] = self.won.get(bot, 0) + int(won)
                self.seats[bot] = self.seats.get(bot, 0) + int(seats)
            yield frame

    def win_rates(self) -> str:
        """Each bot's share of the games it won, as people read it: ``"greedy 0.667, random
        0.333"`` (French ``"glouton 0,667, au hasard 0,333"``, see
        :func:`~mandalakit.core.messages.bot_name` and :func:`~mandalakit.core.messages.number`)."""
        return ", ".join(f"{bot_name(bot)} {number(self.won[bot] / self.seats[bot], '.3f')}"
                         for bot in sorted(self.seats))


def cmd_simulate(args) -> int:
    from .simulate import simulate_frames
    from .tables import write_table

    rules = _rules(args.rule, args.game)
    target = _writable_target(args.out, TABLE_FORMATS, "runs.csv")
    frames = simulate_frames(args.game, args.players, args.games, seed=args.seed, bots=args.bots,
                             rules=rules, jobs=args.jobs, progress=not args.quiet)
    tally = _Tally()
    _atomic_write(target, lambda p: write_table(tally.count(frames), p, target.suffix), args.command)
    print(ngettext("{n} game, {rows} rows -> {target}; win rate by bot: {wins}",
                   "{n} games, {rows} rows -> {target}; win rate by bot: {wins}", args.games,
                   rows=tally.rows, target=target, wins=tally.win_rates()))
    return 0


def _option_values(text: str) -> tuple[str, list[str]]:
    """Split ``NAME=VALUE,VALUE,...`` for ``--vary`` (each VALUE as ``--rule`` takes it)."""
    name, sep, raw = text.partition("=")
    if not sep or not name or not all(raw.split(",")):
        raise argparse.ArgumentTypeError(_("expected {form},..., e.g. sakura_cap=15,none; got {text}",
                                           form=_("NAME=VALUE,VALUE"), text=shown(text)))
    for value in raw.split(","):
        _check_digits(name, value)
    return name, raw.split(",")


def _player_counts(text: str) -> list[int]:
    """``--players`` of a tournament: whole numbers separated by commas (``2,3,4``)."""
    return [_whole_number(t) for t in text.split(",")]


def cmd_tournament(args) -> int:
    from .tournament import tournament_frames, write_parquet

    rules = _rules(args.rule, args.game, read_files=False)
    vary = _rules(args.vary, args.game, read_files=False)
    target = _writable_target(args.out, (".parquet",), "tournament.parquet")
    spec = get_game(args.game)
    start = time.perf_counter()
    frames = tournament_frames(args.game, players=args.players, bots=args.bots, vary=vary, rules=rules,
                               rotations=args.rotations, seed=args.seed, jobs=args.jobs, scheduler=args.scheduler,
                               dask_workers=args.dask_workers, progress=not args.quiet)
    players = args.players or list(range(spec.min_players, spec.max_players + 1))  # checked by tournament_frames
    arguments = {"game": args.game, "players": players,
                 "bots": args.bots, "vary": {k: [_as_typed(v) for v in vs] for k, vs in vary.items()},
                 "rules": {k: _as_typed(v) for k, v in rules.items()}, "rotations": args.rotations, "seed": args.seed}
    tally = _Tally()
    _atomic_write(target, lambda p: write_parquet(tally.count(frames), p, arguments), args.command)
    seconds = time.perf_counter() - start
    print(ngettext("{n} game, {rows} rows -> {target}; win rate by bot: {wins}; played in {seconds:.1f} s of "
                   "wall-clock time ({rate:,.0f} games/s, workers started included)",
                   "{n} games, {rows} rows -> {target}; win rate by bot: {wins}; played in {seconds:.1f} s of "
                   "wall-clock time ({rate:,.0f} games/s, workers started included)", tally.games,
                   rows=tally.rows, target=target, wins=tally.win_rates(), seconds=seconds,
                   rate=tally.games / seconds))
    return 0


def cmd_record(args) -> int:
    from .core import records
    from .simulate import play_one, resolve_bots

    rules = _rules(args.rule, args.game)
    target = _writable_target(args.out, (".json",), "game.json")
    spec = get_game(args.game)
    names = resolve_bots(spec, args.players, args.bots)
    state, seat_bots = play_one(spec, args.players, spec.make_rules(rules), names, args.seed, 0)
    record = records.from_state(state, players=seat_bots, seed=args.seed)
    _atomic_write(target, lambda p: records.save(record, p), args.command)
    print(ngettext("{n} event -> {target}", "{n} events -> {target}", len(record["events"]), target=target))
    _print_result(record)
    return 0


def _print_result(record: dict) -> None:
    result = record["result"]
    for seat, player in enumerate(record["players"]):
        name = bot_name(player["name"]) if "name" in player else _("seat {seat}", seat=seat)
        score = result["scores"][seat]
        if seat in result["winners"]:
            print(_("seat {seat} ({name}): {score}  winner", seat=seat, name=name, score=score))
        else:
            print(_("seat {seat} ({name}): {score}", seat=seat, name=name, score=score))
    if len(result["winners"]) > 1:
        print(_("shared victory"))


def cmd_replay(args) -> int:
    from .core import records
    from .core.contract import CHANCE

    record = records.load(args.record)  # its refusals name the file
    try:
        state = records.replay(record)
    except RecordError as exc:  # the record's refusals do not: this one is named once, after the rule
        raise RecordError(exc.rule, _("{what}: {problem}", what=shown_path(args.record), problem=exc.message)) from None
    print(ngettext("{record}: {game}, {players} players, {n} event, valid",
                   "{record}: {game}, {players} players, {n} events, valid", len(record["events"]),
                   record=args.record, game=record["game"], players=state.num_players))
    if state.is_terminal():
        if record.get("result") is None:
            print(_("note: the record stores no result, so only its moves were checked"))
            record = {**record, "result": state.result().to_dict()}
        _print_result(record)
    elif state.current_player == CHANCE:
        print(_("the game is not finished; a chance event is due (the next event is by 'chance')"))
    else:
        print(_("the game is not finished; seat {seat} is to act", seat=state.current_player))
    return 0


def cmd_arena(args) -> int:
    from .arena import arena, standings

    rules = _rules(args.rule, args.game)
    target = _writable_target(args.out, TABLE_FORMATS, "arena.csv") if args.out else None
    table = arena(args.game, args.bots, args.games, seed=args.seed, players=args.players, rules=rules,
                  jobs=args.jobs, progress=not args.quiet)
    if target is not None:
        if target.suffix.lower() == ".csv":
            _atomic_write(target, lambda p: table.to_csv(p, index=False), args.command)
        else:
            _atomic_write(target, lambda p: table.to_parquet(p, index=False), args.command)
    pairs, ratings = standings(table)
    games = len(table.groupby(["table", "deal", "rotation"]))
    print(ngettext("{game}, {players} players, {n} game, seed {seed}",
                   "{game}, {players} players, {n} games, seed {seed}", games, game=args.game,
                   players=args.players, seed=args.seed))
    for row in pairs.itertuples():
        print(_("{bot} against {other}: {wins:.1f} won of {meetings} ({rate:.1%}, 95 % interval {low:.1%} to "
                "{high:.1%})", bot=bot_name(row.bot), other=bot_name(row.other), wins=row.wins,
                meetings=row.meetings, rate=row.rate, low=row.low, high=row.high))
    first = ratings.bot[ratings.rating.abs().idxmin()]  # the first bot listed, the ratings' zero
    print(_("ratings (Bradley-Terry, Elo scale, {first} at 0):", first=bot_name(first)))
    for row in ratings.itertuples():
        print(_("  {bot}: {rating:+.0f}, {seconds:.4f} s of CPU time per move", bot=bot_name(row.bot),
                rating=row.rating, seconds=row.seconds_per_move))
    if target is not None:
        print(_("-> {target}", target=target))
    return 0


def _import_ms() -> float:
    """Milliseconds a fresh interpreter takes to ``import mandalakit`` (best of three)."""
    import subprocess

    code = "import time; t = time.perf_counter(); import mandalakit; print(time.perf_counter() - t)"
    runs = []
    for _run in range(3):
        with subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True) as proc, \
                interrupts.child(proc.pid):
            out = proc.communicate()[0]
        if proc.returncode:
            raise subprocess.CalledProcessError(proc.returncode, proc.args)
        runs.append(float(out))
    return 1000 * min(runs)


def cmd_bench(args) -> int:
    """Measure first, print after: a bad --players, --seed or --rule is refused with nothing printed."""
    from .fast.bench import compare, load_average

    rules = _rules(args.rule, args.game)
    bots = get_game(args.game).check_bot(args.bots)
    out, fast = compare(args.game, args.players, args.seconds, args.seed, rules, bots)
    print(_("import mandalakit: {ms:.0f} ms in a fresh interpreter", ms=_import_ms()))
    variant = "".join(f", {name}={_as_typed(value)}" for name, value in rules.items())
    if bots == "random":
        print(_("{game} {players}p{variant} random self-play, one core: {games_per_s:,.0f} games/s, "
                "{decisions_per_s:,.0f} decisions/s ({games} games, {decisions} decisions in {seconds:.2f} s of CPU "
                "time)", variant=variant, **out))
    else:
        print(_("{game} {players}p{variant} {bot} self-play, one core: {games_per_s:,.0f} games/s, "
                "{decisions_per_s:,.0f} decisions/s ({games} games, {decisions} decisions in {seconds:.2f} s of CPU "
                "time)", variant=variant, bot=bot_name(bots), **out))
    if fast is not None:
        print(_("{game} {players}p{variant} fast path (mandalakit.fast), one core: {games_per_s:,.0f} games/s, "
                "{decisions_per_s:,.0f} decisions/s ({games} games in {seconds:.2f} s of CPU time), {ratio:,.1f}x "
                "the reference engine", variant=variant, ratio=fast["games_per_s"] / out["games_per_s"], **fast))
    print(_("load average: {load}", load=load_average()))
    return 0


#: argparse's own sentences (CPython 3.11's Lib/argparse.py): its usage and help frame and its
#: refusals. argparse reads them through ``gettext.gettext``, which knows no catalogue of ours;
#: marked here, they are in the catalogue, and :func:`_argparse_speaks` hands argparse the language
#: in force while the command builds and reads its parser.
ARGPARSE_SENTENCES = (
    N_("usage: "), N_("show this help message and exit"),
    # Translators: a section title of the help, which argparse follows with ':' (French ends it with a no-break space)
    N_("positional arguments"), N_("options"),
    N_("%(prog)s: error: %(message)s\n"), N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("invalid %(type)s value: %(value)r"),
    N_("the following arguments are required: %s"), N_("one of the arguments %s is required"),
    N_("unrecognized arguments: %s"), N_("not allowed with argument %s"), N_("ignored explicit argument %r"),
    N_("expected one argument"), N_("expected at most one argument"), N_("expected at least one argument"),
    NN_("expected %s argument", "expected %s arguments"), N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"), N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"), N_("argument \"-\" with mode %r"),
    # mistakes in building a parser, not in using one; here so that the catalogue holds every sentence
    N_(".__call__() not defined"), N_("'required' is an invalid argument for positionals"),
    N_("mutually exclusive arguments must be optional"), N_("cannot merge actions - two groups are named %r"),
    N_("invalid option string %(option)r: must start with a character %(prefix_chars)r"),
    N_("dest= is required for options like %r"), N_("invalid conflict_resolution value: %r"),
    N_("cannot have multiple subparser arguments"), N_("%r is not callable"), N_("conflicting subparser: %s"),
    N_("conflicting subparser alias: %s"), NN_("conflicting option string: %s", "conflicting option strings: %s"),
)


@contextmanager
def _argparse_speaks() -> Iterator[None]:
    """While the block runs, argparse's own sentences (:data:`ARGPARSE_SENTENCES`) come from the
    catalogue in force, as every other sentence of the command; argparse's before and after.

    argparse looks its ``_`` and ``ngettext`` up as module globals when it builds a parser (group
    titles, ``-h``'s help) and when it formats usage, help and refusals, so both are lent for the
    block. Its sentences have ``%`` fields only: the catalogue's texts come back unfilled.
    """
    lent = argparse._, argparse.ngettext
    argparse._, argparse.ngettext = _, ngettext
    try:
        yield
    finally:
        argparse._, argparse.ngettext = lent


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mandalakit", description=_("Engines for Mandala, Flowers and Ohanami."))
    parser.add_argument("--language", choices=LANGUAGES, default="en",
                        help=_("language of the games' and records' refusals (en, fr); default en"))
    sub = parser.add_subparsers(dest="command", required=True)

    def game_args(p, players_required=True):
        p.add_argument("--game", required=True, choices=sorted(GAMES), help=_("which game"))
        p.add_argument("--players", metavar=_("PLAYERS"), type=_whole_number, required=players_required,
                       help=_("number of players"))
        p.add_argument("--seed", metavar=_("SEED"), type=_whole_number, default=0,
                       help=_("master seed (same seed, same games); default 0"))
        p.add_argument("--rule", action="append", type=_rule_option, default=[], metavar=_("NAME=VALUE"),
                       help=_("a rules option, e.g. --rule sakura_cap=none (repeatable, once per option)"))

    p = sub.add_parser("simulate", help=_("play many seat-balanced bot games into a CSV or Parquet table"))
    game_args(p)
    p.add_argument("--games", metavar=_("GAMES"), type=_positive_int, required=True, help=_("number of games"))
    p.add_argument("--bots", metavar=_("BOTS"), type=_bot_list, default=None,
                   help=_("bot names, one or one per seat: random,greedy"))
    p.add_argument("--jobs", metavar=_("JOBS"), type=_positive_int, default=None,
                   help=_("worker processes (default: all cores for 200 games or more)"))
    p.add_argument("--out", metavar=_("OUT"), required=True, help=_("output file, .csv or .parquet"))
    p.add_argument("--quiet", action="store_true", help=_("no progress bar"))
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("tournament", help=_("play bots x seats x rules options x player counts into one Parquet table"))
    p.add_argument("--game", required=True, choices=sorted(GAMES), help=_("which game"))
    p.add_argument("--players", metavar=_("PLAYERS"), type=_player_counts, default=None,
                   help=_("player counts separated by commas, e.g. 2,3,4 (default: every count of the game)"))
    p.add_argument("--bots", metavar=_("BOTS"), type=_bot_list, default=None,
                   help=_("bots that meet in every line-up, e.g. greedy,random or pimc,greedy (default: every bot "
                          "but the slow search bots pimc and ismcts)"))
    p.add_argument("--vary", action="append", type=_option_values, default=[], metavar=_("NAME=VALUE,VALUE"),
                   help=_("a rules option to vary, e.g. --vary sakura_cap=15,none (repeatable: every combination)"))
    p.add_argument("--rule", action="append", type=_rule_option, default=[], metavar=_("NAME=VALUE"),
                   help=_("a rules option fixed for every game (repeatable, once per option)"))
    p.add_argument("--rotations", metavar=_("ROTATIONS"), type=_positive_int, default=1,
                   help=_("full rotations over the seats per line-up and variant (rotations x players games); "
                          "default 1"))
    p.add_argument("--seed", metavar=_("SEED"), type=_whole_number, default=0,
                   help=_("base seed (same arguments, same table); default 0"))
    where = p.add_mutually_exclusive_group()
    where.add_argument("--jobs", metavar=_("JOBS"), type=_positive_int, default=None,
                       help=_("local worker processes (default: all cores for 200 games or more)"))
    where.add_argument("--dask-workers", type=_positive_int, default=None, metavar="N",
                       help=_("play on a local Dask cluster of N worker processes"))
    where.add_argument("--scheduler", type=_scheduler_address, default=None, metavar=_("ADDRESS"),
                       help=_("play on a running Dask cluster, e.g. tcp://10.0.0.5:8786"))
    p.add_argument("--out", metavar=_("OUT"), required=True, help=_("output file, .parquet"))
    p.add_argument("--quiet", action="store_true", help=_("no progress bar"))
    p.set_defaults(func=cmd_tournament)

    p = sub.add_parser("record", help=_("play one bot game and write its JSON record"))
    game_args(p)
    p.add_argument("--bots", metavar=_("BOTS"), type=_bot_list, default=None, help=_("bot names, one or one per seat"))
    p.add_argument("--out", metavar=_("OUT"), required=True, help=_("output file, .json"))
    p.set_defaults(func=cmd_record)

    p = sub.add_parser("replay", help=_("validate a JSON record by replaying it and print the result"))
    p.add_argument("record", metavar=_("RECORD"), help=_("a record written by 'mandalakit record' or the library"))
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("arena", help=_("bots meet seat-balanced on shared deals: win rates with 95 %% intervals and "
                                       "ratings"))
    p.add_argument("--game", required=True, choices=sorted(GAMES), help=_("which game"))
    p.add_argument("--bots", metavar=_("BOTS"), type=_bot_list, required=True,
                   help=_("the bots that meet, e.g. greedy,random,ismcts (every set of PLAYERS of them plays)"))
    p.add_argument("--games", metavar=_("GAMES"), type=_positive_int, required=True,
                   help=_("games per set of bots (rounded up to a multiple of PLAYERS: each deal once per seating)"))
    p.add_argument("--players", metavar=_("PLAYERS"), type=_whole_number, default=2,
                   help=_("players per game; default 2"))
    p.add_argument("--seed", metavar=_("SEED"), type=_whole_number, default=0,
                   help=_("base seed (same arguments, same games); default 0"))
    p.add_argument("--rule", action="append", type=_rule_option, default=[], metavar=_("NAME=VALUE"),
                   help=_("a rules option, e.g. --rule sakura_cap=none (repeatable, once per option)"))
    p.add_argument("--jobs", metavar=_("JOBS"), type=_positive_int, default=None,
                   help=_("worker processes (default: all cores for 200 games or more)"))
    p.add_argument("--out", metavar=_("OUT"), default=None, help=_("also write every game, .csv or .parquet"))
    p.add_argument("--quiet", action="store_true", help=_("no progress bar"))
    p.set_defaults(func=cmd_arena)

    p = sub.add_parser("bench", help=_("self-play throughput on one core: the engine and the fast path"))
    game_args(p, players_required=False)
    p.add_argument("--bots", metavar=_("BOT"), default="random",
                   help=_("the bot in every seat: random (default) or greedy"))
    p.add_argument("--seconds", metavar=_("SECONDS"), type=_seconds, default=3.0,
                   help=_("how long to measure (default 3)"))
    p.set_defaults(func=cmd_bench)
    # --language also after the command (`mandalakit replay game.json --language fr`); given
    # there, it replaces the one before the command.
    for command in sub.choices.values():
        command.add_argument("--language", choices=LANGUAGES, default=argparse.SUPPRESS,
                             help=_("language of the games' and records' refusals (en, fr); default en"))
    # A missing command is named by the commands themselves, in every language (not "command").
    sub.metavar = "{" + ",".join(sub.choices) + "}"
    return parser


def command() -> int:
    """The ``mandalakit`` command (``[project.scripts]``, ``python -m mandalakit``): SIGINT and
    SIGTERM handlers first, then :func:`main` on ``sys.argv``.

    From then on Ctrl-C or ``kill`` at any moment (while modules load, workers start, games are
    played or the output is written; a SIGINT ignored by the parent included) stops the
    command with one line on stderr and status 130 (SIGINT) or 143 (SIGTERM): its workers
    killed, no file written (:mod:`mandalakit.core.interrupts`).
    """
    interrupts.install()
    return main()


def main(argv: Sequence[str] | None = None) -> int:
    """The command line ``argv`` (default ``sys.argv[1:]``) run in this process; returns the
    exit status (0 ok, 2 error; 130 for a ``KeyboardInterrupt``, as in a notebook: the
    command itself stops on signals before, see :func:`command`)."""
    before = get_language()
    words = sys.argv[1:] if argv is None else argv
    set_language(_language_asked(words))
    if _command_asked(words):
        interrupts.set_message(_("mandalakit {command}: interrupted; nothing was written",
                                 command=_command_asked(words)))
    try:
        with _argparse_speaks():
            args = build_parser().parse_args(argv)
    except BaseException:  # argparse refuses (and exits) in the language asked, then it is put back
        set_language(before)
        raise
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
        print(_("mandalakit {command}: error: {message}", command=args.command, message=exc), file=sys.stderr)
    except OSError as exc:
        reason = os_reason(exc)
        if exc.filename is not None:
            reason = _("{reason}: {path}", reason=reason, path=shown_path(exc.filename))
        print(_("mandalakit {command}: error: {message}", command=args.command, message=reason), file=sys.stderr)
    except KeyboardInterrupt:
        print(_("mandalakit {command}: interrupted; nothing was written", command=args.command), file=sys.stderr)
        return 130
    finally:
        set_language(before)
    return 2


def _command_asked(argv: Sequence[str]) -> str:
    """The command word of a command line (``simulate``), read before argparse reads it: the
    first word that names a command, or ``""``."""
    commands = ("simulate", "tournament", "record", "replay", "bench")
    return next((word for word in argv if word in commands), "")


def _language_asked(argv: Sequence[str]) -> str:
    """The ``--language`` of a command line (``--language fr`` or ``--language=fr``), read before
    argparse reads the rest: argparse checks the other values (``--games 0``) as it reads them.

    The last one given counts, before or after the command, as argparse reads them. English for
    none or an unknown one (argparse then refuses the unknown one).
    """
    words = list(argv)
    code = "en"
    for i, word in enumerate(words):
        if word.startswith("--language="):
            code = word.partition("=")[2]
        elif word == "--language" and i + 1 < len(words):
            code = words[i + 1]
    return code if code in LANGUAGES else "en"


def _discard_stdout() -> None:
    """Point stdout at devnull, so the buffered rest fails nowhere when Python exits."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # a stdout without a file descriptor (tests)
        pass


if __name__ == "__main__":  # pragma: no cover
    sys.exit(command())
