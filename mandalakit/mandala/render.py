"""SVG drawing of a Mandala position, as one seat sees it (M-2.4).

Drawing reads only :meth:`MandalaState.observation` of the viewing seat (plus the result once
the game is over), so it cannot show the opponent's hand or cup. It returns SVG text and
imports no widget library; the rules code never imports this module.

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

from collections.abc import Mapping, Sequence

from ..core import svg as _svg
from ..core.contract import CHANCE, TERMINAL
from ..core.messages import _, ngettext
from .cards import COLOURS, MANDALAS, NUM_COLOURS, RIVER_SPACES

WIDTH = 760
MARGIN = 10
CARD_W, CARD_H, GAP = 44, 54, 4
LINE = 16
LABEL_W = 64  # room for an area's label left of its cards
ROW_W = LABEL_W + NUM_COLOURS * (CARD_W + GAP) - GAP  # a label and six colours
MANDALA_MIN = ROW_W + 16  # a mandala's box: a row with 8 px either side
SMALLEST = MANDALA_MIN + 2 * MARGIN  # the narrowest layout: the mandalas one above the other
DISCARD_X = MARGIN + ROW_W + 24  # beside the hand when there is room
SIZES_X = MARGIN + 210  # hand and cup sizes beside a seat's name when there is room


def _counts(x: float, y: float, counts, *, face_down: bool = False, pick=False, marks=None) -> list[str]:
    """One card per colour present, labelled with its count (e.g. ``3`` on a red card).

    With ``pick`` each card is a ``pick:<colour>`` target (M-5.3).
    """
    parts = []
    for c in range(NUM_COLOURS):
        if counts[c]:
            drawn = _svg.card(x, y, COLOURS[c], counts[c], w=CARD_W, h=CARD_H, face_down=face_down, count=counts[c])
            if pick:
                words = ngettext("pick {colour}: {n} card", "pick {colour}: {n} cards", counts[c],
                                 colour=_svg.colour_name(COLOURS[c], counts[c]))
                drawn = _svg.target(f"pick:{COLOURS[c]}", words, (x, y, CARD_W, CARD_H), drawn, marks)
            parts.append(drawn)
            x += CARD_W + GAP
    if not parts:
        parts.append(_svg.text(x, y + CARD_H / 2 + 4, _("empty"), size=12, colour=_svg.MUTED))
    return parts


def _area(tid: str, words: str, x: float, y: float, label: str, counts, marks) -> str:
    """A labelled row of counts that is one click target (a mountain, a field, the discard pile)."""
    body = [_svg.text(x, y + CARD_H / 2 + 4, label, size=12, weight="bold")] + _counts(x + LABEL_W, y, counts)
    return _svg.target(tid, words, (x - 4, y - 2, ROW_W + 4, CARD_H + 4), body, marks)


def _river(x: float, y: float, river) -> list[str]:
    """The 6 river spaces (M-1.3): a filled space shows its colour and value, an empty one its value."""
    parts = []
    for space in range(RIVER_SPACES):
        if space < len(river):
            parts.append(_svg.card(x, y, COLOURS[river[space]], space + 1, w=CARD_W, h=CARD_H))
        else:
            parts.append(_svg.rect(x, y, CARD_W, CARD_H, stroke=_svg.MUTED, dash=True))
            parts.append(_svg.text(x + CARD_W / 2, y + CARD_H / 2 + 4, space + 1, size=12, anchor="middle",
                                   colour=_svg.MUTED))
        x += CARD_W + GAP
    return parts


def _status(state, obs) -> str:
    turn = state.current_player
    if turn == TERMINAL:
        return _("game over")
    if turn == CHANCE:
        return _("waiting for the shuffle") if not state.history else _("waiting for the reshuffle of the discard pile")
    if obs.phase == "pick":
        return _("mandala {mandala} is destroyed: seat {seat} picks a colour", mandala=MANDALAS[obs.destroying],
                 seat=turn)
    return _("seat {seat} to play", seat=turn)


def _sizes(cup: int, hand: int | None) -> str:
    """The caption of a seat's cup and, for another seat (``hand`` not ``None``), of its hidden hand
    (M-2.4): how many cards, and that they are hidden; an empty one is called empty, not hidden.

    >>> _sizes(0, 5), _sizes(1, None), _sizes(3, 0)
    ('hand: 5 cards, hidden · cup: empty', 'cup: 1 card, face down below', 'hand: empty · cup: 3 cards, hidden')
    """
    if hand is None:
        return ngettext("cup: {n} card, face down below", "cup: {n} cards, face down below", cup) if cup \
            else _("cup: empty")
    hand_words = ngettext("hand: {n} card, hidden", "hand: {n} cards, hidden", hand) if hand else _("hand: empty")
    cup_words = ngettext("cup: {n} card, hidden", "cup: {n} cards, hidden", cup) if cup else _("cup: empty")
    return _("{hand} · {cup}", hand=hand_words, cup=cup_words)


def _seat_block(obs, seat: int, player: int, y: float, score: int | None, right: float, marks,
                names) -> tuple[list[str], float]:
    """River, hand and cup of one seat; the hand and cup contents only for the viewing seat.

    The sizes go beside the seat's name and the discard pile beside the hand when they fit
    left of ``right``, else on a line of their own.
    """
    parts = []
    own = seat == player
    head = _svg.seat_head(seat, player, names)
    if score is not None:
        head = _("{head} · score {score}", head=head, score=score)
    parts.append(_svg.text(MARGIN, y + 12, head, size=13, weight="bold"))
    sizes = _sizes(obs.cup_sizes[seat], None if own else obs.hand_sizes[seat])
    beside = MARGIN + _svg.text_width(head, 13, "bold") + 8 <= SIZES_X  # a long name leaves no room
    if beside and SIZES_X + _svg.text_width(sizes, 12) <= right:
        parts.append(_svg.text(SIZES_X, y + 12, sizes, size=12, colour=_svg.MUTED))
    else:
        y += 18 + _svg.lines(parts, MARGIN, y + 30, sizes, right - MARGIN, colour=_svg.MUTED)
    y += 18
    parts.append(_svg.text(MARGIN, y + CARD_H / 2 + 4, _("river"), size=12, weight="bold"))
    parts.extend(_river(MARGIN + LABEL_W, y, obs.rivers[seat]))
    y += CARD_H + 6
    if own:
        parts.append(_svg.text(MARGIN, y + CARD_H / 2 + 4, _("hand"), size=12, weight="bold"))
        x = MARGIN + LABEL_W
        for c in range(NUM_COLOURS):
            if obs.hand[c]:
                name = _svg.colour_name(COLOURS[c], obs.hand[c])
                words = ngettext("{n} {colour} card in your hand", "{n} {colour} cards in your hand", obs.hand[c],
                                 colour=name)
                drawn = _svg.card(x, y, COLOURS[c], obs.hand[c], w=CARD_W, h=CARD_H, count=obs.hand[c])
                parts.append(_svg.target(f"hand:{COLOURS[c]}", words, (x, y, CARD_W, CARD_H), drawn, marks))
                x += CARD_W + GAP
        if x == MARGIN + LABEL_W:
            parts.append(_svg.text(x, y + CARD_H / 2 + 4, _("empty"), size=12, colour=_svg.MUTED))
        words = _("discard pile: {contents}", contents=_svg.counts_words(obs.discard, COLOURS))
        if DISCARD_X + ROW_W <= right:
            parts.append(_area("discard", words, DISCARD_X, y, _("discard"), obs.discard, marks))
        else:
            y += CARD_H + 6
            parts.append(_area("discard", words, MARGIN, y, _("discard"), obs.discard, marks))
        y += CARD_H + 6
        parts.append(_svg.text(MARGIN, y + CARD_H / 2 + 4, _("cup"), size=12, weight="bold"))
        parts.extend(_counts(MARGIN + LABEL_W, y, obs.cup, face_down=True))
        y += CARD_H + 6
    return parts, y


def _mandala(obs, m: int, player: int, x: float, y: float, w: float, marks) -> tuple[list[str], float]:
    """One mandala (M-1.2) in a box ``w`` px wide: the opponent's field, the mountain, the viewer's field."""
    other = 1 - player
    name = MANDALAS[m]
    destroyed = obs.destroying == m
    present = sum(1 for c in range(NUM_COLOURS)
                  if obs.mountains[m][c] or obs.fields[m][0][c] or obs.fields[m][1][c])
    title = (_("Mandala {mandala} · being destroyed", mandala=name) if destroyed
             else _("Mandala {mandala} · {n} of 6 colours", mandala=name, n=present))
    top = y
    parts: list[str] = []
    y += 26 + _svg.lines(parts, x + 8, y + 16, title, w - 16, size=13, weight="bold")
    parts.append(_svg.text(x + 8, y + CARD_H / 2 + 4, _("field {seat}", seat=other), size=12, weight="bold"))
    parts.extend(_counts(x + 8 + LABEL_W, y, obs.fields[m][other]))
    y += CARD_H + 8
    if destroyed:  # M-5.3: the seat to pick clicks a colour of this mountain
        parts.append(_svg.text(x + 8, y + CARD_H / 2 + 4, _("mountain"), size=12, weight="bold"))
        parts.extend(_counts(x + 8 + LABEL_W, y, obs.mountains[m], pick=True, marks=marks))
    else:
        words = _("mountain {mandala}: {contents}", mandala=name, contents=_svg.counts_words(obs.mountains[m], COLOURS))
        parts.append(_area(f"mountain:{name}", words, x + 8, y, _("mountain"), obs.mountains[m], marks))
    y += CARD_H + 8
    words = _("your field of mandala {mandala}: {contents}", mandala=name,
              contents=_svg.counts_words(obs.fields[m][player], COLOURS))
    parts.append(_area(f"field:{name}", words, x + 8, y, _("field {seat}", seat=player), obs.fields[m][player], marks))
    y += CARD_H + 6
    stroke = "#000000" if destroyed else "#888888"
    parts.insert(0, _svg.rect(x, top, w, y - top + 2, stroke=stroke, rx=8, dash=not destroyed))
    return parts, y + 2


def render_svg(state, player: int | None = None, *, marks: Mapping[str, str] | None = None,
               width: float | None = None, names: Sequence[str] | None = None) -> str:
    """Draw ``state`` as seen by seat ``player``.

    Parameters
    ----------
    state : MandalaState
    player : int or None
        The viewing seat. ``None`` means the seat to act, or seat 0 when nobody acts.
    marks : mapping of str to str, optional
        Target id (``"hand:red"``, ``"field:A"``, ``"pick:red"``, ...) to ``"active"`` or
        ``"selected"``: that target is outlined (see :func:`mandalakit.core.svg.target`).
    width : float, optional
        The width in CSS px the drawing will be shown at. ``None`` or 760 and more: the wide
        layout, 760 px, the two mandalas side by side. Narrower: the drawing is laid out for
        that width (380 px at least, below which it scales down), so its text keeps its size:
        mandala B goes under mandala A, the discard pile under the hand, and long lines wrap.
        The targets are the same.
    names : sequence of str, optional
        A name per seat, printed where a seat is named (a replay between bots:
        ``"Seat 0 (greedy)"``). ``None``: ``"Seat 0 (you)"`` for the viewing seat.

    Returns
    -------
    str
        An ``<svg>`` document (scaled down on narrower pages). Every card is drawn
        with its colour's symbol and *name* and a number: the count of that colour in an
        area, or the value of a river space.

    Raises
    ------
    RulesError
        If ``player`` is not a seat of the game.
    ValueError
        If a mark is neither ``"active"`` nor ``"selected"``, or ``names`` has no name for a seat.

    Notes
    -----
    Shown, top to bottom: whose turn, deck size and whether the end has been triggered
    (M-6.2); the opponent's river with hand and cup sizes only (M-2.4); both mandalas, each
    with the opponent's field, the mountain and the viewer's field (M-1.2); the viewer's
    river, hand, the discard pile and the viewer's cup (face down, counts by colour). Scores
    are printed once the game is over (M-7.3), with the winner or winners (M-7.4).
    """
    player = state.viewer(player)  # raises RulesError for a seat that does not exist
    obs = state.observation(player)
    over = state.current_player == TERMINAL
    result = state.result() if over else None
    page = _svg.layout_width(width, WIDTH, SMALLEST)
    right = page - MARGIN
    room = right - MARGIN
    parts: list[str] = []
    y = MARGIN + 14
    status = _status(state, obs)
    y += _svg.lines(parts, MARGIN, y, _("Mandala · {status}", status=status), room, size=15, weight="bold") + LINE + 2
    deck = ngettext("deck {n} card", "deck {n} cards", obs.deck_size)
    line = _("seen by seat {seat} · {deck}", seat=player, deck=deck)
    if obs.end_triggered:
        line = _("{line} · end triggered (deck emptied)", line=line)
    y += _svg.lines(parts, MARGIN, y, line, room, colour=_svg.MUTED) + 8
    other = 1 - player
    block, y = _seat_block(obs, other, player, y, result.scores[other] if result else None, right, marks,
                            names)
    parts.extend(block)
    y += 4
    side = (page - 3 * MARGIN) / 2
    if side >= MANDALA_MIN:  # M-1.2: the two mandalas side by side
        a, y_a = _mandala(obs, 0, player, MARGIN, y, side, marks)
        b, y_b = _mandala(obs, 1, player, 2 * MARGIN + side, y, side, marks)
        y = max(y_a, y_b)
    else:  # one above the other
        a, y = _mandala(obs, 0, player, MARGIN, y, room, marks)
        b, y = _mandala(obs, 1, player, MARGIN, y + 8, room, marks)
    parts.extend(a + b)
    y += 8
    block, y = _seat_block(obs, player, player, y, result.scores[player] if result else None, right, marks,
                            names)
    parts.extend(block)
    y += 4
    y += _svg.lines(parts, MARGIN, y + 12, _("Numbers: cards of that colour in an area; in a river, the value of "
                                             "the space (a cup card scores the value of its colour's space, M-7.3)."),
                    room, colour=_svg.MUTED) + LINE + 2
    if result is not None:
        for line in _svg.result_lines(result.scores, result.winners):
            y += 18 + _svg.lines(parts, MARGIN, y + 18, line, room, size=14, weight="bold")
        y += 6
    y += MARGIN
    title = _("Mandala, {status}, seen by seat {seat}", status=status, seat=player)
    return _svg.document(page, y, parts, title=title)
