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
import os
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from .cli_args import (as_typed, bots_arg, check_digits, positive_arg, rule_arg, rules_from_args, scheduler_arg,
                       seconds_arg, whole_number_arg)
from .cli_output import atomic_write, writable_target
from .core import interrupts
from .core.errors import MandalakitError, RecordError, RulesError, shown, shown_path
from .core.messages import (LANGUAGES, NN_, N_, _, bot_name, get_language, ngettext, number,
                            os_reason, set_language)
from .core.options import check_jobs
from .core.registry import GAMES, get_game

TABLE_FORMATS = (".csv", ".parquet")


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

    rules = rules_from_args(args.rule, args.game)
    target = writable_target(args.out, TABLE_FORMATS, "runs.csv")
    frames = simulate_frames(args.game, _players(args), args.games, seed=args.seed, bots=args.bots,
                             rules=rules, jobs=args.jobs, progress=not args.quiet, scheduler=args.scheduler,
                             dask_workers=args.dask_workers)
    tally = _Tally()
    atomic_write(target, lambda p: write_table(tally.count(frames), p, target.suffix), args.command)
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
        check_digits(name, value)
    return name, raw.split(",")


def _player_counts(text: str) -> list[int]:
    """``--players`` of a tournament: whole numbers separated by commas (``2,3,4``)."""
    return [whole_number_arg(t) for t in text.split(",")]


def cmd_tournament(args) -> int:
    from .tournament import tournament_frames, write_parquet

    rules = rules_from_args(args.rule, args.game, read_files=False)
    vary = rules_from_args(args.vary, args.game, read_files=False, flag="--vary")
    target = writable_target(args.out, (".parquet",), "tournament.parquet")
    spec = get_game(args.game)
    start = time.perf_counter()
    frames = tournament_frames(args.game, players=args.players, bots=args.bots, vary=vary, rules=rules,
                               rotations=args.rotations, seed=args.seed, jobs=args.jobs, scheduler=args.scheduler,
                               dask_workers=args.dask_workers, progress=not args.quiet)
    players = args.players or list(range(spec.min_players, spec.max_players + 1))  # checked by tournament_frames
    arguments = {"game": args.game, "players": players,
                 "bots": args.bots, "vary": {k: [as_typed(v) for v in vs] for k, vs in vary.items()},
                 "rules": {k: as_typed(v) for k, v in rules.items()}, "rotations": args.rotations, "seed": args.seed}
    tally = _Tally()
    atomic_write(target, lambda p: write_parquet(tally.count(frames), p, arguments), args.command)
    seconds = time.perf_counter() - start
    print(ngettext("{n} game, {rows} rows -> {target}; win rate by bot: {wins}; played in {seconds:.1f} s of "
                   "wall-clock time ({rate:,.0f} games/s, workers started included)",
                   "{n} games, {rows} rows -> {target}; win rate by bot: {wins}; played in {seconds:.1f} s of "
                   "wall-clock time ({rate:,.0f} games/s, workers started included)", tally.games,
                   rows=tally.rows, target=target, wins=tally.win_rates(), seconds=seconds,
                   rate=tally.games / seconds))
    return 0


def _players(args) -> int:
    """``--players``, which a game played by one number of players only (Mandala: 2) may leave out;
    else :class:`RulesError` under the game's rule of the player count."""
    spec = get_game(args.game)
    if args.players is not None:
        return args.players
    if spec.min_players == spec.max_players:
        return spec.min_players
    raise RulesError(spec.player_rule, _("{game} is played by {low} to {high} players: say how many with --players, "
                                         "e.g. --players {low}.", game=spec.name, low=spec.min_players,
                                         high=spec.max_players))


