"""Flowers rules by id (flowers.md F-1 to F-6), with the worked checks of F-6.

Positions are built by hand with :func:`mandalakit.flowers.from_position`; the default tile
table gives every colour the faces 1, 1, 2, 2, 3 and x3 (F-1.5).
"""

import json

import numpy as np
import pytest

from mandalakit.core import records
from mandalakit.core.bots import RandomBot
from mandalakit.core.bots import play as play_bots
from mandalakit.core.contract import CHANCE, ChanceEvent
from mandalakit.core.errors import IllegalMoveError, NotationError, RulesError
from mandalakit.flowers import (
    COLOURS,
    DEFAULT_TILES,
    GAME,
    PASS,
    X3,
    Play,
    Rules,
    Take,
    from_position,
    flower_score,
    new_game,
    parse,
)
from mandalakit.flowers.cards import (
    DARK,
    GREEN,
    GREY,
    LIGHT,
    ORANGE,
    PURPLE,
    RED,
    YELLOW,
)


def act(state, *moves):
    """Apply moves in notation, checking conservation after each."""
    for move in moves:
        state.apply(parse(move))
        state.check_invariants()
    return state


def snapshot(state):
    return ([str(e) for _, e in state.history], [state.observation(p) for p in range(state.num_players)],
            state.current_player, list(state.deck), state.discard[:])


# ----- F-6 derived checks ------------------------------------------------------------------------------
@pytest.mark.parametrize("a, b, score", [(1, 3, 5), (2, 2, 6), (X3, 2, 6), (X3, 3, 9), (3, 1, 5), (X3, X3, 0)])
def test_F_6_F_5_4_flower_scores(a, b, score):
    assert flower_score(a, b) == score
    assert flower_score(b, a) == score


def test_F_6_F_5_4_lone_x3_scores_zero_and_singles_score_their_flowers():
    state = from_position(2, hands=["2 red", "2 red"], owned=[["grey x3"], ["grey 3", "purple 2"]])
    assert state.scores() == (0, 5)


@pytest.mark.parametrize("hand, expected_hand, drawn", [(6, 8, 3), (3, 6, 4), (9, 8, 0)])
def test_F_6_F_3_3_draw_after_a_single_card(hand, expected_hand, drawn):
    # Hand 6 -> 5 -> draw 3; hand 3 -> 2 -> draw 4; hand 9 -> 8 -> draw 0.
    state = from_position(2, hands=[f"{hand} purple", "3 red"])
    deck = len(state.deck)
    act(state, "play 1 purple on 1")
    assert state.sizes[0] == expected_hand
    assert len(state.deck) == deck - drawn


def test_F_6_F_3_3_no_draw_after_two_or_more_cards():
    state = from_position(2, hands=["3 purple", "3 red"])
    deck = len(state.deck)
    act(state, "play 2 purple on 1")
    assert state.sizes[0] == 1 and len(state.deck) == deck


def test_F_3_3_single_play_draw_option_draws_fewer():
    state = from_position(2, hands=["3 purple", "3 red"], rules=Rules(single_play_draw=2))
    act(state, "play 1 purple on 1")
    assert state.sizes[0] == 4  # 2 + min(2, 6)


def test_F_6_F_3_4_two_cards_of_one_colour_play_one_not_both():
    state = from_position(2, hands=["2 red", "3 green"])
    moves = set(map(str, state.legal_moves()))
    assert moves == {"play 1 red on 1", "play 1 red on 2", "play 1 red on 3"}
    before = snapshot(state)
    with pytest.raises(IllegalMoveError) as err:
        state.apply(parse("play 2 red on 1"))
    assert err.value.rule == "F-3.4"
    assert snapshot(state) == before
    act(state, "play 1 red on 1")
    assert state.sizes[0] == 1 + 4


def test_F_3_4_last_single_card_may_be_played_because_a_draw_follows():
    state = from_position(2, hands=["1 red", "3 green"])
    assert [str(m) for m in state.legal_moves()] == ["play 1 red on 1", "play 1 red on 2", "play 1 red on 3"]
    act(state, "play 1 red on 2")
    assert state.sizes[0] == 4


