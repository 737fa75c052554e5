"""Hand-built Mandala positions, for tests, lessons and puzzles (M-1 to M-7 checked).

:func:`build_position` checks a JSON-ready description of every area and builds the state
at the start of a turn that :func:`~.setup.from_position` returns; impossible positions are
refused with the rule they break. The completed
position is stored in ``state.setup``, so records of such games replay exactly.
"""

from __future__ import annotations

from collections.abc import Mapping
from numbers import Integral

from ..core.errors import NotationError, RulesError, quote, shown
from ..core.messages import _, colour, counts_words, first_up
from .cards import COLOURS, MANDALAS, NUM_COLOURS, PER_COLOUR, RIVER_SPACES, colour_code, counts_of, mandala_index
from .rules import STALEMATE_END, Rules
from .phases import _COLOURS, _NONE, PLAY, RESHUFFLE
from .state import MandalaState


def build_position(position: dict, rules: Rules, rng) -> MandalaState:
    """Validate and build the state of :func:`~.setup.from_position` (errors documented there)."""
    if not isinstance(position, Mapping):
        raise RulesError("options", _("A position must be an object (see mandalakit.mandala.from_position), not "
                                      "{value}.", value=shown(position)))
    known = {"to_move", "hands", "cups", "rivers", "mountains", "fields", "deck", "discard", "end_triggered", "stalled_turns"}
    unknown = sorted(map(repr, set(position) - known))
    if unknown:
        raise RulesError("options", _("Unknown position keys {keys}; known: {known}.",
                                      keys=quote(", ".join(unknown)), known=", ".join(sorted(known))))
    to_move = position.get("to_move", 0)
    if isinstance(to_move, bool) or not isinstance(to_move, Integral) or to_move not in (0, 1):
        raise RulesError("M-2.5", _("to_move must be 0 (player 1) or 1 (player 2), not {value}.", value=shown(to_move)))
    to_move = int(to_move)
    end_triggered = position.get("end_triggered", False)
    if not isinstance(end_triggered, bool):
        raise RulesError("M-6.2", _("end_triggered must be true or false, not {value}.", value=shown(end_triggered)))
    stalled = position.get("stalled_turns", 0)
    limit = rules.turns_after_trigger
    if (isinstance(stalled, bool) or not isinstance(stalled, Integral) or stalled < 0
            or (stalled and not end_triggered)):
        raise RulesError("M-7.6", _("stalled_turns must be a whole number of at least 0, and 0 unless end_triggered "
                                    "is true; got {value}.", value=shown(stalled)))
    if int(stalled) > limit >= 0:
        raise RulesError("M-7.6", _("{n} turns have passed with no mandala completed since the deck ran out, so the "
                                    "game would already be over.", n=shown(stalled)))
    state = MandalaState(rules, rng, {}, to_move)
    state._stalled = int(stalled)
    try:
        hands = _pair(position.get("hands"), "hands")
        state.hands = [counts_of(h, _("the position's hand of player {seat:+1}", seat=seat)) for seat, h in enumerate(hands)]
        cups = _pair(position.get("cups", [{}, {}]), "cups")
        state.cups = [counts_of(c, _("the position's cup of player {seat:+1}", seat=seat)) for seat, c in enumerate(cups)]
        rivers = _pair(position.get("rivers", [[], []]), "rivers")
        state.rivers = [_colour_list(r, _("the position's river of player {seat:+1}", seat=seat))
                        for seat, r in enumerate(rivers)]
        mountains = _per_mandala(position.get("mountains", {}), "mountains")
        fields = _per_mandala(position.get("fields", {}), "fields")
        state.mountains = [counts_of(mountains.get(m, {}), _("the position's mountain {mandala}", mandala=MANDALAS[m])) for m in range(2)]
        state.fields = [[counts_of(f, _("the position's field of player {seat:+1} in mandala {mandala}", seat=seat,
                                                mandala=MANDALAS[m]))
                         for seat, f in enumerate(_pair(fields.get(m, [{}, {}]), f"fields of mandala {MANDALAS[m]}"))]
                        for m in range(2)]
        deck = position.get("deck")
        discard = position.get("discard")
        if deck is not None:
            state.deck = _colour_list(deck, _("the position's deck"))[::-1]
        if discard is not None:
            state.discard = counts_of(discard, _("the position's discard pile"))
    except NotationError as exc:
        raise RulesError(exc.rule, exc.message) from None
    placed = [0] * NUM_COLOURS
    for area in [*state.hands, *state.cups, *state.mountains, *state.fields[0], *state.fields[1], state.discard]:
        for c in _COLOURS:
            placed[c] += area[c]
    for c in [*state.deck, *state.rivers[0], *state.rivers[1]]:
        placed[c] += 1
    rest = [PER_COLOUR - k for k in placed]
    if min(rest) < 0:
        over = ", ".join(_("{n} {colour}", n=shown(placed[c]), colour=colour(COLOURS[c], placed[c]))
                         for c in _COLOURS if rest[c] < 0)
        raise RulesError("M-1.1", _("The position uses more than 18 cards of a colour ({over}).", over=over))
    if deck is None:
        top_first = []
        left = rest[:]
        while any(left):
            for c in _COLOURS:
                if left[c]:
                    top_first.append(c)
                    left[c] -= 1
        state.deck = top_first[::-1]
    elif discard is None:
        state.discard = rest
    elif any(rest):
        missing = counts_words(rest, COLOURS)
        raise RulesError("M-1.1", _("The position must account for all 108 cards; missing: {missing}.",
                                    missing=missing))
    state.discard_size = sum(state.discard)
    state.hand_sizes = [sum(h) for h in state.hands]
    if min(state.hand_sizes) < 1:
        raise RulesError("M-4.4", _("Each player must hold at least one card at the start of a turn."))
    for seat, river in enumerate(state.rivers):
        if len(set(river)) != len(river):
            raise RulesError("M-1.3", _("The river of player {seat:+1} holds a colour twice; each space holds a new "
                                        "colour.",
                                        seat=seat))
        if len(river) >= RIVER_SPACES:
            raise RulesError("M-7.2", _("The river of player {seat:+1} is full, so the game would already be over.",
                                        seat=seat))
    for m in range(2):
        for c in _COLOURS:
            holders = [a for a, area in enumerate([state.mountains[m], *state.fields[m]]) if area[c]]
            if len(holders) > 1:
                raise RulesError("M-3.1", _("{Colour} lies in two areas of mandala {mandala}.",
                                            Colour=COLOURS[c].capitalize(), colour=colour(COLOURS[c]),
                                            mandala=MANDALAS[m]))
            if holders:
                state.owner[m][c] = holders[0]
        state.ncolours[m] = sum(o != _NONE for o in state.owner[m])
        state.field_sizes[m] = [sum(f) for f in state.fields[m]]
        if state.ncolours[m] == NUM_COLOURS:
            raise RulesError("M-5.1", _("Mandala {mandala} already holds all six colours; it would have been "
                                        "destroyed.", mandala=MANDALAS[m]))
    state.end_triggered = end_triggered
    if not state.deck and not state.end_triggered:
        raise RulesError("M-6.2", _("An empty deck means the end has been triggered; set end_triggered to true."))
    state.count_free()
    if rules.stalemate == STALEMATE_END and not state.can_complete():
        raise RulesError("M-7.5", _("Neither mandala can complete again (a colour they lack has no card left in "
                                    "hands, deck or discard pile, or the hands are too small to play them), so "
                                    "the game would already be over; Rules(stalemate='play_on') plays it all the "
                                    "same."))
    state.phase = PLAY
    state._turn = to_move
    state._chance_kind = RESHUFFLE
    state.setup = {"position": state.position()}
    return state


