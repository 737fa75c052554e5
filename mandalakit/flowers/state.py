"""The Flowers engine: state, legal moves, apply (F-2 to F-5).

Seats are numbered clockwise, so the next player is ``seat + 1`` (F-2.3). Cards are colour
codes and every pile of cards is a list of six counts (see :mod:`mandalakit.flowers.cards`);
the deck is the one exception, an ordered list of colour codes.

A turn is Play, Draw, Check, Complete (F-3). It can pause twice:

* at a chance node, when the deck runs out during the Draw step and the discard pile must be
  shuffled into a new deck (F-3.5, event ``"reshuffle ..."``);
* for the claim-marker holder's choice of tile when the mandala just played to is complete
  (F-4.1): ``current_player`` is then the holder (not necessarily the active player) and the
  moves are ``"take <colour>"``. When the holder takes both tiles anyway (F-4.2: no
  runner-up), there is no choice and no pause.

Build a hand-made position with :func:`mandalakit.flowers.position.from_position`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core.contract import CHANCE, TERMINAL, ChanceEvent, Result, State, check_players, check_rules, copy_rng, game_rng
from ..core.errors import IllegalMoveError, RulesError, quote, shown
from ..core.messages import _, a_or_an, colour, ngettext
from .cards import (
    ALL_COLOURS, BACK_OF_COLOUR, CARDS_PER_COLOUR, COLOURS, DARK, DECK_SIZE, FIRST_HAND, HAND_LIMIT, LIGHT,
    NUM_COLOURS, NUM_MANDALAS, counts_text,
)
from .moves import PASS, PLAYS, TAKES, Pass, Play, Take, parse
from .rules import Rules
from .scoring import flower_score, gain_value
from .tiles import NUM_TILES, Tile

SETUP, PLAY, DRAW, CHOOSE, OVER = "setup", "play", "draw", "choose", "over"
SETUP_EVENTS = ("shuffle", "dark", "light")  # F-2.1, in this order
_ALL_CARDS = np.repeat(np.arange(NUM_COLOURS), CARDS_PER_COLOUR)
_SORTED_DECK = sorted(_ALL_CARDS.tolist())
_COLOURS6 = range(NUM_COLOURS)

# Legal plays by hand (a tuple of six counts with at least 2 cards): they do not depend on
# anything else (F-3.1, F-3.4), so each distinct hand is computed once per process.
_PLAY_CACHE: dict[tuple[int, ...], tuple[Play, ...]] = {}
# _UPTO[colour][k][mandala]: the plays of 1..k cards of that colour onto that mandala.
_UPTO = tuple(
    tuple(
        tuple(tuple(PLAYS[c][n][m] for n in range(1, k + 1)) for m in range(NUM_MANDALAS))
        for k in range(CARDS_PER_COLOUR + 1)
    )
    for c in _COLOURS6
)


def _plays_for(hand: tuple[int, ...]) -> tuple[Play, ...]:
    """Every legal play of a hand of 2 or more cards (F-3.1, F-3.4), mandala by mandala."""
    moves = _PLAY_CACHE.get(hand)
    if moves is None:
        keep = sum(hand) - 1  # a play of 2+ cards must leave at least 1 card (F-3.4)
        upto = [_UPTO[c][min(n, keep)] for c, n in enumerate(hand)]
        moves = ()
        for m in range(NUM_MANDALAS):
            for part in upto:
                moves += part[m]
        if len(_PLAY_CACHE) > 500_000:  # bound memory in very long simulations
            _PLAY_CACHE.clear()
        _PLAY_CACHE[hand] = moves
    return moves


class Mandala:
    """One mandala on the cloth (F-1.2): two tiles, a claim marker, and the played cards.

    Attributes
    ----------
    dark, light : int
        Ids of its dark and light tile (0 when it could not be refilled, F-5.2).
    covered : int
        Bit mask of colours present: its tile colours and its face-up colours (F-3.2, F-3.7).
    claim : int
        Seat holding the claim marker, -1 if unclaimed (F-3.6).
    up_owner, up_count : list of int, length 6
        Per colour, the seat whose cards of that colour lie face up here and how many
        (-1 and 0 if none). A colour goes face up once, in one play (F-3.2).
    cards : list (per seat) of list of 6 int
        All cards of each seat here, face up and face down, by colour.
    tot, up : list of int (per seat)
        Cards of each seat here, and how many of them are face up (F-3.6, F-4.2).
    """

    __slots__ = ("dark", "light", "covered", "claim", "up_owner", "up_count", "cards", "tot", "up")

    def __init__(self, players: int):
        self.dark = 0
        self.light = 0
        self.covered = 0
        self.claim = -1
        self.up_owner = [-1] * NUM_COLOURS
        self.up_count = [0] * NUM_COLOURS
        self.cards = [[0] * NUM_COLOURS for _ in range(players)]
        self.tot = [0] * players
        self.up = [0] * players

    def copy(self) -> Mandala:
        new = Mandala.__new__(Mandala)
        new.dark = self.dark
        new.light = self.light
        new.covered = self.covered
        new.claim = self.claim
        new.up_owner = self.up_owner[:]
        new.up_count = self.up_count[:]
        new.cards = [c[:] for c in self.cards]
        new.tot = self.tot[:]
        new.up = self.up[:]
        return new

    def face_down(self, seat: int) -> list[int]:
        """Face-down cards of ``seat`` here, by colour."""
        own = self.cards[seat]
        return [own[c] - (self.up_count[c] if self.up_owner[c] == seat else 0) for c in _COLOURS6]


def claim_winner(tot, up, seat: int, holder: int) -> int:
    """The claim-marker holder after ``seat`` played here (F-3.6).

    ``seat`` takes the marker if it has at least 1 face-up card here and strictly more cards
    here than every other seat that has a face-up card here. Seats with only face-down cards
    are ignored; a tie never moves the marker.

    Parameters
    ----------
    tot, up : sequence of int
        Cards and face-up cards per seat on the mandala.
    seat, holder : int
        The active seat and the current holder (-1 if unclaimed).
    """
    if not up[seat]:
        return holder
    mine = tot[seat]
    for q in range(len(tot)):
        if q != seat and up[q] and tot[q] >= mine:
            return holder
    return seat


def runner_up(tot, up, holder: int) -> int:
    """Who takes the other tile of a completed mandala (F-4.2), or -1 if the holder takes both.

    Among the seats other than ``holder`` with at least 1 face-up card here: most cards here;
    tie → more face-up cards here; still tied, or nobody → -1.
    """
    best, best_key, tied = -1, (-1, -1), False
    for q in range(len(tot)):
        if q == holder or not up[q]:
            continue
        key = (tot[q], up[q])
        if key > best_key:
            best, best_key, tied = q, key, False
        elif key == best_key:
            tied = True
    return -1 if tied else best


@dataclass(frozen=True)
class MandalaView:
    """Public view of one mandala (F-2.4: owners, counts and colours of played cards are public).

    Attributes
    ----------
    tiles : tuple of Tile
        ``(dark, light)``; empty if the mandala could not be refilled (F-5.2).
    claim : int
        Claim-marker holder, -1 if unclaimed.
    face_up : tuple of (int, int), length 6
        Per colour: ``(seat, count)`` of the face-up cards of that colour, ``(-1, 0)`` if none.
    cards : tuple (per seat) of tuple of 6 int
        Every card of each seat here (face up and face down), by colour.
    totals, face_up_totals : tuple of int
        Per seat: cards here, and face-up cards here.
    covered : int
        Bit mask of the colours present (tile colours and face-up colours).
    """

    tiles: tuple
    claim: int
    face_up: tuple
    cards: tuple
    totals: tuple
    face_up_totals: tuple
    covered: int

    def face_down(self, seat: int) -> tuple[int, ...]:
        """Face-down cards of ``seat``, by colour."""
        own = self.cards[seat]
        return tuple(own[c] - (n if s == seat else 0) for c, (s, n) in enumerate(self.face_up))

    def missing(self) -> tuple[int, ...]:
        """Colour codes still needed to complete the mandala (F-3.7)."""
        return tuple(c for c in _COLOURS6 if not self.covered >> c & 1)


@dataclass(frozen=True)
class Observation:
    """What one seat may know (F-2.4). Comparable with ``==``; holds no hidden card.

    Hidden from the seat: the other hands' colours, the order of the deck and of the two tile
    stacks. Everything else is public, including the colours of face-down cards and the
    discard pile (every card in it was seen on a mandala).

    Attributes
    ----------
    player : int
    to_act : int
        Seat that must act (``current_player``), -1 chance, -2 over.
    active : int
        Seat whose turn it is (differs from ``to_act`` while the claim holder chooses a tile).
    phase : str
        ``"setup"``, ``"play"``, ``"draw"`` (waiting for a reshuffle), ``"choose"`` or ``"over"``.
    hand : tuple of 6 int
        Own hand by colour.
    hand_sizes : tuple of int
    deck_size : int
    discard : tuple of 6 int
        The discard pile by colour.
    mandalas : tuple of MandalaView
    singles : tuple (per seat) of tuple of Tile
        Unpaired tiles.
    flowers : tuple (per seat) of tuple of (Tile, Tile)
    stacks : (int, int)
        Tiles left in the dark and light stack.
    scores : tuple of int
    passes : int
        Passes in a row so far (F-5.3).
    pending : int
        Mandala being resolved while a tile is chosen, else -1.
    runner_up : int
        Seat that will get the other tile then (F-4.2), else -1.
    """

    player: int
    to_act: int
    active: int
    phase: str
    hand: tuple
    hand_sizes: tuple
    deck_size: int
    discard: tuple
    mandalas: tuple
    singles: tuple
    flowers: tuple
    stacks: tuple
    scores: tuple
    passes: int
    pending: int
    runner_up: int


class FlowersState(State):
    """A position of Flowers (2 to 4 players). Build one with :func:`new_game`.

    Attributes beyond the contract
    ------------------------------
    phase : str
        ``"setup"``, ``"play"``, ``"draw"``, ``"choose"`` or ``"over"``.
    active : int
        Seat whose turn it is.
    hands : list (per seat) of list of 6 int
    sizes : list of int
        Cards in each hand.
    deck : list of int
        Colour codes, **top card last** (internal order; chance events list the top first).
    discard : list of 6 int
    stacks : [list of int, list of int]
        Dark and light tile ids, top last.
    mandalas : list of Mandala
    singles : list (per seat) of list of 6 int
        Per colour, the id of the seat's unpaired tile of that colour, 0 if none (F-4.3).
    flowers : list (per seat) of list of (int, int)
        Tile ids of each Flower, in the order formed.
    passes : int
        Passes in a row (F-5.3).
    end_reason : str or None
        Rule that ended the game: ``"F-5.1"``, ``"F-5.2"`` or ``"F-5.3"``.
    """

    game = "flowers"
    seat_rule = "F-2.4"
    #: Seat that must act now, ``CHANCE`` (-1) or ``TERMINAL`` (-2). A plain attribute, not a
    #: property: random play reads it on every decision.
    current_player: int = CHANCE

    def __init__(self, players: int, rules: Rules, rng: np.random.Generator | None, first_player: int = 0):
        self.num_players = players
        self.rules = rules
        self.setup = {"first_player": first_player}
        self.rng = rng
        self.history = []
        ts = rules.tile_set
        self._tiles = ts.tiles
        self._tile_colour = [-1] + [t.colour for t in ts.tiles[1:]]
        self._tile_face = [0] + [t.face for t in ts.tiles[1:]]
        self._draw_max = rules.single_play_draw
        self.phase = SETUP
        self._setup_step = 0
        self.current_player = CHANCE
        self.active = first_player
        self.hands = [[0] * NUM_COLOURS for _ in range(players)]
        self.sizes = [0] * players
        self.deck: list[int] = []
        self.discard = [0] * NUM_COLOURS
        self.discard_size = 0
        self.stacks: list[list[int]] = [[], []]
        self.mandalas = [Mandala(players) for _ in range(NUM_MANDALAS)]
        self.singles = [[0] * NUM_COLOURS for _ in range(players)]
        self.flowers: list[list[tuple[int, int]]] = [[] for _ in range(players)]
        self.nflowers = [0] * players
        self.passes = 0
        self.end_reason: str | None = None
        self._pending = -1
        self._runner = -1
        self._draw_left = 0

    # ----- contract --------------------------------------------------------------------------
    def legal_moves(self) -> list:
        """The legal moves of the seat to act, in a fixed order.

        Plays (F-3.1, F-3.4) mandala by mandala, colour by colour, count ascending; ``pass``
        alone when no play is legal (F-5.3); the two ``take`` moves while the claim holder
        chooses (F-4.1); nothing at a chance node or after the end.
        """
        phase = self.phase
        if phase == PLAY:
            p = self.current_player
            size = self.sizes[p]
            if size >= 2:
                return list(_plays_for(tuple(self.hands[p])))
            if size == 1 and self._can_draw():  # the last card may go: a draw follows (F-3.4)
                c = self.hands[p].index(1)
                return list(PLAYS[c][1])
            return [PASS]
        if phase == CHOOSE:
            m = self.mandalas[self._pending]
            colour = self._tile_colour
            return [TAKES[colour[m.dark]], TAKES[colour[m.light]]]
        return []

    def random_move(self, u: float):
        """``legal_moves()[int(u * len(legal_moves()))]`` without copying the cached list."""
        if self.phase == PLAY:
            p = self.current_player
            if self.sizes[p] >= 2:
                hand = tuple(self.hands[p])
                moves = _PLAY_CACHE.get(hand) or _plays_for(hand)
                return moves[int(u * len(moves))]
        moves = self.legal_moves()
        return moves[int(u * len(moves))]

    def parse_move(self, text: str):
        return parse(text)

    def apply(self, move) -> None:
        """Apply a play, a pass, a tile choice or a chance outcome.

        Raises
        ------
        IllegalMoveError
            With the rule id (``F-3.1`` cards not in hand or a bad mandala, ``F-3.4`` a play
            that would empty the hand, ``F-4.1`` a tile that is not on the completed mandala,
            ``F-5.3`` a pass while a play is legal, ``F-2.1``/``F-3.5`` a malformed chance
            outcome, ``chance``/``end`` a move at the wrong moment). The state is unchanged.
        """
        if type(move) is Play and self.phase == PLAY:  # the hot path of random play
            seat = self.current_player
            self._play(seat, move)
            self.history.append((seat, move))
            if self.current_player == CHANCE and self.rng is not None:
                self._after_apply()
            return
        self._check_turn(move)
        seat = self.current_player
        phase = self.phase
        if seat == CHANCE:
            if phase == SETUP:
                self._setup_event(move)
            else:
                self._reshuffle(move)
        elif phase == CHOOSE:
            if type(move) is not Take:
                raise IllegalMoveError(
                    "F-4.1", _("Player {seat:+1} holds the claim marker of the completed mandala {mandala} and must choose a "
                               "tile now ('{a}' or '{b}'), not '{move}'.", seat=seat, mandala=self._pending + 1,
                               a=self.legal_moves()[0], b=self.legal_moves()[1], move=quote(str(move))))
            self._take(seat, move)
        elif type(move) is Take:
            raise IllegalMoveError(
                "F-4.1", _("No completed mandala is waiting for a tile choice; player {seat:+1} must play cards now.",
                           seat=seat))
        elif type(move) is Pass:
            self._pass(seat)
        elif type(move) is Play:  # pragma: no cover - handled by the hot path
            self._play(seat, move)
        else:
            raise IllegalMoveError("F-3.1", _("Player {seat:+1} must play cards now ('play 1 red on 2'), not '{move}'.",
                                              seat=seat, move=quote(str(move))))
        self.history.append((seat, move))
        self._after_apply()

    def sample_chance(self, rng: np.random.Generator) -> ChanceEvent:
        """Draw the pending shuffle: the deck (F-2.1), a tile stack (F-2.1) or a reshuffle (F-3.5)."""
        if self.phase == SETUP:
            kind = SETUP_EVENTS[self._setup_step]
            if kind == "shuffle":
                return ChanceEvent(kind, tuple(rng.permutation(_ALL_CARDS).tolist()))
            ids = self.rules.tile_set.stack(DARK if kind == "dark" else LIGHT)
            return ChanceEvent(kind, tuple(rng.permutation(np.array(ids)).tolist()))
        if self.phase == DRAW:
            cards = np.repeat(np.arange(NUM_COLOURS), self.discard)
            return ChanceEvent("reshuffle", tuple(rng.permutation(cards).tolist()))
        raise IllegalMoveError("chance", _("No chance outcome is due now."))

    def observation(self, player: int) -> Observation:
        """What ``player`` may know now (F-2.4); see :class:`Observation`."""
        self._check_seat(player)
        tiles = self._tiles
        n = self.num_players
        views = []
        for m in self.mandalas:
            views.append(MandalaView(
                tiles=(tiles[m.dark], tiles[m.light]) if m.dark else (),
                claim=m.claim,
                face_up=tuple(zip(m.up_owner, m.up_count)),
                cards=tuple(map(tuple, m.cards)),
                totals=tuple(m.tot),
                face_up_totals=tuple(m.up),
                covered=m.covered,
            ))
        return Observation(
            player=player,
            to_act=self.current_player,
            active=self.active,
            phase=self.phase,
            hand=tuple(self.hands[player]),
            hand_sizes=tuple(self.sizes),
            deck_size=len(self.deck),
            discard=tuple(self.discard),
            mandalas=tuple(views),
            singles=tuple(tuple(tiles[t] for t in self.singles[p] if t) for p in range(n)),
            flowers=tuple(tuple((tiles[a], tiles[b]) for a, b in self.flowers[p]) for p in range(n)),
            stacks=(len(self.stacks[DARK]), len(self.stacks[LIGHT])),
            scores=self.scores(),
            passes=self.passes,
            pending=self._pending if self.phase == CHOOSE else -1,
            runner_up=self._runner if self.phase == CHOOSE else -1,
        )

    def scores(self) -> tuple[int, ...]:
        """Each seat's points now: unpaired tiles plus Flowers (F-5.4)."""
        face = self._tile_face
        return tuple(
            sum(face[t] for t in self.singles[p]) + sum(flower_score(face[a], face[b]) for a, b in self.flowers[p])
            for p in range(self.num_players)
        )

    def result(self) -> Result:
        """Scores, winners (shared victory on a tie, F-5.5) and each seat's tiles (F-5.4).

        ``players[i]`` is ``{"score", "flowers": [{"tiles": ["red 2", "red x3"], "score": 6}],
        "singles": [{"tile": "green 1", "score": 1}], "hand"}`` — enough to recount the
        score without the engine.
        """
        if self.current_player != TERMINAL:
            raise IllegalMoveError("F-5.1", _("The game is not over yet; there is no result before the end "
                                              "(F-5.1 to F-5.3)."))
        scores = self.scores()
        best = max(scores)
        winners = tuple(p for p in range(self.num_players) if scores[p] == best)
        tiles, face = self._tiles, self._tile_face
        players = tuple(
            {
                "score": scores[p],
                "flowers": [{"tiles": [str(tiles[a]), str(tiles[b])], "score": flower_score(face[a], face[b])}
                            for a, b in self.flowers[p]],
                "singles": [{"tile": str(tiles[t]), "score": face[t]} for t in self.singles[p] if t],
                "cards_in_hand": self.sizes[p],
            }
            for p in range(self.num_players)
        )
        return Result(scores, winners, players)

    def determinize(self, player: int, rng: np.random.Generator) -> FlowersState:
        """A clone with everything hidden from ``player`` resampled: the other hands (sizes
        kept), the deck order and the order of both tile stacks. ``player``'s observation is
        unchanged."""
        self._check_seat(player)
        new = self.clone()
        if self.phase == SETUP:
            return new
        others = [q for q in range(self.num_players) if q != player]
        pool = list(new.deck)
        for q in others:
            for c in _COLOURS6:
                pool += [c] * new.hands[q][c]
        pool = [pool[i] for i in rng.permutation(len(pool))]
        k = 0
        for q in others:
            hand = [0] * NUM_COLOURS
            for c in pool[k:k + new.sizes[q]]:
                hand[c] += 1
            new.hands[q] = hand
            k += new.sizes[q]
        new.deck = pool[k:]
        new.stacks = [[s[i] for i in rng.permutation(len(s))] for s in new.stacks]
        return new

    def check_invariants(self) -> None:
        """Assert conservation and consistency (F-6): 90 cards, 36 tiles, counts up to date.

        Raises ``AssertionError`` naming what is wrong.
        """
        n = self.num_players
        if self.phase == SETUP:  # the shuffles of F-2.1 come one by one, then the deal
            assert not any(self.sizes) and not any(m.dark for m in self.mandalas), "cards dealt before the setup ended"
            assert not self.deck or sorted(self.deck) == _SORTED_DECK, "the shuffled deck is not the 90 cards (F-6)"
            for back, kind in ((DARK, "dark"), (LIGHT, "light")):
                stack = self.stacks[back]
                assert not stack or sorted(stack) == sorted(self.rules.tile_set.stack(back)), \
                    f"the {kind} stack is not the {kind} tiles (F-6)"
                assert bool(stack) == (self._setup_step > SETUP_EVENTS.index(kind)), f"{kind} stack out of step"
            assert bool(self.deck) == (self._setup_step > 0), "deck out of step"
            return
        per_colour = [0] * NUM_COLOURS
        for c in self.deck:
            per_colour[c] += 1
        for p in range(n):
            assert sum(self.hands[p]) == self.sizes[p], f"hand size of seat {p} out of date"
            assert min(self.hands[p]) >= 0, f"negative count in the hand of seat {p}"
        assert sum(self.discard) == self.discard_size, "discard size out of date"
        piles = [self.discard] + self.hands + [c for m in self.mandalas for c in m.cards]
        for pile in piles:
            for c in _COLOURS6:
                per_colour[c] += pile[c]
        assert per_colour == [CARDS_PER_COLOUR] * NUM_COLOURS, f"cards lost or duplicated (F-6): {per_colour}"
        assert sum(per_colour) == DECK_SIZE
        # Tiles: on mandalas + stacks + owned = 36, each id once (F-6).
        ids = [t for s in self.stacks for t in s]
        for i, m in enumerate(self.mandalas):
            if m.dark:
                ids += [m.dark, m.light]
                assert BACK_OF_COLOUR[self._tile_colour[m.dark]] == DARK, f"mandala {i + 1} has no dark tile"
                assert BACK_OF_COLOUR[self._tile_colour[m.light]] == LIGHT, f"mandala {i + 1} has no light tile"
            tile_bits = (1 << self._tile_colour[m.dark] | 1 << self._tile_colour[m.light]) if m.dark else 0
            up_bits = 0
            for c in _COLOURS6:
                if m.up_count[c]:
                    up_bits |= 1 << c
                    assert not tile_bits >> c & 1, f"face-up {COLOURS[c]} on mandala {i + 1} matches a tile (F-3.2)"
                    assert m.cards[m.up_owner[c]][c] >= m.up_count[c]
                else:
                    assert m.up_owner[c] == -1
            assert m.covered == tile_bits | up_bits, f"colours of mandala {i + 1} out of date"
            for p in range(n):
                assert m.tot[p] == sum(m.cards[p]), f"card total of seat {p} on mandala {i + 1} out of date"
                assert m.up[p] == sum(m.up_count[c] for c in _COLOURS6 if m.up_owner[c] == p)
                for c in _COLOURS6:
                    if m.cards[p][c]:
                        assert m.covered >> c & 1, (f"{a_or_an(COLOURS[c])} card lies face down on mandala {i + 1} "
                                                    "but its colour is not there (F-3.2)")
            if up_bits and not (self.phase == DRAW and self._pending == i):  # Check comes after Draw (F-3)
                assert m.claim >= 0 and m.up[m.claim] > 0, \
                    f"mandala {i + 1} has face-up cards but no valid claim holder (F-3.6)"
            complete = m.dark and m.covered == ALL_COLOURS
            assert not complete or (self._pending == i and self.phase in (DRAW, CHOOSE)), \
                f"mandala {i + 1} is complete but unresolved (F-3.7)"
        for p in range(n):
            assert len(self.flowers[p]) == self.nflowers[p]
            for c, t in enumerate(self.singles[p]):
                if t:
                    ids.append(t)
                    assert self._tile_colour[t] == c
            for a, b in self.flowers[p]:
                ids += [a, b]
                assert self._tile_colour[a] == self._tile_colour[b], "a Flower of two colours (F-4.3)"
        assert sorted(ids) == list(range(1, NUM_TILES + 1)), f"tiles lost or duplicated (F-6): {len(ids)} tiles"

    def clone(self) -> FlowersState:
        """An independent copy (no deepcopy: every mutable part is copied by hand)."""
        new = object.__new__(FlowersState)
        new.__dict__.update(self.__dict__)
        new.setup = dict(self.setup)
        new.history = self.history[:]
        new.hands = [h[:] for h in self.hands]
        new.sizes = self.sizes[:]
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.stacks = [self.stacks[0][:], self.stacks[1][:]]
        new.mandalas = [m.copy() for m in self.mandalas]
        new.singles = [s[:] for s in self.singles]
        new.flowers = [f[:] for f in self.flowers]
        new.nflowers = self.nflowers[:]
        new.rng = copy_rng(self.rng)
        return new

    # ----- helpers ---------------------------------------------------------------------------
    def tile(self, tile_id: int) -> Tile:
        """The :class:`~mandalakit.flowers.tiles.Tile` with this id."""
        return self._tiles[tile_id]


    def _can_draw(self) -> bool:
        """Whether a single-card play that empties the hand is followed by a draw (F-3.3, F-3.4)."""
        return self._draw_max > 0 and (len(self.deck) > 0 or self.discard_size > 0)

    # ----- F-2 setup -------------------------------------------------------------------------
    def _setup_event(self, event: ChanceEvent) -> None:
        """F-2.1: the deck, then the dark stack, then the light stack; then deal (F-2.2, F-2.3)."""
        kind = SETUP_EVENTS[self._setup_step]
        if event.kind != kind:
            raise IllegalMoveError("F-2.1", _("The next setup event is the {kind!r} shuffle, not {got!r}.",
                                              kind=kind, got=event.kind))
        if kind == "shuffle":
            if len(event.outcome) != DECK_SIZE or sorted(event.outcome) != _SORTED_DECK:
                raise IllegalMoveError("F-2.1", _("The first shuffle must list the 90 cards as colour codes 0-5, "
                                                  "15 of each."))
            self.deck = list(reversed(event.outcome))  # top card last
        else:
            back = DARK if kind == "dark" else LIGHT
            ids = self.rules.tile_set.stack(back)
            if sorted(event.outcome) != sorted(ids):
                raise IllegalMoveError(
                    "F-2.1", _("The {kind} stack must list each of the tile ids {low}-{high} exactly once.",
                               kind=kind, low=min(ids), high=max(ids)))
            self.stacks[back] = list(reversed(event.outcome))
        self._setup_step += 1
        if self._setup_step == len(SETUP_EVENTS):
            self._deal()

    def _deal(self) -> None:
        """F-2.2: one dark and one light tile on each mandala; F-2.3: hands of 5, 6, 7, 8."""
        n = self.num_players
        for m in self.mandalas:
            self._refill(m)
        for i in range(n):
            seat = (self.active + i) % n
            k = FIRST_HAND + i
            hand = self.hands[seat]
            for c in self.deck[-k:]:
                hand[c] += 1
            del self.deck[-k:]
            self.sizes[seat] = k
        self.phase = PLAY
        self.current_player = self.active

    def _refill(self, m: Mandala) -> bool:
        """F-4.5: a new dark and light tile on ``m``; False if a stack is empty (F-5.2)."""
        dark, light = self.stacks
        if not dark or not light:
            m.dark = m.light = 0
            m.covered = 0
            return False
        m.dark = dark.pop()
        m.light = light.pop()
        m.covered = 1 << self._tile_colour[m.dark] | 1 << self._tile_colour[m.light]
        return True

    # ----- F-3 a turn ------------------------------------------------------------------------
    def _play(self, seat: int, move: Play) -> None:
        """F-3.1 Play (validated before anything changes), then Draw, Check and Complete.

        This is the hot path of random play, so the common case (enough cards in the deck, no
        completion) is written out here; the rarer cases call :meth:`_draw` and
        :meth:`_complete`.
        """
        c = move.colour
        k = move.count
        i = move.mandala
        hand = self.hands[seat]
        if not (0 <= c < NUM_COLOURS and 0 <= i < NUM_MANDALAS and 1 <= k <= hand[c]):
            self._refuse_play(seat, move)
        sizes = self.sizes
        after = sizes[seat] - k
        if after < 1 and (k >= 2 or not self._can_draw()):
            self._refuse_play(seat, move)
        m = self.mandalas[i]
        if not m.dark:  # pragma: no cover - only after the game ended (F-5.2)
            raise IllegalMoveError("F-5.2", _("Mandala {mandala} has no tiles; the game is over.", mandala=i + 1))
        # --- valid: apply
        hand[c] -= k
        bit = 1 << c
        if not m.covered & bit:  # F-3.2: a new colour goes face up
            m.covered |= bit
            m.up_owner[c] = seat
            m.up_count[c] = k
            m.up[seat] += k
        m.cards[seat][c] += k
        m.tot[seat] += k
        self.passes = 0
        self._pending = i
        # F-3.3 Draw: only after a single card, up to the limit of 8.
        if k == 1 and after < HAND_LIMIT and self._draw_max:
            draw = self._draw_max
            if after + draw > HAND_LIMIT:
                draw = HAND_LIMIT - after
            deck = self.deck
            if len(deck) >= draw:
                for x in deck[-draw:]:
                    hand[x] += 1
                del deck[-draw:]
                after += draw
            else:
                sizes[seat] = after
                self._draw_left = draw
                if not self._draw(seat):
                    return  # paused: the discard pile is shuffled into a new deck first (F-3.5)
                after = sizes[seat]
        sizes[seat] = after
        # F-3.6 Check (a holder keeps its marker: nothing to do).
        if m.claim != seat and m.up[seat]:  # inline claim_winner()
            tot, up = m.tot, m.up
            mine = tot[seat]
            for q, t in enumerate(tot):
                if t >= mine and q != seat and up[q]:
                    break  # someone with a face-up card has as many: no move (F-3.6)
            else:
                m.claim = seat
        if m.covered == ALL_COLOURS:  # F-3.7
            self._complete()
        else:
            a = seat + 1
            if a == self.num_players:
                a = 0
            self.active = self.current_player = a
            self._pending = -1

    def _refuse_play(self, seat: int, move: Play) -> None:
        """Raise the :class:`IllegalMoveError` that explains why ``move`` is not legal."""
        c, k, i = move.colour, move.count, move.mandala
        if not (0 <= i < NUM_MANDALAS and 0 <= c < NUM_COLOURS and k >= 1):
            raise IllegalMoveError("F-3.1", _("'{move}' is not a play: 1 or more cards onto mandala 1, 2 or 3.",
                                              move=quote(str(move))))
        have = self.hands[seat][c]
        if have < k:
            raise IllegalMoveError("F-3.1", ngettext("Player {seat:+1} has {n} {colour} card, so they cannot play {k}.",
                                                     "Player {seat:+1} has {n} {colour} cards, so they cannot play {k}.",
                                                     have, seat=seat, colour=colour(COLOURS[c], have), k=k))
        if k >= 2:
            raise IllegalMoveError("F-3.4", ngettext(
                "Player {seat:+1} cannot play all {n} of their cards: a play of 2 or more cards draws nothing, and a hand "
                "must keep at least 1 card (play fewer).",
                "Player {seat:+1} cannot play all {n} of their cards: a play of 2 or more cards draws nothing, and a hand "
                "must keep at least 1 card (play fewer).", k, seat=seat))
        raise IllegalMoveError(
            "F-3.4", _("Player {seat:+1} cannot play their last card: there is nothing to draw (deck and discard pile "
                       "are empty), and a hand must keep at least 1 card; pass instead (F-5.3).", seat=seat))

    def _continue_turn(self) -> None:
        """Draw what is left to draw, then Check (F-3.6) and Complete (F-3.7)."""
        seat = self.active
        if self._draw_left and not self._draw(seat):
            return  # paused: the discard pile is shuffled into a new deck first (F-3.5)
        m = self.mandalas[self._pending]
        m.claim = claim_winner(m.tot, m.up, seat, m.claim)
        if m.covered == ALL_COLOURS:
            self._complete()
        else:
            self._end_turn()

    def _draw(self, seat: int) -> bool:
        """F-3.3 and F-3.5: draw ``_draw_left`` cards; False if a reshuffle must come first."""
        k = self._draw_left
        deck = self.deck
        hand = self.hands[seat]
        while k:
            if not deck:
                if self.discard_size:
                    self._draw_left = k
                    self.phase = DRAW
                    self.current_player = CHANCE
                    return False
                break  # deck and discard empty: draws yield fewer cards (F-3.5)
            take = k if k <= len(deck) else len(deck)
            for c in deck[-take:]:
                hand[c] += 1
            del deck[-take:]
            self.sizes[seat] += take
            k -= take
        self._draw_left = 0
        return True

    def _reshuffle(self, event: ChanceEvent) -> None:
        """F-3.5: the discard pile becomes the new deck, in the order of ``event``."""
        counts = [0] * NUM_COLOURS
        ok = event.kind == "reshuffle"
        if ok:
            for c in event.outcome:
                if not (type(c) is int and 0 <= c < NUM_COLOURS):
                    ok = False
                    break
                counts[c] += 1
        if not ok or counts != self.discard:
            raise IllegalMoveError(
                "F-3.5", _("The reshuffle must list the discard pile ({cards}) as colour codes 0-5.",
                           cards=counts_text(self.discard)))
        self.deck = list(reversed(event.outcome))
        self.discard = [0] * NUM_COLOURS
        self.discard_size = 0
        self.phase = PLAY
        self.current_player = self.active
        self._continue_turn()

    def _pass(self, seat: int) -> None:
        """F-5.3: pass only without a legal play; everyone passing in a row ends the game."""
        if self.sizes[seat] >= 2 or (self.sizes[seat] == 1 and self._can_draw()):
            raise IllegalMoveError("F-5.3", _("Player {seat:+1} has a legal play, so they may not pass.", seat=seat))
        self.passes += 1
        if self.passes >= self.num_players:
            self.end_reason = "F-5.3"
            self._finish()
        else:
            self._next_turn()

    # ----- F-4 completion --------------------------------------------------------------------
    def _complete(self) -> None:
        """F-4.1/F-4.2: ask the holder for a tile, or give both when there is no runner-up."""
        m = self.mandalas[self._pending]
        holder = m.claim
        assert holder >= 0, "a complete mandala always has a claim holder (F-3.6)"
        runner = runner_up(m.tot, m.up, holder)
        if runner < 0:
            self._resolve(holder, -1, m.dark)
        else:
            self._runner = runner
            self.phase = CHOOSE
            self.current_player = holder

    def _take(self, seat: int, move: Take) -> None:
        """F-4.1: the holder keeps the tile of the chosen colour; the runner-up gets the other."""
        m = self.mandalas[self._pending]
        tile_colour = self._tile_colour
        if move.colour == tile_colour[m.dark]:
            chosen = m.dark
        elif move.colour == tile_colour[m.light]:
            chosen = m.light
        else:
            dark, light = self.tile(m.dark), self.tile(m.light)
            raise IllegalMoveError("F-4.1", _(
                "Mandala {mandala} has {a_dark} and {a_light} tile; there is no {colour} tile to take.",
                mandala=self._pending + 1, a_dark=a_or_an(str(dark)), a_light=a_or_an(str(light)), dark=dark.words,
                light=light.words, colour=colour(COLOURS[move.colour])))
        self._resolve(seat, self._runner, chosen)

    def _resolve(self, holder: int, runner: int, chosen: int) -> None:
        """F-4.2 to F-4.5: give the tiles, discard or return the cards, refill, end the turn."""
        i = self._pending
        m = self.mandalas[i]
        other = m.light if chosen == m.dark else m.dark
        self._gain(holder, chosen)
        self._gain(holder if runner < 0 else runner, other)
        discard, hands = self.discard, self.hands
        for q in range(self.num_players):
            tot = m.tot[q]
            if not tot:
                continue
            cards = m.cards[q]
            pile = discard if q == holder or q == runner else hands[q]  # F-4.4
            for c in _COLOURS6:
                pile[c] += cards[c]
            if q == holder or q == runner:
                self.discard_size += tot
            else:
                self.sizes[q] += tot  # may exceed 8 (F-4.4)
        m.claim = -1
        m.up_owner = [-1] * NUM_COLOURS
        m.up_count = [0] * NUM_COLOURS
        m.cards = [[0] * NUM_COLOURS for _ in range(self.num_players)]
        m.tot = [0] * self.num_players
        m.up = [0] * self.num_players
        if not self._refill(m) and self.end_reason is None:
            self.end_reason = "F-5.2"
        self._runner = -1
        self._end_turn()

    def _gain(self, seat: int, tile: int) -> None:
        """F-4.3: a tile pairs at once with an unpaired tile of its colour into a Flower."""
        c = self._tile_colour[tile]
        single = self.singles[seat]
        if single[c]:
            self.flowers[seat].append((single[c], tile))
            single[c] = 0
            self.nflowers[seat] += 1
            if self.nflowers[seat] >= 3 and self.end_reason is None:
                self.end_reason = "F-5.1"
        else:
            single[c] = tile

    # ----- F-5 end ---------------------------------------------------------------------------
    def _end_turn(self) -> None:
        """F-5.1/F-5.2: the game ends at the end of this turn; otherwise the next seat plays."""
        self._pending = -1
        if self.end_reason is not None:
            self._finish()
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        self.phase = PLAY
        self.active = (self.active + 1) % self.num_players
        self.current_player = self.active

    def _finish(self) -> None:
        self.phase = OVER
        self.current_player = TERMINAL
        self._pending = -1

    # ----- helpers for bots and teaching -----------------------------------------------------
    def gain_value(self, seat: int, tile: int) -> int:
        """Points ``seat`` would gain by taking ``tile`` now (F-4.3, F-5.4)."""
        single = self.singles[seat][self._tile_colour[tile]]
        return gain_value(self._tile_face[single] if single else None, self._tile_face[tile])