def _count_everything(state):
    """An independent recount of F-6 conservation (not using check_invariants)."""
    cards = [0] * 6
    for c in state.deck:
        cards[c] += 1
    for pile in [state.discard, *state.hands, *(row for m in state.mandalas for row in m.cards)]:
        cards = [a + b for a, b in zip(cards, pile)]
    tiles = len(state.stacks[0]) + len(state.stacks[1])
    tiles += sum(2 for m in state.mandalas if m.dark)
    tiles += sum(1 for s in state.singles for t in s if t) + sum(2 * len(f) for f in state.flowers)
    return cards, tiles


@pytest.mark.parametrize("players", [2, 3, 4])
def test_F_6_conservation_at_every_state(players):
    state = new_game(players, seed=players)
    bot = RandomBot(seed=11)
    steps = 0
    while not state.is_terminal():
        cards, tiles = _count_everything(state)
        assert cards == [15] * 6 and sum(cards) == 90
        assert tiles == 36
        state.apply(bot.choose(None, state.legal_moves()))
        steps += 1
    assert _count_everything(state) == ([15] * 6, 36)
    assert steps > 20


# ----- F-1 components ----------------------------------------------------------------------------------
def test_F_1_1_F_2_1_the_deck_is_90_cards_15_per_colour():
    state = new_game(2, seed=0)
    kind, outcome = state.history[0][1].kind, state.history[0][1].outcome
    assert kind == "shuffle" and len(outcome) == 90
    assert [outcome.count(c) for c in range(6)] == [15] * 6
    assert COLOURS == ("grey", "purple", "red", "green", "orange", "yellow")


def test_F_1_3_F_1_5_default_tile_table():
    ts = Rules().tile_set
    assert len(DEFAULT_TILES) == 36 and len(ts.dark) == 18 and len(ts.light) == 18
    for colour in range(6):
        faces = sorted(t.face for t in ts.tiles[1:] if t.colour == colour)
        assert faces == [X3, 1, 1, 2, 2, 3]  # X3 == 0 sorts first
    assert {ts.tiles[i].colour for i in ts.dark} == {GREY, PURPLE, RED}
    assert {ts.tiles[i].colour for i in ts.light} == {GREEN, ORANGE, YELLOW}
    assert Rules().default_tiles


def test_F_1_5_the_default_is_documented_as_an_assumption():
    from importlib import resources

    import mandalakit.flowers as flowers
    from mandalakit.flowers import tiles

    csv_text = resources.files("mandalakit.flowers").joinpath("tiles.csv").read_text()
    for text in (csv_text, flowers.__doc__, tiles.__doc__, Rules.__doc__):
        assert "assumption" in text.lower()


def test_F_1_5_custom_table_from_csv_and_rows(tmp_path):
    rows = [[back, colour, 5 if face != "x3" else "x3"] for back, colour, face in DEFAULT_TILES]
    path = tmp_path / "fives.csv"
    path.write_text("back,colour,face\n" + "\n".join(",".join(map(str, r)) for r in rows) + "\n")
    from_csv, from_rows = Rules.from_csv(path), Rules(tiles=rows)
    assert from_csv == from_rows and hash(from_csv) == hash(from_rows)
    assert Rules.option_from_command_line("tiles", str(path)) == from_rows.tiles  # --rule tiles=PATH
    assert not from_rows.default_tiles and from_rows != Rules()
    faces = {t.face for t in from_rows.tile_set.tiles[1:]}
    assert faces == {5, X3}


def test_F_1_5_a_record_replays_with_its_custom_table(tmp_path):
    rows = [[back, colour, 4 if face != "x3" else "x3"] for back, colour, face in DEFAULT_TILES]
    rules = Rules(tiles=rows)
    state = new_game(3, seed=4, rules=rules)
    play_bots(state, [RandomBot(seed=s) for s in range(3)])
    rec = json.loads(json.dumps(records.from_state(state, seed=4)))
    assert rec["rules"]["tiles"][0] == ["dark", "grey", 4]
    replayed = records.replay(rec)
    assert replayed.rules == rules and replayed.result() == state.result()
    faces = {t.split()[1] for p in state.result().players for s in p["singles"] for t in [s["tile"]]}
    assert faces <= {"4", "x3"}


