"""Hand-built Flowers positions for the edges of the rules (F-3.6, F-4, F-5), by rule id.

Positions are set up with :func:`mandalakit.flowers.from_position` (cards as "2 red", tiles as
"grey 1"; the default table has per colour faces 1, 1, 2, 2, 3, x3). Unless a test says
otherwise, mandala 1 holds the tiles grey 1 (dark) and green 1 (light).
"""

import os
from pathlib import Path

import pytest

from mandalakit.core.contract import TERMINAL
from mandalakit.core.errors import IllegalMoveError, RulesError
from mandalakit.flowers import DEFAULT_TILES, PASS, Rules, from_position, parse
from mandalakit.flowers.cards import GREEN, GREY, PURPLE
from mandalakit.flowers.tiles import parse_tiles_csv, read_tiles_csv

M1 = ("grey 1", "green 1")


def act(state, *moves):
    for move in moves:
        state.apply(parse(move))
        state.check_invariants()
    return state


# ----- F-3.6 the claim marker ------------------------------------------------------------------------
def test_F_3_6_claim_against_face_down_only_players():
    # Seat 1 has 5 cards on mandala 1, all face down: it is ignored by the majority check.
    state = from_position(3, hands=["2 red", "4 grey", "2 orange"],
                          mandalas=[{"tiles": M1, "down": {1: "5 grey"}}])
    act(state, "play 1 red on 1")
    m = state.mandalas[0]
    assert m.claim == 0 and m.tot == [1, 5, 0]
    act(state, "play 3 grey on 1")  # 8 cards, still all face down: cannot take the marker
    assert m.claim == 0 and m.tot[1] == 8 and m.up[1] == 0


def test_F_3_6_face_down_only_player_cannot_claim_even_unclaimed():
    state = from_position(2, hands=["3 grey", "2 red"], mandalas=[{"tiles": M1}])
    act(state, "play 2 grey on 1")
    assert state.mandalas[0].claim == -1


@pytest.mark.parametrize("play, claim", [("play 1 orange on 1", 0), ("play 2 orange on 1", 1)])
def test_F_3_6_a_tie_never_moves_the_marker(play, claim):
    # Seat 0 holds it with 2 red face up; seat 1 has 1 orange face up and adds orange face down.
    state = from_position(2, hands=["2 red", "3 orange"], to_act=1,
                          mandalas=[{"tiles": M1, "claim": 0, "up": {0: "2 red", 1: "1 orange"}}])
    act(state, play)  # 1 more: 2-2 tie, no move; 2 more: 3-2, seat 1 takes it
    assert state.mandalas[0].claim == claim


def test_F_3_6_a_tie_with_a_third_seat_blocks_the_claim():
    state = from_position(3, hands=["2 red", "4 purple", "2 red"], to_act=1,
                          mandalas=[{"tiles": M1, "claim": 0, "up": {0: "3 red", 2: "2 orange"}}])
    act(state, "play 3 purple on 1")  # 3 = seat 0's 3: not strictly more than every other
    assert state.mandalas[0].claim == 0


# ----- F-4.2 second place --------------------------------------------------------------------------------
def test_F_4_2_second_place_decided_by_face_up_count():
    # Seats 1 and 2 both end with 3 cards; seat 2 has 2 face up, seat 1 only 1.
    state = from_position(
        3, hands=["2 red", "2 red", "1 yellow, 2 red"], to_act=2,
        mandalas=[{"tiles": M1, "claim": 0, "up": {0: "4 orange", 1: "1 purple", 2: "1 red"},
                   "down": {1: "2 grey", 2: "1 grey"}}])
    act(state, "play 1 yellow on 1")
    assert state.phase == "choose" and state.current_player == 0
    assert state.observation(2).runner_up == 2
    act(state, "take green")
    assert state.tile(state.singles[0][GREEN]).face == 1
    assert state.tile(state.singles[2][GREY]).face == 1
    assert not any(state.singles[1])
    assert state.hands[1][GREY] == 2 and state.hands[1][PURPLE] == 1  # seat 1 took its cards back


