"""The shared contract on Ohanami: random legal play from many seeds, plus an independent recount."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mandalakit.core.conformance import check_game, play_random
from mandalakit.ohanami import GAME, Rules


def recount(detail: dict, cap=15) -> int:
    """Score one seat from its per-round rows only, without the engine's scoring code (O-3)."""
    total = 0
    for r, rnd in enumerate(detail["rounds"], start=1):
        cards = [c for row in rnd["rows"] for c in row]
        suit = ["grey" if c % 7 == 0 else "green" if c % 3 == 0 else "blue" if c % 2 == 0 else "pink" for c in cards]
        score = 3 * suit.count("blue")
        if r >= 2:
            score += 4 * suit.count("green")
        if r == 3:
            score += 7 * suit.count("grey")
            k = suit.count("pink") if cap is None else min(suit.count("pink"), cap)
            score += sum(range(1, k + 1))
        assert score == rnd["score"], f"round {r}"
        total += score
    return total


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(6))
def test_contract_conformance(players, seed):
    state = check_game(GAME, players, seed)
    result = state.result()
    assert [recount(d) for d in result.players] == list(result.scores)


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1), cap=st.sampled_from([15, None, 5]))
def test_random_legal_play_property(players, seed, cap):
    state = play_random(GAME, players, seed, Rules(sakura_cap=cap), check_every_step=False)
    result = state.result()
    assert [recount(d, cap) for d in result.players] == list(result.scores)
    # Every card of every row was placed exactly once; rows respect O-2.4.
    for detail in result.players:
        rows = detail["rounds"][-1]["rows"]
        assert len(rows) <= 3 and all(row == sorted(row) for row in rows)
    # Rows only grow between rounds (cards never move, O-2.4).
    for detail in result.players:
        for before, after in zip(detail["rounds"], detail["rounds"][1:]):
            assert {c for row in before["rows"] for c in row} <= {c for row in after["rows"] for c in row}


@pytest.mark.parametrize(("field", "value"), [
    ("option_words", {"sakura": ("Pink", "O-3.4", {})}),  # no such option
    ("option_words", {"sakura_cap": ("Pink", "O-3.4", {"0": "none at all"})}),  # a value the game refuses
    ("tables", ("ohanami-bots", "")),  # a table without a name
    ("gallery", (5, 14, "Draft cards.")),  # more players than the game takes
])
def test_the_conformance_check_refuses_a_wrong_declaration(monkeypatch, field, value):
    """check_game asserts what the views and the analysis page read of the declaration (issue 32)."""
    import dataclasses

    import mandalakit.ohanami
    from mandalakit.core.conformance import check_declaration
    from mandalakit.core.errors import RulesError

    state = check_game(GAME, 2, 1)
    monkeypatch.setattr(mandalakit.ohanami, "GAME", dataclasses.replace(GAME, **{field: value}))
    with pytest.raises((AssertionError, RulesError)):
        check_declaration(mandalakit.ohanami.GAME, state)