def _pair(value, what: str) -> list:
    """``value`` as a list of two entries, one per seat; else :class:`RulesError` (``options``)."""
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise RulesError("options", _("The position's {what} must be a list of two entries, one per player, not "
                                      "{value}.", what=what, value=shown(value)))
    return list(value)


def _colour_list(value, what: str) -> list[int]:
    """Colour codes of a list of colour names (a river, the deck); else :class:`NotationError`."""
    if not isinstance(value, (list, tuple)):
        raise NotationError(_("{What} must be a list of colour names such as [\"red\", \"green\"], not {value}.",
                              What=first_up(what), value=shown(value)), "options")
    return [colour_code(c) for c in value]


def _per_mandala(value, what: str) -> dict:
    """``{"A": x, "B": y}`` (either key optional, any case) as ``{0: x, 1: y}``; else
    :class:`NotationError` (``options``, or ``M-1.2`` for a name that is not a mandala)."""
    if not isinstance(value, Mapping):
        raise NotationError(_("The position's {what} must be an object by mandala such as {{\"A\": ..., "
                              "\"B\": ...}}, not {value}.", what=what, value=shown(value)), "options")
    out = {}
    for name, item in value.items():
        m = mandala_index(name)
        if m in out:
            raise NotationError(_("The position's {what} name mandala {mandala} twice.", what=what,
                                  mandala=MANDALAS[m]), "options")
        out[m] = item
    return out