def test_F_4_2_most_cards_beats_more_face_up():
    state = from_position(
        3, hands=["2 red", "2 red", "1 yellow, 2 red"], to_act=2,
        mandalas=[{"tiles": M1, "claim": 0, "up": {0: "4 orange", 1: "1 purple", 2: "1 red"},
                   "down": {1: "3 grey"}}])
    act(state, "play 1 yellow on 1")  # seat 1: 4 cards (1 up) beats seat 2: 2 cards (2 up)
    assert state.observation(0).runner_up == 1


# ----- F-4.1/F-4.2 holder takes both ----------------------------------------------------------------------
def test_F_4_2_holder_takes_both_when_nobody_else_has_a_face_up_card():
    # Seat 1 has many face-down cards only: not a candidate for the other tile.
    state = from_position(2, hands=["1 yellow, 2 red", "3 red"],
                          mandalas=[{"tiles": M1, "claim": 0, "up": {0: "1 red, 1 purple, 1 orange"},
                                      "down": {1: "6 grey"}}])
    act(state, "play 1 yellow on 1")
    assert state.current_player == 1 and state.phase == "play"  # no choice, no pause
    assert state.tile(state.singles[0][GREY]).face == 1 and state.tile(state.singles[0][GREEN]).face == 1
    assert state.hands[1][GREY] == 6 and state.discard == [0, 1, 1, 0, 1, 1]
    assert [str(m) for _, m in state.history] == ["play 1 yellow on 1"]


def test_F_4_2_holder_takes_both_on_a_full_tie_for_second():
    state = from_position(
        3, hands=["1 yellow, 2 red", "2 red", "2 red"],
        mandalas=[{"tiles": M1, "claim": 0, "up": {0: "3 orange", 1: "1 purple", 2: "1 red"},
                   "down": {1: "1 grey", 2: "1 grey"}}])
    act(state, "play 1 yellow on 1")
    assert state.phase == "play" and state.current_player == 1
    assert state.singles[0][GREY] and state.singles[0][GREEN]
    assert state.sizes[1] == 4 and state.sizes[2] == 4  # both runner-up candidates took their cards back


# ----- F-4.4 hands above 8 ----------------------------------------------------------------------------------
def test_F_4_4_a_hand_above_8_after_cards_come_back():
    state = from_position(
        2, hands=["1 yellow, 2 red", "8 purple"],
        mandalas=[{"tiles": M1, "claim": 0, "up": {0: "1 red, 1 orange, 1 purple"}, "down": {1: "4 grey"}},
                  {"tiles": ("purple 1", "orange 1")}])
    act(state, "play 1 yellow on 1")  # seat 0 completes and takes both; seat 1's 4 grey come back
    assert state.sizes[1] == 12 and state.hands[1][GREY] == 4
    deck = len(state.deck)
    act(state, "play 1 grey on 2")    # 11 left: above 8, so no draw (F-3.3)
    assert state.sizes[1] == 11 and len(state.deck) == deck


# ----- F-5.1 third flower ---------------------------------------------------------------------------------
def test_F_5_1_a_third_flower_ends_the_game_after_the_completion_is_resolved():
    state = from_position(
        3, hands=["1 yellow, 3 red", "2 red", "2 red"],
        owned=[["purple 1", "purple 3", "red 2", "red 2", "grey 3"], ["green 2"], []],
        mandalas=[{"tiles": M1, "claim": 0, "up": {0: "2 orange", 1: "1 purple", 2: "1 red"},
                   "down": {2: "1 grey"}}])
    assert state.nflowers[0] == 2
    act(state, "play 1 yellow on 1")
    assert state.phase == "choose"
    act(state, "take grey")  # grey 3 + grey 1: the third Flower
    assert state.is_terminal() and state.current_player == TERMINAL and state.end_reason == "F-5.1"
    assert state.legal_moves() == []
    # Resolved in full first: runner-up seat 2 got green 1, seat 1 took its card back, refill done.
    assert state.tile(state.singles[2][GREEN]).face == 1
    assert state.hands[1][PURPLE] == 1
    assert state.mandalas[0].dark and state.mandalas[0].claim == -1
    result = state.result()
    assert result.scores == (5 + 6 + 5, 2, 1)  # purple 3+2, red 2+4, grey 3+2 / green 2 / green 1
    assert result.winners == (0,)
    assert [f["score"] for f in result.players[0]["flowers"]] == [5, 6, 5]
    with pytest.raises(IllegalMoveError) as err:
        state.apply(parse("play 1 red on 2"))
    assert err.value.rule == "end"


