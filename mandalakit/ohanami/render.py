"""SVG drawing of an Ohanami position, as one seat sees it (O-2.6).

Drawing reads only :meth:`OhanamiState.observation` of the viewing seat plus public facts
(player count, rules, the result once the game is over), so it cannot show another seat's
hand or a pick that is not yet revealed. It returns SVG text and imports no widget library.

Click targets (:func:`mandalakit.core.svg.target`) of the viewing seat: ``card:N`` on each
card of its hand and, in the place phase, on each of its two revealed cards until it has
placed them; ``row:R`` on each of its rows and on a dashed "new row" box for every row number
it may still start (O-2.4; a placement may start two rows); in the place phase, ``discard``
on the discard box beside its revealed cards (``x`` in the notation, O-2.3).

A placement chosen but not yet made (the clicks so far, or the seat's own placement waiting
for the other seats, O-2.6) is drawn where it goes: each card faded, with a dashed outline, in
its row (at the end it fits, O-2.5), in a new row, or in the discard box; its place among the
picked cards is left as a dashed hole (still the ``card:N`` target: clicking it takes it back).

>>> from mandalakit import ohanami
>>> svg = ohanami.new_game(2, seed=1).to_svg()      # seat 0, the seat to act
>>> svg.startswith("<svg") and "round 1 of 3" in svg and 'data-mk-target="row:1"' in svg
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from ..core import svg as _svg
from ..core.contract import CHANCE, TERMINAL
from ..core.messages import _, ngettext
from .cards import PINK, SUIT_OF, SUITS
from .moves import DISCARD, MAX_ROWS, Place, parse
from .scoring import sakura_points

# Geometry in pixels: 640 wide (13 cards a line), so a board fits a 1024 px page unscaled;
# on a narrower page (``width``) the drawing is laid out for that width down to 320 px: long
# rows, hands, the "new row" boxes and long lines wrap.
WIDTH = 640
SMALLEST = 320
CARD_W, CARD_H, GAP = 38, 54, 3
MARGIN = 10
ROW_LABEL = 70  # room for "row 1" (or "row 1, continued" on two lines) left of a row
LINE = 16
NEW_ROW_W = 110
DISCARD_W = 150


def _suit(card: int) -> str:
    return SUITS[SUIT_OF[card]]


def _card_label(card: int) -> str:
    return _("card {card}, {suit}", card=card, suit=_svg.colour_name(_suit(card)))


def _cards(y: float, cards, right: float, *, targets: bool = False, ringed=(), marks=None,
           ghosts: Mapping[int, str] | None = None, holes: Mapping[int, int] | None = None,
           ) -> tuple[list[str], float, float]:
    """Cards from the row start at height ``y``, wrapping at ``right``; each a ``card:N`` target if asked.

    Cards in ``ringed`` get a thin black ring (the own pick, still in hand until all have picked).
    Cards in ``ghosts`` are drawn faded (:func:`_ghost`, the value is their ``<title>``); cards in
    ``holes`` (card to the row it goes to, :data:`DISCARD` for the discard) as the dashed hole
    they leave (:func:`_hole`).

    Returns the parts, the height used and the x after the last card.
    """
    placed, height = _svg.flow(MARGIN + ROW_LABEL, y, [(CARD_W + GAP, c) for c in cards], right, CARD_H + 4)
    parts = []
    for x, yy, c in placed:
        if holes and c in holes:
            drawn = _hole(x, yy, c, holes[c])
        elif ghosts and c in ghosts:
            drawn = _ghost(x, yy, c, ghosts[c])
        else:
            drawn = _svg.card(x, yy, _suit(c), c, w=CARD_W, h=CARD_H, key=f"card{c}")
        if c in ringed:
            drawn += _svg.rect(x - 2, yy - 2, CARD_W + 4, CARD_H + 4, stroke="#000000", rx=5)
        if targets:
            label = _card_label(c) if not holes or c not in holes else \
                _("card {card}: click it again to take it back", card=c)
            drawn = _svg.target(f"card:{c}", label, (x, yy, CARD_W, CARD_H), drawn, marks)
        parts.append(drawn)
    x_end = placed[-1][0] + CARD_W if placed else MARGIN + ROW_LABEL
    return parts, height, x_end


#: The look of a card chosen but not yet placed: faded, in a dashed frame of the selection's blue.
PENDING_OPACITY, PENDING_EDGE = 0.55, "#0050A0"


def _ghost(x: float, y: float, card: int, note: str) -> str:
    """Card ``card`` where it will go, not yet there: faded, in a dashed blue frame; ``note``
    (its ``<title>``) says so. Keyed as the card itself, so the board's front end moves it
    there from the picked cards."""
    drawn = _svg.card(x, y, _suit(card), card, w=CARD_W, h=CARD_H, key=f"card{card}")
    return (f'<g class="mk-pending" opacity="{PENDING_OPACITY}"><title>{escape(note)}</title>{drawn}</g>'
            f'<rect x="{x - 2:g}" y="{y - 2:g}" width="{CARD_W + 4:g}" height="{CARD_H + 4:g}" rx="6" fill="none" '
            f'stroke="{PENDING_EDGE}" stroke-width="2" stroke-dasharray="5 3"/>')


def _hole(x: float, y: float, card: int, row: int) -> str:
    """The dashed place a picked card left when it was chosen for ``row`` (:data:`DISCARD`: the
    discard): its number, and an arrow towards where it went (up to the rows, right to the
    discard box)."""
    return (_svg.rect(x, y, CARD_W, CARD_H, fill_colour=_svg.PAGE, stroke=_svg.MUTED, rx=6, dash=True)
            + _svg.text(x + CARD_W / 2, y + 22, card, size=13, anchor="middle", colour=_svg.MUTED, weight="bold")
            + _svg.text(x + CARD_W / 2, y + 42, "→" if row == DISCARD else "↑", size=14, anchor="middle",
                        colour=_svg.MUTED))


def _pending(obs, player: int, pending) -> dict[int, int]:
    """The viewing seat's placements drawn where they go, as ``{card: row}`` (:data:`DISCARD` for
    the discard): its own placement once made (O-2.6: shown to it alone until every seat has
    placed), else ``pending``, the placements chosen so far.

    Raises
    ------
    ValueError
        If a pending card is not one of the seat's picked cards still to place, or a row is
        not 0 (discard) to 3.
    """
    if obs.own_place is not None:
        placed = parse(obs.own_place)
        chosen = dict(placed.steps) if isinstance(placed, Place) else {}
    else:
        chosen = {}
    picked = obs.revealed[player] if obs.revealed is not None and obs.own_place is None else ()
    for card, row in pending or ():
        if card not in picked or card in chosen or not DISCARD <= row <= MAX_ROWS:
            raise ValueError(f"Pending placement {card}>{row}: a card of the seat's pick still to place, "
                             f"to a row 1 to {MAX_ROWS} or {DISCARD} (the discard), once each.")
        chosen[card] = row
    return chosen


def _to_act(state, player: int, heads, you: bool) -> str:
    turn = state.current_player
    if turn == TERMINAL:
        return _("the game is over")
    if turn == CHANCE:
        return _("shuffling the deck")
    if turn == player and you:
        return _("your turn: pick 2 cards of your hand") if state.phase == "pick" else \
            _("your turn: place your 2 cards")
    if state.phase == "pick":
        return _("{name} picks 2 cards", name=heads[turn])
    return _("{name} places 2 cards", name=heads[turn])


def _where(obs) -> str:
    if obs.phase == "deal":
        return _("before the deal")
    if obs.phase == "over":
        return _("game over after round 3")
    return _("round {round} of 3 · step {step} of 5", round=obs.round, step=obs.step)  # the next line says who does what


def _row_strip(y: float, right: float, r: int, cards, ghosts: Mapping[int, str], own: bool, marks,
               ) -> tuple[list[str], float]:
    """Row ``r`` on a strip of mat: ``cards`` ascending (O-2.5), those in ``ghosts`` faded; a row
    too long for one line goes on under itself, its next line labelled "row 1, continued". For
    the viewing seat, the strip is the ``row:R`` target. Returns the parts and the height used."""
    cards_drawn, height, _x_end = _cards(y, cards, right, ghosts=ghosts)
    last = y + height - CARD_H - 4  # the top of the row's last line
    strip = [f'<rect x="{MARGIN - 2:g}" y="{y - 3:g}" width="{right - MARGIN + 4:g}" height="{height + 2:g}" '
             f'rx="8" fill="{_svg.MAT}" stroke="{_svg.MAT_EDGE}"/>',
             _svg.text(MARGIN + 4, y + CARD_H / 2 + 4, _("row {row}", row=r), size=13, weight="bold")]
    line = y + CARD_H + 4
    while line <= last:  # each continuation line says whose row it carries on
        strip.append(f'<line x1="{MARGIN + 4:g}" y1="{line - 2:g}" x2="{right - 4:g}" y2="{line - 2:g}" '
                     f'stroke="{_svg.MAT_EDGE}" stroke-dasharray="3 4"/>')
        _svg.lines(strip, MARGIN + 4, line + CARD_H / 2 - 3, _("row {row}, continued", row=r), ROW_LABEL - 8,
                   size=_svg.MIN_FONT, leading=14, colour=_svg.MUTED)
        line += CARD_H + 4
    if not own:
        return strip + cards_drawn, height
    placed = [c for c in cards if c not in ghosts]
    words = (_("row {row}: {cards}", row=r, cards=", ".join(str(c) for c in placed)) if placed
             else _("start row {row}", row=r))
    box = (MARGIN - 2, y - 3, right - MARGIN + 4, height + 2)
    return [_svg.target(f"row:{r}", words, box, strip + cards_drawn, marks)], height


def _rows(obs, seat: int, own: bool, y: float, right: float, marks, pending: Mapping[int, int] | None = None,
          notes: Mapping[int, str] | None = None) -> tuple[list[str], float]:
    """A seat's rows (O-2.4), each on a strip of mat (:func:`_row_strip`). For the viewing seat,
    ``row:R`` targets and a dashed box per row it may start; the cards in ``pending`` (card to
    row) are drawn faded in the row they go to (a new row gets its strip), ``notes`` their titles."""
    parts = []
    rows = obs.rows[seat]
    going = {r: [c for c, to in (pending or {}).items() if to == r] for r in range(1, MAX_ROWS + 1)}
    for r, row in enumerate(rows, start=1):
        drawn, height = _row_strip(y, right, r, sorted([*row, *going[r]]), {c: (notes or {}).get(c, '') for c in going[r]}, own, marks)
        parts += drawn
        y += height + 4
    free = MAX_ROWS - len(rows)
    if free and own:  # a row started by a pending card gets its strip; a dashed box for each other free number (O-2.4)
        boxes: list[tuple[float, int]] = []
        for r in range(len(rows) + 1, MAX_ROWS + 1):
            if not going[r]:
                boxes.append((NEW_ROW_W + 8, r))
                continue
            y += _new_row_boxes(parts, boxes, y, right, marks)
            boxes = []
            drawn, height = _row_strip(y, right, r, sorted(going[r]), {c: (notes or {}).get(c, '') for c in going[r]}, own, marks)
            parts += drawn
            y += height + 4
        y += _new_row_boxes(parts, boxes, y, right, marks)
    elif free:
        more = ngettext("{n} more row may still be started (3 at most)",
                        "{n} more rows may still be started (3 at most)", free)
        y += _svg.lines(parts, MARGIN, y + 12, more, right - MARGIN, colour=_svg.MUTED) + LINE
    return parts, y


def _new_row_boxes(parts: list[str], boxes: list[tuple[float, int]], y: float, right: float, marks) -> float:
    """Append the dashed "new row R" boxes, laid out from ``y``; returns the height used."""
    placed, height = _svg.flow(MARGIN + ROW_LABEL, y, boxes, right + 8, CARD_H + 4)
    for x, yy, r in placed:
        box = [_svg.rect(x, yy, NEW_ROW_W, CARD_H, fill_colour=_svg.PAGE, stroke=_svg.MUTED, dash=True),
               _svg.text(x + NEW_ROW_W / 2, yy + CARD_H / 2 + 4, _("new row {row}", row=r), size=12,
                         anchor="middle", colour=_svg.MUTED)]
        parts.append(_svg.target(f"row:{r}", _("start row {row}", row=r), (x, yy, NEW_ROW_W, CARD_H), box, marks))
    return height


def _discard(obs, x: float, y: float, marks, going=(), notes: Mapping[int, str] | None = None) -> str:
    """The discard box (O-2.3) with the number of cards discarded face down, and the cards
    ``going`` there faded at its left (:func:`_discard_width`)."""
    count = ngettext("{n} card face down", "{n} cards face down", obs.discarded)
    width = _discard_width(len(going))
    box = [_svg.rect(x, y, width, CARD_H, stroke=_svg.MUTED, dash=True)]
    box += [_ghost(x + 6 + i * (CARD_W + GAP), y, c, (notes or {}).get(c, '')) for i, c in enumerate(going)]
    middle = x + width - DISCARD_W / 2
    box += [_svg.text(middle, y + 22, _("discard"), size=12, anchor="middle", weight="bold"),
            _svg.text(middle, y + 40, count, size=12, anchor="middle", colour=_svg.MUTED)]
    return _svg.target("discard", _("discard, {count}", count=count), (x, y, width, CARD_H), box, marks)


def _discard_width(going: int) -> float:
    """The discard box's width with ``going`` cards drawn in it."""
    return DISCARD_W + (going * (CARD_W + GAP) + 6 if going else 0)