# ----- F-2 setup --------------------------------------------------------------------------------------
def test_F_2_1_setup_chance_events_in_order():
    state = new_game(3, seed=2)
    kinds = [e.kind for by, e in state.history]
    assert kinds == ["shuffle", "dark", "light"]
    assert all(by == CHANCE for by, _ in state.history)
    dark, light = state.history[1][1].outcome, state.history[2][1].outcome
    assert sorted(dark) == list(range(1, 19)) and sorted(light) == list(range(19, 37))


def test_F_6_F_2_1_invariants_hold_between_the_setup_shuffles():
    record = records.from_state(new_game(2, seed=1))
    for upto in range(4):  # before the shuffle, after it, after the dark stack, after the deal
        state = records.replay(record, upto=upto)
        assert (state.phase == "setup") == (upto < 3)
        state.check_invariants()
    state = records.replay(record, upto=1)
    state.deck.pop()  # a card lost between the shuffle and the deal is still caught
    with pytest.raises(AssertionError, match="F-6"):
        state.check_invariants()
    state = records.replay(record, upto=2)
    state.stacks[LIGHT] = [19]
    with pytest.raises(AssertionError, match="light"):
        state.check_invariants()


def test_F_2_2_each_mandala_gets_the_top_dark_and_light_tile_unclaimed():
    state = new_game(2, seed=9)
    dark, light = state.history[1][1].outcome, state.history[2][1].outcome
    for i, m in enumerate(state.mandalas):
        assert (m.dark, m.light) == (dark[i], light[i])
        assert state.tile(m.dark).back == DARK and state.tile(m.light).back == LIGHT
        assert m.claim == -1 and sum(m.tot) == 0
    assert state.stacks[DARK][::-1] == list(dark[3:])


@pytest.mark.parametrize("players, first, sizes", [
    (2, 0, [5, 6]), (3, 0, [5, 6, 7]), (4, 0, [5, 6, 7, 8]), (4, 2, [7, 8, 5, 6]), (3, 1, [7, 5, 6]),
])
def test_F_2_3_hands_of_5_6_7_8_clockwise_from_the_first_player(players, first, sizes):
    state = new_game(players, seed=1, setup={"first_player": first})
    assert state.sizes == sizes
    assert state.current_player == first
    assert len(state.deck) == 90 - sum(sizes)
    assert state.setup == {"first_player": first}
    # The first player's 5 cards are the top 5 of the shuffled deck.
    top = state.history[0][1].outcome[:5]
    assert state.hands[first] == [top.count(c) for c in range(6)]


@pytest.mark.parametrize("players", [1, 5, 0])
def test_F_2_3_wrong_number_of_players(players):
    with pytest.raises(RulesError) as err:
        new_game(players)
    assert err.value.rule == "F-2.3" and str(players) in err.value.message


def test_F_2_3_bad_setup_is_refused():
    with pytest.raises(RulesError):
        new_game(2, setup={"first_player": 2})
    with pytest.raises(RulesError):
        new_game(2, setup={"dealer": 0})


def test_F_2_4_observation_hides_only_other_hands_and_orders():
    base = dict(mandalas=[{"tiles": ("grey 1", "green 1"), "claim": 0, "up": {0: "2 red"}, "down": {1: "3 grey"}}])
    a = from_position(2, hands=["2 orange", "3 yellow"], **base)
    b = from_position(2, hands=["2 orange", "1 yellow, 2 purple"], **base)
    assert a.deck != b.deck
    assert a.observation(0) == b.observation(0)  # other hands and the deck are hidden
    assert a.observation(1) != b.observation(1)
    obs = a.observation(0)
    assert obs.hand == (0, 0, 0, 0, 2, 0) and obs.hand_sizes == (2, 3)
    view = obs.mandalas[0]
    assert view.face_up[RED] == (0, 2) and view.face_down(1) == (3, 0, 0, 0, 0, 0)  # face-down colour public
    assert view.claim == 0 and view.totals == (2, 3) and view.face_up_totals == (2, 0)
    assert obs.deck_size == len(a.deck) and obs.stacks == (len(a.stacks[0]), len(a.stacks[1]))
    with pytest.raises(RulesError):
        a.observation(2)