def test_F_5_1_the_runner_up_can_get_the_third_flower_too():
    state = from_position(
        2, hands=["1 yellow, 2 red", "2 red"], owned=[[], ["purple 1", "purple 2", "red 1", "red 3", "green 2"]],
        mandalas=[{"tiles": M1, "claim": 0, "up": {0: "2 orange, 1 red", 1: "1 purple"}}])
    act(state, "play 1 yellow on 1", "take grey")
    assert state.nflowers[1] == 3 and state.end_reason == "F-5.1" and state.is_terminal()


# ----- F-5.2 empty tile stack -----------------------------------------------------------------------------
def _all_other_tiles():
    """Mandala tiles grey 1/green 1, purple 1/orange 1, red 1/yellow 1; the other 30 tiles owned by
    4 seats with at most 2 Flowers each and none pairing with grey or green for seat 0."""
    plan = [  # tiles per colour for each seat (grey, purple, red, green, orange, yellow)
        [0, 2, 1, 0, 1, 2],
        [2, 1, 1, 2, 1, 1],
        [3, 1, 1, 1, 2, 1],
        [0, 1, 2, 2, 1, 1],
    ]
    left = {c: ["1", "2", "2", "3", "x3"] for c in ("grey", "purple", "red", "green", "orange", "yellow")}
    owned = []
    for row in plan:
        tiles = []
        for colour, n in zip(left, row):
            tiles += [f"{colour} {left[colour].pop()}" for _ in range(n)]
        owned.append(tiles)
    assert all(not faces for faces in left.values())
    return owned


def test_F_5_2_an_empty_tile_stack_ends_the_game():
    state = from_position(
        4, hands=["1 yellow, 2 red", "2 red", "2 red", "2 red"], owned=_all_other_tiles(), dark=[], light=[],
        mandalas=[{"tiles": M1, "claim": 0, "up": {0: "1 red, 1 purple, 1 orange"}},
                  {"tiles": ("purple 1", "orange 1")}, {"tiles": ("red 1", "yellow 1")}])
    assert state.stacks == [[], []] and max(state.nflowers) == 2
    act(state, "play 1 yellow on 1")  # seat 0 takes both tiles; mandala 1 cannot be refilled
    assert state.is_terminal() and state.end_reason == "F-5.2"
    assert state.mandalas[0].dark == 0 and state.mandalas[0].covered == 0
    assert state.nflowers[0] == 2 and state.singles[0][GREY] and state.singles[0][GREEN]
    assert len(state.result().scores) == 4
    assert "no tiles" in state.to_svg(0)


# ----- F-3.5 / F-5.3 empty deck and discard pile -------------------------------------------------------------
def _dry_position(**kw):
    """All 90 cards in hands or on mandalas: deck and discard pile empty."""
    return from_position(
        2, hands=["1 red", "2 yellow"], deck="", discard="",
        mandalas=[{"tiles": M1, "claim": 0, "up": {0: "14 red", 1: "15 purple"}, "down": {0: "15 grey", 1: "15 green"}},
                  {"tiles": ("purple 1", "orange 1"), "claim": 1, "up": {1: "13 yellow"}, "down": {0: "15 orange"}}],
        **kw)


def test_F_5_3_empty_deck_and_discard_pass_rule():
    state = _dry_position()
    assert len(state.deck) == 0 and state.discard_size == 0
    assert state.legal_moves() == [PASS]  # the last card cannot go: nothing to draw (F-3.4)
    with pytest.raises(IllegalMoveError) as err:
        state.apply(parse("play 1 red on 3"))
    assert err.value.rule == "F-3.4"
    act(state, "pass")
    assert state.passes == 1 and state.current_player == 1
    with pytest.raises(IllegalMoveError) as err:  # seat 1 can play 1 yellow: may not pass
        state.apply(parse("pass"))
    assert err.value.rule == "F-5.3"
    with pytest.raises(IllegalMoveError) as err:  # 2+ cards may not empty the hand
        state.apply(parse("play 2 yellow on 3"))
    assert err.value.rule == "F-3.4"
    act(state, "play 1 yellow on 3")  # draws nothing: deck and discard are empty (F-3.5)
    assert state.sizes[1] == 1 and state.passes == 0
    act(state, "pass")
    assert not state.is_terminal()
    act(state, "pass")  # every seat passed in a row
    assert state.is_terminal() and state.end_reason == "F-5.3"


