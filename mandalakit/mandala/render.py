"""SVG drawing of a Mandala position, as one seat sees it (M-2.4), laid out as on the mat.

Drawing reads only :meth:`MandalaState.observation` of the viewing seat (plus the result once
the game is over), so it cannot show the opponent's hand or cup. It returns SVG text and
imports no widget library; the rules code never imports this module.

The table, top to bottom as the players sit (M-1.2, M-1.3): the opponent with their river and
cup; the two mandalas, round, each with the mountain across its middle, the opponent's field
on the far side and the viewer's field on the near side; the viewer's river and cup, then the
hand and the discard pile. On a page too narrow for the mandalas side by side (a phone) they
go one above the other, the hand and the discard pile just under them, so that every place of
a turn fits one window, and the rivers and cups (the viewer's, then the opponent's) after.

Click targets (:func:`mandalakit.core.svg.target`): ``hand:<colour>`` on each colour of the
viewing seat's hand, ``mountain:A``/``mountain:B``, ``field:A``/``field:B`` (the viewing
seat's own fields, M-3.3), ``discard`` on the discard pile and, while a mandala is destroyed,
``pick:<colour>`` on each colour of its mountain (M-5.3) instead of ``mountain:<m>``.

>>> from mandalakit import mandala
>>> svg = mandala.new_game(2, seed=1).to_svg()      # seat 0, the seat to act
>>> svg.startswith("<svg") and "Mandala A" in svg and 'data-mk-target="field:B"' in svg
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from ..core import svg as _svg
from ..core.contract import CHANCE, TERMINAL
from ..core.messages import _, ngettext
from .cards import COLOURS, MANDALAS, NUM_COLOURS, RIVER_SPACES

MARGIN = 10
CARD_W, CARD_H, GAP = 44, 54, 4
LINE = 16
LABEL_W = 64  # room for a row's label left of its cards
PILE_LABEL_W = 60  # room for the discard pile's label left of its cards
ROW_W = NUM_COLOURS * (CARD_W + GAP) - GAP  # six colours side by side
RADIUS, SMALL_RADIUS = 190, 160  # a mandala, wide and on the narrowest page
PHONE_RADIUS = 150  # the mandalas one above the other: both and the hand fit a 420 x 800 phone
SMALLEST = 2 * SMALL_RADIUS + 2 * MARGIN  # the narrowest layout (a 420 px phone gives the board 390 px)
WIDTH = 4 * RADIUS + 3 * MARGIN + 10  # the wide layout: the two mandalas side by side
#: A page from 680 px to the wide layout (a 1024 x 768 screen with the log beside the board)
#: keeps the mandalas side by side, smaller, so the whole table fits the screen's height.
COMPACT_RADIUS = 160
COMPACT = 4 * COMPACT_RADIUS + 3 * MARGIN + 10
NOTE_ROOM = 250  # the least room beside the viewing seat's name for the note on numbers
BAND = 42  # the mountain's band across the middle: from -BAND to +BAND
FIELD_Y, MOUNTAIN_Y = BAND + 10 + CARD_H, 20  # a field's row: FIELD_Y to FIELD_Y - CARD_H from the centre
#: The baseline of a label written inside a band, below the band's top: as the cup's (its text
#: clear of the edge by about 5 px), with room under it for a descender above the cards.
LABEL_BASELINE = 14
INLINE = 2 * MARGIN + LABEL_W + ROW_W + 12  # narrower: a row's label goes above it
CUP_W = ROW_W + 24


def _row(cx: float, y: float, counts, key: str, *, face_down: bool = False, pick: bool = False,
         marks=None, room: float = ROW_W) -> list[str]:
    """One card per colour present, centred on ``cx``, labelled with its count (``3`` on a red card).

    With ``pick`` each card is a ``pick:<colour>`` target (M-5.3). Cards that need more than
    ``room`` px overlap a little (a field's row near the rim of a small mandala).
    """
    present = [c for c in range(NUM_COLOURS) if counts[c]]
    if not present:
        return [_svg.text(cx, y + CARD_H / 2 + 4, _("empty"), size=12, anchor="middle", colour=_svg.MUTED)]
    step = CARD_W + GAP
    if len(present) > 1 and len(present) * step - GAP > room:
        step = (room - CARD_W) / (len(present) - 1)
    x = cx - ((len(present) - 1) * step + CARD_W) / 2
    parts = []
    for c in present:
        colour = COLOURS[c]
        drawn = _svg.card(x, y, colour, counts[c], w=CARD_W, h=CARD_H, face_down=face_down, count=counts[c],
                          key=f"{key}:{colour}")
        if pick:
            words = ngettext("pick {colour}: {n} card", "pick {colour}: {n} cards", counts[c],
                             colour=_svg.colour_name(colour, counts[c]))
            drawn = _svg.target(f"pick:{colour}", words, (x, y, min(step, CARD_W), CARD_H), drawn, marks)
        parts.append(drawn)
        x += step
    return parts


def _left_row(x: float, y: float, counts, key: str, *, face_down: bool = False) -> list[str]:
    """:func:`_row` starting at ``x`` rather than centred."""
    n = sum(1 for c in counts if c)
    return _row(x + (max(n, 1) * (CARD_W + GAP) - GAP) / 2 if n else x + 20, y, counts, key, face_down=face_down)


def _river(x: float, y: float, river, seat: int) -> list[str]:
    """The 6 river spaces (M-1.3) on a strip of mat: a filled space shows its card with the space's
    value, an empty one its value."""
    parts = [f'<rect x="{x - 6:g}" y="{y - 6:g}" width="{ROW_W + 12:g}" height="{CARD_H + 12:g}" rx="10" '
             f'fill="{_svg.MAT}" stroke="{_svg.MAT_EDGE}"/>']
    for space in range(RIVER_SPACES):
        if space < len(river):
            parts.append(_svg.card(x, y, COLOURS[river[space]], space + 1, w=CARD_W, h=CARD_H,
                                   key=f"river{seat}:{COLOURS[river[space]]}"))
        else:
            parts.append(_svg.rect(x, y, CARD_W, CARD_H, stroke=_svg.MUTED, dash=True, rx=6))
            parts.append(_svg.text(x + CARD_W / 2, y + CARD_H / 2 + 5, space + 1, size=14, anchor="middle",
                                   colour=_svg.MUTED))
        x += CARD_W + GAP
    return parts


def _cup(x: float, y: float, seat: int, obs, own: bool) -> list[str]:
    """A seat's cup (M-1.3), a bowl on the mat: the viewer's own cup shows its cards face down by
    colour; another seat's only how many cards it holds (M-2.4)."""
    size = obs.cup_sizes[seat]
    if own and size:
        inside = _left_row(x + 44, y, obs.cup, f"cup{seat}", face_down=True)
        w = CUP_W
    else:  # words only: the bowl is as wide as they are
        words = ngettext("{n} card, hidden", "{n} cards, hidden", size) if size else _("empty")
        inside = [_svg.text(x + 44, y + CARD_H / 2 + 4, words, size=12, colour=_svg.MUTED)]
        w = min(CUP_W, 44 + _svg.text_width(words, 12) + 24)
    bottom = y + CARD_H + 10
    return [f'<path d="M{x:g} {y - 6:g}H{x + w:g}V{bottom - 24:g}Q{x + w:g} {bottom:g} {x + w - 30:g} {bottom:g}'
            f'H{x + 30:g}Q{x:g} {bottom:g} {x:g} {bottom - 24:g}Z" fill="{_svg.MAT}" stroke="{_svg.MAT_EDGE}" '
            f'stroke-width="2"/>', _svg.text(x + 8, y - 6 + LABEL_BASELINE, _("cup"), size=12, weight="bold")] + inside


def _sizes(hand: int) -> str:
    """How many cards another seat holds, hidden (M-2.4); an empty hand is called empty.

    >>> _sizes(5), _sizes(0)
    ('hand: 5 cards, hidden', 'hand: empty')
    """
    return ngettext("hand: {n} card, hidden", "hand: {n} cards, hidden", hand) if hand else _("hand: empty")


def _seat(obs, seat: int, player: int, y: float, page: float, marks, heads, score, note: str = "",
          rows: bool = True, hand: bool = True) -> tuple[list[str], float]:
    """A seat's name, river and cup (``rows``); for the viewing seat also its hand and the
    discard pile (``hand``: a narrow page draws them apart, the hand under the mandalas).

    The cup goes beside the river, the discard pile beside the hand, when they fit in ``page``;
    ``note`` (the viewing seat's) goes beside its name with the tag of rule M-7.3.
    """
    own = seat == player
    right = page - MARGIN
    inline = page >= INLINE
    x0 = MARGIN + LABEL_W if inline else MARGIN + 6  # the rows' left edge
    parts: list[str] = []

    def label(words: str, y: float) -> float:
        """A row's label, left of the row or (narrow) above it; the row's top."""
        if inline:
            parts.append(_svg.text(MARGIN, y + CARD_H / 2 + 4, words, size=12, weight="bold"))
            return y
        parts.append(_svg.text(MARGIN, y + 10, words, size=12, weight="bold"))
        return y + 20

    if rows:
        y = _rows(parts, obs, seat, player, y, page, heads, score, note, x0, label)
    if own and hand:
        y = _hand(parts, obs, seat, y, page, marks, x0, inline, label)
    return parts, y


def _rows(parts, obs, seat, player, y, page, heads, score, note, x0, label) -> float:
    """A seat's name (with its score and, for another seat, its hidden hand's size), its river
    and its cup (M-1.3), from ``y``; the new ``y``."""
    own = seat == player
    right = page - MARGIN
    head = heads[seat] if score is None else _("{head} · score {score}", head=heads[seat], score=score)
    parts.append(_svg.text(MARGIN, y + 12, head, size=14, weight="bold"))
    if note:
        at = MARGIN + _svg.text_width(head, 14, "bold") + 14
        y += _svg.lines_tagged(parts, at, y + 12, note, right - at, "M-7.3", colour=_svg.MUTED)
    if not own:
        sizes = _sizes(obs.hand_sizes[seat])
        at = MARGIN + _svg.text_width(head, 14, "bold") + 14
        if at + _svg.text_width(sizes, 12) <= right:
            parts.append(_svg.text(at, y + 12, sizes, size=12, colour=_svg.MUTED))
        else:
            y += 18
            parts.append(_svg.text(MARGIN, y + 12, sizes, size=12, colour=_svg.MUTED))
    y += 24
    y = label(_("river"), y)
    parts += _river(x0, y, obs.rivers[seat], seat)
    cup_x = x0 + ROW_W + 24
    if cup_x + CUP_W > right:  # no room beside the river: the cup goes under it
        y += CARD_H + 22
        cup_x = x0 - 6
    parts += _cup(cup_x, y, seat, obs, own)
    return y + CARD_H + 16


def _hand(parts, obs, seat, y, page, marks, x0, inline, label) -> float:
    """The viewing seat's hand (its colours are targets) and the discard pile, from ``y``; the new ``y``."""
    right = page - MARGIN
    y = label(_("hand"), y)
    x = x0
    for c in range(NUM_COLOURS):
        if obs.hand[c]:
            colour = COLOURS[c]
            words = ngettext("{n} {colour} card in your hand", "{n} {colour} cards in your hand", obs.hand[c],
                             colour=_svg.colour_name(colour, obs.hand[c]))
            drawn = _svg.card(x, y, colour, obs.hand[c], w=CARD_W, h=CARD_H, count=obs.hand[c],
                              key=f"hand{seat}:{colour}")
            parts.append(_svg.target(f"hand:{colour}", words, (x, y, CARD_W, CARD_H), drawn, marks))
            x += CARD_W + GAP
    if x == x0:
        parts.append(_svg.text(x, y + CARD_H / 2 + 4, _("empty"), size=12, colour=_svg.MUTED))
    words = _("discard pile: {contents}", contents=_svg.counts_words(obs.discard, COLOURS))
    pile_x = x0 + ROW_W + 16
    if pile_x + PILE_LABEL_W + ROW_W <= right:  # beside the hand, its label left of its cards
        body = [_svg.text(pile_x + 4, y + CARD_H / 2 + 4, _("discard"), size=12, weight="bold")]
        body += _left_row(pile_x + PILE_LABEL_W, y, obs.discard, "discard")
        box = (pile_x, y - 2, PILE_LABEL_W + ROW_W, CARD_H + 4)
    elif inline:  # under the hand
        y += CARD_H + 10
        body = [_svg.text(MARGIN + 4, y + CARD_H / 2 + 4, _("discard"), size=12, weight="bold")]
        body += _left_row(x0, y, obs.discard, "discard")
        box = (MARGIN, y - 2, LABEL_W + ROW_W, CARD_H + 4)
    else:  # under the hand, its label above its cards
        y += CARD_H + 10
        body = [_svg.text(MARGIN + 4, y + 12, _("discard"), size=12, weight="bold")]
        body += _left_row(x0, y + 20, obs.discard, "discard")
        box = (MARGIN, y - 2, ROW_W + 12, CARD_H + 24)
        y += 20
    parts.append(_svg.target("discard", words, box, body, marks))
    y += CARD_H + 10
    return y


def _mandala(obs, m: int, player: int, cx: float, top: float, marks, heads, you: bool,
             radius: float = RADIUS, far: str = "") -> tuple[list[str], float]:
    """Mandala ``m`` (M-1.2) as a disc centred on ``cx`` under its title at ``top``: the mountain
    across the middle, the other seat's field on the far side (labelled ``far``, else by its
    seat's name), the viewer's on the near side."""
    other = 1 - player
    name = MANDALAS[m]
    destroyed = obs.destroying == m
    present = sum(1 for c in range(NUM_COLOURS)
                  if obs.mountains[m][c] or obs.fields[m][0][c] or obs.fields[m][1][c])
    title = (_("Mandala {mandala} is complete", mandala=name) if destroyed
             else _("Mandala {mandala} · {n} of 6 colours", mandala=name, n=present))
    parts = [_svg.text(cx, top + 16, title, size=15, anchor="middle", weight="bold")]
    cy = top + 24 + radius
    chord = 2 * math.sqrt(radius ** 2 - FIELD_Y ** 2) - 8  # the width of a field's row, at its far edge
    stroke, width = ("#000000", 4) if destroyed else (_svg.MAT_EDGE, 2)
    parts.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{radius:g}" fill="{_svg.MAT}" stroke="{stroke}" '
                 f'stroke-width="{width}"/>')
    parts.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{radius - 9:g}" fill="none" stroke="{_svg.MAT_EDGE}" '
                 f'stroke-opacity="0.5" stroke-dasharray="2 5"/>')
    # the other seat's field, far side (not a target: a seat plays only into its own field, M-3.3)
    parts.append(_svg.text(cx, cy - FIELD_Y - 8, far or _svg.field_words(other, player, heads, you=False), size=12,
                           anchor="middle", weight="bold"))
    parts += _row(cx, cy - FIELD_Y, obs.fields[m][other], f"field{name}{other}", room=chord)
    # the mountain, across the middle on a band of white
    half = math.sqrt(radius ** 2 - BAND ** 2) - 4
    band = [f'<rect x="{cx - half:g}" y="{cy - BAND:g}" width="{2 * half:g}" height="{2 * BAND:g}" rx="12" '
            f'fill="{_svg.PAGE}" stroke="{_svg.MAT_EDGE}"/>',
            _svg.text(cx, cy - BAND + LABEL_BASELINE, _("mountain {mandala}", mandala=name), size=12, anchor="middle",
                      weight="bold")]
    if destroyed:  # M-5.3: the seat to pick clicks a colour of this mountain
        parts += band + _row(cx, cy - MOUNTAIN_Y, obs.mountains[m], f"mountain{name}", pick=True, marks=marks)
    else:
        words = _("mountain {mandala}: {contents}", mandala=name, contents=_svg.counts_words(obs.mountains[m], COLOURS))
        body = band + _row(cx, cy - MOUNTAIN_Y, obs.mountains[m], f"mountain{name}")
        parts.append(_svg.target(f"mountain:{name}", words, (cx - half, cy - BAND, 2 * half, 2 * BAND), body, marks))
    # the viewer's field, near side
    mine = _svg.field_words(player, player, heads, you=you)
    words = _("{field} of mandala {mandala}: {contents}", field=mine, mandala=name,
              contents=_svg.counts_words(obs.fields[m][player], COLOURS))
    body = _row(cx, cy + FIELD_Y - CARD_H, obs.fields[m][player], f"field{name}{player}", room=chord)
    body.append(_svg.text(cx, cy + FIELD_Y + 18, mine, size=12, anchor="middle", weight="bold"))
    wide = min(ROW_W, chord)
    box = (cx - wide / 2 - 4, cy + FIELD_Y - CARD_H - 6, wide + 8, CARD_H + 30)
    parts.append(_svg.target(f"field:{name}", words, box, body, marks))
    return parts, cy + radius + 4


