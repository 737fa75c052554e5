"""The rules texts in the package (mandalakit/rulebook/<game>.<language>.md) and their lookup by id.

Every rule id the code names must have a text: the ids written in the source (errors, rule
fields) and the ids raised while playing, refusing bad moves and replaying damaged records.
"""

from __future__ import annotations

import ast
import dataclasses
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import mandalakit
from mandalakit import GAMES, MandalakitError, RulesError, get_game
from mandalakit.core import records, rulebook
from mandalakit.core.rulebook import parse_rulebook, rule_text, rule_title, rules, sections

ROOT = Path(__file__).resolve().parents[2]
RULE_ID = re.compile(r"[A-Z]-\d+(\.\d+)*")
PLAYERS = {"mandala": 2, "flowers": 3, "ohanami": 3}


# ----- the texts --------------------------------------------------------------------------------

@pytest.mark.parametrize("rule,text", [
    ("M-4.4", "A player may never end a turn with 0 cards in hand. A move that would do so is illegal "
              "(for example a field play of every card in hand)."),
    ("M-7.5", "Ruling (a game that could never end): a mandala completes only with all six colours in it, "
              "and river cards come only from picks. Once every card of some colour lies in rivers and cups, "
              "no completion and no river trigger can happen again. The game then ends at the end of the turn "
              "in which this became true, and is scored as usual (M-7.3, M-7.4)."),
    ("F-3.6", "**Check** (only the active player, only on the mandala just played to): you take that "
              "mandala's claim marker if you have at least 1 face-up card there and strictly more cards there "
              "(face up + face down) than every other player who has at least 1 face-up card there. Players "
              "with only face-down cards are ignored. A tie never moves the marker."),
    ("O-2.4", "Rows: at most 3 per player for the whole game. A new row may be started with any card while "
              "the player has fewer than 3 rows. A card added to an existing row must be higher than the row's "
              "highest card or lower than its lowest, and goes to that end. Cards never move."),
    ("O-3.4", "Ruling: the score table stops at 15 pink = 120; more pink still scores 120. A table may agree to "
              "play without the limit: then k pink score k(k+1)/2 however large k is."),
    ("M-5", 'Completing ("destroying") a mandala'),
    ("F-3", "A turn: four steps in order — Play, Draw, Check, Complete"),
    ("O-4", "Derived checks (use as tests)"),
])
def test_known_sentences(rule, text):
    assert rule_text(rule) == text


def test_M_7_1_is_the_rewritten_deck_trigger():
    text = rule_text("M-7.1")
    assert text.startswith("Deck trigger: once the deck has been emptied, play continues until the next "
                           "mandala completes; that destruction is resolved fully and then the game ends.")
    assert ("A refill (M-5.6) comes after its completion: if it empties the deck, the discard pile is "
            "reshuffled as needed (M-6.1) so that both cards are dealt, the end is triggered, and the game "
            "ends at a later completion.") in text
    assert text.endswith("the second card is dealt; play goes on.")


def test_titles_sections_and_rules_in_order():
    assert rule_title("M-4") == "A turn: exactly one of three actions"
    assert rule_title("M-4.4") == "Never an empty hand" and rule_title("O-3.4") == "The sakura cap"
    assert rule_title("M-4.1") == "Mountain" and rule_title("F-3.6") == "Check"
    # A title ending in a full stop is not part of the rule's text; a defined term is.
    assert rule_text("O-3.4").startswith("Ruling: the score table stops at 15 pink")
    assert rule_text("M-4.1").startswith("**Mountain**: play exactly 1 card")
    assert sections("mandala") == tuple(f"M-{n}" for n in range(1, 9))
    assert sections("flowers") == tuple(f"F-{n}" for n in range(1, 7))
    assert sections("ohanami") == ("O-1", "O-2", "O-3", "O-4")
    assert rules("M-7") == ("M-7.1", "M-7.2", "M-7.3", "M-7.4", "M-7.5", "M-7.6")
    assert rules("O-1") == ("O-1.1", "O-1.2") and rules("M-8") == ()


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game", ["mandala", "flowers", "ohanami"])
def test_every_rule_has_a_title_of_its_own(game, language):
    for section in sections(game, language):
        for rule in rules(section, language):
            title = rule_title(rule, language)
            assert title and title != rule_title(section, language) and "*" not in title, rule
            assert not rule_text(rule, language).startswith(f"**{title}.**"), rule