def test_F_2_4_determinize_keeps_the_observation_and_resamples_hidden_cards():
    state = new_game(4, seed=3)
    rng = np.random.default_rng(0)
    samples = [state.determinize(0, rng) for _ in range(5)]
    assert all(s.observation(0) == state.observation(0) for s in samples)
    assert any(s.hands[1:] != state.hands[1:] for s in samples)
    assert any(s.deck != state.deck for s in samples)
    assert any(s.stacks != state.stacks for s in samples)
    assert all(s.hands[0] == state.hands[0] for s in samples)


# ----- F-3 a turn -------------------------------------------------------------------------------------
def test_F_3_1_cards_not_in_hand_are_refused_and_nothing_changes():
    state = from_position(2, hands=["2 red", "3 green"])
    before = snapshot(state)
    for text, rule in [("play 1 green on 1", "F-3.1"), ("play 3 red on 2", "F-3.1"), ("take red", "F-4.1"),
                       ("pass", "F-5.3")]:  # no tile choice pending: "take" is refused by F-4.1
        with pytest.raises(IllegalMoveError) as err:
            state.apply(parse(text))
        assert err.value.rule == rule, text
        assert snapshot(state) == before
    with pytest.raises(IllegalMoveError):
        state.apply(Play(RED, 1, 5))
    with pytest.raises(IllegalMoveError):
        state.apply(ChanceEvent("reshuffle", ()))
    assert snapshot(state) == before


def test_F_3_2_new_colours_face_up_others_face_down():
    state = from_position(3, hands=["3 red, 2 grey", "3 red, 1 yellow", "3 orange"],
                          mandalas=[{"tiles": ("grey 1", "green 1")}])
    act(state, "play 2 red on 1")      # new colour: face up
    m = state.mandalas[0]
    assert m.up_owner[RED] == 0 and m.up_count[RED] == 2 and m.up[0] == 2
    act(state, "play 2 red on 1")      # red is now face up there: face down
    assert m.up_owner[RED] == 0 and m.cards[1][RED] == 2 and m.up[1] == 0
    act(state, "play 1 orange on 1")   # new: face up
    act(state, "play 2 grey on 1")     # matches a tile: face down, both cards alike
    assert m.cards[0][GREY] == 2 and m.up[0] == 2
    assert state.observation(1).mandalas[0].face_down(0) == (2, 0, 0, 0, 0, 0)


def test_F_3_5_reshuffle_when_the_deck_runs_out_is_a_recorded_chance_event():
    state = from_position(2, hands=["3 red", "3 green"], deck="purple purple", discard="4 yellow, 2 orange",
                          rest_to_hand=1, manual_chance=True)
    act(state, "play 1 red on 1")      # hand 2, draws 2 from the deck, then needs 2 more
    assert state.current_player == CHANCE and state.legal_moves() == []
    assert state.sizes[0] == 4 and state.hands[0][PURPLE] == 2
    before = snapshot(state)
    with pytest.raises(IllegalMoveError) as err:
        state.apply(ChanceEvent("reshuffle", (YELLOW,) * 6))
    assert err.value.rule == "F-3.5" and snapshot(state) == before
    order = (ORANGE, YELLOW, YELLOW, ORANGE, YELLOW, YELLOW)
    state.apply(parse("reshuffle " + " ".join(map(str, order))))
    state.check_invariants()
    assert state.hands[0] == [0, 2, 2, 0, 1, 1]  # top two of the new deck: orange, yellow
    assert state.deck[::-1] == [YELLOW, ORANGE, YELLOW, YELLOW]  # the rest, top first
    assert state.discard == [0] * 6 and state.current_player == 1
    assert [by for by, _ in state.history[-2:]] == [0, CHANCE]


def test_F_3_5_with_a_generator_the_reshuffle_happens_by_itself():
    state = from_position(2, hands=["3 red", "3 green"], deck="", discard="5 yellow", rest_to_hand=1, seed=1)
    act(state, "play 1 red on 1")
    assert state.current_player == 1 and state.sizes[0] == 6
    assert state.history[-1][1].kind == "reshuffle" and len(state.history[-1][1].outcome) == 5


def test_F_3_5_empty_deck_and_discard_draw_fewer():
    state = from_position(2, hands=["3 red", "3 green"], deck="purple", discard="", rest_to_hand=1)
    act(state, "play 1 red on 1")
    assert state.sizes[0] == 3 and state.deck == []


