"""A pupil's page names levels, not algorithms, and rule ids only as tags (issue 30).

Each play page (every game, EN and FR) is built as its notebook builds it, played to the end by
clicks, with a hint and a refused move on the way; at the start, in the middle and at the end
every text a pupil reads (:func:`test_french_views.texts`: values, labels, the board's words)
is scanned:

- no algorithm's name (greedy, sampling search, pimc, ismcts, rule of thumb, heuristic, tree
  search, Monte Carlo; French glouton, recherche par échantillons…) outside the Legend, where
  the level's bot is named for a teacher;
- no rule id (``M-3.3``) in running text or a heading: with the tags taken out, none is left,
  and no tag is glued to a word before it ("per suitO-3").

The lessons' pages are scanned the same way in test_lessons_words.
"""

from __future__ import annotations

import re

import pytest
from test_french_views import texts

from mandalakit import language
from mandalakit.core.messages import LANGUAGES
from mandalakit.widgets import GameView
from mandalakit.widgets.play.language import LanguageSwitch

#: Algorithms' names, English and French (the Legend alone may say them).
ALGORITHMS = re.compile(r"greedy|glouton|sampling search|recherche par [ée]chantillon|\bpimc\b|\bismcts\b|"
                        r"rule of thumb|r[èe]gle empirique|heuristi|tree search|recherche arborescente|"
                        r"monte[ -]carlo|\bmcts\b|sampling|[ée]chantillon", re.IGNORECASE)
RULE_ID = re.compile(r"\b[MFO]-\d")
#: A rule tag of the HTML views (a <details> or a <span>) and of the drawings (an SVG group).
TAGS = re.compile(r'<(details|span|g) class="mk-rule"[^>]*>.*?</\1>', re.S)
#: A tag of a drawing: its face ("M-7.3") or its hover text ("Rule M-7.3: Score: ...").
TAG_TEXT = re.compile(r"^\s*(?:(?:Rule|Règle)\s+)?[MFO]-[\d.]+\s*(?::|$)")
#: The Legend's list: the one place where a level's bot is named.
LEGEND = re.compile(r'<ul class="mk-legend">.*?</ul>', re.S)