@pytest.mark.parametrize("game", ["mandala", "flowers", "ohanami"])
def test_the_rulebook_holds_the_rules_of_record_of_docs_rules(game):
    """docs/rules/<game>.md (the rules of record) and the package's rulebook have the same ids."""
    record = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    ids = re.findall(r"^(?:## |- )([MFO]-\d+(?:\.\d+)?) ", record, flags=re.M)
    shipped = [rid for section in sections(game) for rid in (section, *rules(section))]
    assert ids == shipped


def test_package_exports_rule_text_lazily():
    assert mandalakit.rule_text is rule_text
    code = "import sys, mandalakit; print('mandalakit.core.rulebook' in sys.modules)"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert proc.stdout.strip() == "False"


@pytest.mark.parametrize("game", GAMES)
def test_ids_are_well_formed_numbered_in_order_and_unique(game):
    letter = game[0].upper()
    ids = []
    for n, section in enumerate(sections(game), 1):
        assert section == f"{letter}-{n}" and rule_text(section)
        members = rules(section)
        assert members == tuple(f"{section}.{k}" for k in range(1, len(members) + 1))
        assert all(rule_text(rule) == rule_text(rule).strip() != "" for rule in members)
        ids += [section, *members]
    assert len(ids) == len(set(ids)) == len(rulebook._book(game, "en").texts)


@pytest.mark.parametrize("game", GAMES)
def test_every_option_of_the_games_rules_names_a_rule_and_the_rules_name_no_option(game):
    """Each field of the game's ``Rules`` cites in its docstring the rule it is an option of; the
    rules texts keep to players' words: no option name, no code (a pupil opens them in a lesson)."""
    rules_class = get_game(game).rules
    for field in dataclasses.fields(rules_class):
        about = re.search(rf"{field.name} :[^\n]*\n\s+(?P<text>.*?)(?=\n\s*\n|\n    \w+ :|$)", rules_class.__doc__, re.S)
        cited = re.findall(r"[OMF]-\d+\.\d+", about["text"])
        assert cited and rule_text(cited[0]), field.name
    for language in ("en", "fr"):
        for rid, text in rulebook._book(game, language).texts.items():
            assert "`" not in text and not re.search(r"\b[a-z]+_[a-z_]+\b|\b[a-z]{2,}\(|\bengine\b|\bmoteur\b", text), (rid, text)


@pytest.mark.parametrize("rule,message", [
    ("M-4.9", "[options] The rules of Mandala have no rule M-4.9; section M-4 has M-4.1 to M-4.5."),
    ("O-5.1", "[options] The rules of Ohanami have no rule O-5.1; their sections are O-1 to O-4."),
    ("M-8.1", "[options] The rules of Mandala have no rule M-8.1; their sections are M-1 to M-8."),
    ("X-1", "[options] 'X-1' is not a rule id; rule ids look like M-4.4, F-3.6 or O-2.4."),
    ("m-4.4", "[options] 'm-4.4' is not a rule id; rule ids look like M-4.4, F-3.6 or O-2.4."),
    ("M-4.04", "[options] 'M-4.04' is not a rule id; rule ids look like M-4.4, F-3.6 or O-2.4."),
    (None, "[options] None is not a rule id; rule ids look like M-4.4, F-3.6 or O-2.4."),
    ("M-4.4 " * 30, "[options] 'M-4.4 M-4.4 M-4.4 M-4.4 M-4.4 M-4.4 M-4.4 M-4.4 M-4.4 M-..."),
    ("F-" + "9" * 80, "[options] The rules of Flowers have no rule F-99999999999999999999999999999999999999"),
])
def test_unknown_rule_is_refused_with_a_sentence(rule, message):
    with pytest.raises(RulesError) as exc:
        rule_text(rule)
    assert str(exc.value).startswith(message)
    assert len(exc.value.message) < 140


def test_unknown_language_game_or_section_is_refused():
    with pytest.raises(RulesError, match=r"no rules texts in the language '\.\./en'; choose from en, fr, pt\.$"):
        rule_text("M-4.4", language="../en")
    with pytest.raises(RulesError, match="Unknown game 'chess'; choose from ohanami, mandala, flowers."):
        sections("chess")
    with pytest.raises(RulesError, match="M-4.4 is a rule, not a section; its section is M-4."):
        rules("M-4.4")


