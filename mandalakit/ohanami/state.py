"""The Ohanami engine: state, legal moves, apply (O-2), scoring hooks (O-3).

Seats are numbered clockwise; passing **left** gives a hand to the next seat (seat + 1) and
passing **right** to the previous seat (O-2.2).

The simultaneous choices of one draft step are asked one seat at a time (seat 0 first): first
every seat picks, then the picks are revealed, then every seat places. A pick or a placement
is kept aside until every seat has chosen, so no observation shows another seat's choice of
the same step early (O-2.6).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core.contract import CHANCE, TERMINAL, ChanceEvent, Result, State, copy_rng
from ..core.worded import text_not_move
from ..core.errors import IllegalMoveError, RulesError, quote
from ..core.messages import _, ngettext
from .cards import DECK_SIZE, HAND_SIZE, PINK, SUIT_OF
from .moves import DISCARD, MAX_ROWS, Pick, Place, listed_steps, parse, pick, picks_of, placement_steps, placements
from .rules import Rules
from .scoring import round_score

ROUNDS = 3  # O-2.1
STEPS = 5  # O-2.2
PICK, PLACE, DEAL, OVER = "pick", "place", "deal", "over"


@dataclass(frozen=True)
class Observation:
    """What one seat may know (O-2.6). Comparable with ``==``; holds no hidden card.

    Attributes
    ----------
    player : int
    round, step : int
        Round 1..3 and draft step 1..5 (0 before the deal).
    phase : str
        ``"pick"``, ``"place"``, ``"deal"`` or ``"over"``.
    hand : tuple of int
        Own hand, ascending (still holding the picked cards until every seat has picked).
    own_pick : tuple of int or None
        Own pick of this step, once made.
    revealed : tuple of (tuple of int) or None
        Every seat's pick, only once all seats have picked (place phase).
    own_place : str or None
        Own placement of this step in notation, once made.
    rows : tuple (per seat) of tuple (per row) of tuple of int
        Every seat's rows as placed in completed steps, each row ascending.
    hand_sizes : tuple of int
        Cards in each seat's hand.
    discarded : int
        Number of cards discarded face down so far, by everyone.
    round_scores : tuple (per seat) of tuple of int
        Scores of the rounds already ended.
    """

    player: int
    round: int
    step: int
    phase: str
    hand: tuple[int, ...]
    own_pick: tuple[int, ...] | None
    revealed: tuple[tuple[int, ...], ...] | None
    own_place: str | None
    rows: tuple[tuple[tuple[int, ...], ...], ...]
    hand_sizes: tuple[int, ...]
    discarded: int
    round_scores: tuple[tuple[int, ...], ...]


class OhanamiState(State):
    """A position of Ohanami (2 to 4 players). Build one with :func:`~.setup.new_game` or
    :func:`~.setup.from_position`.

    Attributes beyond the contract
    ------------------------------
    round, step : int
    phase : str
    hands : list of list of int
    rows : list (per seat) of list (per row) of ascending card lists
    counts : list (per seat) of [blue, green, grey, pink] cards in rows
    round_scores : list (per seat) of list of int
    round_rows : list (per seat) of row snapshots at the end of each round
    deck : list of int, the cards not dealt yet (top first), empty before the shuffle
    discards : list (per seat) of list of int, cards each seat discarded face down
    """

    game = "ohanami"
    seat_rule = "O-2.6"

    def __init__(self, players: int, rules: Rules, rng: np.random.Generator | None):
        self.num_players = players
        self.rules = rules
        self.setup = {}
        self.rng = rng
        self.history = []
        self.round = 0
        self.step = 0
        self.phase = DEAL
        self.deck: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.rows: list[list[list[int]]] = [[] for _ in range(players)]
        self.counts = [[0, 0, 0, 0] for _ in range(players)]
        self.round_scores: list[list[int]] = [[] for _ in range(players)]
        self.round_rows: list[list] = [[] for _ in range(players)]
        self.discards: list[list[int]] = [[] for _ in range(players)]
        self.picks: list[tuple[int, int] | None] = [None] * players
        self.places: list[Place | None] = [None] * players
        self._placed_rows: list = [None] * players  # rows after each seat's pending placement
        self._turn = CHANCE

    # ----- contract --------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self._turn

    def legal_moves(self) -> list:
        """Picks: every pair of the hand (O-2.2). Placements: every distinct placement (O-2.3-5)."""
        seat = self._turn
        if seat < 0:
            return []
        if self.phase == PICK:
            return picks_of(self.hands[seat])
        return placements(self.picks[seat], self.rows[seat])

    parse_move = staticmethod(parse)  # the game's notation (the contract's parse_move)

    def apply(self, move) -> None:
        """Apply a pick, a placement or the shuffle; illegal input leaves the state unchanged.

        Raises
        ------
        IllegalMoveError
            ``O-2.2`` for a pick of cards not in hand, ``O-2.3`` for a placement of other
            cards than the picked ones, ``O-2.4`` for a card that fits no row end or a fourth
            row, ``chance``/``end``/``turn`` for a move at the wrong moment.
        """
        seat = self._turn
        if type(move) is str:
            raise text_not_move(move)
        if seat < 0 or type(move) is ChanceEvent:
            self._check_turn(move)  # refuses moves at the wrong moment
            self._shuffle(move)
            self.history.append((CHANCE, move))
            return  # the shuffle is the only chance node of Ohanami
        picking = self.phase == PICK
        if picking:
            move = self._listed_pick(seat, move)
            self.picks[seat] = move.cards  # O-2.2: kept secretly
        else:  # O-2.3 to O-2.5: checked now, it happens once every seat has placed
            move, self._placed_rows[seat] = self._listed_place(seat, move)
            self.places[seat] = move
        self.history.append((seat, move))
        if seat + 1 < self.num_players:
            self._turn = seat + 1
        elif picking:
            self._reveal()
        else:
            self._end_step()

    def listed_move(self, move):
        """The listed move that ``move`` stands for; :meth:`apply` applies that one.

        A placement may be written in any order that the rules allow (O-2.5): ``place 45>x
        12>1`` is listed as ``place 12>1 45>x``, ``place 21>1 7>2`` (two new rows, which have
        no order of their own, O-2.4) as ``place 7>1 21>2``. See
        :func:`~mandalakit.ohanami.moves.listed_steps`.

        Raises
        ------
        IllegalMoveError
            As :meth:`apply` does, with the rule id; the state is unchanged.
        """
        seat = self._turn
        if seat < 0 or type(move) is ChanceEvent:
            return super().listed_move(move)
        if self.phase == PICK:
            return self._listed_pick(seat, move)
        return self._listed_place(seat, move)[0]

    def random_move(self, u: float):
        """``legal_moves()[int(u * len(legal_moves()))]`` without listing every pick."""
        if self._turn < 0:
            return super().random_move(u)
        if self.phase == PLACE:
            options = placement_steps(self.picks[self._turn], self.rows[self._turn])
            return Place(options[int(u * len(options))])
        hand = sorted(self.hands[self._turn])
        n = len(hand)
        k = int(u * (n * (n - 1) // 2))
        i = 0
        while k >= n - 1 - i:  # unrank pair k in the order of combinations()
            k -= n - 1 - i
            i += 1
        return pick(hand[i], hand[i + 1 + k])

    def sample_chance(self, rng: np.random.Generator) -> ChanceEvent:
        return ChanceEvent("shuffle", tuple((rng.permutation(DECK_SIZE) + 1).tolist()))

    def observation(self, player: int) -> Observation:
        self._check_seat(player)
        placing = self.phase == PLACE
        own_pick = self.picks[player]
        own_place = self.places[player]
        return Observation(
            player=player,
            round=self.round,
            step=self.step,
            phase=self.phase,
            hand=tuple(sorted(self.hands[player])),
            own_pick=own_pick,
            revealed=tuple(self.picks) if placing else None,
            own_place=str(own_place) if own_place is not None else None,
            rows=tuple(tuple(tuple(r) for r in rows) for rows in self.rows),
            hand_sizes=tuple(len(h) for h in self.hands),
            discarded=sum(len(d) for d in self.discards),
            round_scores=tuple(tuple(s) for s in self.round_scores),
        )

    def scores(self) -> tuple[int, ...]:
        """Sum of the rounds scored so far (O-3.5)."""
        return tuple(sum(s) for s in self.round_scores)

    def result(self) -> Result:
        """Final scores, winners after the tie-break and per-round rows (O-3.5).

        Tie-break: more pink cards wins; still tied → shared victory (Ruling, O-3.5).
        """
        if self._turn != TERMINAL:
            raise IllegalMoveError("O-3.5", _("The game is not over yet; there is no result before the end of round 3."))
        scores = self.scores()
        key = [(scores[p], self.counts[p][PINK]) for p in range(self.num_players)]
        best = max(key)
        winners = tuple(p for p in range(self.num_players) if key[p] == best)
        players = tuple(
            {
                "score": scores[p],
                "pink": self.counts[p][PINK],
                "rounds": [
                    {"rows": [list(r) for r in rows], "score": s}
                    for rows, s in zip(self.round_rows[p], self.round_scores[p])
                ],
            }
            for p in range(self.num_players)
        )
        return Result(scores, winners, players)

    def determinize(self, player: int, rng: np.random.Generator) -> OhanamiState:
        """Resample every card ``player`` cannot see: other hands, hidden picks, other seats'
        discards and the undealt deck; hidden choices of others are redrawn at random."""
        self._check_seat(player)
        new = self.clone()
        if self.phase in (DEAL, OVER):
            return new
        others = [p for p in range(self.num_players) if p != player]
        pool = [c for p in others for c in new.hands[p]] + [c for p in others for c in new.discards[p]] + new.deck
        pool = [pool[i] for i in rng.permutation(len(pool))]
        k = 0
        for p in others:
            size = len(new.hands[p])
            new.hands[p] = pool[k:k + size]
            k += size
            if self.phase == PICK and new.picks[p] is not None:
                new.picks[p] = pick(*new.hands[p][:2]).cards
            elif self.phase == PLACE and new.places[p] is not None:
                options = placements(new.picks[p], new.rows[p])
                new.places[p] = options[int(rng.integers(len(options)))]
                new._placed_rows[p] = new._placement_rows(p, new.places[p])
        for p in others:
            size = len(new.discards[p])
            new.discards[p] = pool[k:k + size]
            k += size
        new.deck = pool[k:]
        return new

    def check_invariants(self) -> None:
        """Card conservation: every card 1..120 is in exactly one place (O-1.1)."""
        if self.phase == DEAL and not self.deck:
            return
        places = list(self.deck)
        if self.phase == PLACE:  # revealed picks are held aside until every seat has placed
            places += [c for pk in self.picks for c in pk]
        for p in range(self.num_players):
            places += self.hands[p] + self.discards[p] + [c for r in self.rows[p] for c in r]
        assert sorted(places) == list(range(1, DECK_SIZE + 1)), "cards lost or duplicated"
        for p in range(self.num_players):
            counts = [0, 0, 0, 0]
            for r in self.rows[p]:
                assert r == sorted(r), f"row {r} of seat {p} is not ascending"
                for c in r:
                    counts[SUIT_OF[c]] += 1
            assert counts == self.counts[p], "suit counts out of date"
            assert len(self.rows[p]) <= MAX_ROWS

    def position(self) -> dict:
        """The position as a JSON-ready dict (see :func:`~mandalakit.ohanami.setup.from_position`).

        ``from_position(state.position())`` continues the same game (without its history).

        Raises
        ------
        RulesError
            ``O-2.1`` before the shuffle and after the end of the game: there is no draft step.
        """
        if self.phase in (DEAL, OVER):
            raise RulesError("O-2.1", _("A position is taken during a draft step, not in the {phase} phase.",
                                        phase=self.phase))
        picking = self.phase == PICK
        return {
            "round": self.round,
            "step": self.step,
            "hands": [[c for c in hand if not (picking and pk and c in pk)] for hand, pk in zip(self.hands, self.picks)],
            "picks": [None if pk is None else list(pk) for pk in self.picks],
            "places": [None if pl is None else str(pl) for pl in self.places],
            "rows": [[r[:] for r in rows] for rows in self.rows],
            "discards": [d[:] for d in self.discards],
            "deck": self.deck[:],
            "round_rows": [[[list(r) for r in rows] for rows in seat] for seat in self.round_rows],
        }

    @property
    def end_reason(self) -> str | None:
        """Rule that ended the game: ``"O-2.1"`` (the third round was scored), ``None`` before."""
        return "O-2.1" if self._turn == TERMINAL else None

    def clone(self) -> OhanamiState:
        new = object.__new__(OhanamiState)
        new.__dict__.update(self.__dict__)
        new.history = self.history[:]
        new.deck = self.deck[:]
        new.hands = [h[:] for h in self.hands]
        new.rows = [[r[:] for r in rows] for rows in self.rows]
        new.counts = [c[:] for c in self.counts]
        new.round_scores = [s[:] for s in self.round_scores]
        new.round_rows = [r[:] for r in self.round_rows]
        new.discards = [d[:] for d in self.discards]
        new.picks = self.picks[:]
        new.places = self.places[:]
        new._placed_rows = [r if r is None else [x[:] for x in r] for r in self._placed_rows]
        new.rng = copy_rng(self.rng)
        return new

    # ----- rules -----------------------------------------------------------------------------

    def _shuffle(self, event: ChanceEvent) -> None:
        """O-2.1: the shuffled deck, then the deal of round 1."""
        if event.kind != "shuffle" or sorted(event.outcome) != list(range(1, DECK_SIZE + 1)):
            raise IllegalMoveError("O-2.1", _("The shuffle must list each of the 120 cards exactly once."))
        self.deck = list(event.outcome)
        self._start_round(1)

    def _start_round(self, round_no: int) -> None:
        """O-2.1: deal 10 cards to every seat from the top of the deck."""
        n = self.num_players
        deck = self.deck
        for p in range(n):
            self.hands[p] = deck[p * HAND_SIZE:(p + 1) * HAND_SIZE]
        del deck[:n * HAND_SIZE]
        self.round = round_no
        self._start_step(1)

    def _start_step(self, step: int) -> None:
        self.step = step
        self.picks = [None] * self.num_players
        self.places = [None] * self.num_players
        if len(self.hands[0]) == 2:  # O-2.2: the 5th step takes the last 2 cards, no choice
            self.picks = [pick(*h).cards for h in self.hands]
            self._reveal()
        else:
            self.phase = PICK
            self._turn = 0

    def _listed_pick(self, seat: int, move) -> Pick:
        """The listed pick (cards ascending) of two cards of the hand (O-2.2), else IllegalMoveError."""
        if type(move) is not Pick:
            raise IllegalMoveError("O-2.2", _("Player {seat:+1} must pick two cards now ('pick A B'), not '{move}'.", seat=seat,
                                              move=quote(str(move))))
        a, b = move.cards
        hand = self.hands[seat]
        if a in hand and b in hand and a != b:
            return move if a < b else pick(a, b)
        missing = [c for c in (a, b) if c not in hand]
        raise IllegalMoveError(
            "O-2.2", _("Player {seat:+1} can only pick cards from their own hand; {card} is not there.", seat=seat,
                       card=missing[0] if missing else a)
        )

    def _reveal(self) -> None:
        """O-2.3: all picks are revealed at once and leave the hands."""
        for p, (a, b) in enumerate(self.picks):
            hand = self.hands[p]
            hand.remove(a)
            hand.remove(b)
        self.phase = PLACE
        self._turn = 0

    def _listed_place(self, seat: int, move) -> tuple[Place, list[list[int]]]:
        """The listed placement ``move`` stands for and the rows of ``seat`` after it (O-2.3 to O-2.5)."""
        if type(move) is not Place:
            raise IllegalMoveError(
                "O-2.3", _("Player {seat:+1} must place their picked cards {a} and {b} now, e.g. 'place {a}>1 {b}>x', not "
                           "'{move}'.", seat=seat, a=self.picks[seat][0], b=self.picks[seat][1], move=quote(str(move)))
            )
        rows = self._placement_rows(seat, move)
        steps = listed_steps(move.steps, self.rows[seat])
        if steps is not move.steps:  # the same placement written another way (O-2.5)
            move = Place(steps)
            rows = self._placement_rows(seat, move)
        return move, rows

    def _placement_rows(self, seat: int, move: Place) -> list[list[int]]:
        """The rows of ``seat`` after ``move`` (a new list if any card is placed); raises if illegal."""
        picked = self.picks[seat]
        steps = move.steps
        if len(steps) != 2 or (steps[0][0], steps[1][0]) not in (picked, picked[::-1]):
            raise IllegalMoveError(
                "O-2.3", _("Player {seat:+1} must place or discard exactly their picked cards {a} and {b}.", seat=seat,
                           a=picked[0], b=picked[1])
            )
        rows = self.rows[seat]
        copied = False
        for card, row in steps:
            if row == DISCARD:
                continue
            if not copied:  # rows change only once every seat has placed (O-2.6)
                rows = [r[:] for r in rows]
                copied = True
            if row == len(rows) + 1 and len(rows) < MAX_ROWS:
                rows.append([card])
            elif 1 <= row <= len(rows):
                r = rows[row - 1]
                if card > r[-1]:
                    r.append(card)
                elif card < r[0]:
                    r.insert(0, card)
                else:
                    raise IllegalMoveError(
                        "O-2.4",
                        _("Card {card} does not fit row {row} ({cards}): a card must be higher than {high} or lower "
                          "than {low}.", card=card, row=row, cards="-".join(map(str, r)), high=r[-1], low=r[0]),
                    )
            elif len(rows) >= MAX_ROWS:
                raise IllegalMoveError("O-2.4", _("Player {seat:+1} already has 3 rows; card {card} cannot start a fourth.",
                                                  seat=seat, card=card))
            else:
                raise IllegalMoveError("O-2.4", ngettext(
                    "There is no row {row}; player {seat:+1} has {n} row, so row {next} starts a new one.",
                    "There is no row {row}; player {seat:+1} has {n} rows, so row {next} starts a new one.",
                    len(rows), row=row, seat=seat, next=len(rows) + 1))
        return rows

    def _end_step(self) -> None:
        """All placements happen together, then the hands are passed (O-2.2)."""
        for p, move in enumerate(self.places):
            counts = self.counts[p]
            for card, row in move.steps:
                if row == DISCARD:
                    self.discards[p].append(card)
                else:
                    counts[SUIT_OF[card]] += 1
        self.rows = self._placed_rows
        self._placed_rows = [None] * self.num_players
        n = self.num_players
        shift = 1 if self.round != 2 else -1  # left in rounds 1 and 3, right in round 2
        hands = self.hands
        self.hands = [hands[(p - shift) % n] for p in range(n)]
        if self.step < STEPS:
            self._start_step(self.step + 1)
        else:
            self._end_round()

    def _end_round(self) -> None:
        """O-3: score the round over all cards in all rows."""
        cap = self.rules.sakura_cap
        for p in range(self.num_players):
            self.round_scores[p].append(round_score(self.round, self.counts[p], cap))
            self.round_rows[p].append(tuple(tuple(r) for r in self.rows[p]))
        self.picks = [None] * self.num_players
        self.places = [None] * self.num_players
        if self.round < ROUNDS:
            self._start_round(self.round + 1)
        else:
            self.phase = OVER
            self._turn = TERMINAL
