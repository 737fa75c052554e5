"""Ohanami in compiled loops: whole games of random and greedy bots (O-2, O-3).

The kernel :func:`play_games` plays a batch of games from given randomness, each game exactly as
:class:`mandalakit.ohanami.state.OhanamiState` plays it: deal of O-2.1, picks and passing of
O-2.2 (left, right, left), placements listed in the order of
:func:`mandalakit.ohanami.moves.placement_steps` (O-2.3 to O-2.5), scoring of O-3 with the
``sakura_cap`` ruling (O-3.4), tie-break of O-3.5. The bots choose as
:class:`mandalakit.core.bots.RandomBot` and :class:`mandalakit.ohanami.bots.GreedyBot` do, from
the same stream of uniform numbers. :func:`record` writes a game as a record that the
reference engine replays (``tests/engines/test_fast.py`` replays thousands).

Card and row codes: cards 1..120; a placement step's row is 1..3, or 0 to discard. A logged
decision is one int64: a pick ``a | b << 8``; a placement ``a | ra << 8 | b << 16 | rb << 24``
(steps in placement order).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from ..ohanami import scoring
from ..ohanami.cards import DECK_SIZE, HAND_SIZE, PINK, SUIT_OF
from ._jit import njit, shared
from .seeds import from_generator, permutations, shuffle, to_generator

GAME = "ohanami"
RANDOM, GREEDY = 0, 1
#: Bots the kernel plays, by name (codes RANDOM, GREEDY).
BOTS = ("random", "greedy")
ROUNDS, STEPS, MAX_ROWS = 3, 5, 3
#: Uniform numbers one seat may use in a game: a random bot uses 27, a greedy one at most
#: 3 x (10 + 8 + 6 + 4 + 5 x 17) = 339 (one per card valued, one per placement valued).
STREAM = 512
STREAMS = {"random": STREAM, "greedy": STREAM}
#: How each bot uses its numbers: a random bot in blocks of 512 from the last, a greedy one in order (0).
BLOCKS = {"random": 512, "greedy": 0}
#: Decisions a seat makes in a game: 4 picks and 5 placements a round (the 5th pick is forced).
DECISIONS = ROUNDS * (STEPS - 1 + STEPS)
_ROW_CELLS = 64  # a row grows at both ends from the middle of its cells
_MID = 32
_SUIT = np.array((0,) + SUIT_OF[1:], dtype=np.int64)  # by card number (index 0 unused)
#: GreedyBot._FUTURE as a table [round - 1][suit] (pink unused: valued by the sakura table).
_FUTURE = np.array([[9.0, 8.0, 7.0, 0.0], [6.0, 8.0, 7.0, 0.0], [3.0, 4.0, 7.0, 0.0]])
_ROOM_WEIGHT = 0.05  # GreedyBot's default room_weight
_SPAN = 119
#: The ``sakura_cap`` ruling None (the open formula, O-3.4) as the kernels hold it: more pink
#: cards than the deck has (34).
NO_CAP = DECK_SIZE


class Batch:
    """The outcome of :func:`play_games` for ``B`` games of ``P`` players (numpy arrays).

    Attributes
    ----------
    decks : (B, 120) int64, the shuffled deck of each game, top card first (O-2.1)
    bots : (B, P) int64, the bot code of each seat
    round_scores : (B, P, 3) int64, points of each round (O-3.1 to O-3.3)
    counts : (B, P, 4) int64, cards in rows by suit (blue, green, grey, pink)
    log : (B, P, 27) int64, each seat's decisions in order (codes in the module docstring)
    cells, ends : row contents ``cells[b, p, r, lo:hi]`` for ``(lo, hi) = ends[b, k, p, r]``
        at the end of round ``k + 1`` (an empty range: no such row yet)
    """

    def __init__(self, decks, bots, players, records=True):
        games = len(decks)
        self.decks = decks
        self.bots = bots
        self.players = players
        self.rules = {"sakura_cap": 15}
        self.round_scores = np.zeros((games, players, ROUNDS), np.int64)
        self.counts = np.zeros((games, players, 4), np.int64)
        self.log = np.zeros((games, players, DECISIONS), np.int32)  # kept always: 1 kB a game at most
        self.cells = np.zeros((games, players, MAX_ROWS, _ROW_CELLS), np.int8)
        self.ends = np.zeros((games, ROUNDS, players, MAX_ROWS, 2), np.int8)

    @classmethod
    def from_states(cls, states, bots, players, records=True):
        """Game ``i`` shuffled by the generator ``states[i]`` (:mod:`mandalakit.fast.seeds`), as a
        reference game shuffles with its own."""
        decks = np.empty((len(states), DECK_SIZE), np.int64)
        permutations(states, DECK_SIZE, decks)
        return cls(decks + 1, bots, players)

    @classmethod
    def from_generator(cls, rng, bots, players, records=True):
        """Every game shuffled by ``rng``: the decks of ``rng.permuted`` of every row of cards,
        drawn in a compiled loop (0.6 microseconds a deck less)."""
        decks = np.empty((len(bots), DECK_SIZE), np.int64)
        state = from_generator(rng)
        _shuffled_decks(state, decks)
        to_generator(state, rng)
        return cls(decks, bots, players)

    def decisions(self) -> np.ndarray:
        """(B,) moves made by all seats in each game."""
        return np.full(len(self.decks), DECISIONS * self.players, np.int64)

    def reshuffles(self) -> np.ndarray:
        """(B,) reshuffles in each game: none in Ohanami."""
        return np.zeros(len(self.decks), np.int64)

    def end_reasons(self) -> list[str]:
        """The rule that ended each game (``OhanamiState.end_reason``)."""
        return ["O-2.1"] * len(self.decks)

    def rules_dict(self) -> dict:
        return dict(self.rules)

    def setup(self) -> dict:
        return {}

    def scores(self) -> np.ndarray:
        """(B, P) final scores (O-3.5)."""
        return self.round_scores.sum(axis=2)

    def winners(self) -> np.ndarray:
        """(B, P) bool: the seats that win after the tie-break on pink cards (O-3.5)."""
        key = self.scores() * 64 + self.counts[:, :, PINK]  # at most 34 pink cards
        return key == key.max(axis=1, keepdims=True)


@njit
def _shuffled_decks(state, decks):
    """Every row of ``decks`` the cards 1 to 120 shuffled from the generator ``state``, row
    after row, as ``Generator.permuted(..., axis=1)`` shuffles them."""
    for g in range(decks.shape[0]):
        for i in range(DECK_SIZE):
            decks[g, i] = i + 1
        shuffle(state, decks[g])


def supports(rules: Mapping) -> bool:
    """Every Ohanami ruling is played (``sakura_cap``, O-3.4)."""
    return set(rules) <= {"sakura_cap"}


def stream_size(bots: np.ndarray) -> int:
    """Uniform numbers a seat needs in a batch of games played by ``bots`` (codes)."""
    return STREAM if (bots == GREEDY).any() else DECISIONS


def play_games(batch: Batch, streams: np.ndarray, rules: Mapping) -> None:
    """Play every game of ``batch`` to the end, filling its outcome arrays.

    Parameters
    ----------
    batch : Batch
        Decks and bots set; the outcome arrays are overwritten.
    streams : (B, P, n) float64
        Each seat's uniform numbers in [0, 1), in the order its bot uses them
        (n >= :func:`stream_size`).
    rules : mapping
        ``Rules.to_dict()``: ``sakura_cap`` (O-3.4), a whole number or None.
    """
    batch.rules = {"sakura_cap": rules.get("sakura_cap", 15)}
    cap = batch.rules["sakura_cap"] or NO_CAP
    _play_games(batch.players, batch.decks, batch.bots, streams, cap, batch.round_scores, batch.counts, batch.log,
                batch.cells, batch.ends)


@njit
def _card_value(card, suit, lo, hi, nrows, rnd, pink):
    """GreedyBot._card_value: the best value of placing ``card`` alone, or 0.0 to discard."""
    worth = float(pink + 1) if suit == PINK else _FUTURE[rnd - 1, suit]
    best = 0.0
    for r in range(nrows):
        if card > hi[r]:
            best = max(best, worth - _ROOM_WEIGHT * (card - hi[r]))
        elif card < lo[r]:
            best = max(best, worth - _ROOM_WEIGHT * (lo[r] - card))
    if nrows < MAX_ROWS:
        best = max(best, worth)
    return best


@njit
def _place_value(a, ra, b, rb, lo, hi, nrows, rnd, pink):
    """GreedyBot._place_value of the placement ``a>ra b>rb`` (ends of rows only matter)."""
    lo2 = lo.copy()
    hi2 = hi.copy()
    n = nrows
    value = 0.0
    for k in range(2):
        card = a if k == 0 else b
        row = ra if k == 0 else rb
        if row == 0:
            continue
        suit = _SUIT[card]
        if suit == PINK:
            pink += 1
            value += pink
        else:
            value += _FUTURE[rnd - 1, suit]
        if row > n:
            lo2[n] = card
            hi2[n] = card
            n += 1
        elif card > hi2[row - 1]:
            hi2[row - 1] = card
        else:
            lo2[row - 1] = card
    room = _SPAN * (MAX_ROWS - n)
    for r in range(n):
        room += lo2[r] - 1 + 120 - hi2[r]
    return value + _ROOM_WEIGHT * room


@njit
def _placements(a, b, lo, hi, n, out):
    """Fill ``out`` (17, 4) with the listed placements of ``a < b`` (placement_steps order); return how many."""
    return _seat_placements(a, b, lo.reshape(1, lo.shape[0]), hi.reshape(1, hi.shape[0]), 0, n, out)


@njit
def _seat_placements(a, b, lo, hi, p, n, out):
    """:func:`_placements` for seat ``p`` of the (players, 3) row ends ``lo`` and ``hi``."""
    # Each card's targets (0: discard, then rows 1 to 3 and a new row), 4 bits each in one
    # integer: no array made at every placement.
    ta = tb = 0
    na = nb = 1
    for i in range(n):
        if a > hi[p, i] or a < lo[p, i]:
            ta |= (i + 1) << (4 * na)
            na += 1
        if b > hi[p, i] or b < lo[p, i]:
            tb |= (i + 1) << (4 * nb)
            nb += 1
    if n < MAX_ROWS:
        ta |= (n + 1) << (4 * na)
        na += 1
        tb |= (n + 1) << (4 * nb)
        nb += 1
    k = 0
    for i in range(na):
        x = ta >> (4 * i) & 15
        for j in range(nb):
            y = tb >> (4 * j) & 15
            if x != y or x == 0 or x > n:
                out[k, 0], out[k, 1], out[k, 2], out[k, 3] = a, x, b, y
                k += 1
            else:  # _onto_one_row
                rlo, rhi = lo[p, x - 1], hi[p, x - 1]
                if a > rhi or (a < rlo and b > rhi):
                    out[k, 0], out[k, 1], out[k, 2], out[k, 3] = a, x, b, x
                    k += 1
                elif b < rlo:
                    out[k, 0], out[k, 1], out[k, 2], out[k, 3] = b, x, a, x
                    k += 1
    if n + 2 <= MAX_ROWS:
        out[k, 0], out[k, 1], out[k, 2], out[k, 3] = a, n + 1, b, n + 2
        k += 1
    return k


@njit
def _greedy_pick(h, n, lo, hi, nrows, rnd, pink, stream, pos, values):
    """GreedyBot's pick from the ascending hand ``h[:n]``: indices ``(i, j)`` and the next stream position."""
    for i in range(n):
        values[i] = _card_value(h[i], _SUIT[h[i]], lo, hi, nrows, rnd, pink) + 1e-6 * stream[pos]
        pos += 1
    best = -1.0
    bi, bj = 0, 1
    for i in range(n):
        for j in range(i + 1, n):
            v = values[i] + values[j]
            if v > best:  # max(legal_moves, key=...): the first of equal values
                best = v
                bi, bj = i, j
    return bi, bj, pos


