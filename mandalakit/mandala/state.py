"""The Mandala engine's state: its data, legal moves, apply, observation and result (M-2 to M-7).

The rules that ``apply`` follows live in one module each, mixed into :class:`MandalaState`:
the actions of a turn, draws and reshuffles in :mod:`.turn` (M-4, M-6), the completion of a
mandala in :mod:`.completion` (M-5), the end of a turn and of the game in :mod:`.ending`
(M-7). A game starts with :func:`~.setup.new_game` or :func:`~.setup.from_position`.

Representation
--------------
Cards of one colour are identical, so every area is a list of 6 counts indexed by colour
code (:mod:`.cards`); only the river (an ordered row) and the deck (an ordered pile) are
lists of colour codes. ``owner[m][c]`` says which area of mandala ``m`` holds colour ``c``
(the rule of colour, M-3.1): ``-1`` none, ``0`` the mountain, ``1 + seat`` that seat's field.

Flow of a turn
--------------
The seat whose turn it is (``mover``) plays one action (M-4). A mountain or field play may
complete the mandala played into (M-5.1); the turn then pauses while the picks happen
(M-5.2, M-5.3): ``current_player`` is the picking seat and the legal moves are
:class:`~.moves.Pick` values. A draw from an empty deck pauses at a chance node until the
discard pile is reshuffled (M-6.1); with its own generator the state does that itself and
records the ``reshuffle`` event in ``history``.

Rulings made here (documented where they apply)
-----------------------------------------------
* Deal order of the first shuffle (M-2.2, M-2.3): top 2 cards to mountain A, next 2 to
  mountain B, then seat 0 gets 6 to hand and 2 to cup, then seat 1 the same.
* The refill of a mountain (M-5.6) comes after its completion (M-7.1): it deals both cards,
  through a reshuffle (M-6.1) if it empties the deck; emptying the deck there triggers the end
  (M-6.2), and the game ends at a later completion. A refill is not started once the game is
  known to end with this turn.
* M-7.5 (``stalemate="end"``) is applied by its reason: the game ends at the end of a turn
  after which no mandala can complete again (:meth:`MandalaState.can_complete`). Besides a
  colour lying wholly in rivers and cups, this happens when the only cards left of a colour
  that a mandala lacks lie in the other mandala, itself blocked, or when deck and discard pile
  are empty and the hands are too small to play what a mandala lacks. Nothing could change
  the scores any more in such a game, and without this it would never end.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core.contract import CHANCE, TERMINAL, ChanceEvent, Result, State, copy_rng
from ..core.worded import text_not_move
from ..core.errors import IllegalMoveError, RulesError, quote
from ..core.messages import N_, _
from .cards import COLOURS, DECK_SIZE, MANDALAS, NUM_COLOURS, PER_COLOUR, RIVER_SPACES, named
from .completion import Completion
from .ending import Ending
from .moves import DISCARD, FIELD, MOUNTAIN, PICK, Discard, Field, Mountain, Pick, parse
from .phases import _COLOURS, _MOUNTAIN, _NONE, CHANCE_PHASE, PICKING, PLAY, RESHUFFLE, SHUFFLE
from .rules import Rules
from .scoring import river_score, winners
from .turn import Turn

@dataclass(frozen=True)
class Observation:
    """What one seat may know (M-2.4). Comparable with ``==``; holds no hidden card.

    Counts are tuples of 6 ints indexed by colour code (:data:`~.cards.COLOURS` order).

    Attributes
    ----------
    player : int
        The observing seat.
    to_act : int
        ``current_player``: the seat that decides now, ``CHANCE`` (-1) or ``TERMINAL`` (-2).
    phase : str
        ``"play"`` (an action of M-4), ``"pick"`` (a destruction, M-5), ``"chance"`` or
        ``"over"``.
    mover : int
        The seat whose turn it is (during picks: the seat that completed the mandala).
    destroying : int
        Mandala index being destroyed (0 = A, 1 = B), or -1.
    hand, cup : tuple of int
        The observing seat's own hand and cup counts (M-2.4).
    hand_sizes, cup_sizes : tuple of int
        Cards in each seat's hand and cup; the only thing known of the opponent's.
    rivers : tuple of tuple of int
        Each seat's river, colour codes left to right.
    mountains : tuple of tuple of int
        Mountain counts of mandala A and B.
    fields : tuple of tuple of tuple of int
        ``fields[m][seat]``: that seat's field counts in mandala ``m``.
    discard : tuple of int
        The face-up discard pile (M-1.3).
    deck_size : int
    end_triggered : bool
        True once the deck has been emptied (M-6.2).
    stalled_turns : int
        Turns ended since the deck triggered the end, the turn that triggered it included, all
        with no mandala completed (a completion then ends the game, M-7.1); the game ends once
        it passes ``stall_turns`` (M-7.6). 0 before.
    """

    player: int
    to_act: int
    phase: str
    mover: int
    destroying: int
    hand: tuple[int, ...]
    cup: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    cup_sizes: tuple[int, ...]
    rivers: tuple[tuple[int, ...], ...]
    mountains: tuple[tuple[int, ...], ...]
    fields: tuple[tuple[tuple[int, ...], ...], ...]
    discard: tuple[int, ...]
    deck_size: int
    end_triggered: bool
    stalled_turns: int = 0


class MandalaState(Turn, Completion, Ending, State):
    """A position of Mandala (2 players). Build one with :func:`~.setup.new_game` or
    :func:`~.setup.from_position`.

    Attributes beyond the contract
    ------------------------------
    phase : str
        ``"play"``, ``"pick"``, ``"chance"`` or ``"over"``.
    mover : int
        Seat whose turn it is (M-2.5); during picks, the seat that completed the mandala.
    destroying : int
        Index of the mandala being destroyed, or -1.
    hands, cups : list (per seat) of 6 counts
    hand_sizes : list of int
    rivers : list (per seat) of colour codes, left (value 1) to right
    mountains : list (per mandala) of 6 counts
    fields : list (per mandala) of list (per seat) of 6 counts
    field_sizes : list (per mandala) of list (per seat) of int
    owner : list (per mandala) of 6 area codes (-1 none, 0 mountain, 1 + seat field), M-3.1
    ncolours : list (per mandala) of the number of colours present (complete at 6, M-5.1)
    deck : list of colour codes, **top card last** (a draw is ``deck.pop()``)
    discard : 6 counts; ``discard_size`` their sum
    end_triggered : bool
        The deck has been emptied at least once (M-6.2).
    stalled_turns : int
        Turns ended since the end was triggered, the triggering one included (M-7.6).
    river_full : bool
        A sixth river space was filled in the current destruction (M-7.2).
    free : list of 6 int
        Cards of each colour in hands, deck and discard pile: the only cards that can still
        go into a mandala before the next completion (M-7.5, :meth:`can_complete`).
    """

    game = "mandala"
    seat_rule = "M-2.4"
    num_players = 2

    def __init__(self, rules: Rules, rng: np.random.Generator | None, setup: dict, first_player: int = 0):
        # At most 29 attributes per instance: from 30 on, CPython 3.11 stops sharing the keys of
        # the instances' dicts and every attribute access slows (8 % more instructions per
        # decision of a random game, measured with callgrind).
        self.rules = rules
        # Turns ended since the deck triggered the end, the triggering turn included (M-6.3, M-7.6).
        self._stalled = 0
        self.setup = setup
        self.rng = rng
        self.history = []
        self.deck: list[int] = []
        self.discard = [0] * NUM_COLOURS
        self.discard_size = 0
        self.hands = [[0] * NUM_COLOURS for _ in range(2)]
        self.hand_sizes = [0, 0]
        self.cups = [[0] * NUM_COLOURS for _ in range(2)]
        self.rivers: list[list[int]] = [[], []]
        self.mountains = [[0] * NUM_COLOURS for _ in range(2)]
        self.fields = [[[0] * NUM_COLOURS for _ in range(2)] for _ in range(2)]
        self.field_sizes = [[0, 0], [0, 0]]
        self.owner = [[_NONE] * NUM_COLOURS for _ in range(2)]
        self.ncolours = [0, 0]
        self.end_triggered = False
        self.river_full = False
        self.free = [PER_COLOUR] * NUM_COLOURS
        self.mover = first_player
        self.destroying = -1
        self.phase = CHANCE_PHASE
        self._turn = CHANCE
        self._chance_kind = SHUFFLE
        # The rest of a turn interrupted by a reshuffle (M-6.1): cards still owed to a seat's
        # hand, or to the mountain of mandala ``_refill`` (M-5.6; -1: to the hand), then the
        # mandala whose completion must be checked (-1: none).
        self._draw_seat = 0
        self._draw_left = 0
        self._check = -1
        self._refill = -1

    @property
    def stalled_turns(self) -> int:
        return self._stalled

    # ----- contract --------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self._turn

    def legal_moves(self) -> list:
        """The legal moves of the seat to act, in a fixed order.

        In the play phase: mountain plays (M-4.1), then field plays of 1..n cards (M-4.2), then
        discards (M-4.3), each filtered by the rule of colour (M-3.1) and by M-4.4 (never end a
        turn with an empty hand). During a destruction: one :class:`Pick` per colour in the
        mountain (M-5.3). Empty at chance nodes and at the end.
        """
        seat = self._turn
        if seat < 0:
            return []
        if self.phase == PICKING:
            mountain = self.mountains[self.destroying]
            return [PICK[c] for c in _COLOURS if mountain[c]]
        hand = self.hands[seat]
        size = self.hand_sizes[seat]
        own = seat + 1
        o0, o1 = self.owner
        # M-4.4: a mountain play of the last card is legal only if the draw can refill the hand.
        mountain_ok = size > 1 or self.deck or self.discard_size
        mv: list = []
        fv: list = []
        dv: list = []
        for c in _COLOURS:
            k = hand[c]
            if k:
                a = o0[c]
                b = o1[c]
                if mountain_ok:
                    if a <= _MOUNTAIN:
                        mv.append(MOUNTAIN[0][c])
                    if b <= _MOUNTAIN:
                        mv.append(MOUNTAIN[1][c])
                n = k if k < size else size - 1  # M-4.4: keep at least one card
                if n:
                    if a == _NONE or a == own:
                        fv.extend(FIELD[0][c][:n])
                    if b == _NONE or b == own:
                        fv.extend(FIELD[1][c][:n])
                dv.extend(DISCARD[c][:k])
        return mv + fv + dv

    def random_move(self, u: float):
        """``legal_moves()[int(u * len(legal_moves()))]`` without building the list.

        Random playouts call this on every decision: in the play phase it counts the moves of
        each kind (same order and filters as :meth:`legal_moves`) and walks to the chosen one.

        Parameters
        ----------
        u : float
            A fraction in [0, 1).
        """
        seat = self._turn
        if seat < 0 or self.phase != PLAY:
            moves = self.legal_moves()
            return moves[int(u * len(moves))]
        hand = self.hands[seat]
        size = self.hand_sizes[seat]
        own = seat + 1
        o0, o1 = self.owner
        mountain_ok = size > 1 or self.deck or self.discard_size
        nm = nf = 0
        for c in _COLOURS:
            k = hand[c]
            if k:
                a = o0[c]
                b = o1[c]
                if mountain_ok:
                    nm += (a <= _MOUNTAIN) + (b <= _MOUNTAIN)
                n = k if k < size else size - 1
                if n:
                    nf += n * ((a == _NONE or a == own) + (b == _NONE or b == own))
        i = int(u * (nm + nf + size))  # one discard move per card in hand
        if i < nm:
            for c in _COLOURS:
                if hand[c]:
                    if o0[c] <= _MOUNTAIN:
                        if not i:
                            return MOUNTAIN[0][c]
                        i -= 1
                    if o1[c] <= _MOUNTAIN:
                        if not i:
                            return MOUNTAIN[1][c]
                        i -= 1
        i -= nm
        if i < nf:
            for c in _COLOURS:
                k = hand[c]
                if k:
                    n = k if k < size else size - 1
                    a = o0[c]
                    if n and (a == _NONE or a == own):
                        if i < n:
                            return FIELD[0][c][i]
                        i -= n
                    b = o1[c]
                    if n and (b == _NONE or b == own):
                        if i < n:
                            return FIELD[1][c][i]
                        i -= n
        i -= nf
        for c in _COLOURS:
            k = hand[c]
            if i < k:
                return DISCARD[c][i]
            i -= k
        raise AssertionError("random_move walked past the legal moves")  # pragma: no cover

    parse_move = staticmethod(parse)  # the game's notation (the contract's parse_move)

    def apply(self, move) -> None:
        """Apply a move of the seat to act, or a chance event at a chance node.

        Raises
        ------
        IllegalMoveError
            With the rule broken: ``M-4.1``/``M-4.2``/``M-4.3`` for cards not in hand,
            ``M-3.1`` for the rule of colour, ``M-4.4`` for an empty hand at the end of the
            turn, ``M-5.3`` for a pick of a colour not in the mountain or any other move
            during a destruction, ``M-2.1``/``M-6.1`` for a shuffle that does not list the
            right cards, ``chance``/``end`` for a move at the wrong moment. The state is
            unchanged after any refusal (every check happens before the first change).
        """
        seat = self._turn
        if seat >= 0:
            kind = type(move)
            if self.phase == PLAY:
                if kind is Mountain:
                    self._play_mountain(seat, move)
                elif kind is Field:
                    self._play_field(seat, move)
                elif kind is Discard:
                    self._play_discard(seat, move)
                else:
                    self._refuse_in_play(seat, move)
            elif kind is Pick:
                self._pick(seat, move)
            elif kind is ChanceEvent:
                raise IllegalMoveError("chance", _("No chance outcome is due now; player {seat:+1} must pick a colour.", seat=seat))
            elif kind is str:
                raise text_not_move(move)
            else:
                m = MANDALAS[self.destroying]
                raise IllegalMoveError(
                    "M-5.3", _("Mandala {m} is being destroyed: player {seat:+1} must pick a colour from mountain {m} "
                               "('pick red'), not play '{move}'.", m=m, seat=seat, move=quote(str(move))))
            self.history.append((seat, move))
            if self._turn == CHANCE and self.rng is not None:
                self._after_apply()
            return
        if seat == TERMINAL:
            raise IllegalMoveError("end", _("The game is over; '{move}' cannot be played.", move=quote(str(move))))
        if type(move) is str:
            raise text_not_move(move)
        if type(move) is not ChanceEvent:
            due = (N_("The shuffle of the deck is due before any move; got '{move}'.") if self._chance_kind == SHUFFLE else
                   N_("The reshuffle of the discard pile is due before any move; got '{move}'."))
            raise IllegalMoveError("chance", _(due, move=quote(str(move))))
        self._apply_chance(move)
        self.history.append((CHANCE, move))

    def sample_chance(self, rng: np.random.Generator) -> ChanceEvent:
        """Shuffle the 108 cards (M-2.1) or the discard pile (M-6.1); codes top card first."""
        if self._turn != CHANCE:
            raise IllegalMoveError("chance", _("No chance outcome is due now."))
        if self._chance_kind == SHUFFLE:
            return ChanceEvent(SHUFFLE, tuple((rng.permutation(DECK_SIZE) // PER_COLOUR).tolist()))
        pile = np.repeat(np.arange(NUM_COLOURS), self.discard)
        return ChanceEvent(RESHUFFLE, tuple(rng.permutation(pile).tolist()))

    def observation(self, player: int) -> Observation:
        """What ``player`` may know (M-2.4): own hand and cup, opponent sizes, all public areas."""
        self._check_seat(player)
        return Observation(
            player=player,
            to_act=self._turn,
            phase=self.phase,
            mover=self.mover,
            destroying=self.destroying,
            hand=tuple(self.hands[player]),
            cup=tuple(self.cups[player]),
            hand_sizes=tuple(self.hand_sizes),
            cup_sizes=tuple(sum(c) for c in self.cups),
            rivers=tuple(tuple(r) for r in self.rivers),
            mountains=tuple(tuple(m) for m in self.mountains),
            fields=tuple(tuple(tuple(f) for f in fm) for fm in self.fields),
            discard=tuple(self.discard),
            deck_size=len(self.deck),
            end_triggered=self.end_triggered,
            stalled_turns=self._stalled,
        )

    def scores(self) -> tuple[int, ...]:
        """Each seat's score as it stands (M-7.3); final once the game is over."""
        return tuple(river_score(self.rivers[p], self.cups[p]) for p in range(2))

    def result(self) -> Result:
        """Scores, winners after the tie-breaks (M-7.4) and each seat's final river and cup.

        ``players[i]`` is ``{"river": [colour names left to right], "cup": {colour: count for
        all six colours}, "cup_size": int, "score": int}``: enough to recount the score by
        M-7.3 without the engine.

        Raises
        ------
        IllegalMoveError
            ``M-7.4`` before the end of the game.
        """
        if self._turn != TERMINAL:
            raise IllegalMoveError("M-7.4", _("The game is not over yet, so there is no winner."))
        scores = self.scores()
        cup_sizes = [sum(c) for c in self.cups]
        players = tuple(
            {
                "river": [COLOURS[c] for c in self.rivers[p]],
                "cup": {COLOURS[c]: self.cups[p][c] for c in _COLOURS},
                "cup_size": cup_sizes[p],
                "score": scores[p],
            }
            for p in range(2)
        )
        return Result(scores, winners(scores, cup_sizes), players)

    def determinize(self, player: int, rng: np.random.Generator) -> MandalaState:
        """A clone in which the cards hidden from ``player`` are dealt again at random.

        Hidden from ``player`` (M-2.4): the opponent's hand and cup and the order of the deck.
        Those cards are pooled, shuffled with ``rng`` and dealt back keeping each place's size,
        so ``player``'s observation is unchanged.
        """
        self._check_seat(player)
        new = self.clone()
        q = 1 - player
        pool = new.deck + [c for c in _COLOURS for _ in range(new.hands[q][c])] + \
            [c for c in _COLOURS for _ in range(new.cups[q][c])]
        if not pool:
            return new
        pool = [pool[i] for i in rng.permutation(len(pool)).tolist()]
        hand = [0] * NUM_COLOURS
        cup = [0] * NUM_COLOURS
        k = self.hand_sizes[q]
        for c in pool[:k]:
            hand[c] += 1
        cup_size = sum(self.cups[q])
        for c in pool[k:k + cup_size]:
            cup[c] += 1
        new.hands[q] = hand
        new.cups[q] = cup
        new.deck = pool[k + cup_size:]
        new.count_free()
        return new

    def check_invariants(self) -> None:
        """Card conservation and bookkeeping (M-1.1, M-3.1, M-8).

        hands + cups + rivers + mountains + fields + deck + discard pile = 108 cards, 18 of each
        colour; each colour lives in at most one area of a mandala; cached sizes and :attr:`free`
        are current.
        Before the first shuffle every card is still in the box and nothing is checked.
        """
        if self._chance_kind == SHUFFLE and self._turn == CHANCE:
            return
        total = [0] * NUM_COLOURS
        areas = [*self.hands, *self.cups, *self.mountains, *self.fields[0], *self.fields[1], self.discard]
        for area in areas:
            assert len(area) == NUM_COLOURS and min(area) >= 0, f"bad counts {area}"
            for c in _COLOURS:
                total[c] += area[c]
        for c in self.deck:
            total[c] += 1
        for river in self.rivers:
            assert len(set(river)) == len(river) <= RIVER_SPACES, f"bad river {river}"
            for c in river:
                total[c] += 1
        assert total == [PER_COLOUR] * NUM_COLOURS, f"cards per colour {total}, expected 18 of each"
        assert sum(total) == DECK_SIZE
        assert self.hand_sizes == [sum(h) for h in self.hands], "hand sizes out of date"
        assert self.discard_size == sum(self.discard), "discard size out of date"
        assert self.free == self._free_now(), "free cards out of date (M-7.5)"
        for m in range(2):
            areas_m = [self.mountains[m], self.fields[m][0], self.fields[m][1]]
            assert self.field_sizes[m] == [sum(self.fields[m][0]), sum(self.fields[m][1])]
            for c in _COLOURS:
                holders = [a for a, area in enumerate(areas_m) if area[c]]
                assert len(holders) <= 1, f"{COLOURS[c]} in two areas of mandala {MANDALAS[m]} (M-3.1)"
                if holders:
                    assert self.owner[m][c] == holders[0], "owner out of date"
                elif self.destroying != m:
                    assert self.owner[m][c] == _NONE, "owner out of date"
            if self.destroying != m:
                assert self.ncolours[m] == sum(o != _NONE for o in self.owner[m])
                assert self.ncolours[m] < NUM_COLOURS or self._turn == TERMINAL or self._turn == CHANCE
        if self._turn >= 0 and self.phase == PLAY:
            assert self.hand_sizes[self._turn] >= 1, "a seat starts its turn with an empty hand (M-4.4)"

    def clone(self) -> MandalaState:
        """An independent copy (lists copied, no deepcopy); the generator state is duplicated."""
        new = object.__new__(MandalaState)
        new.__dict__.update(self.__dict__)
        new.history = self.history[:]
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        h0, h1 = self.hands
        new.hands = [h0[:], h1[:]]
        new.hand_sizes = self.hand_sizes[:]
        c0, c1 = self.cups
        new.cups = [c0[:], c1[:]]
        r0, r1 = self.rivers
        new.rivers = [r0[:], r1[:]]
        m0, m1 = self.mountains
        new.mountains = [m0[:], m1[:]]
        (a0, a1), (b0, b1) = self.fields
        new.fields = [[a0[:], a1[:]], [b0[:], b1[:]]]
        s0, s1 = self.field_sizes
        new.field_sizes = [s0[:], s1[:]]
        o0, o1 = self.owner
        new.owner = [o0[:], o1[:]]
        new.ncolours = self.ncolours[:]
        new.free = self.free[:]
        new.rng = copy_rng(self.rng)
        return new

    # ----- positions ------------------------------------------------------------------------
    def position(self) -> dict:
        """The position at the start of a turn as a JSON-ready dict (see :mod:`.position`).

        ``from_position(state.position())`` continues the same game (without its history).

        Raises
        ------
        RulesError
            ``M-4`` if the state is not at the start of a turn (picks or a chance pending).
        """
        if self.phase != PLAY:
            raise RulesError("M-4", _("A position can only be taken at the start of a turn, not in the {phase} phase.",
                                      phase=self.phase))
        return {
            "to_move": self.mover,
            "hands": [named(h) for h in self.hands],
            "cups": [named(c) for c in self.cups],
            "rivers": [[COLOURS[c] for c in r] for r in self.rivers],
            "mountains": {MANDALAS[m]: named(self.mountains[m]) for m in range(2)},
            "fields": {MANDALAS[m]: [named(f) for f in self.fields[m]] for m in range(2)},
            "deck": [COLOURS[c] for c in reversed(self.deck)],
            "discard": named(self.discard),
            "end_triggered": self.end_triggered,
            "stalled_turns": self._stalled,
        }
