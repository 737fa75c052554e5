"""Hand-built Flowers positions, for rule tests, lessons and "what if" questions.

:func:`from_position` sets a position up directly (hands, mandalas, owned tiles, deck,
discard pile, tile stacks) and checks it: conservation of the 90 cards and 36 tiles (F-6)
and the rules that any reachable position obeys (F-3.2, F-3.6, F-3.7, F-5.1). Whatever is
not given is filled in: unnamed cards go to the deck (or the discard pile), unnamed tiles
to the stacks, in a documented order, so a test can predict every draw.

Cards are written as text, ``"2 red, 1 green"`` (or ``"red red green"``), as a mapping
``{"red": 2, "green": 1}`` or as a list of colour names; tiles as ``"red 2"`` or
``"green x3"``.

Example
-------
A mandala with tiles grey 1 and green 2, where seat 0 has 2 red face up and seat 1 a red
face down, seat 0 holding the claim marker::

    state = from_position(
        2,
        hands=["1 purple, 2 orange", "3 yellow"],
        mandalas=[{"tiles": ("grey 1", "green 2"), "claim": 0,
                   "up": {0: "2 red"}, "down": {1: "1 red"}}],
    )

A hand-built position starts a fresh history; its record cannot be replayed from the start
(its setup says ``"position": "hand-built"``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..core.contract import check_list, check_mapping, check_players, check_rules, game_rng
from ..core.errors import MandalakitError, RulesError, quote, shown
from ..core.messages import _, a_or_an, colour, ngettext
from .cards import (
    ALL_COLOURS, CARDS_PER_COLOUR, COLOURS, DARK, DECK_SIZE, LIGHT, NUM_COLOURS, NUM_MANDALAS, colour_code, counts_text,
)
from .rules import Rules
from .state import PLAY, FlowersState
from .tiles import MAX_FLOWERS, X3, X3_TEXT


def parse_cards(spec, what: str = "cards") -> list[int]:
    """Cards as six counts by colour code, from text, a mapping or a list of colour names.

    ``"2 red, 1 green"``, ``"red red green"``, ``{"red": 2, "green": 1}`` and
    ``["red", "red", "green"]`` all give ``[0, 0, 2, 1, 0, 0]``. ``None`` or ``""`` is no card.

    Raises
    ------
    RulesError
        For an unknown colour, a count that is not a whole number from 0 to 90, or a spec
        of another type (F-1.1).
    """
    return _counts(parse_card_list(spec, what))


def parse_card_list(spec, what: str = "cards") -> list[int]:
    """Like :func:`parse_cards` but keeps the order: a list of colour codes (for a deck, top first)."""
    out: list[int] = []
    try:
        if spec is None or spec == "":
            return out
        if isinstance(spec, str):
            for part in spec.replace(";", ",").split(","):
                words = part.split()
                count = words[0].lstrip("-") if len(words) == 2 else ""
                if count.isascii() and count.isdigit():  # int() would also take "1_0", "٢"
                    if words[0].startswith("-"):
                        raise RulesError("F-1.1", _("{what}: a count cannot be negative ({part!r}).", what=what,
                                                    part=quote(part)))
                    if len(count.lstrip("0")) > 3:  # int() refuses over 4300 digits; 90 cards in all
                        raise RulesError("F-1.1", _("{what}: {count} is more cards than the game has.", what=what,
                                                    count=quote(count)))
                    n = int(count)
                    out += [colour_code(words[1])] * n
                else:
                    out += [colour_code(w) for w in words]
            return out
        if isinstance(spec, Mapping):
            for name, n in spec.items():
                if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= DECK_SIZE:
                    raise RulesError("F-1.1", _("{what}: the count of {name} must be a whole number from 0 to {most}, "
                                                "not {value}.", what=what, name=shown(name), most=DECK_SIZE,
                                                value=shown(n)))
                out += [colour_code(name)] * n
            return out
        if isinstance(spec, (list, tuple)):
            return [colour_code(name) for name in spec]
        raise RulesError("F-1.1", _("{what}: cards are written as text ('2 red'), a mapping ({{'red': 2}}) or a "
                                   "list of colour names, not {value}.", what=what, value=shown(spec)))
    except MandalakitError as exc:
        if isinstance(exc, RulesError):
            raise
        raise RulesError(exc.rule, _("{what}: {problem}", what=what, problem=exc.message)) from None


def _counts(codes) -> list[int]:
    counts = [0] * NUM_COLOURS
    for c in codes:
        counts[c] += 1
    return counts


def parse_tile(spec: str) -> tuple[int, int]:
    """``"red 2"`` → ``(2, 2)`` and ``"green x3"`` → ``(3, X3)``: colour code and face.

    Raises
    ------
    RulesError
        ``F-1.4`` for anything but text of a colour and a face, ``F-1.3`` for an unknown colour.
    """
    words = spec.split() if isinstance(spec, str) else ()
    if len(words) != 2:
        raise RulesError("F-1.4", _("{value} is not a tile; write a colour and a face, like 'red 2' or 'green x3'.",
                                    value=shown(spec)))
    colour = colour_code(words[0], "F-1.3")
    face = words[1].lower().replace("×", "x")
    if face == X3_TEXT:
        return colour, X3
    if not (face.isascii() and face.isdigit()) or len(face.lstrip("0")) > len(str(MAX_FLOWERS)) \
            or not 1 <= int(face) <= MAX_FLOWERS:
        raise RulesError("F-1.4", _("{value}: a face is a number of flowers (1 to {most}) or x3.", value=shown(spec),
                                    most=MAX_FLOWERS))
    return colour, int(face)


class _TilePool:
    """Hands out tile ids of the table by (colour, face), each at most once."""

    def __init__(self, tiles):
        self.tiles = tiles
        self.free = [t.id for t in tiles[1:]]

    def take(self, spec: str, where: str) -> int:
        colour, face = parse_tile(spec)
        for t in self.free:
            if self.tiles[t].colour == colour and self.tiles[t].face == face:
                self.free.remove(t)
                return t
        raise RulesError("F-1.5", _("{where}: no {tile} tile is left in the tile table (each tile exists once).",
                                    where=where, tile=quote(spec)))

    def next_of(self, back: int, where: str) -> int:
        for t in self.free:
            if self.tiles[t].back == back:
                self.free.remove(t)
                return t
        raise RulesError("F-1.3", (_("{where}: no dark tile is left.", where=where) if back == DARK else
                                   _("{where}: no light tile is left.", where=where)))


def _seat_map(spec, players: int, what: str) -> dict[int, list[int]]:
    out = {}
    for seat, cards in check_mapping(spec or {}, _("{what}: the cards by player", what=what), "F-3.2").items():
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise RulesError("F-2.4", _("{what}: {seat} is not a player's number; a {players}-player game numbers them "
                                        "0 (player 1) to {last} (player {players}).", what=what, seat=shown(seat),
                                        players=players, last=players - 1))
        out[seat] = parse_cards(cards, _("{what}, player {seat:+1} (key {seat})", what=what, seat=seat))
    return out


def from_position(
    players: int,
    *,
    hands: Sequence,
    mandalas: Sequence[Mapping] = (),
    owned: Sequence[Sequence[str]] | None = None,
    deck=None,
    discard=None,
    dark: Sequence[str] | None = None,
    light: Sequence[str] | None = None,
    to_act: int = 0,
    first_player: int = 0,
    passes: int = 0,
    rest_to_hand: int | None = None,
    rules: Rules | None = None,
    seed=None,
    manual_chance: bool = False,
) -> FlowersState:
    """Build a checked Flowers position with ``to_act`` about to play.

    Parameters
    ----------
    players : int
        2 to 4 (F-2.3).
    hands : sequence of card specs
        One per seat (a hand may hold more than 8 cards, F-4.4).
    mandalas : sequence of mappings, at most 3
        Mandalas 1, 2, 3 in order; missing ones are empty. Keys (all optional):
        ``"tiles"`` — ``(dark, light)`` tile specs such as ``("grey 1", "green x3")``
        (default: the next unused dark and light tile of the table);
        ``"claim"`` — the claim-marker holder's seat (required when face-up cards are there);
        ``"up"`` and ``"down"`` — ``{seat: card spec}`` of face-up and face-down cards.
    owned : sequence (per seat) of sequence of tile specs, optional
        Tiles each seat gained, in order; they pair as they would in play (F-4.3).
    deck : card list spec, optional
        The deck, **top card first**. Default: every card not placed elsewhere, dealt in
        colour rotation (grey, purple, red, green, orange, yellow, grey, ...).
    discard : card spec, optional
        The discard pile. Default: empty if ``deck`` is not given, else the cards left over.
    dark, light : sequence of tile specs, optional
        The tile stacks, top first. Default: the unused tiles of that back in table order.
    to_act : int
        The seat to play now (its turn starts at the Play step).
    first_player : int
        Recorded in ``state.setup``.
    passes : int
        Passes in a row just before (F-5.3).
    rest_to_hand : int, optional
        Put the cards not placed elsewhere into this seat's hand (instead of the deck or the
        discard pile) — handy for an empty deck and discard pile.
    rules : Rules, optional
    seed, manual_chance
        As for :func:`~mandalakit.flowers.setup.new_game` (the generator draws reshuffles).

    Returns
    -------
    FlowersState

    Raises
    ------
    RulesError
        With the rule id, if the position could not arise in play or breaks conservation:
        more than 15 cards of a colour or cards missing (F-6), a face-up colour that matches a
        tile or is face up twice (F-3.2), a face-down colour that is not on the mandala
        (F-3.2), face-up cards without a claim holder (F-3.6), a complete mandala (F-3.7), a
        third Flower (F-5.1), tiles missing (F-6). Also for a field of the wrong type (text
        where a list is expected, a list where a mapping is, a bool or text for a seat or a
        count), with the rule of that field and at most 60 characters of it quoted.
    """
    players = check_players("flowers", players, 2, 4, "F-2.3")
    rules = check_rules("flowers", rules, Rules)
    rng = game_rng(seed, manual_chance)
    hands = check_list(hands, _("The hands"), "F-2.3")
    mandalas = [check_mapping(spec, _("Mandala {mandala}", mandala=i + 1), "F-1.2")
                for i, spec in enumerate(check_list(mandalas, _("The mandalas"), "F-1.2"))]
    owned = [check_list(tiles, _("The tiles of player {seat:+1}", seat=seat), "F-4.3")
             for seat, tiles in enumerate(check_list(owned or [], _("The owned tiles"), "F-4.3"))]
    if len(hands) != players:
        raise RulesError("F-2.3", ngettext("{n} hand given for a {players}-player game.",
                                           "{n} hands given for a {players}-player game.", len(hands), players=players))
    for name, seat in (("to_act", to_act), ("first_player", first_player)):
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise RulesError("F-2.3", _("{name} must be a number from 0 (player 1) to {last} (player {players}), "
                                        "not {value}.", name=name, players=players,
                                        last=players - 1, value=shown(seat)))
    if len(mandalas) > NUM_MANDALAS:
        raise RulesError("F-1.2", _("There are 3 mandalas, not {n}.", n=len(mandalas)))
    state = FlowersState(players, rules, rng, first_player)
    state.setup = {"first_player": first_player, "position": "hand-built"}
    pool = _TilePool(state._tiles)
    specs = list(mandalas) + [{}] * (NUM_MANDALAS - len(mandalas))

    # Tiles named explicitly first, then the defaults, so a default never takes a named tile.
    for i, spec in enumerate(specs):
        unknown = set(spec) - {"tiles", "claim", "up", "down"}
        if unknown:
            raise RulesError("F-1.2", ngettext("Mandala {mandala}: unknown key {keys}; use tiles, claim, up and down.",
                                               "Mandala {mandala}: unknown keys {keys}; use tiles, claim, up and down.",
                                               len(unknown), mandala=i + 1,
                                               keys=quote(", ".join(sorted(map(str, unknown))))))
        if spec.get("tiles") is not None:
            tiles = check_list(spec["tiles"], _("Mandala {mandala}: the tiles", mandala=i + 1), "F-2.2")
            pair = [pool.take(t, _("Mandala {mandala}", mandala=i + 1)) for t in tiles]
            backs = sorted(state._tiles[t].back for t in pair)
            if backs != [DARK, LIGHT]:
                raise RulesError("F-2.2", _("Mandala {mandala} holds one dark and one light tile, not {tiles}.",
                                            mandala=i + 1, tiles=quote(", ".join(tiles))))
            pair.sort(key=lambda t: state._tiles[t].back)
            state.mandalas[i].dark, state.mandalas[i].light = pair
    for seat, tiles in enumerate(owned):
        if seat >= players:
            raise RulesError("F-2.3", _("Owned tiles given for player {seat:+1} in a {players}-player game.", seat=seat,
                                        players=players))
        for t in tiles:
            state._gain(seat, pool.take(t, _("Tiles of player {seat:+1}", seat=seat)))
        if state.nflowers[seat] >= 3:
            raise RulesError("F-5.1", _("Player {seat:+1} has {n} Flowers: the game would already be over.", seat=seat,
                                        n=state.nflowers[seat]))
    state.end_reason = None
    for i, m in enumerate(state.mandalas):
        if not m.dark:
            m.dark = pool.next_of(DARK, _("Mandala {mandala}", mandala=i + 1))
            m.light = pool.next_of(LIGHT, _("Mandala {mandala}", mandala=i + 1))
        m.covered = 1 << state._tile_colour[m.dark] | 1 << state._tile_colour[m.light]

    # Cards on the mandalas (F-3.2, F-3.6, F-3.7).
    for i, spec in enumerate(specs):
        m = state.mandalas[i]
        tile_bits = m.covered
        up = _seat_map(spec.get("up"), players, _("Mandala {mandala}, face up", mandala=i + 1))
        down = _seat_map(spec.get("down"), players, _("Mandala {mandala}, face down", mandala=i + 1))
        for seat, cards in up.items():
            for c, n in enumerate(cards):
                if not n:
                    continue
                if tile_bits >> c & 1:
                    raise RulesError("F-3.2", _("Mandala {mandala}: {colour} matches a tile there, so {cards} cards "
                                                "lie face down.", mandala=i + 1, colour=colour(COLOURS[c]),
                                                cards=colour(COLOURS[c], 2)))
                if m.up_owner[c] >= 0:
                    raise RulesError("F-3.2", _("Mandala {mandala}: only one play of {colour} can lie face up there.",
                                                mandala=i + 1, colour=colour(COLOURS[c])))
                m.up_owner[c], m.up_count[c] = seat, n
                m.covered |= 1 << c
                m.up[seat] += n
                m.cards[seat][c] += n
        for seat, cards in down.items():
            for c, n in enumerate(cards):
                if n and not m.covered >> c & 1:
                    raise RulesError("F-3.2", _("Mandala {mandala}: {a_card} card lies face down only if {colour} is "
                                                "already there (a tile or a face-up card); otherwise it would be face "
                                                "up.", mandala=i + 1, a_card=a_or_an(COLOURS[c]), colour=colour(COLOURS[c])))
                m.cards[seat][c] += n
        for seat in range(players):
            m.tot[seat] = sum(m.cards[seat])
        claim = spec.get("claim")
        if claim is not None and (isinstance(claim, bool) or not isinstance(claim, int) or not 0 <= claim < players):
            raise RulesError("F-3.6", _("Mandala {mandala}: the claim marker's holder is a number from 0 (player 1) to {last} "
                                        "(player {players}), not {value}.", mandala=i + 1, last=players - 1,
                                        players=players, value=shown(claim)))
        if any(m.up):
            if claim is None or not m.up[claim]:
                raise RulesError("F-3.6", _("Mandala {mandala} has face-up cards, so its claim marker is held by a "
                                            "player with a face-up card there (the first face-up play always claims it).",
                                            mandala=i + 1))
        elif claim is not None:
            raise RulesError("F-3.6", _("Mandala {mandala}: nobody can hold its claim marker without a face-up card "
                                        "there.", mandala=i + 1))
        m.claim = -1 if claim is None else claim
        if m.covered == ALL_COLOURS:
            raise RulesError("F-3.7", _("Mandala {mandala} is complete; it would already have been resolved (F-4).",
                                        mandala=i + 1))

    # Hands, then the deck and the discard pile take the rest (F-6).
    for seat, spec in enumerate(hands):
        state.hands[seat] = parse_cards(spec, _("Hand of player {seat:+1}", seat=seat))
        state.sizes[seat] = sum(state.hands[seat])
    placed = [0] * NUM_COLOURS
    for pile in state.hands + [c for m in state.mandalas for c in m.cards]:
        for c in range(NUM_COLOURS):
            placed[c] += pile[c]
    deck_list = None if deck is None else parse_card_list(deck, _("Deck"))
    discard_counts = None if discard is None else parse_cards(discard, _("Discard pile"))
    for extra in (_counts(deck_list or []), discard_counts or [0] * NUM_COLOURS):
        placed = [a + b for a, b in zip(placed, extra)]
    over = [n if n > CARDS_PER_COLOUR else 0 for n in placed]
    if any(over):
        raise RulesError("F-1.1", _("There are 15 cards of each colour; this position uses {cards}.",
                                    cards=counts_text(over)))
    rest = [CARDS_PER_COLOUR - n for n in placed]
    if rest_to_hand is not None:
        if isinstance(rest_to_hand, bool) or not isinstance(rest_to_hand, int) or not 0 <= rest_to_hand < players:
            raise RulesError("F-2.3", _("rest_to_hand must be a number from 0 (player 1) to {last} (player {players}), "
                                        "not {value}.", last=players - 1, players=players,
                                        value=shown(rest_to_hand)))
        state.hands[rest_to_hand] = [a + b for a, b in zip(state.hands[rest_to_hand], rest)]
        state.sizes[rest_to_hand] = sum(state.hands[rest_to_hand])
        rest = [0] * NUM_COLOURS
    if deck_list is None:
        deck_list = []
        left = rest[:]
        while any(left):
            for c in range(NUM_COLOURS):
                if left[c]:
                    deck_list.append(c)
                    left[c] -= 1
        discard_counts = discard_counts or [0] * NUM_COLOURS
    elif discard_counts is None:
        discard_counts = rest
    elif any(rest):
        raise RulesError("F-6", _("Cards are missing from this position ({missing}); all 90 cards are in hands, on "
                                  "mandalas, in the deck or in the discard pile.", missing=counts_text(rest)))
    state.deck = deck_list[::-1]  # top card last inside the engine
    state.discard = list(discard_counts)
    state.discard_size = sum(discard_counts)

    # Tile stacks take the unused tiles (F-6).
    for back, spec in ((DARK, dark), (LIGHT, light)):
        if spec is None:
            ids = [t for t in pool.free if state._tiles[t].back == back]
            for t in ids:
                pool.free.remove(t)
        else:
            name = _("The dark stack") if back == DARK else _("The light stack")
            ids = [pool.take(t, name) for t in check_list(spec, name, "F-2.1")]
            if any(state._tiles[t].back != back for t in ids):
                raise RulesError("F-1.3", _("The dark stack holds only dark tiles.") if back == DARK else
                                 _("The light stack holds only light tiles."))
        state.stacks[back] = ids[::-1]  # top last
    if pool.free:
        names = ", ".join(state._tiles[t].words for t in pool.free)
        raise RulesError("F-6", _("Tiles are missing from this position ({names}); all 36 tiles are on mandalas, "
                                  "in the stacks or owned by players.", names=names))
    if isinstance(passes, bool) or not isinstance(passes, int) or not 0 <= passes < players:
        raise RulesError("F-5.3", _("passes must be from 0 to {last}, not {value}.", last=players - 1,
                                    value=shown(passes)))
    state.passes = passes
    state.phase = PLAY
    state.active = state.current_player = to_act
    try:
        state.check_invariants()
    except AssertionError as exc:  # pragma: no cover - every case above is checked first
        raise RulesError("F-6", _("This position is not consistent: {problem}.", problem=exc)) from None
    return state


def from_mapping(position: Mapping, *, seed=None, rules: Rules | None = None, manual_chance: bool = False) -> FlowersState:
    """:func:`from_position` of a JSON-ready mapping of its keyword arguments (``players``, if
    left out, is the number of ``hands``): the form every game's ``GameSpec.from_position`` takes.

    Raises
    ------
    RulesError
        As :func:`from_position`.
    """
    position = dict(position)
    hands = position.get("hands")
    position.setdefault("players", len(hands) if isinstance(hands, (list, tuple)) else 2)
    return from_position(**position, seed=seed, rules=rules, manual_chance=manual_chance)