def _heads(state, player: int, names) -> list[str]:
    return [_svg.seat_head(seat, player, names) for seat in range(state.num_players)]


def _addressed(names, you) -> bool:
    return names is None if you is None else bool(you)


def _status(state, obs, player: int, heads, you: bool) -> str:
    turn = state.current_player
    if turn == TERMINAL:
        return _("game over")
    if turn == CHANCE:
        return _("shuffling the deck") if not state.history else _("shuffling the discard pile into a new deck")
    if obs.phase == "pick":
        if turn == player and you:
            return _("mandala {mandala} is complete: you pick a colour of its mountain", mandala=MANDALAS[obs.destroying])
        return _("mandala {mandala} is complete: {name} picks a colour", mandala=MANDALAS[obs.destroying],
                 name=heads[turn])
    if turn == player and you:
        return _("your turn")
    return _("{name} to play", name=heads[turn])


def render_svg(state, player: int | None = None, *, marks: Mapping[str, str] | None = None,
               width: float | None = None, names: Sequence[str] | None = None, you: bool | None = None) -> str:
    """Draw ``state`` as seen by seat ``player``, laid out as on the mat.

    Parameters
    ----------
    state : MandalaState
    player : int or None
        The viewing seat. ``None`` means the seat to act, or seat 0 when nobody acts.
    marks : mapping of str to str, optional
        Target id (``"hand:red"``, ``"field:A"``, ``"pick:red"``, ...) to ``"active"``,
        ``"selected"`` or ``"hint"``: that target is outlined (:func:`mandalakit.core.svg.target`).
    width : float, optional
        The width in CSS px the drawing will be shown at. ``None`` or 800 and more: the wide
        layout, 800 px, the two mandalas side by side; from 680 px they stay side by side with a
        radius of 160 px (the table at 1024 x 768). Narrower: the drawing is laid out for
        that width (340 px at least, below which it scales down), so its text keeps its size:
        mandala B goes under mandala A (smaller, down to a radius of 160 px), the cup under
        the river, the discard pile under the hand, and below 384 px the rows' labels above
        them. The targets are the same.
    names : sequence of str, optional
        A name per seat (``"Bot (greedy)"``). ``None``: ``"You"`` for the viewing seat,
        ``"Player 2"`` for the other.
    you : bool, optional
        Address the viewing seat as *you* ("your field", "your turn"). Default: ``names is
        None`` (a replay between bots names its seats, and "your" would be a bot's).

    Returns
    -------
    str
        An ``<svg>`` document (scaled down on narrower pages). Every card is drawn with its
        colour's symbol and *name* and a number: the count of that colour in an area, or the
        value of a river space.

    Raises
    ------
    RulesError
        If ``player`` is not a seat of the game.
    ValueError
        If a mark is not a known mark, or ``names`` has no name for a seat.

    Notes
    -----
    Scores are printed once the game is over (M-7.3), with the winner or winners (M-7.4); the
    whole breakdown is :func:`render_scores`.
    """
    player = state.viewer(player)  # raises RulesError for a seat that does not exist
    obs = state.observation(player)
    addressed = _addressed(names, you)
    heads = _heads(state, player, names)
    # A pupil at a play page reads "your opponent's field", not "Bot (easy)'s field" (issue 30).
    far = _("your opponent's field") if addressed and names is not None else ""
    over = state.current_player == TERMINAL
    result = state.result() if over else None
    page = _svg.layout_width(width, WIDTH, SMALLEST)
    room = page - 2 * MARGIN
    parts: list[str] = []
    y = MARGIN + 14
    status = _status(state, obs, player, heads, addressed)
    head = _("Mandala · {status}", status=status)
    y += _svg.lines(parts, MARGIN, y, head, room, size=16, weight="bold")
    line = ngettext("deck: {n} card", "deck: {n} cards", obs.deck_size)
    if obs.end_triggered:
        line = _("{line} · the deck ran out: the game ends soon", line=line)
    at = MARGIN + _svg.text_width(_svg.wrap(head, room, size=16, weight="bold")[-1], 16, "bold") + 16
    if at + _svg.text_width(line, 12) <= page - MARGIN:  # the deck beside the heading
        parts.append(_svg.text(at, y, line, size=12, colour=_svg.MUTED))
        y += 12
    else:
        y += LINE + 2
        y += _svg.lines(parts, MARGIN, y, line, room, colour=_svg.MUTED)
    y += 10
    other = 1 - player
    scores = result.scores if result else (None, None)
    stacked = page < COMPACT
    if not stacked:  # the other seat on the far side of the table
        block, y = _seat(obs, other, player, y, page, marks, heads, scores[other])
        parts += block
        y += 6
    if not stacked:  # M-1.2: the two mandalas side by side (smaller under the wide layout's width)
        radius = RADIUS if page >= WIDTH else COMPACT_RADIUS
        a, y_a = _mandala(obs, 0, player, page / 2 - MARGIN / 2 - 5 - radius, y, marks, heads, addressed, radius, far)
        b, y = _mandala(obs, 1, player, page / 2 + MARGIN / 2 + 5 + radius, y, marks, heads, addressed, radius, far)
    else:  # one above the other, as large as the page allows
        radius = min(PHONE_RADIUS, (page - 2 * MARGIN) / 2)
        a, y = _mandala(obs, 0, player, page / 2, y, marks, heads, addressed, radius, far)
        b, y = _mandala(obs, 1, player, page / 2, y, marks, heads, addressed, radius, far)
    parts += a + b
    y += 2
    if stacked:  # a narrow page: the hand just under the mandalas, so a turn needs no scrolling
        block, y = _seat(obs, player, player, y, page, marks, heads, None, rows=False)
        parts += block
        y += 6
    note = _("Numbers: how many cards of that colour; in a river, the value of the space (each cup card scores it).")
    beside = page - 2 * MARGIN - _svg.text_width(heads[player], 14, "bold") - 14 >= NOTE_ROOM
    block, y = _seat(obs, player, player, y, page, marks, heads, scores[player], note if beside else "",
                     hand=not stacked)
    parts += block
    if not beside:
        y += 6 + _svg.lines_tagged(parts, MARGIN, y + 12, note, room, "M-7.3", colour=_svg.MUTED) + LINE + 2
    if stacked:  # then the rivers: the other seat's after yours
        y += 6
        block, y = _seat(obs, other, player, y, page, marks, heads, scores[other])
        parts += block
    if result is not None:
        said = _svg.verdict(result.winners, heads, player if addressed else None)
        y += 18 + _svg.lines(parts, MARGIN, y + 18, said, room, size=16, weight="bold")
        y += 6
    y += MARGIN
    title = _("Mandala, {status}", status=status)
    return _svg.document(page, y, parts, title=title)