def test_F_5_3_a_play_between_passes_resets_the_count():
    state = _dry_position()
    act(state, "pass", "play 1 yellow on 3")
    assert state.passes == 0 and state.current_player == 0


# ----- F-1.5 malformed tile tables ------------------------------------------------------------------------
def _csv(rows, header="back,colour,face"):
    return header + "\n" + "\n".join(",".join(map(str, r)) for r in rows) + "\n"


GOOD = [list(r) for r in DEFAULT_TILES]


@pytest.mark.parametrize("row, bad, rule, words", [
    (5, ["dark", "grey", "4x"], "F-1.4", "neither a number"),
    (5, ["dark", "grey", "0"], "F-1.4", "1 to 99"),
    (7, ["light", "purple", "1"], "F-1.3", "dark back"),
    (20, ["light", "pink", "1"], "F-1.3", "not a tile colour"),
    (20, ["shiny", "green", "1"], "F-1.3", "neither 'dark' nor 'light'"),
    (12, ["dark", "purple"], "F-1.5", "3 fields"),
    (13, ["dark", "grey", "1"], "F-1.3", "7th grey"),
])
def test_F_1_5_malformed_csv_names_the_bad_row(tmp_path, row, bad, rule, words):
    rows = [r[:] for r in GOOD]
    rows[row - 1] = bad
    path = tmp_path / "tiles.csv"
    path.write_text("# my table\n" + _csv(rows))
    with pytest.raises(RulesError) as err:
        Rules.from_csv(str(path))
    assert err.value.rule == rule
    assert f"row {row} (line {row + 2} of tiles.csv)" in err.value.message and words in err.value.message
    with pytest.raises(RulesError) as err:  # the same table given as rows
        Rules(tiles=rows)
    assert f"row {row}:" in err.value.message and err.value.rule == rule


def test_F_1_5_table_with_missing_rows_or_header(tmp_path):
    with pytest.raises(RulesError) as err:
        parse_tiles_csv(_csv(GOOD[:-1]))
    assert err.value.rule == "F-1.3" and "35 rows" in err.value.message and "yellow (5)" in err.value.message
    with pytest.raises(RulesError) as err:
        parse_tiles_csv(_csv(GOOD, header="colour,back,face"))
    assert err.value.rule == "F-1.5" and "header" in err.value.message
    with pytest.raises(RulesError) as err:
        read_tiles_csv(tmp_path / "missing.csv")
    assert "Cannot read" in err.value.message
    with pytest.raises(RulesError) as err:
        Rules(tiles=[{"back": "dark", "colour": "grey"}] + GOOD[1:])
    assert "row 1" in err.value.message and "'face'" in err.value.message
    with pytest.raises(RulesError):
        Rules(tiles=42)


def test_F_1_5_a_table_with_a_multiplication_sign_and_mappings_is_accepted():
    rows = [{"back": b, "colour": c.upper(), "face": "×3" if f == "x3" else str(f)} for b, c, f in DEFAULT_TILES]
    assert Rules(tiles=rows) == Rules()


# ----- the builder refuses positions that cannot arise ----------------------------------------------------
@pytest.mark.parametrize("kw, rule", [
    (dict(mandalas=[{"tiles": M1, "up": {0: "1 red"}}]), "F-3.6"),                        # no holder
    (dict(mandalas=[{"tiles": M1, "claim": 1, "up": {0: "1 red"}}]), "F-3.6"),            # holder without face-up
    (dict(mandalas=[{"tiles": M1, "claim": 0, "up": {0: "1 grey"}}]), "F-3.2"),           # tile colour face up
    (dict(mandalas=[{"tiles": M1, "down": {0: "1 red"}}]), "F-3.2"),                      # new colour face down
    (dict(mandalas=[{"tiles": M1, "claim": 0, "up": {0: "1 red, 1 purple, 1 orange, 1 yellow"}}]), "F-3.7"),
    (dict(mandalas=[{"tiles": ("grey 1", "red 1")}]), "F-2.2"),
    (dict(owned=[["red 1", "red 1", "red 2", "red 2", "red 3", "red x3"], []]), "F-5.1"),
    (dict(owned=[["red 1", "red 1", "red 1"], []]), "F-1.5"),                            # only two red 1 tiles
    (dict(deck="16 red"), "F-1.1"),
    (dict(deck="red", discard="grey"), "F-6"),
    (dict(dark=["grey 3"]), "F-6"),
])
def test_from_position_refuses_impossible_positions(kw, rule):
    with pytest.raises(RulesError) as err:
        from_position(2, hands=["2 red", "2 red"], **kw)
    assert err.value.rule == rule