def cmd_record(args) -> int:
    from .core import records
    from .simulate import play_one, resolve_bots

    rules = rules_from_args(args.rule, args.game)
    target = writable_target(args.out, (".json",), "game.json")
    spec = get_game(args.game)
    players = _players(args)
    names = resolve_bots(spec, players, args.bots)
    state, seat_bots = play_one(spec, players, spec.make_rules(rules), names, args.seed, 0)
    record = records.from_state(state, players=seat_bots, seed=args.seed)
    atomic_write(target, lambda p: records.save(record, p), args.command)
    print(ngettext("{n} event -> {target}", "{n} events -> {target}", len(record["events"]), target=target))
    _print_result(record)
    return 0


def _print_result(record: dict) -> None:
    result = record["result"]
    for seat, player in enumerate(record["players"]):
        name = player.get("name", f"seat {seat}")  # records.save's name for a player without one
        who = (_("player {seat:+1}", seat=seat) if name.casefold() == f"seat {seat}"
               else _("player {seat:+1} ({name})", seat=seat, name=bot_name(name)))
        score = result["scores"][seat]
        if seat in result["winners"]:
            print(_("{who}: {score}  winner", who=who, score=score))
        else:
            print(_("{who}: {score}", who=who, score=score))
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
        print(_("the game is not finished; player {seat:+1} is to act (\"by\": {seat})",
                seat=state.current_player))
    return 0


def cmd_arena(args) -> int:
    from .arena import arena, standings

    rules = rules_from_args(args.rule, args.game)
    target = writable_target(args.out, TABLE_FORMATS, "arena.csv") if args.out else None
    table = arena(args.game, args.bots, args.games, seed=args.seed, players=args.players, rules=rules,
                  jobs=args.jobs, progress=not args.quiet)
    if target is not None:
        if target.suffix.lower() == ".csv":
            atomic_write(target, lambda p: table.to_csv(p, index=False), args.command)
        else:
            atomic_write(target, lambda p: table.to_parquet(p, index=False), args.command)
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
        print(_("  {bot}: {rating:+.0f}, {time} of CPU time per move", bot=bot_name(row.bot),
                rating=row.rating, time=cpu_time(row.seconds_per_move)))
    if target is not None:
        print(_("-> {target}", target=target))
    return 0


def cpu_time(seconds: float) -> str:
    """A time per move as people read it, in the unit that gives it three digits or so: ``"1.23 s"``,
    ``"45.6 ms"``, ``"7.8 µs"`` (``"0 µs"`` below a nanosecond), with the language's decimal sign."""
    def three(x: float) -> str:
        return number(x, ".0f" if x >= 100 or x == 0 else ".1f" if x >= 10 else ".2f")

    if seconds >= 1:
        return _("{n} s", n=number(seconds, ".2f"))
    if seconds >= 1e-3:
        return _("{n} ms", n=three(seconds * 1e3))
    return _("{n} µs", n=three(seconds * 1e6))


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
    from .core.search import SEARCH_BOTS
    from .fast.bench import compare, load_average

    rules = rules_from_args(args.rule, args.game)
    bots = get_game(args.game).bot_behind(args.bots)  # a level is its bot: "hard" is the search
    if bots in SEARCH_BOTS:  # it thinks before every move: a whole game overruns the seconds asked
        raise RulesError("options", _("bench counts whole games per second, and a search bot ({bot}) thinks before "
                                      "every move; mandalakit arena measures its CPU time per move, e.g. "
                                      "mandalakit arena --game {game} --bots {name},greedy --games 2",
                                      bot=bot_name(bots), game=args.game, name=bots))
    out, fast = compare(args.game, args.players, args.seconds, args.seed, rules, bots)
    print(_("import mandalakit: {ms:.0f} ms in a fresh interpreter", ms=_import_ms()))
    variant = "".join(f", {name}={as_typed(value)}" for name, value in rules.items())
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


