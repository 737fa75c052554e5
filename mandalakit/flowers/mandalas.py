"""The three mandalas on the cloth (F-1.2): their cards and tiles, who holds the claim marker
(F-3.6) and who is the runner-up of a completed one (F-4.2).

:class:`Mandala` is the engine's own record of one mandala; :class:`MandalaView` is what every
seat may see of it (F-2.4).
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import NUM_COLOURS
from .phases import _COLOURS6


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