def words(html: str) -> str:
    """What a pupil reads of ``html`` with the rule tags and the Legend taken out."""
    html = LEGEND.sub(" ", TAGS.sub(" ", html))
    html = re.sub(r"<style>.*?</style>|<title>.*?</title>", " ", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


def glued(html: str) -> list[str]:
    """Tags written right after a word ("suit<details class="mk-rule">"), which read glued."""
    return re.findall(r'\w(?=<(?:details|span|g) class="mk-rule")', html)


def problems(view) -> list[str]:
    found = []
    for text in texts(view):
        if TAG_TEXT.match(text):
            continue
        shown = words(text)
        found += [f"algorithm: {shown.strip()[:160]}" for _ in [0] if ALGORITHMS.search(shown)]
        found += [f"rule id: {shown.strip()[:160]}" for _ in [0] if RULE_ID.search(shown)]
        found += [f"glued tag: {text[:160]}" for _ in glued(text)]
    return found


def play_by_clicks(view, stop: int | None = None) -> None:
    """Click the first path of the first legal move until the end (or ``stop`` moves)."""
    moves = 0
    while not view.state.is_terminal() and (stop is None or moves < stop):
        view.uncover()
        move = view.state.legal_moves()[0]
        for target in next(iter(view.part.paths(view.state, move))):
            view.click(target)
        moves += 1


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("game,seats", [("mandala", ["you", "medium"]), ("ohanami", ["you", "hard"]),
                                        ("flowers", ["you", "medium", "hard"])])
def test_a_play_page_names_levels_and_tags_rules(game, seats, code):
    with language(code):
        page = LanguageSwitch(GameView(game, seats=seats, seed=4, bot_delay=0))
        view = page.view
        assert problems(view) == [], "start"
        named = {"en": "Bot (medium)", "fr": "Robot (moyen)"}.get(code)  # pt: its catalogue's words, not English
        assert (view.names[1] == named if named else view.names[1] != "Bot (medium)") or "hard" in seats[1]
        play_by_clicks(view, stop=6)
        view.hint()
        view.move_text.value = "pass 99"  # refused by the notation or a rule
        assert "mk-refusal" in view.message.value
        assert problems(view) == [], "mid-game"
        play_by_clicks(view)
        assert view.state.is_terminal() and problems(view) == [], "end"


def test_a_refusal_by_a_rule_has_its_id_as_a_tag_only():
    view = GameView("mandala", seats=["you", "you"], seed=next(
        s for s in range(50) if all(GameView("mandala", seats=["you", "you"], seed=s).state.hands[p][0] for p in (0, 1))))
    view.uncover()
    view.click("hand:black"), view.click("mountain:A")
    view.uncover()
    view.click("hand:black"), view.click("field:A")  # M-3.1: black already lies in mandala A
    assert 'class="mk-rule"' in view.message.value and ">M-3.1</summary>" in view.message.value
    assert not RULE_ID.search(words(view.message.value))


def test_the_scan_finds_what_issue_30_saw():
    """The patterns catch what the pages showed (a scan that cannot fail is no test)."""
    assert ALGORITHMS.search("You against Bot (greedy)") and ALGORITHMS.search("Robot (glouton)")
    assert ALGORITHMS.search("Bot (sampling search)") and ALGORITHMS.search("the search (pimc) played")
    assert not ALGORITHMS.search("You against Bot (medium) and Bot (hard)")
    assert RULE_ID.search(words("<b>Refused by rule M-3.3</b>: a colour goes on the leftmost space (M-5.4)"))
    assert not RULE_ID.search(words('Points per round <details class="mk-rule"><summary>O-3</summary></details>'))
    assert glued('<caption>Cards in rows per suit<span class="mk-rule" title="x">O-3</span></caption>')


@pytest.mark.parametrize("code", ["fr", "pt"])
@pytest.mark.parametrize("game", ["mandala", "ohanami", "flowers"])
def test_a_french_or_portuguese_page_takes_typed_moves_in_its_words(game, code):
    """Issue 30: « montagne A noire » on a French page; issue 31: « montanha A preta » on a
    Portuguese page; the notation (English) works too, and the record keeps the notation."""
    from mandalakit.widgets.play.typed import in_words

    with language(code):
        view = GameView(game, seats=["you", "medium"], seed=6, bot_delay=0)
        assert not re.search(r"\b(mountain|field|play|pick|place|on)\b", view.move_text.placeholder)
        for _turn in range(3):
            move = next(m for m in view.state.legal_moves() if str(m).split()[0] not in ("pass",))
            typed = in_words(str(move), game)
            assert typed != str(move) and view.play_text(typed.upper() if game == "mandala" else typed), typed
            mine = [m for by, m in view.state.history if by == 0]
            assert mine[-1] == move
        move = view.state.legal_moves()[0]
        assert view.play_text(str(move))  # the notation itself


@pytest.mark.parametrize("game, typed, notation", [
    ("mandala", "Montanha A preta", "mountain A black"), ("mandala", "MONTANHA B ROXO", "mountain B purple"),
    ("mandala", "campo A vermelhas 2", "field A red 2"), ("mandala", "descartar laranja 3", "discard orange 3"),
    ("mandala", "pegar amarela", "pick yellow"), ("mandala", "escolher verdes", "pick green"),
    ("flowers", "jogar 2 vermelhas na 3", "play 2 red on 3"), ("flowers", "jogar 1 cinza em 2", "play 1 grey on 2"),
    ("flowers", "pegar roxa", "take purple"), ("flowers", "passar", "pass"),
    ("ohanami", "escolher 12 45", "pick 12 45"), ("ohanami", "colocar 5>2 30>d", "place 5>2 30>x"),
    ("ohanami", "pôr 7>1", "place 7>1")])
def test_portuguese_words_of_a_typed_move_become_the_notation(game, typed, notation):
    """Issue 31: the Portuguese verbs, places and colour words (the catalogue's feminine, its
    plural, and the masculine a pupil may type) read as the notation; English text is unchanged."""
    from mandalakit.widgets.play.typed import in_words, to_notation

    with language("pt"):
        assert to_notation(typed, game) == notation
        assert to_notation(notation, game) == notation
        assert in_words("mountain A black", "mandala") == "montanha A preta"
        assert in_words("play 2 red on 3", "flowers") == "jogar 2 vermelhas na 3"
        assert in_words("play 1 red on 3", "flowers") == "jogar 1 vermelha na 3"
    assert to_notation(typed, game) == typed  # an English page reads only the notation