class _CommandParser(argparse.ArgumentParser):
    """A command's parser (``mandalakit simulate``) that refuses words it does not know itself,
    with its own usage: argparse would hand them up to ``mandalakit``, whose usage and refusal
    name no option of the command."""

    def parse_known_args(self, args=None, namespace=None):
        namespace, extras = super().parse_known_args(args, namespace)
        if extras:
            self.error(_("unrecognized arguments: %s") % " ".join(extras))
        return namespace, extras


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mandalakit", description=_("Engines for Mandala, Flowers and Ohanami."))
    parser.add_argument("--language", choices=LANGUAGES, default="en",
                        help=_("language of what the command writes, its refusals too (en, fr); default en"))
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_CommandParser)

    def game_args(p, players_help=N_("number of players (may be left out for Mandala, a game of 2)")):
        p.add_argument("--game", required=True, choices=sorted(GAMES), help=_("which game"))
        p.add_argument("--players", metavar=_("PLAYERS"), type=whole_number_arg, default=None, help=_(players_help))
        p.add_argument("--seed", metavar=_("SEED"), type=whole_number_arg, default=0,
                       help=_("master seed (same seed, same games); default 0"))
        p.add_argument("--rule", action="append", type=rule_arg, default=[], metavar=_("NAME=VALUE"),
                       help=_("a rules option, e.g. --rule sakura_cap=none (repeatable, once per option)"))

    def output_args(p, out_help, *, jobs=True, required=True,
                    jobs_help=N_("worker processes (default: all cores for 200 games or more)")):
        if jobs:
            p.add_argument("--jobs", metavar=_("JOBS"), type=positive_arg, default=None, help=_(jobs_help))
        p.add_argument("--out", metavar=_("OUT"), required=required, default=None, help=out_help)
        p.add_argument("--quiet", action="store_true", help=_("no progress bar"))

    def where_args(p, jobs_help):
        """Where the games are played: local worker processes, or a Dask cluster (one of the three)."""
        where = p.add_mutually_exclusive_group()
        where.add_argument("--jobs", metavar=_("JOBS"), type=positive_arg, default=None, help=_(jobs_help))
        where.add_argument("--dask-workers", type=positive_arg, default=None, metavar="N",
                           help=_("play on a local Dask cluster of N worker processes"))
        where.add_argument("--scheduler", type=scheduler_arg, default=None, metavar=_("ADDRESS"),
                           help=_("play on a running Dask cluster, e.g. tcp://10.0.0.5:8786"))

    p = sub.add_parser("simulate", help=_("play many seat-balanced bot games into a CSV or Parquet table"))
    game_args(p)
    p.add_argument("--games", metavar=_("GAMES"), type=positive_arg, required=True, help=_("number of games"))
    p.add_argument("--bots", metavar=_("BOTS"), type=bots_arg, default=None,
                   help=_("bot names, one or one per seat: random,greedy"))
    where_args(p, N_("worker processes (default: one for games the compiled fast path plays, otherwise all "
                     "cores for 200 games or more)"))
    output_args(p, _("output file, .csv or .parquet"), jobs=False)
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("tournament", help=_("play bots x seats x rules options x player counts into one Parquet table"))
    p.add_argument("--game", required=True, choices=sorted(GAMES), help=_("which game"))
    p.add_argument("--players", metavar=_("PLAYERS"), type=_player_counts, default=None,
                   help=_("player counts separated by commas, e.g. 2,3,4 (default: every count of the game)"))
    p.add_argument("--bots", metavar=_("BOTS"), type=bots_arg, default=None,
                   help=_("bots that meet in every line-up, e.g. greedy,random or pimc,greedy (default: every bot "
                          "but the slow search bots pimc and ismcts)"))
    p.add_argument("--vary", action="append", type=_option_values, default=[], metavar=_("NAME=VALUE,VALUE"),
                   help=_("a rules option to vary, e.g. --vary sakura_cap=15,none (repeatable: every combination)"))
    p.add_argument("--rule", action="append", type=rule_arg, default=[], metavar=_("NAME=VALUE"),
                   help=_("a rules option fixed for every game (repeatable, once per option)"))
    p.add_argument("--rotations", metavar=_("ROTATIONS"), type=positive_arg, default=1,
                   help=_("full rotations over the seats per line-up and variant (rotations x players games); "
                          "default 1"))
    p.add_argument("--seed", metavar=_("SEED"), type=whole_number_arg, default=0,
                   help=_("base seed (same arguments, same table); default 0"))
    where_args(p, N_("local worker processes (default: all cores for 200 games or more)"))
    output_args(p, _("output file, .parquet"), jobs=False)
    p.set_defaults(func=cmd_tournament)

    p = sub.add_parser("record", help=_("play one bot game and write its JSON record"))
    game_args(p)
    p.add_argument("--bots", metavar=_("BOTS"), type=bots_arg, default=None, help=_("bot names, one or one per seat"))
    p.add_argument("--out", metavar=_("OUT"), required=True, help=_("output file, .json"))
    p.set_defaults(func=cmd_record)

    p = sub.add_parser("replay", help=_("validate a JSON record by replaying it and print the result"))
    p.add_argument("record", metavar=_("RECORD"), help=_("a record written by 'mandalakit record' or the library"))
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("arena", help=_("bots meet seat-balanced on shared deals: win rates with 95 %% intervals and "
                                       "ratings"))
    p.add_argument("--game", required=True, choices=sorted(GAMES), help=_("which game"))
    p.add_argument("--bots", metavar=_("BOTS"), type=bots_arg, required=True,
                   help=_("the bots that meet, e.g. greedy,random,ismcts (every set of PLAYERS of them plays)"))
    p.add_argument("--games", metavar=_("GAMES"), type=positive_arg, required=True,
                   help=_("games per set of bots (rounded up to a multiple of PLAYERS: each deal once per seating)"))
    p.add_argument("--players", metavar=_("PLAYERS"), type=whole_number_arg, default=2,
                   help=_("players per game; default 2"))
    p.add_argument("--seed", metavar=_("SEED"), type=whole_number_arg, default=0,
                   help=_("base seed (same arguments, same games); default 0"))
    p.add_argument("--rule", action="append", type=rule_arg, default=[], metavar=_("NAME=VALUE"),
                   help=_("a rules option, e.g. --rule sakura_cap=none (repeatable, once per option)"))
    output_args(p, _("also write every game, .csv or .parquet"), required=False)
    p.set_defaults(func=cmd_arena)

    p = sub.add_parser("bench", help=_("self-play throughput on one core: the engine and the fast path"))
    game_args(p, players_help=N_("number of players (default: the fewest the game is played by)"))
    p.add_argument("--bots", metavar=_("BOT"), default="random",
                   help=_("the bot in every seat: random (default), greedy, or another bot of the game but the "
                          "search bots pimc and ismcts (mandalakit arena measures them)"))
    p.add_argument("--seconds", metavar=_("SECONDS"), type=seconds_arg, default=3.0,
                   help=_("how long to measure (default 3)"))
    p.set_defaults(func=cmd_bench)
    # --language also after the command (`mandalakit replay game.json --language fr`); given
    # there, it replaces the one before the command.
    for command in sub.choices.values():
        command.add_argument("--language", choices=LANGUAGES, default=argparse.SUPPRESS,
                             help=_("language of what the command writes, its refusals too (en, fr); default en"))
    # A missing command is named by the commands themselves, in every language (not "command").
    sub.metavar = "{" + ",".join(sub.choices) + "}"
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """The command line ``argv`` (default ``sys.argv[1:]``) run in this process; returns the
    exit status (0 ok, 2 error; 130 for a ``KeyboardInterrupt``, as in a notebook: the
    command itself stops on signals before, see :func:`mandalakit.console.command`)."""
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
        for jobs in (getattr(args, "jobs", None), getattr(args, "dask_workers", None)):
            if jobs is not None:
                check_jobs(jobs)  # at once: a run refused for its workers loads nothing first
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
    commands = ("simulate", "tournament", "arena", "record", "replay", "bench")
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