def new_game(
    players: int = 2,
    *,
    seed=None,
    rules: Rules | None = None,
    setup: dict | None = None,
    manual_chance: bool = False,
) -> FlowersState:
    """Start a Flowers game.

    Parameters
    ----------
    players : int
        2, 3 or 4 (F-2.3).
    seed : int, numpy.random.Generator or None
        Seed of the game's own generator, which shuffles the deck and the two tile stacks
        (same seed, same game).
    rules : Rules, optional
        Options (``single_play_draw``, ``tiles``); default ``Rules()``.
    setup : dict, optional
        ``{"first_player": seat}`` (default seat 0): who starts with 5 cards and plays first.
    manual_chance : bool
        If true the game has no generator and waits for the ``shuffle``, ``dark`` and
        ``light`` events, and later for every ``reshuffle`` (record replay, physical games).

    Raises
    ------
    RulesError
        For a player count outside 2-4 (F-2.3), rules of another game, a bad setup, seed or
        ``manual_chance``.
    """
    players = check_players("flowers", players, 2, 4, "F-2.3")
    rules = check_rules("flowers", rules, Rules)
    setup = dict(setup or {})
    unknown = sorted(set(setup) - {"first_player"})
    if unknown:
        raise RulesError("options", _("Flowers setup knows only 'first_player'; got {keys} (a hand-built position "
                                      "cannot be replayed from the start).", keys=quote(", ".join(map(repr, unknown)))))
    first = setup.get("first_player", 0)
    if isinstance(first, bool) or not isinstance(first, (int, np.integer)) or not 0 <= first < players:
        raise RulesError("F-2.3", _("first_player must be a seat from 0 to {last}, not {value}.", last=players - 1,
                                    value=shown(first)))
    state = FlowersState(players, rules, game_rng(seed, manual_chance), int(first))
    state._after_apply()
    return state