def test_a_hand_built_position_is_marked_and_cannot_replay_from_the_start():
    from mandalakit.core import records
    from mandalakit.core.errors import RecordError
    state = _dry_position()
    act(state, "pass", "play 1 yellow on 3", "pass", "pass")
    assert state.setup["position"] == "hand-built"
    with pytest.raises(RecordError):
        records.replay(records.from_state(state))


# ----- tile tables and position specs from users: bounded and strict (F-1.4, F-1.5) -----------
def test_F_1_5_a_tile_table_that_never_ends_is_refused_not_read(tmp_path):
    # A file, not /dev/zero: if the bound ever broke, this test must not eat the machine's memory.
    endless = tmp_path / "endless.csv"
    endless.write_text("back,colour,face\n" + "dark,red,1\n" * 20_000)
    with pytest.raises(RulesError, match="longer than 100,000 characters"):
        read_tiles_csv(endless)
    with pytest.raises(RulesError, match="is not a file name"):
        read_tiles_csv("a\x00b")


@pytest.mark.parametrize("kind, message", [
    ("fifo", "is not an ordinary file"), ("folder", "is a folder"), ("device", "is not an ordinary file"),
    ("huge", "longer than 100,000 characters"),
])
def test_F_1_5_only_an_ordinary_file_of_bounded_size_is_read_and_never_waited_for(tmp_path, kind, message):
    path = tmp_path / "tiles.csv"
    if kind == "fifo":
        os.mkfifo(path)  # no writer: a blocking open would wait for ever (pytest-timeout would fail it)
    elif kind == "folder":
        path.mkdir()
    elif kind == "device":
        path = Path(os.devnull)
    else:
        with open(path, "wb") as fh:  # 10 GB that take no disk space: refused by its size, not read
            fh.truncate(10 ** 10)
    with pytest.raises(RulesError, match=message) as err:
        read_tiles_csv(path)
    assert err.value.rule == "F-1.5"


@pytest.mark.parametrize("face", ["1_0", "+1", "٢", "²", "9" * 5000])
def test_F_1_4_faces_are_ascii_digits_or_x3(face):
    rows = [list(row) for row in DEFAULT_TILES]
    rows[0][2] = face
    with pytest.raises(RulesError) as err:
        parse_tiles_csv("back,colour,face\n" + "\n".join(",".join(map(str, r)) for r in rows), "t.csv")
    assert err.value.rule == "F-1.4" and "Tile table row 1" in str(err.value) and len(str(err.value)) < 200
    rows[0][2] = "0" * 5000 + "1"  # leading zeros are read, not crashed on (int() stops at 4300 digits)
    assert parse_tiles_csv("back,colour,face\n" + "\n".join(",".join(map(str, r)) for r in rows), "t.csv") == DEFAULT_TILES


@pytest.mark.parametrize("hand", ["² red", "٢ red", "1_0 red", "9" * 5000 + " red"])
def test_F_1_1_card_counts_are_ascii_digits(hand):
    with pytest.raises(RulesError) as err:
        from_position(2, hands=[hand, "1 grey"])
    assert len(str(err.value)) < 200


def test_F_1_4_a_position_tile_face_must_be_ascii_digits():
    with pytest.raises(RulesError, match="a face is a number of flowers"):
        from_position(2, hands=["1 red", "1 grey"], mandalas=[{"tiles": ["red ²", "grey 1"]}])


