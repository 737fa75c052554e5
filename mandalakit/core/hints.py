"""Hints that explain: a move, and why in a pupil's words from what the move changes on the board.

>>> from mandalakit.core.hints import hint
>>> from mandalakit.mandala import new_game
>>> state = new_game(2, seed=3)
>>> advice = hint("mandala", state.observation(0), state.legal_moves(), seed=1)  # doctest: +SKIP
>>> advice.sentence  # doctest: +SKIP
'It draws 1 card: 15 of the 96 cards you cannot see are green, so about 0 of them ...'

The move is the one the game's ``pimc`` bot prefers (:class:`~mandalakit.core.search.PIMCBot`:
the moves the greedy bot likes best, each tried on the same samples of the hidden cards and
played on to the end by greedy bots) at half its rollouts, well under a second of CPU time.
``seconds`` also bounds its wall-clock time, for a page that must answer a click quickly on a
busy machine (the board views pass :data:`HINT_SECONDS`).

The *sentence* never quotes the search (no games played out, no share of wins: issue 30); it
says what the move changes on the board, each fact computed by the engine in that position:

- points now: the seat's score (``State.scores``) after the move minus before (a Mandala pick
  into the river and cup, a Flowers tile);
- points at the end of the round (Ohanami): the cards the move lays in the seat's rows, scored
  by the game's round scoring with and without them (O-3.1 to O-3.3), and the pink cards,
  which score at the end of round 3 (O-3.3, O-3.4);
- the bigger field (Mandala): the seat's field of a mandala against the other's after a field
  play, since the bigger field chooses first at the completion (M-5.2);
- the claim marker taken (Flowers F-3.6);
- the cards likely to come: the cards it draws and the colour most common among the cards the
  seat cannot see, with the counts that is based on (Mandala M-4.1, M-4.3; Flowers F-3.3).

Each game computes its facts (``GameSpec.hints``: a module with ``hint_facts(state, seat,
move)``, most through :func:`board_facts`, which asks the game what the seat cannot see,
``GameSpec.unseen``); this module searches, words the facts and names no game.

Every number a sentence quotes is a field of the :class:`Hint`, and :attr:`Hint.reasons` names
the templates used, so a test checks each number against the engine. The search's own figures
(``expected``, ``gain``, ``wins``, ``rollouts``) stay on the Hint for "why the bot thinks so".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .contract import Seed
from .messages import _, colour, ngettext
from .registry import get_game
from .search import PIMCBot

#: Share of the ``pimc`` bot's rollouts a hint uses.
HINT_SHARE = 2
#: Wall-clock seconds of search the board views give a hint (a click answers in well under a second).
HINT_SECONDS = 0.3
#: Where a hint's rollouts are played (:class:`~mandalakit.core.search.PIMCBot`'s ``playouts``):
#: in the engine, always. The fast path's first use in a process compiles or loads its kernels
#: (10-20 s on a fresh install), and a hint must answer a click in under a second.
HINT_PLAYOUTS = "reference"


@dataclass(frozen=True)
class Hint:
    """A hinted move and why.

    Attributes
    ----------
    move : the move (one of the legal moves)
    sentence : str
        Why, in the language in force, from the facts below (never the search's figures).
    reasons : tuple of str
        The facts the sentence says, in its order: ``"now"``, ``"round"``, ``"pink"``,
        ``"field"``, ``"claim"``, ``"draws"``; ``"best"`` when none applies (the search liked
        the move best), ``"only"`` for the only legal move.
    expected : int
        The seat's mean final score after the move, over the search's rollouts (points, rounded).
    gain : int or None
        ``expected`` minus that of the next best move searched (points, rounded); ``None`` if
        only one move was searched.
    wins : int
        Rollouts after the move that the seat won (shared victories count 1/k; rounded).
    rollouts : int
        Rollouts that measured the move.
    draws : int
        Cards the move draws (Mandala M-4.1, M-4.3; Flowers F-3.3); 0 if none or unknown.
    likely : tuple (colour name, likely count, cards of that colour unseen, cards unseen) or None
        The colour most common among the cards the seat cannot see, and how many of the
        ``draws`` are likely of it (``draws × unseen of it / unseen``, rounded).
    now : int
        Points the move adds to the seat's score now (``State.scores``).
    round_points : int
        Ohanami: points the cards the move lays in the rows (a pick: both cards kept) add at the
        end of this round (O-3.1 to O-3.3).
    laid : int
        Ohanami: those cards.
    picked : bool
        Ohanami: the move is a pick (its cards are not laid yet).
    pink : tuple (pink cards in the rows then, points they add at the end of round 3) or None
        Ohanami before round 3, when the move lays pink cards (O-3.3, O-3.4).
    field : tuple (mandala, cards in the seat's field then, cards in the other's) or None
        Mandala: a field play (M-4.2, M-5.2).
    claim : int or None
        Flowers: the mandala (0-based) whose claim marker the move takes (F-3.6).
    """

    move: object
    sentence: str
    expected: int
    gain: int | None
    wins: int
    rollouts: int
    reasons: tuple = ()
    draws: int = 0
    likely: tuple | None = None
    now: int = 0
    round_points: int = 0
    laid: int = 0
    picked: bool = False
    pink: tuple | None = None
    field: tuple | None = None
    claim: int | None = None


def hint(game: str, observation, legal_moves: Sequence, *, seed: Seed = 0, rules=None,
         seconds: float | None = None) -> Hint:
    """The move a small search prefers for ``observation``'s seat, and why (see the module).

    Parameters
    ----------
    game : str
    observation : the game's Observation, at a decision of its seat
    legal_moves : sequence
        The legal moves of that decision.
    seed : int, Generator or None
        The search's generator (same seed, same hint).
    rules : the game's Rules, optional
    seconds : float or None
        Most wall-clock seconds of search (at least one sample of the hidden cards is searched);
        ``None``: only the rollouts bound it, and the same seed gives the same hint.

    Returns
    -------
    Hint
    """
    spec = get_game(game)
    settings = dict(spec.bots["pimc"].keywords)
    settings["iterations"] = max(8, settings["iterations"] // HINT_SHARE)
    bot = PIMCBot(game, seed, **{**settings, "rules": rules, "seconds": seconds, "playouts": HINT_PLAYOUTS})
    move = bot.choose(observation, legal_moves)
    stats = bot.stats[move]
    others = sorted((s.mean_points for m, s in bot.stats.items() if s.visits and m != move), reverse=True)
    expected = round(stats.mean_points)
    gain = round(stats.mean_points - others[0]) if others else None
    wins = round(stats.wins)
    facts = _facts(spec, observation, move, rules)
    reasons, sentence = _sentence(facts)
    if len(legal_moves) == 1:  # no choice: what it does is still worth knowing
        only = _("It is the only move you can make.")
        reasons, sentence = (("only",), only) if reasons == ("best",) else (("only", *reasons), f"{only} {sentence}")
    return Hint(move, sentence, expected, gain, wins, stats.visits, reasons=reasons, **facts)


def _facts(spec, observation, move, rules) -> dict:
    """What ``move`` changes on the board for the observation's seat (the :class:`Hint`'s
    fact fields), computed by the game (``GameSpec.hints``) on a state built from the observation."""
    module = spec.module("hints")
    if module is None:
        return {}
    return module.hint_facts(spec.from_observation(observation, rules), observation.player, move)


def board_facts(state, me: int, move, *, hand, played: int) -> tuple[dict, object]:
    """The facts every card game of the kit shares, and the state after ``move``: the points it
    adds now (``now``: ``State.scores`` after minus before) and the cards it draws into the seat's
    hand (``draws``), with the likeliest colour among the cards the seat cannot see (``likely``,
    from ``GameSpec.unseen``). ``hand(state)`` counts the seat's cards in hand; ``played`` is the
    number of cards the move takes out of it.

    A draw that needs a reshuffle stops at the chance node: nothing is drawn yet."""
    after = state.clone()
    after.rng = None
    after.apply(move)
    facts = {"now": after.scores()[me] - state.scores()[me]}
    draws = hand(after) - (hand(state) - played)
    facts["draws"], facts["likely"] = _likely(draws, get_game(state.game).unseen(state, me))
    return facts, after


def _sentence(facts: dict) -> tuple[tuple[str, ...], str]:
    """The reasons' template names and the sentence that says them, from :func:`_facts`."""
    said, reasons = [], []
    if facts.get("now", 0) > 0:
        reasons.append("now")
        said.append(ngettext("It scores {n} point now.", "It scores {n} points now.", facts["now"]))
    if facts.get("round_points", 0) > 0:
        reasons.append("round")
        n, k = facts["round_points"], facts["laid"]
        if facts["picked"]:
            said.append(ngettext("Laid in your rows, these cards add {n} point at the end of this round.",
                                 "Laid in your rows, these cards add {n} points at the end of this round.", n))
        else:
            said.append(ngettext("Your rows then score {n} more point at the end of this round.",
                                 "Your rows then score {n} more points at the end of this round.", n))
    if facts.get("pink"):
        reasons.append("pink")
        k, n = facts["pink"]
        said.append(ngettext("Pink cards score together at the end of round 3: with {k} of them, {n} point more.",
                             "Pink cards score together at the end of round 3: with {k} of them, {n} points more.",
                             n, k=k))
    if facts.get("field"):
        m, mine, theirs = facts["field"]
        if mine > theirs:
            reasons.append("field")
            said.append(ngettext("Your field of mandala {mandala} then holds {n} card against {theirs}: the bigger "
                                 "field chooses first when the mandala is completed.",
                                 "Your field of mandala {mandala} then holds {n} cards against {theirs}: the bigger "
                                 "field chooses first when the mandala is completed.", mine, mandala="AB"[m],
                                 theirs=theirs))
    if facts.get("claim") is not None:
        reasons.append("claim")
        said.append(_("It takes the claim marker of mandala {mandala}: you choose a tile first when it is "
                      "completed.", mandala=facts["claim"] + 1))
    likely = facts.get("likely")
    if likely is not None:
        reasons.append("draws")
        name, k, of_colour, unseen = likely
        text = ngettext("It draws {n} card:", "It draws {n} cards:", facts["draws"]) + " " + ngettext(
            "{n} of the {unseen} cards you cannot see is {colour}",
            "{n} of the {unseen} cards you cannot see are {colour}", of_colour, unseen=unseen,
            colour=colour(name, of_colour))
        if k:  # each count agrees with its own noun: "about 1 of them is likely red"
            text += ngettext(", so about {n} of them is likely {colour}.",
                             ", so about {n} of them are likely {colour}.", k, colour=colour(name, k))
        else:
            text += _(", the colour you are most likely to draw.")
        said.append(text)
    if not said:
        return ("best",), _("Of the moves the bot tried, this one led to the best games for you.")
    return tuple(reasons), " ".join(said)


def _likely(draws: int, unseen: dict) -> tuple[int, tuple | None]:
    """Cards drawn (at least 0), and the likeliest colour among the cards the seat cannot see
    (``unseen``: colour name -> count): ``(colour name, likely count of it among the draws, unseen
    cards of it, unseen cards)``, or ``None`` if nothing is drawn or nothing is unseen."""
    names, counts = list(unseen), list(unseen.values())
    total = sum(counts)
    if draws <= 0 or not total:
        return max(draws, 0), None
    c = max(range(len(counts)), key=counts.__getitem__)
    return draws, (names[c], round(draws * counts[c] / total), counts[c], total)