@njit
def _greedy_place(options, count, lo, hi, nrows, rnd, pink, stream, pos):
    """GreedyBot's placement among ``options[:count]``: its index and the next stream position."""
    best = -1.0
    k = 0
    for o in range(count):
        v = (_place_value(options[o, 0], options[o, 1], options[o, 2], options[o, 3], lo, hi, nrows, rnd, pink)
             + 1e-6 * stream[pos])
        pos += 1
        if v >= best:  # max((value, index)): the last of equal values
            best = v
            k = o
    return k, pos


@njit
def sort_hand(h, n):
    """Sort ``h[:n]`` ascending in place (insertion sort): the order of the legal picks."""
    for i in range(1, n):
        c = h[i]
        j = i - 1
        while j >= 0 and h[j] > c:
            h[j + 1] = h[j]
            j -= 1
        h[j + 1] = c


@njit
def unrank_pair(u, n):
    """RandomBot's pick ``(i, j)``, ``i < j``, among the pairs of ``n`` sorted cards for the uniform
    number ``u`` (``OhanamiState.random_move``: pair ``int(u * n(n-1)/2)`` of ``combinations``)."""
    k = int(u * (n * (n - 1) // 2))
    i = 0
    while k >= n - 1 - i:
        k -= n - 1 - i
        i += 1
    return i, i + 1 + k


@njit
def take_pair(h, n, i, j):
    """Remove ``h[i]`` and ``h[j]`` (``i < j``) from ``h[:n]``, keeping the order (O-2.3)."""
    for k in range(j, n - 1):
        h[k] = h[k + 1]
    for k in range(i, n - 2):
        h[k] = h[k + 1]


#: Points of round ``rnd`` for the suit counts ``cnt`` (O-3.1 to O-3.4): the engine's own
#: :func:`mandalakit.ohanami.scoring.round_score`, compiled; the kernels write "no cap" as
#: :data:`NO_CAP`.
round_score = shared(scoring.round_score, scoring.scored_pink, scoring.triangular)


@njit
def _play_games(players, decks, bots, streams, cap, round_scores, counts, log, cells, ends):
    hands = np.zeros((players, HAND_SIZE), np.int64)
    held = np.zeros(players, np.int64)  # the hand each seat holds (hands are passed by number)
    passed = np.zeros(players, np.int64)
    sizes = np.zeros(players, np.int64)
    lo = np.zeros((players, MAX_ROWS), np.int64)  # row ends by value
    hi = np.zeros((players, MAX_ROWS), np.int64)
    first = np.zeros((players, MAX_ROWS), np.int64)  # row ends by cell
    last = np.zeros((players, MAX_ROWS), np.int64)
    nrows = np.zeros(players, np.int64)
    picks = np.zeros((players, 2), np.int64)
    chosen = np.zeros((players, 4), np.int64)
    options = np.zeros((17, 4), np.int64)
    values = np.zeros(HAND_SIZE)
    pos = np.zeros(players, np.int64)
    nlog = np.zeros(players, np.int64)
    for g in range(decks.shape[0]):
        deck = decks[g]
        pos[:] = 0
        nlog[:] = 0
        nrows[:] = 0
        first[:] = _MID
        last[:] = _MID
        cnt = counts[g]
        cnt[:] = 0
        dealt = 0
        for rnd in range(1, ROUNDS + 1):
            for p in range(players):  # O-2.1: 10 cards each from the top of the deck
                for i in range(HAND_SIZE):
                    hands[p, i] = deck[dealt]
                    dealt += 1
                sizes[p] = HAND_SIZE
            for p in range(players):
                held[p] = p
            for step in range(1, STEPS + 1):
                for p in range(players):
                    n = sizes[p]
                    h = hands[held[p]]
                    if step == 1:  # then the hands stay ascending: picks keep the order, passing too
                        sort_hand(h, n)
                    if n == 2:  # O-2.2: the last two cards, no choice
                        i, j = 0, 1
                    elif bots[g, p] == RANDOM:
                        i, j = unrank_pair(streams[g, p, pos[p]], n)
                        pos[p] += 1
                    else:
                        i, j, pos[p] = _greedy_pick(h, n, lo[p], hi[p], nrows[p], rnd, cnt[p, PINK], streams[g, p],
                                                    pos[p], values)
                    picks[p, 0] = h[i]
                    picks[p, 1] = h[j]
                    if n > 2:
                        log[g, p, nlog[p]] = h[i] | h[j] << 8
                        nlog[p] += 1
                    take_pair(h, n, i, j)  # O-2.3: revealed once all have picked
                    sizes[p] = n - 2
                for p in range(players):  # O-2.3 to O-2.5: each seat chooses a placement
                    count = _seat_placements(picks[p, 0], picks[p, 1], lo, hi, p, nrows[p], options)
                    if bots[g, p] == RANDOM:
                        k = int(streams[g, p, pos[p]] * count)
                        pos[p] += 1
                    else:
                        k, pos[p] = _greedy_place(options, count, lo[p], hi[p], nrows[p], rnd, cnt[p, PINK],
                                                  streams[g, p], pos[p])
                    chosen[p] = options[k]
                    log[g, p, nlog[p]] = options[k, 0] | options[k, 1] << 8 | options[k, 2] << 16 | options[k, 3] << 24
                    nlog[p] += 1
                for p in range(players):  # O-2.6: all placements happen together
                    for s in range(2):
                        card = chosen[p, 2 * s]
                        row = chosen[p, 2 * s + 1]
                        if row == 0:
                            continue
                        cnt[p, _SUIT[card]] += 1
                        r = row - 1
                        if row > nrows[p]:
                            nrows[p] += 1
                            lo[p, r] = card
                            hi[p, r] = card
                            cells[g, p, r, _MID] = card
                            first[p, r] = _MID
                            last[p, r] = _MID + 1
                        elif card > hi[p, r]:
                            hi[p, r] = card
                            cells[g, p, r, last[p, r]] = card
                            last[p, r] += 1
                        else:
                            lo[p, r] = card
                            first[p, r] -= 1
                            cells[g, p, r, first[p, r]] = card
                shift = 1 if rnd != 2 else players - 1  # O-2.2: left, right, left
                for p in range(players):  # seat p takes the hand of seat p - shift
                    passed[p] = held[(p - shift) % players]
                for p in range(players):
                    held[p] = passed[p]
            for p in range(players):  # O-3: score the round over every row
                round_scores[g, p, rnd - 1] = round_score(rnd, cnt[p], cap)
                for r in range(nrows[p]):
                    ends[g, rnd - 1, p, r, 0] = first[p, r]
                    ends[g, rnd - 1, p, r, 1] = last[p, r]


# ----- randomness and records -----------------------------------------------------------------------

def greedy_move(observation, stream: np.ndarray):
    """The move the compiled greedy bot makes in ``observation`` (an Ohanami ``Observation`` at a
    pick of steps 1 to 4 or at a placement) with the uniform numbers ``stream`` (at least 17),
    for comparing with :class:`mandalakit.ohanami.bots.GreedyBot` on the same position."""
    from ..ohanami.moves import Place, pick

    obs = observation
    rows = obs.rows[obs.player]
    lo = np.zeros(MAX_ROWS, np.int64)
    hi = np.zeros(MAX_ROWS, np.int64)
    for r, row in enumerate(rows):
        lo[r], hi[r] = row[0], row[-1]
    pink = sum(SUIT_OF[c] == PINK for row in rows for c in row)
    if obs.phase == "pick":
        hand = np.array(sorted(obs.hand), np.int64)
        i, j, _ = _greedy_pick(hand, len(hand), lo, hi, len(rows), obs.round, pink, stream, 0, np.zeros(HAND_SIZE))
        return pick(int(hand[i]), int(hand[j]))
    options = np.zeros((17, 4), np.int64)
    count = _placements(obs.own_pick[0], obs.own_pick[1], lo, hi, len(rows), options)
    k, _ = _greedy_place(options, count, lo, hi, len(rows), obs.round, pink, stream, 0)
    a, ra, b, rb = options[k].tolist()
    return Place(((a, ra), (b, rb)))


def _steps(code: int) -> str:
    a, ra, b, rb = code & 255, code >> 8 & 255, code >> 16 & 255, code >> 24 & 255
    return f"place {a}>{ra or 'x'} {b}>{rb or 'x'}"


def events(batch: Batch, g: int) -> list[dict]:
    """The events of game ``g`` in record form (``{"by": seat or "chance", "event": notation}``)."""
    players = batch.players
    out = [{"by": "chance", "event": "shuffle " + " ".join(map(str, batch.decks[g].tolist()))}]
    log = batch.log[g].tolist()
    k = [0] * players
    for _round in range(ROUNDS):
        for step in range(STEPS):
            if step < STEPS - 1:
                for p in range(players):
                    code = log[p][k[p]]
                    k[p] += 1
                    out.append({"by": p, "event": f"pick {code & 255} {code >> 8}"})
            for p in range(players):
                out.append({"by": p, "event": _steps(log[p][k[p]])})
                k[p] += 1
    return out


def result(batch: Batch, g: int) -> dict:
    """The result of game ``g`` as ``Result.to_dict()`` writes it (O-3.5)."""
    scores = batch.scores()[g].tolist()
    winners = np.flatnonzero(batch.winners()[g]).tolist()
    players = []
    for p in range(batch.players):
        rounds = []
        for k in range(ROUNDS):
            rows = [batch.cells[g, p, r, lo:hi].tolist() for r, (lo, hi) in enumerate(batch.ends[g, k, p].tolist())
                    if hi > lo]
            rounds.append({"rows": rows, "score": int(batch.round_scores[g, p, k])})
        players.append({"score": scores[p], "pink": int(batch.counts[g, p, PINK]), "rounds": rounds})
    return {"scores": scores, "winners": winners, "players": players}


def seat_summary(batch: Batch) -> dict[str, np.ndarray]:
    """The columns of :func:`mandalakit.ohanami.bots.seat_summary`, each (B, P)."""
    from ..ohanami.cards import SUITS

    out = {f"round{k + 1}": batch.round_scores[:, :, k] for k in range(ROUNDS)}
    out.update({suit: batch.counts[:, :, i] for i, suit in enumerate(SUITS)})
    return out