def test_F_3_6_claim_needs_a_face_up_card_and_a_strict_majority():
    state = from_position(3, hands=["4 grey, 1 red", "3 yellow, 2 purple", "4 orange"],
                          mandalas=[{"tiles": ("grey 1", "green 1")}])
    m = state.mandalas[0]
    act(state, "play 4 grey on 1")       # face down only: no claim
    assert m.claim == -1
    act(state, "play 1 yellow on 1")     # 1 face-up card, seat 0's 4 face-down ignored
    assert m.claim == 1
    act(state, "play 1 orange on 1")     # tie 1-1 among face-up players: no move
    assert m.claim == 1
    act(state, "play 1 red on 1")        # seat 0: 5 cards with 1 face up > 1
    assert m.claim == 0


def test_F_3_6_only_the_mandala_just_played_to_is_checked():
    state = from_position(2, hands=["3 red", "3 purple"],
                          mandalas=[{"tiles": ("grey 1", "green 1"), "claim": 0, "up": {0: "1 orange", 1: "3 yellow"}}])
    act(state, "play 1 red on 2")
    assert state.mandalas[0].claim == 0  # seat 1 has more there, but nobody played there


def test_F_3_7_face_down_cards_never_complete_a_mandala():
    state = from_position(2, hands=["3 grey, 1 red", "3 red, 1 yellow"],
                          mandalas=[{"tiles": ("grey 1", "green 1"), "claim": 1,
                                      "up": {1: "1 red, 1 purple, 1 orange"}}])
    act(state, "play 3 grey on 1")  # face down: grey is a tile colour, no new colour
    assert state.mandalas[0].covered == 0b011111 and state.current_player == 1
    act(state, "play 1 yellow on 1")  # the sixth colour, face up: complete
    assert state.mandalas[0].claim == -1 and state.mandalas[0].dark != 0  # resolved and refilled
    assert state.singles[1][GREY] and state.singles[1][GREEN]           # holder took both (F-4.2)
    assert state.hands[0][GREY] == 3                                    # seat 0's cards came back


# ----- F-4 completion ---------------------------------------------------------------------------------
def completing(runner_cards="2 purple", down=None, active=2, **kw):
    """Mandala 1 (grey 1, green 1) missing only yellow; seat 0 holds the claim marker with
    3 orange and 1 red face up; seat 2 holds a yellow card."""
    return from_position(
        3, hands=["2 red", "2 red", "1 yellow, 2 red"], to_act=active,
        mandalas=[{"tiles": ("grey 1", "green 1"), "claim": 0,
                   "up": {0: "3 orange, 1 red", 1: runner_cards}, "down": down or {}}], **kw)


def test_F_4_1_the_holder_chooses_even_when_another_seat_completes():
    state = completing(active=2)
    state.apply(parse("play 1 yellow on 1"))
    assert state.current_player == 0 and state.active == 2 and state.phase == "choose"
    assert [str(m) for m in state.legal_moves()] == ["take grey", "take green"]
    obs = state.observation(1)
    assert obs.pending == 0 and obs.runner_up == 1
    with pytest.raises(IllegalMoveError) as err:
        state.apply(parse("take red"))
    assert err.value.rule == "F-4.1"
    with pytest.raises(IllegalMoveError):
        state.apply(parse("play 1 red on 2"))
    act(state, "take green")
    assert state.tile(state.singles[0][GREEN]).face == 1 and state.singles[1][GREY]
    assert state.current_player == 0  # seat 2's turn is over; seat 0 is next clockwise


def test_F_4_2_runner_up_is_the_seat_with_most_cards():
    state = completing(runner_cards="1 purple", down={1: "1 grey", 2: "2 grey"})
    act(state, "play 1 yellow on 1", "take grey")  # seat 2: 3 cards beat seat 1's 2
    assert state.singles[2][GREEN] and state.singles[0][GREY] and not any(state.singles[1])


def test_F_4_2_full_tie_for_second_place_gives_the_holder_both_tiles():
    state = completing(runner_cards="1 purple", down={1: "1 grey", 2: "1 grey"})
    act(state, "play 1 yellow on 1")  # seats 1 and 2: 2 cards, 1 face up each
    assert state.current_player == 0 and state.phase == "play"  # no choice to make
    assert state.singles[0][GREY] and state.singles[0][GREEN]
    assert state.hands[1][PURPLE] == 1 and state.hands[2][YELLOW] == 1  # both took their cards back