@pytest.mark.parametrize("text,problem", [
    ("## M-1 A\n- M-1.1 x\n- M-1.1 y\n", "3: M-1.1 is given twice."),
    ("## M-1 A\n- F-1.1 x\n", "2: F-1.1 is not an id of this game (M-...)."),
    ("## M-1 A\n## M-2 B\n- M-1.1 x\n", "3: M-1.1 is not a rule of section M-2."),
    ("# Title\n- M-1.1 x\n", "2: M-1.1 comes before the first section heading."),
    ("## M-1.1 A\n", "1: M-1.1 is not a section id such as M-4."),
    ("## M-1 A\n- M-1 x\n", "2: M-1 is not a rule id such as M-4.4."),
    ("## M-1 A\n- River [red] scores 7.\n", "2: expected a '## ' section heading"),
    ("## M-1 A\n  continued\n", "2: expected a '## ' section heading"),
    ("## M-1 A\n- M-1.1 x\n\n  continued after a blank line\n", "4: expected"),
])
def test_parser_refuses_a_malformed_file_naming_the_line(text, problem):
    with pytest.raises(ValueError, match=re.escape(f"mandala.fr.md, line {problem}")):
        parse_rulebook(text, "M", "mandala.fr.md")


def test_parser_joins_continued_lines_and_skips_the_title():
    book = parse_rulebook("# Title\nIntro.\n\n## M-1 A\n- M-1.1 one\n  two\n- M-1.2 three\n", "M")
    assert book.texts == {"M-1": "A", "M-1.1": "one two", "M-1.2": "three"}
    assert book.sections == {"M-1": ("M-1.1", "M-1.2")}


# ----- every id the code names has a text ---------------------------------------------------------

def _ids_in_source() -> set[str]:
    """Every string literal of mandalakit/ and widgets/ that is a rule id (the rule of a raise,
    a GameSpec's player_rule, a State's seat_rule, ...)."""
    found = set()
    for folder in ("mandalakit", "widgets"):
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and RULE_ID.fullmatch(node.value):
                    found.add(node.value)
    return found


def test_every_rule_id_written_in_the_source_has_a_text():
    ids = _ids_in_source()
    assert {"M-4.4", "F-3.4", "O-2.4", "M-2", "F-1.5"} <= ids  # the scan sees the raises
    for rule in sorted(ids):
        assert rule_text(rule)


def _mutated(text: str, rng: np.random.Generator) -> str:
    """``text`` with one of its numbers replaced by another (often out of range)."""
    numbers = list(re.finditer(r"\d+", text))
    if not numbers:
        return text + " 1"
    m = numbers[int(rng.integers(len(numbers)))]
    return text[:m.start()] + str(int(rng.choice([0, 1, 2, 3, 5, 7, 9, 13, 40, 99, 121, 999]))) + text[m.end():]


def _raised_ids(game: str, seeds: range) -> set[str]:
    """Rule ids of the refusals met while playing random games and trying wrong moves at every
    step, building games with bad options and replaying records with one event changed."""
    spec = get_game(game)
    ids: set[str] = set()

    def attempt(action) -> None:
        try:
            action()
        except MandalakitError as exc:
            if exc.names_a_rule:
                ids.add(exc.rule)

    for bad in (0, 1, 5, 9, "two"):
        attempt(lambda: spec.new_game(bad, seed=0))
    for field in dataclasses.fields(spec.rules):
        for bad in (-1, 99, "nonsense", 2.5):
            attempt(lambda: spec.rules(**{field.name: bad}))
    pool: list = []
    for seed in seeds:
        rng = np.random.default_rng(seed)
        state = spec.new_game(PLAYERS[game], seed=seed)
        attempt(state.result)
        attempt(lambda: state.observation(PLAYERS[game]))
        while not state.is_terminal():
            legal = state.legal_moves()
            pool.extend(legal[i] for i in rng.integers(len(legal), size=2))
            legal_here = set(map(str, legal))
            wrong = [pool[i] for i in rng.integers(len(pool), size=6)]
            wrong += [_mutated(str(legal[i]), rng) for i in rng.integers(len(legal), size=3)]

            def try_wrong(move):
                move = state.parse_move(move) if isinstance(move, str) else move
                if str(move) not in legal_here:
                    state.apply(move)

            for move in wrong:
                attempt(lambda: try_wrong(move))
            legal = state.legal_moves()  # the same, unless a move written another way was legal
            if legal:
                state.apply(legal[int(rng.integers(len(legal)))])
        record = records.from_state(state)
        events = record["events"]
        for index in rng.integers(len(events), size=40):
            damaged = {**record, "events": [dict(e) for e in events[: index + 1]], "result": None}
            damaged["events"][index]["event"] = _mutated(events[index]["event"], rng)
            attempt(lambda: records.replay(damaged))
    return ids


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_id_raised_in_play_has_a_text(game):
    ids = _raised_ids(game, range(3))
    assert len(ids) >= 5, ids  # the harvest meets many refusals
    for rule in sorted(ids):
        assert rule_text(rule)