def render_scores(state, player: int | None = None, *, width: float | None = None,
                  names: Sequence[str] | None = None, you: bool | None = None) -> str:
    """The score screen at the end (M-7.3, M-7.4): per player the points of each river space
    (cup cards of that colour × the space's value), the total, the cards in the cup (the
    tie-break) and the winner.

    Parameters are those of :func:`render_svg`.

    Raises
    ------
    RulesError
        ``M-7.4`` if the game is not over.
    """
    _svg.check_over(state, "M-7.4")
    result = state.result()
    columns = [(_("river space {value}", value=v), None) for v in range(1, RIVER_SPACES + 1)]
    columns += [(_("cards in cup"), "M-7.4"), (_("total"), "M-7.3")]
    rows = []
    for seat in range(state.num_players):
        river, cup = state.rivers[seat], state.cups[seat]
        points = [(space + 1) * cup[colour] if space < len(river) else "–"
                  for space, colour in enumerate(list(river) + [None] * (RIVER_SPACES - len(river)))]
        rows.append(points + [sum(cup), result.scores[seat]])
    reasons = {"M-7.2": _("A river is full."), "M-7.1": _("The deck ran out and the last mandala was completed."),
               "M-6.3": _("The deck ran out."), "M-7.5": _("No mandala could be completed any more."),
               "M-7.6": _("No mandala was completed for {n} turns.", n=state.rules.stall_turns)}
    reason = reasons.get(state.end_reason, "")
    return _svg.game_score_screen(state, _("Mandala"), reason, columns, rows, player=player, names=names, you=you,
                                  width=width)