def render_svg(state, player: int | None = None, *, marks: Mapping[str, str] | None = None,
               width: float | None = None, names: Sequence[str] | None = None, you: bool | None = None,
               pending: Sequence[tuple[int, int]] | None = None) -> str:
    """Draw ``state`` as seen by seat ``player``.

    Parameters
    ----------
    state : OhanamiState
    player : int or None
        The viewing seat. ``None`` means the seat to act, or seat 0 when nobody acts (game
        over, or waiting for the shuffle).
    marks : mapping of str to str, optional
        Target id (``"card:45"``, ``"row:2"``, ``"discard"``) to ``"active"``, ``"selected"``
        or ``"hint"``: that target is outlined (:func:`mandalakit.core.svg.target`).
    width : float, optional
        The width in CSS px the drawing will be shown at. ``None`` or 640 and more: the wide
        layout, 640 px. Narrower: the drawing is laid out for that width (320 px at least,
        below which it scales down), so its text keeps its size; hands, rows, the "new row"
        boxes and long lines wrap, and the discard box goes under the revealed cards when
        it has no room beside them. The targets are the same.
    names : sequence of str, optional
        A name per seat (``"Bot (greedy)"``). ``None``: ``"You"`` for the viewing seat and
        ``"Player 2"``... for the others.
    you : bool, optional
        Address the viewing seat as *you* ("your turn", "your pick"). Default: ``names is None``.
    pending : sequence of (int, int), optional
        Placements of the viewing seat chosen but not yet made, ``(card, row)`` with row 1 to 3
        or 0 for the discard (the clicks so far in the place phase, O-2.3 to O-2.5). Each card
        is drawn faded where it goes and leaves a dashed hole among the picked cards. The seat's
        own placement, once made, is drawn so until every seat has placed (O-2.6).

    Returns
    -------
    str
        An ``<svg>`` document (scaled down to narrower pages). Every card shows its number,
        its suit's symbol and its suit name; a row longer than the drawing goes on under
        itself on lines labelled "row 1, continued".

    Raises
    ------
    RulesError
        If ``player`` is not a seat of the game.
    ValueError
        If a mark is not a known mark, ``names`` has no name for a seat, or a pending card is
        not one of the seat's picked cards still to place.

    Notes
    -----
    Shown: round, step, phase, whose turn, every seat's rows (O-2.4), suit counts and round
    scores (O-3), the number of discarded cards, and the viewing seat's hand and own pick.
    Other seats' picks appear only once all are revealed (place phase, O-2.3); their hands
    are shown as a count only (O-2.6).
    """
    player = state.viewer(player)  # raises RulesError for a seat that does not exist
    obs = state.observation(player)
    chosen = _pending(obs, player, pending)
    if obs.own_place is not None:  # the seat's own placement, hidden from the others until all have placed (O-2.6)
        notes = {c: _("card {card} goes here when every player has placed", card=c) for c in chosen}
    else:
        notes = {c: _("card {card} goes here once your move is complete", card=c) for c in chosen}
    addressed = names is None if you is None else bool(you)
    heads = [_svg.seat_head(seat, player, names) for seat in range(state.num_players)]
    cap = state.rules.sakura_cap
    page = _svg.layout_width(width, WIDTH, SMALLEST)
    right = page - MARGIN
    parts: list[str] = []
    y = MARGIN + 14

    where = _where(obs)  # O-2.1, O-2.2
    room = right - MARGIN
    y += _svg.lines(parts, MARGIN, y, _("Ohanami · {where}", where=where), room, size=16, weight="bold") + LINE + 2
    discarded = ngettext("{n} card discarded face down", "{n} cards discarded face down", obs.discarded)
    y += _svg.lines(parts, MARGIN, y, _("{to_act} · {discarded}", to_act=_to_act(state, player, heads, addressed),
                                        discarded=discarded), room, colour=_svg.MUTED) + 10

    for seat in range(state.num_players):
        own = seat == player
        y += 14
        counts = [0, 0, 0, 0]
        for row in obs.rows[seat]:
            for c in row:
                counts[SUIT_OF[c]] += 1
        scores = obs.round_scores[seat]
        if scores:
            rounds = " · ".join(_("round {round}: {score}", round=i + 1, score=s) for i, s in enumerate(scores))
            score_text = _("{rounds} · total {total}", rounds=rounds, total=sum(scores))
        else:
            score_text = _("no round scored yet")
        head = heads[seat]
        parts.append(_svg.text(MARGIN, y + 10, head, size=14, weight="bold"))
        indent = max(100, _svg.text_width(head, 14, "bold") + 10)  # a long name pushes the scores right
        y += _svg.lines(parts, MARGIN + indent, y + 10, score_text, room - indent) + 18
        count_text = " · ".join(_("{n} {suit}", n=counts[i], suit=_svg.colour_name(SUITS[i], counts[i])) for i in range(4))
        counts_line = _("{counts} (sakura points {points})", counts=count_text, points=sakura_points(counts[PINK], cap))
        y += _svg.lines(parts, MARGIN, y + 8, counts_line, room, colour=_svg.MUTED) + 20
        rows, y = _rows(obs, seat, own, y, right, marks, chosen if own else None, notes)
        parts += rows
        # Hand and pick: the viewing seat's cards, other seats' counts only (O-2.6).
        y += 2
        if own:
            parts.append(_svg.text(MARGIN, y + CARD_H / 2 + 4, _("hand"), size=13, weight="bold"))
            ringed = obs.own_pick if obs.phase == "pick" and obs.own_pick else ()  # still in hand until all picked
            cards, height, _end = _cards(y, obs.hand, right, targets=True, ringed=ringed, marks=marks)
            parts += cards
            if not obs.hand:
                parts.append(_svg.text(MARGIN + ROW_LABEL, y + CARD_H / 2 + 4, _("empty"), size=12, colour=_svg.MUTED))
            y += max(height, CARD_H + 4)
            line = []
            if obs.own_pick:
                line.append(_("your pick: {a} and {b}", a=obs.own_pick[0], b=obs.own_pick[1]) if addressed
                            else _("pick: {a} and {b}", a=obs.own_pick[0], b=obs.own_pick[1]))
            if obs.own_place:
                line.append(_("the faded cards go into place when every player has placed"))
            if line:
                y += _svg.lines(parts, MARGIN, y + 12, " · ".join(line), room) + LINE + 2
        elif obs.hand_sizes[seat]:
            status = ngettext("hand: {n} card, hidden", "hand: {n} cards, hidden", obs.hand_sizes[seat])
            y += _svg.lines(parts, MARGIN, y + 12, status, room, colour=_svg.MUTED) + LINE + 2
        if obs.revealed is not None:  # place phase: every pick is public (O-2.3)
            parts.append(_svg.text(MARGIN, y + CARD_H / 2 + 4, _("picked"), size=12))
            cards, height, x_end = _cards(y, obs.revealed[seat], right, targets=own and obs.own_place is None,
                                          marks=marks, holes=chosen if own else None)
            parts += cards
            thrown = sorted(c for c, r in chosen.items() if r == DISCARD) if own else []
            if own and x_end + 16 + _discard_width(len(thrown)) <= right:
                parts.append(_discard(obs, x_end + 16, y, marks, thrown, notes))
            elif own:  # no room beside the cards: the discard box goes under them
                parts.append(_discard(obs, MARGIN + ROW_LABEL, y + height, marks, thrown, notes))
                height += CARD_H + 4
            y += height
        parts.append(f'<line x1="{MARGIN}" y1="{y + 4}" x2="{right:g}" y2="{y + 4}" stroke="#cccccc"/>')
        y += 6

    if state.current_player == TERMINAL:  # O-3.5: the result, with the tie-break by pink
        res = state.result()
        y += 22 + _svg.lines(parts, MARGIN, y + 22, _svg.verdict(res.winners, heads, player if addressed else None),
                             room, size=16, weight="bold")
        y += 8
    y += MARGIN
    title = _("Ohanami, {where}", where=where)
    return _svg.document(page, y, parts, title=title)


def render_scores(state, player: int | None = None, *, width: float | None = None,
                  names: Sequence[str] | None = None, you: bool | None = None) -> str:
    """The score screen at the end (O-3, O-3.5): per player the points of each round, the pink
    cards (the tie-break), the total and the winner.

    Parameters are those of :func:`render_svg`.

    Raises
    ------
    RulesError
        ``O-3.5`` if the game is not over.
    """
    _svg.check_over(state, "O-3.5")
    res = state.result()
    columns = [(_("round {round}", round=r), "O-3") for r in (1, 2, 3)]
    columns += [(_("pink cards"), "O-3.5"), (_("total"), None)]
    rows = [[info["rounds"][r]["score"] for r in range(3)] + [info["pink"], res.scores[p]]
            for p, info in enumerate(res.players)]
    return _svg.game_score_screen(state, _("Ohanami"), "", columns, rows, player=player, names=names, you=you,
                                  width=width)
