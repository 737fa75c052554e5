"""The Flowers engine's state: its data, legal moves, apply, observation and result (F-2 to F-5).

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

The rules that ``apply`` follows live in one module each, mixed into :class:`FlowersState`:
the setup and the steps of a turn in :mod:`.turn` (F-2, F-3), the completion of a mandala in
:mod:`.completion` (F-4), the end of a turn and of the game in :mod:`.ending` (F-5). The
mandalas on the cloth are :mod:`.mandalas`. A game starts with :func:`~.setup.new_game`, or
from a hand-made position with :func:`~.position.from_position`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core.contract import CHANCE, TERMINAL, ChanceEvent, Result, State, copy_rng
from ..core.worded import text_not_move
from ..core.errors import IllegalMoveError, quote
from ..core.messages import _, a_or_an
from .cards import ALL_COLOURS, BACK_OF_COLOUR, CARDS_PER_COLOUR, COLOURS, DARK, DECK_SIZE, LIGHT, NUM_COLOURS, NUM_MANDALAS
from .completion import Completion
from .ending import Ending
from .mandalas import Mandala, MandalaView
from .moves import PASS, PLAYS, TAKES, Pass, Play, Take, parse
from .phases import _COLOURS6, CHOOSE, DRAW, PLAY, SETUP, SETUP_EVENTS
from .rules import Rules
from .scoring import flower_score, gain_value
from .tiles import NUM_TILES, Tile
from .turn import ALL_CARDS, PLAY_CACHE, SORTED_DECK, Turn, plays_for


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


class FlowersState(Turn, Completion, Ending, State):
    """A position of Flowers (2 to 4 players). Build one with :func:`~.setup.new_game`.

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
                return list(plays_for(tuple(self.hands[p])))
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
                moves = PLAY_CACHE.get(hand) or plays_for(hand)
                return moves[int(u * len(moves))]
        moves = self.legal_moves()
        return moves[int(u * len(moves))]

    parse_move = staticmethod(parse)  # the game's notation (the contract's parse_move)

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
        if type(move) is str:
            raise text_not_move(move)
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
                return ChanceEvent(kind, tuple(rng.permutation(ALL_CARDS).tolist()))
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
            assert not self.deck or sorted(self.deck) == SORTED_DECK, "the shuffled deck is not the 90 cards (F-6)"
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

    def tile(self, tile_id: int) -> Tile:
        """The :class:`~mandalakit.flowers.tiles.Tile` with this id."""
        return self._tiles[tile_id]

    # ----- helpers for bots and teaching -----------------------------------------------------
    def gain_value(self, seat: int, tile: int) -> int:
        """Points ``seat`` would gain by taking ``tile`` now (F-4.3, F-5.4)."""
        single = self.singles[seat][self._tile_colour[tile]]
        return gain_value(self._tile_face[single] if single else None, self._tile_face[tile])