def test_F_4_4_takers_discard_others_take_their_cards_back():
    state = completing(runner_cards="2 purple")
    act(state, "play 1 yellow on 1", "take grey")
    assert state.discard == [0, 2, 1, 0, 3, 0]  # holder and runner-up discard (F-4.4)
    assert state.hands[2][YELLOW] == 1 and state.sizes[2] == 2 + 4 + 1  # seat 2 took no tile: back to hand


def test_F_4_5_refill_one_dark_one_light_and_the_marker_is_freed():
    state = completing()
    other = [(m.dark, m.light, m.claim, [r[:] for r in m.cards]) for m in state.mandalas[1:]]
    top = (state.stacks[DARK][-1], state.stacks[LIGHT][-1])
    act(state, "play 1 yellow on 1", "take grey")
    m = state.mandalas[0]
    assert (m.dark, m.light) == top and m.claim == -1 and m.tot == [0, 0, 0]
    assert [(m.dark, m.light, m.claim, [r[:] for r in m.cards]) for m in state.mandalas[1:]] == other


def test_F_4_3_pairing_is_immediate_and_a_third_tile_stays_single():
    state = from_position(2, hands=["2 red", "2 red"], owned=[["grey 1", "grey 3", "grey 2"], []])
    assert state.nflowers[0] == 1 and state.tile(state.singles[0][GREY]).face == 2
    assert state.scores()[0] == 5 + 2
    state = from_position(2, hands=["2 red", "2 red"], owned=[["grey 1", "grey 3", "grey 2", "grey x3"], []])
    assert state.nflowers[0] == 2 and state.scores()[0] == 5 + 6 and not state.singles[0][GREY]


# ----- F-5 end and scoring -----------------------------------------------------------------------------
def test_F_5_5_shared_victory():
    # Every card on mandala 1 except the two in hand: nothing left to draw, so both pass.
    state = from_position(2, hands=["1 red", "1 yellow"], deck="", discard="",
                          mandalas=[{"tiles": ("red 1", "yellow 1"), "claim": 1,
                                      "up": {0: "15 grey", 1: "15 purple, 15 green"},
                                      "down": {0: "14 red", 1: "14 yellow"}},
                                     {"claim": 0, "up": {0: "15 orange"}}],
                          owned=[["grey 2", "purple 1"], ["green 3"]])
    act(state, "pass", "pass")
    result = state.result()
    assert state.end_reason == "F-5.3"
    assert result.scores == (3, 3) and result.winners == (0, 1)
    assert result.players[0]["singles"] == [{"tile": "grey 2", "score": 2}, {"tile": "purple 1", "score": 1}]


def test_F_5_result_before_the_end_is_refused():
    with pytest.raises(IllegalMoveError):
        new_game(2, seed=1).result()


# ----- notation, rules options -------------------------------------------------------------------------
def test_notation_round_trip_and_errors():
    for text in ["play 2 red on 3", "play 1 grey on 1", "take yellow", "pass"]:
        assert str(parse(text)) == text
    assert parse("play 2 red on 3") == Play(RED, 2, 2) and parse("take red") == Take(RED)
    assert parse("pass") is PASS
    assert parse("play 2 red on 3") is parse("play  2  red on 3")  # interned
    for bad, rule in [("play 2 pink on 1", "F-3.1"), ("play 0 red on 1", "F-3.1"), ("play 1 red on 4", "F-1.2"),
                      ("take", "notation"), ("", "notation"), ("shuffle x", "notation")]:
        with pytest.raises(NotationError) as err:
            parse(bad)
        assert err.value.rule == rule, bad


def test_rules_options_are_checked_and_json_ready():
    with pytest.raises(RulesError) as err:
        Rules(single_play_draw=-1)
    assert err.value.rule == "F-3.3"
    with pytest.raises(RulesError):
        Rules.from_dict({"hand_limit": 9})
    rules = Rules(single_play_draw=2)
    again = Rules.from_dict(json.loads(json.dumps(rules.to_dict())))
    assert again == rules and hash(again) == hash(rules)
    assert "default" in repr(Rules())
    assert GAME.make_rules({"single_play_draw": 2}) == rules
