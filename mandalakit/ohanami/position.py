"""Hand-built Ohanami positions, for rule tests, lessons and "what if" questions.

:func:`position_state` builds the state that :func:`~.setup.from_position` returns: a game in
the middle of a draft step, from a JSON-ready description (hands, rows, round, step, what each seat has picked or placed in this step, the
deck and the discards) and checks it against the rules every reachable position obeys: card
conservation (O-1.1), hand sizes per step (O-2.2), two cards placed or discarded per step
(O-2.3), row shapes (O-2.4) and hidden picks (O-2.6). The completed position is stored in
``state.setup``, so records of such games replay exactly; ``state.position()`` gives it back.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from ..core.contract import check_list, check_mapping, check_players, check_whole
from ..core.errors import IllegalMoveError, RulesError, quote, shown
from ..core.messages import _, first_up, ngettext
from .cards import DECK_SIZE, HAND_SIZE, SUIT_OF
from .moves import MAX_ROWS, Place, parse, pick
from .rules import Rules
from .scoring import round_score
from .state import PICK, ROUNDS, STEPS, OhanamiState

#: The keys of a position; every key but ``hands`` is optional.
KEYS = ("round", "step", "hands", "picks", "places", "rows", "discards", "deck", "round_rows")


def position_state(position, rules: Rules, rng: np.random.Generator | None, players: int) -> OhanamiState:
    """Validate ``position`` and build its state for :func:`~mandalakit.ohanami.setup.new_game`
    (see :func:`from_position` for the format and the errors)."""
    parts = _Parts(check_mapping(position, _("An Ohanami position"), "options"), players)
    parts.check_turns()
    parts.check_counts()
    parts.fill()
    return parts.state(rules, rng)


class _Parts:
    """The fields of a position, type-checked, each card noted where it lies (O-1.1)."""

    def __init__(self, position: Mapping, players: int):
        unknown = sorted(map(str, set(position) - set(KEYS)))
        if unknown:
            raise RulesError("options", _("Unknown position key(s) {keys}; the keys are {known}.",
                                          keys=quote(", ".join(map(repr, unknown))), known=", ".join(KEYS)))
        self.position = position
        self.where: dict[int, str] = {}
        hands = check_list(position.get("hands"), _("The hands (a list of cards per player)"), "O-2.1")
        self.n = n = check_players("ohanami", len(hands), 2, 4, "O-2.1")
        if players != n:
            raise RulesError("O-2.1", _("The position has {n} hands, but the game has {players} players.",
                                        n=n, players=players))
        round_no, step = position.get("round"), position.get("step")
        self.round = 1 if round_no is None else check_whole(round_no, _("The round"), "O-2.1", 1, ROUNDS)
        self.step = 1 if step is None else check_whole(step, _("The step"), "O-2.2", 1, STEPS)
        self.hands = [self.cards(h, _("the hand of player {p:+1}", p=p), "O-2.2") for p, h in enumerate(hands)]
        self.picks = [None if pk is None else self.cards(pk, _("the pick of player {p:+1}", p=p), "O-2.2")
                      for p, pk in enumerate(self.per_seat("picks", _("picks"), "O-2.2", None))]
        for p, pk in enumerate(self.picks):
            if pk is not None and len(pk) != 2:
                raise RulesError("O-2.2", _("Player {p:+1} picks 2 cards, not {k}.", p=p, k=len(pk)))
        self.places = [_placement(p, text)
                       for p, text in enumerate(self.per_seat("places", _("placements"), "O-2.3", None))]
        self.rows = [[self.note(row, _("the rows of player {p:+1}", p=p)) for row in _rows(r, _("the rows of player {p:+1}", p=p))]
                     for p, r in enumerate(self.per_seat("rows", _("rows"), "O-2.4", []))]
        self.ended = [[_rows(rows, _("the rows of player {p:+1} at the end of round {r}", p=p, r=r))
                       for r, rows in enumerate(check_list(seat, _("The ended rounds of player {p:+1}", p=p), "O-3"), 1)]
                      for p, seat in enumerate(self.per_seat("round_rows", _("rows of the ended rounds"), "O-3", []))]
        discards = position.get("discards")
        self.discards = None if discards is None else [
            self.cards(d, _("the discards of player {p:+1}", p=p), "O-2.3")
            for p, d in enumerate(self.per_seat("discards", _("discards"), "O-2.3", None))]
        deck = position.get("deck")
        self.deck = None if deck is None else self.cards(deck, _("the deck"), "O-2.1")

    def per_seat(self, key: str, what: str, rule: str, empty) -> list:
        """The entries of ``key``, one per seat (``empty`` for each if ``key`` is left out)."""
        value = self.position.get(key)
        if value is None:
            return [empty] * self.n
        value = check_list(value, _("The {what} (one entry per player)", what=what), rule)
        if len(value) != self.n:
            raise RulesError(rule, _("The position gives {what} for {k} players, not {n}.",
                                     what=what, k=len(value), n=self.n))
        return value

    def cards(self, value, where: str, rule: str) -> list[int]:
        """``value`` as a list of cards (see :func:`_cards`), noted as lying in ``where``."""
        return self.note(_cards(value, where, rule), where)

    def note(self, cards: list[int], where: str) -> list[int]:
        """``cards`` as lying in ``where``; a card in two places is refused (O-1.1)."""
        for card in cards:
            if card in self.where:
                first = self.where[card]
                raise RulesError("O-1.1", _("Card {card} is twice in {a}.", card=card, a=where) if first == where
                                 else _("Card {card} is in two places: {a} and {b}.", card=card, a=first, b=where))
            self.where[card] = where
        return cards

    def check_turns(self) -> None:
        """O-2.2: hand sizes per step; O-2.6: seats choose in turn and place once all have picked."""
        held = 12 - 2 * self.step
        for p, (hand, pk) in enumerate(zip(self.hands, self.picks)):
            size = len(hand) + (2 if pk else 0)
            if size != held:
                raise RulesError("O-2.2", _("In step {step} every player holds {held} cards with their pick (hands go 10, 8, "
                                            "6, 4, 2); player {p:+1} holds {size}.", step=self.step, held=held, p=p, size=size))
        _in_seat_order(self.picks, _("picked"))
        _in_seat_order(self.places, _("placed"))
        if any(self.places) and not all(self.picks) and self.step < STEPS:  # step 5 needs no pick
            raise RulesError("O-2.3", _("A player places their cards once every player has picked and the picks are revealed; "
                                        "player {p:+1} has not picked yet.", p=self.picks.index(None)))
        if all(self.places):
            raise RulesError("O-2.3", _("Every player has placed, so step {step} is over; give the position of the next "
                                        "step.", step=self.step))

    def check_counts(self) -> None:
        """O-2.3: 2 cards placed or discarded per step; O-2.4 and O-3: the rows of the ended rounds."""
        done = self.done
        for p in range(self.n):
            in_rows = sum(map(len, self.rows[p]))
            thrown = in_rows + (len(self.discards[p]) if self.discards else 0)
            if thrown > done or (self.discards and thrown < done):
                raise RulesError("O-2.3", ngettext(
                    "Player {p:+1} has placed or discarded {n} card ({rows} in rows), but by step {step} of round {round} "
                    "every player has placed or discarded {done}: 2 in each step before.",
                    "Player {p:+1} has placed or discarded {n} cards ({rows} in rows), but by step {step} of round {round} "
                    "every player has placed or discarded {done}: 2 in each step before.",
                    thrown, p=p, rows=in_rows, step=self.step, round=self.round, done=done))
            _check_ended_rounds(p, self.ended[p], self.rows[p], self.round, self.step)

    @property
    def done(self) -> int:
        """Cards each seat has placed or discarded so far: 2 per step (O-2.3)."""
        return HAND_SIZE * (self.round - 1) + 2 * (self.step - 1)

    def fill(self) -> None:
        """O-1.1: the cards given nowhere go to the discards, then to the deck, if left out."""
        undealt = DECK_SIZE - HAND_SIZE * self.n * self.round
        if self.deck is not None and len(self.deck) > undealt:
            raise RulesError("O-2.1", _("In round {round} of a {n}-player game the deck holds the {undealt} cards not "
                                        "dealt yet, not {k}.", round=self.round, n=self.n, undealt=undealt,
                                        k=len(self.deck)))
        rest = [c for c in range(1, DECK_SIZE + 1) if c not in self.where]
        if self.discards is None:
            self.discards = []
            for rows in self.rows:
                k = self.done - sum(map(len, rows))
                self.discards.append(rest[:k])
                del rest[:k]
        if self.deck is None:
            self.deck = rest
        elif rest:
            raise RulesError("O-1.1", _("Cards are missing from this position ({missing}); every card 1 to 120 is in "
                                        "a hand, a pick, a row, the discards or the deck.",
                                        missing=quote(", ".join(map(str, rest)))))

    def state(self, rules: Rules, rng: np.random.Generator | None) -> OhanamiState:
        """The state of the checked position, with the choices of this step made in seat order."""
        state = OhanamiState(self.n, rules, rng)
        state.round = self.round
        state.deck = self.deck
        state.rows = self.rows
        state.discards = self.discards
        for p in range(self.n):
            state.counts[p] = _suit_counts(self.rows[p])
            state.round_rows[p] = [tuple(tuple(row) for row in rows) for rows in self.ended[p]]
            state.round_scores[p] = [round_score(r, _suit_counts(rows), rules.sakura_cap)
                                     for r, rows in enumerate(self.ended[p], start=1)]
            state.hands[p] = self.hands[p] + (self.picks[p] or [])
        state._start_step(self.step)  # in step 5 the last 2 cards are picked without a choice (O-2.2)
        if state.phase == PICK:
            for pk in self.picks:
                if pk:
                    state.apply(pick(*pk))  # cards of the hand: never refused
        for seat, move in enumerate(self.places):
            if move is not None:
                try:
                    state.apply(move)
                except IllegalMoveError as exc:
                    raise RulesError(exc.rule, _("The placement of player {p:+1}: {reason}",
                                                 p=seat, reason=exc.message)) from None
        state.history = []
        state.setup = {"position": state.position()}
        return state


def _cards(value, what: str, rule: str) -> list[int]:
    """``value`` as a list of card numbers 1 to 120 (a list, not text; numbers, not bools)."""
    what = first_up(what)
    return [check_whole(c, _("{what}: a card", what=what), "O-1.1", 1, DECK_SIZE) for c in check_list(value, what, rule)]


def _rows(value, what: str) -> list[list[int]]:
    """``value`` as at most 3 rows, each a non-empty ascending list of cards (O-2.4)."""
    rows = [_cards(row, _("{what}, row {i}", what=what, i=i), "O-2.4")
            for i, row in enumerate(check_list(value, first_up(what), "O-2.4"), 1)]
    for i, row in enumerate(rows, 1):
        if not row or any(a >= b for a, b in zip(row, row[1:])):
            raise RulesError("O-2.4", _("Row {i} of {what} is {row}; a row holds at least one card, in ascending order "
                                        "(a card goes above the highest or below the lowest).",
                                        i=i, what=what, row=shown(row)))
    if len(rows) > MAX_ROWS:
        raise RulesError("O-2.4", _("{what} are {k} rows; a player has at most 3.", what=first_up(what), k=len(rows)))
    return rows


def _placement(seat: int, text) -> Place | None:
    """The placement of ``seat`` written as ``"place 45>1 40>x"`` (O-2.3), or None."""
    if text is None:
        return None
    move = None
    if isinstance(text, str):
        try:
            move = parse(text)
        except IllegalMoveError as exc:
            raise RulesError(exc.rule, _("The placement of player {p:+1}: {reason}", p=seat, reason=exc.message)) from None
    if type(move) is not Place:
        raise RulesError("O-2.3", _("The placement of player {p:+1} is written like 'place 45>1 40>x', not {text}.",
                                    p=seat, text=shown(text)))
    return move


def _suit_counts(rows) -> list[int]:
    """[blue, green, grey, pink] cards in ``rows`` (O-1.2)."""
    counts = [0, 0, 0, 0]
    for row in rows:
        for card in row:
            counts[SUIT_OF[card]] += 1
    return counts


def _in_seat_order(choices: list, what: str) -> None:
    """O-2.6: seats choose one at a time from seat 0, so the seats that chose come first."""
    for p in range(1, len(choices)):
        if choices[p] is not None and choices[p - 1] is None:
            raise RulesError("O-2.6", _("Players choose one at a time from player 1 and nobody sees a choice before every "
                                        "player has made it; player {p:+1} has {what} but player {q:+1} has not.",
                                        p=p, what=what, q=p - 1))


def _check_ended_rounds(seat: int, ended: list, rows: list[list[int]], round_no: int, step: int) -> None:
    """O-2.4: the rows at the end of each ended round are earlier versions of the next ones
    (cards never move, rows never go away), with at most 10 cards more per round and 2 per
    step of the current round (O-2.2, O-2.3)."""
    if len(ended) != round_no - 1:
        raise RulesError("O-3", ngettext(
            "In round {round} player {p:+1} has {n} ended round behind it, so round_rows gives it {n} list of rows (its "
            "rows at the end of that round), not {k}.",
            "In round {round} player {p:+1} has {n} ended rounds behind it, so round_rows gives it {n} lists of rows (its "
            "rows at the end of each), not {k}.", round_no - 1, round=round_no, p=seat, k=len(ended)))
    versions = [([], _("at the start of the game"), 0)]
    versions += [(rows_then, _("at the end of round {r}", r=r), HAND_SIZE) for r, rows_then in enumerate(ended, start=1)]
    versions.append((rows, _("now"), 2 * (step - 1)))
    for (earlier, when, _most), (later, later_when, most) in zip(versions, versions[1:]):
        grown = len(earlier) <= len(later) and all(
            any(big[i:i + len(row)] == row for i in range(len(big) - len(row) + 1)) for row, big in zip(earlier, later))
        if not grown:
            raise RulesError("O-2.4", _("The rows of player {p:+1} {later} do not grow out of its rows {earlier}: cards never "
                                        "move, new ones go at the ends of rows, and rows never go away.",
                                        p=seat, later=later_when, earlier=when))
        added = sum(map(len, later)) - sum(map(len, earlier))
        if added > most:
            raise RulesError("O-2.3", _("Player {p:+1} has {added} cards more in its rows {later} than {earlier}; at most "
                                        "{most} can be placed in that time.", p=seat, added=added, later=later_when,
                                        earlier=when, most=most))
