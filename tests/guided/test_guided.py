"""The guided first games (issue 30): each plays to its end by its own highlights, a click off
the guided move keeps the game and says a kind word, the milestones stop and light the board,
and every sentence is in both languages, in a pupil's words."""

from __future__ import annotations

import re

import pytest

from mandalakit.core.messages import _, language
from mandalakit.widgets.guided import GuidedGame
from mandalakit.widgets.guided.guided_game import ALL_DONE, KIND_WORD, READ_FIRST
from mandalakit.widgets.guided.script import GAMES, script_of
from mandalakit.widgets.play.clicks import targets_in

#: Words a pupil never reads: the bots' algorithms and rule ids in a sentence (issue 30, items 2 and 4).
MACHINERY = re.compile(r"greedy|sampling|search|pimc|ismcts|rule of thumb|glouton|recherche|\b[MFO]-\d", re.I)


def _text(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def _wrong_target(page) -> str:
    """A target drawn on the board (or a chip) that is not the guided click."""
    drawn = targets_in(page.view.board.svg) + [t for t, _label in page.view.board.chips]
    return next(t for t in drawn if t != page.expected_target())


@pytest.mark.parametrize("game", GAMES)
def test_the_guided_game_plays_to_its_end_by_its_own_highlights(game):
    page = GuidedGame(game)
    script = page.script
    assert "Bot (easy)" in page.guide.value and _(script.welcome) in _text(page.guide.value)
    milestones, clicks = [], 0
    while page.step < len(script.steps) or page.waiting:
        if page.waiting:
            step = script.steps[page.step - 1]
            milestones.append(page.step - 1)
            assert _(step.milestone) in _text(page.guide.value).replace("&#x27;", "'")
            assert page.next_button.layout.display == "" and page.view.board.hint == []
            assert page.view.board.svg.count("mk-hint") == len(step.light) > 0 or not step.light
            assert page.view.status.layout.display == "none", "no 'your turn' while the guide shows what happened"
            assert page.view.board.reveal > 0, "the board is asked to bring what the milestone lights into view"
            before = len(page.view.state.history)  # the board waits for Next: a click is refused kindly
            page.click(targets_in(page.view.board.svg)[0])
            assert len(page.view.state.history) == before and _(READ_FIRST) in page.guide.value
            page.next()
            continue
        target = page.expected_target()
        assert page.view.board.hint == [target], "the board lights the guided click"
        assert target in page.view.active, "the lit target is one the engine lets the pupil click"
        assert 'class="mk-active' not in page.view.board.svg.replace(f'data-mk-target="{target}"', "") or \
            page.view.board.svg.count("mk-active") == 1, "only the guided target is drawn clickable"
        assert page.next_button.layout.display == "none" and page.view.status.layout.display == ""
        asked = page.view.board.reveal
        page.click(target)
        clicks += 1
        assert page.view.board.reveal > asked or (page.step == len(script.steps) and not page.waiting), \
            "the board is asked to bring the next glowing click (or the milestone) into view"
        assert clicks < 200
    assert milestones == [i for i, s in enumerate(script.steps) if s.milestone] and milestones
    assert page.expected_target() is None and page.view.board.hint == [] and page.view.status.layout.display == "none"
    assert f'href="play-{game}.ipynb"' in page.finish.value and "Play a whole game" in page.finish.value
    played = [str(m) for by, m in page.view.state.history if by == 0]
    assert len(played) == len(script.steps)
    page.click(targets_in(page.view.board.svg)[0])
    assert _(ALL_DONE) in page.guide.value


@pytest.mark.parametrize("game", GAMES)
def test_a_wrong_click_keeps_the_game_and_gets_a_kind_word(game):
    page = GuidedGame(game)
    page.click(page.expected_target())  # part-way through a move: the first click is kept
    if page.step:  # a move of one click: try the next step's first click
        page.click(page.expected_target()) if page.waiting else None
    history, selection, step = len(page.view.state.history), page.view.selection, page.step
    expected = page.expected_target()
    page.click(_wrong_target(page))
    assert (len(page.view.state.history), page.view.selection, page.step) == (history, selection, step)
    assert _(KIND_WORD) in page.guide.value
    assert page.view.board.hint == [expected], "the highlight again"
    page.click(expected)
    assert _(KIND_WORD) not in page.guide.value


def test_the_language_switch_keeps_the_step_and_the_board():
    page = GuidedGame("mandala")
    for _click in range(4):
        page.click(page.expected_target())
    step, history = page.step, [str(m) for _by, m in page.view.state.history]
    try:
        page.switch.value = "fr"
        assert page.step == step and [str(m) for _by, m in page.view.state.history] == history
        text = _text(page.guide.value)
        assert "Robot (facile)" in text and "Étape" in text, text
        assert page.view.board.hint == [page.expected_target()]
    finally:
        page.switch.value = "en"
    assert "Bot (easy)" in page.guide.value


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_guide_sentence_is_translated_and_in_a_pupils_words(lang):
    sentences = [KIND_WORD, READ_FIRST, ALL_DONE]
    for game in GAMES:
        script = script_of(game)
        sentences += [script.welcome, script.finale]
        sentences += [text for step in script.steps for text in (step.say, step.milestone) if text]
    with language(lang):
        for sentence in sentences:
            shown = _(sentence)
            assert not MACHINERY.search(shown), shown
            if lang == "fr":
                assert shown != sentence, f"no French for: {sentence}"
                assert not re.search(r"[^\u202f][:;!?»]|«[^\u202f]", shown.replace("\u202f:", "")), shown


def test_an_unknown_game_has_no_guide():
    with pytest.raises(ValueError, match="ohanami, mandala, flowers"):
        GuidedGame("chess")