def _table_text(rows) -> str:
    return "back,colour,face\n" + "\n".join(",".join(map(str, r)) for r in rows)


@pytest.mark.parametrize("change, expected", [
    ((0, 2, "1234567890"), "not 1234567890"),  # the face as written, not a stand-in
    ((0, 1, "A" * 5000), "is not a tile colour"),
    ((0, 0, "A" * 5000), "is neither 'dark' nor 'light'"),
])
def test_F_1_5_tile_table_refusals_quote_what_was_written_briefly(change, expected):
    rows = [list(row) for row in DEFAULT_TILES]
    i, j, value = change
    rows[i][j] = value
    with pytest.raises(RulesError) as err:
        parse_tiles_csv(_table_text(rows), "t.csv")
    assert expected in err.value.message and len(err.value.message) < 200


def test_F_1_5_a_long_header_line_is_quoted_briefly():
    with pytest.raises(RulesError) as err:
        parse_tiles_csv("SHELL=/bin/bash" + "x" * 5000 + "\n", "environ")
    assert "must start with the header" in err.value.message and len(err.value.message) < 200


def test_F_1_5_a_table_saved_with_a_byte_order_mark_is_read(tmp_path):
    path = tmp_path / "excel.csv"
    path.write_text(_table_text(DEFAULT_TILES), encoding="utf-8-sig")
    assert read_tiles_csv(path) == DEFAULT_TILES


def test_F_1_5_an_empty_or_numeric_tiles_option_is_named():
    with pytest.raises(RulesError, match="Cannot read the tile table '':"):
        read_tiles_csv("")
    with pytest.raises(RulesError, match=r"not 5 \(write \./NAME"):
        Rules(tiles=5)


# ----- every field of the builder is type-checked: one RulesError, never a TypeError ---------------
@pytest.mark.parametrize("kw, rule", [
    (dict(hands="2 red"), "F-2.3"),                                          # text, not a list of hands
    (dict(hands=[5, "2 red"]), "F-1.1"),
    (dict(hands=["x" * 500, "2 red"]), "F-1.1"),                            # quoted briefly
    (dict(hands=[["red", 5], "2 red"]), "F-1.1"),
    (dict(hands=[{"red": "2"}, "2 red"]), "F-1.1"),                          # a count as text
    (dict(hands=[{"red": True}, "2 red"]), "F-1.1"),
    (dict(hands=[{"red": 10 ** 5000}, "2 red"]), "F-1.1"),
    (dict(mandalas={"tiles": M1}), "F-1.2"),                                 # an object, not a list of them
    (dict(mandalas=[["grey 1", "green 1"]]), "F-1.2"),                       # a list where a mapping is expected
    (dict(mandalas=[{"tiles": "grey 1"}]), "F-2.2"),
    (dict(mandalas=[{"tiles": (5, "green 1")}]), "F-1.4"),
    (dict(mandalas=[{"tiles": M1, "claim": 0, "up": [0, "1 red"]}]), "F-3.2"),
    (dict(mandalas=[{"tiles": M1, "claim": 0, "up": {0: 1}}]), "F-1.1"),
    (dict(mandalas=[{"tiles": M1, "claim": "0", "up": {0: "1 red"}}]), "F-3.6"),
    (dict(owned="red 1"), "F-4.3"),
    (dict(owned=["red 1", []]), "F-4.3"),
    (dict(owned=[[10 ** 5000], []]), "F-1.4"),
    (dict(deck=5), "F-1.1"),
    (dict(discard=1.5), "F-1.1"),
    (dict(dark="grey 1"), "F-2.1"),
    (dict(light=[None]), "F-1.4"),
    (dict(to_act=True), "F-2.3"),
    (dict(passes="1"), "F-5.3"),
    (dict(rest_to_hand=1.0), "F-2.3"),
    (dict(rules={"single_play_draw": 2}), "options"),
    (dict(manual_chance="yes"), "options"),
    (dict(manual_chance=1), "options"),
    (dict(seed="7"), "options"),
])
def test_from_position_type_checks_every_field(kw, rule):
    with pytest.raises(RulesError) as err:
        from_position(2, **{"hands": ["2 red", "2 red"], **kw})
    assert err.value.rule == rule and len(err.value.message) < 200
