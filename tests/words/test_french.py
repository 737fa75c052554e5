"""Français: the message catalogue and the sentences of the engines in French and English.

The catalogue (mandalakit/locale) is complete and up to date with the code; every sentence the
engines make while refusing moves, damaged records and bad notation renders in both languages,
with its fields filled and without English words left in the French one.
"""

import argparse
import ast
import contextlib
import errno
import gettext
import io
import json
import re
import string
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from babel.messages.pofile import read_po
from test_sentences import flowers_moves, mandala_moves, ohanami_moves, random_play

import mandalakit
from mandalakit import MandalakitError, RecordError, RulesError, flowers, mandala, ohanami
from mandalakit.core import messages, records, rulebook
from mandalakit.core.messages import _, colour, get_language, language, ngettext, set_language
from mandalakit.core.rulebook import rule_text, rule_title, sections

ROOT = Path(__file__).resolve().parents[2]
POT = ROOT / "mandalakit" / "locale" / "mandalakit.pot"
PO = ROOT / "mandalakit" / "locale" / "fr" / "LC_MESSAGES" / "mandalakit.po"

#: The words a French text keeps from the English one: names of the games and words French shares.
SHARED = {"Flowers", "Mandala", "Ohanami", "score", "total", "orange", "points", "pause", "ms", "s"}  # units of time
#: English words that no French sentence of ours holds outside quoted notation ('pick red').
ENGLISH = re.compile(r"\b(the|seat|seats|card|cards|cannot|must|with|hand|is|not|has|your|turn|mountain|field|"
                     r"row|rows|tile|tiles|discard|deck|game|over|there|would|of|in|and|to|play|player|round|event|record)\b",
                     re.IGNORECASE)
#: A field left unfilled: {seat}, {n}, {seat:+1}.
RULE_ID = re.compile(r"\b[MFO]-\d+(?:\.\d+)?")
UNFILLED = re.compile(r"\{[A-Za-z_]\w*(![rsa])?(:[^{}]*)?\}")


def catalogue(path):
    with open(path, "rb") as file:
        return read_po(file, locale="fr")


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


# ----- the catalogue ------------------------------------------------------------------------------

def test_every_catalogue_entry_has_a_french_text():
    po = catalogue(PO)
    entries = [m for m in po if m.id]
    assert len(entries) >= 280
    for m in entries:
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        texts = m.string if isinstance(m.string, tuple) else (m.string,)
        assert not m.fuzzy and len(texts) == 2 if isinstance(m.id, tuple) else len(texts) == 1, m.id
        for english, french in zip(ids * 2 if len(ids) == 1 else ids, texts, strict=False):
            assert french.strip(), m.id
            words = set(re.findall(r"[A-Za-z]+", RULE_ID.sub("", re.sub(r"\{[^{}]*\}", "", english))))
            assert french != english or words <= SHARED, m.id


def test_french_fields_are_those_the_code_fills():
    """A French text uses the English text's fields, or the bare word beside an English one that
    carries an article ({a_dark} -> {dark}), a capitalised one ({Colour} -> {colour}) or the seats
    counted from 1 of a shared victory."""
    extra = {"Seats {seats} and {last} share the victory.": {"players", "last_player"}}
    for m in catalogue(PO):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        english = set().union(*map(fields, ids))
        allowed = english | {f[2:] for f in english if f.startswith("a_")} | {f.lower() for f in english}
        allowed |= extra.get(ids[0], set())
        for french in (m.string if isinstance(m.string, tuple) else (m.string,)):
            assert fields(french) <= allowed, (m.id, fields(french) - allowed)


def test_the_pot_is_up_to_date_with_the_code_and_the_po_with_the_pot(tmp_path):
    fresh = tmp_path / "fresh.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg", "--no-location",
                    "--sort-output", "--add-comments=Translators:", "-o", str(fresh), "."],
                   cwd=ROOT, check=True, capture_output=True)
    ids = {m.id for m in catalogue(fresh) if m.id}
    assert ids == {m.id for m in catalogue(POT) if m.id}, "run `make messages` and translate the new sentences"
    assert ids == {m.id for m in catalogue(PO) if m.id}
    assert {("red", "red"), ("{n} card", "{n} cards")} <= ids


# ----- choosing the language ----------------------------------------------------------------------

def test_set_language_switches_every_sentence_and_get_language_says_which():
    assert get_language() == "en" and mandalakit.set_language is set_language
    try:
        set_language("fr")
        assert get_language() == "fr"
        assert _("{name} wins!", name=_("Player {n}", n=1)) == "Joueur 1 gagne\u202f!"
    finally:
        set_language("en")
    assert _("{name} wins!", name=_("Player {n}", n=1)) == "Player 1 wins!"


def test_an_unknown_language_is_refused_and_the_language_in_force_stays():
    with language("fr"):
        with pytest.raises(RulesError, match=r"^\[options\] Il n’y a pas de phrases dans la langue 'de'"):
            set_language("de")
        assert get_language() == "fr"
    with pytest.raises(RulesError, match=r"no sentences in the language None; choose from en, fr, pt\.$"):
        set_language(None)


def test_the_language_block_restores_the_language_after_an_error():
    with pytest.raises(ZeroDivisionError), language("fr"):
        1 / 0
    assert get_language() == "en"


def test_french_plural_is_singular_for_0_and_1():
    with language("fr"):
        assert [ngettext("{n} card", "{n} cards", n) for n in (0, 1, 2)] == ["0 carte", "1 carte", "2 cartes"]
        assert [colour("green", n) for n in (0, 1, 2)] == ["verte", "verte", "vertes"]
    assert [ngettext("{n} card", "{n} cards", n) for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]


def test_colours_agree_with_the_cards_and_tiles_they_describe():
    with language("fr"):
        words = {name: (colour(name, 1), colour(name, 2)) for name in {*mandala.COLOURS, *flowers.COLOURS, *ohanami.SUITS}}
    assert words == {"black": ("noire", "noires"), "green": ("verte", "vertes"), "purple": ("violette", "violettes"),
                     "yellow": ("jaune", "jaunes"), "orange": ("orange", "orange"), "red": ("rouge", "rouges"),
                     "grey": ("grise", "grises"), "blue": ("bleue", "bleues"), "pink": ("rose", "roses")}


def test_a_seat_is_counted_from_1_in_english_and_french():
    state = mandala.from_position({"hands": [{"red": 1}, {"black": 1}]})
    for code, seat in (("en", "Player 1"), ("fr", "Le joueur 1")):
        with language(code), pytest.raises(MandalakitError) as err:
            state.apply(mandala.parse("field A red 2"))
        assert err.value.message.startswith(seat)


# ----- every refusal in both languages ----------------------------------------------------------------

def unquoted(sentence: str) -> str:
    """``sentence`` without what it quotes (notation such as 'pick red', reprs of moves)."""
    return re.sub(r"'[^']*'|\"[^\"]*\"|\w+\([^()]*\)", "", sentence)


def record_refusals(game, players: int, seed: int) -> list[str]:
    """The refusals of replaying a finished random game's record with one event changed."""
    state = game.new_game(players, seed=seed)
    rng = np.random.default_rng(seed)
    while not state.is_terminal():
        legal = state.legal_moves()
        state.apply(legal[rng.integers(len(legal))])
    record = records.from_state(state)
    out = []
    for index in rng.integers(len(record["events"]), size=30):
        damaged = {**record, "events": [dict(e) for e in record["events"][: index + 1]], "result": None}
        text = damaged["events"][index]["event"]
        number = re.search(r"\d+", text)
        damaged["events"][index]["event"] = (text[:number.start()] + "99" + text[number.end():]) if number else "x"
        try:
            records.replay(damaged)
        except MandalakitError as err:
            out.append(err.message)
    return out


MOVES = {"mandala": (mandala, 2, mandala_moves), "flowers": (flowers, 3, flowers_moves),
         "ohanami": (ohanami, 2, ohanami_moves)}


@pytest.fixture(scope="module", params=sorted(MOVES))
def refusals_in_both(request):
    """``(english, french)``: the sentences of one game's refusals, met in the same order."""
    game, players, candidates = MOVES[request.param]
    out = {}
    for code in ("en", "fr"):
        with language(code):
            out[code] = sorted(random_play(game, players, 1, candidates)) + record_refusals(game, players, 1)
    return out["en"], out["fr"]


def test_every_refusal_renders_in_both_languages(refusals_in_both):
    english, french = refusals_in_both
    assert len(english) == len(french) >= 20
    assert all(UNFILLED.search(s) is None for s in english + french)
    assert set(english).isdisjoint(french)


def test_french_refusals_hold_no_english_words(refusals_in_both):
    _english, french = refusals_in_both
    left = sorted({s for s in french if ENGLISH.search(unquoted(s))})
    assert left == []


@pytest.mark.parametrize("game,players", [(mandala, 2), (flowers, 3), (ohanami, 2)])
def test_board_drawings_are_french(game, players):
    state, rng = game.new_game(players, seed=3), np.random.default_rng(3)
    labels = set()
    with language("fr"):
        for _step in range(40):
            svg = state.to_svg()
            labels.update(re.findall(r">([^<>]+)</(?:text|title)>", svg))
            if state.is_terminal():
                break
            legal = state.legal_moves()
            state.apply(legal[rng.integers(len(legal))])
    assert labels and not [s for s in labels if UNFILLED.search(s) or ENGLISH.search(unquoted(s))]
    assert any("joueur" in s.lower() for s in labels)
    # « 2 cartes vertes », « défausse : 2 noires », never « 2 verte » (a card labelled with a number,
    # an Ohanami card or a Mandala river space, is one card: « 74 bleue », « 3 rouge »)
    plural = re.compile(r"\b([2-9]|\d\d+) (cartes )?(noire|verte|violette|jaune|rouge|grise|bleue|rose)\b")
    assert [s for s in labels if ":" in s or "carte" in s if plural.search(s)] == []


def test_the_catalogue_is_read_from_the_po_file(monkeypatch):
    messages._translations.cache_clear()
    try:
        with language("fr"):
            assert isinstance(messages._catalogue, messages.gettext.GNUTranslations)
            assert messages._catalogue.plural(0) == 0 and messages._catalogue.plural(2) == 1
    finally:
        messages._translations.cache_clear()


# ----- the rules texts in French ---------------------------------------------------------------------

@pytest.mark.parametrize("game", ["mandala", "flowers", "ohanami"])
def test_every_rule_id_has_a_french_text_and_every_french_id_an_english_one(game):
    english, french = rulebook._book(game, "en"), rulebook._book(game, "fr")
    assert list(french.texts) == list(english.texts) and french.sections == english.sections
    for rule, text in english.texts.items():
        assert french.texts[rule] != text, rule
        # the same rules cited, the same options named, every number kept (6 colours, 8 in hand)
        assert set(RULE_ID.findall(french.texts[rule])) == set(RULE_ID.findall(text)), rule
        assert re.findall(r"`[^`]*`", french.texts[rule]) == re.findall(r"`[^`]*`", text), rule
        number = re.compile(r"(?<![\w-])\d+(?![\w-])")
        assert set(number.findall(text)) <= set(number.findall(french.texts[rule])), rule


def test_rule_text_reads_the_language_in_force_unless_given_one():
    assert rule_text("M-4.4", language="fr").startswith("Un joueur ne peut jamais finir son tour avec 0 carte en main.")
    with language("fr"):
        assert rule_text("O-2.4") == rule_text("O-2.4", language="fr") != rule_text("O-2.4", language="en")
        assert rule_title("M-4") == "Un tour\u00a0: exactement une action parmi trois"
        assert rule_title("M-4.4") == "Jamais la main vide"
        assert sections("ohanami") == ("O-1", "O-2", "O-3", "O-4")
        with pytest.raises(RulesError, match="^\\[options\\] Les règles de Mandala n’ont pas de règle M-4.9"):
            rule_text("M-4.9")
    assert rule_text("O-2.4").startswith("Rows: at most 3 per player")


def test_the_french_rules_use_the_words_of_the_glossary():
    text = " ".join(" ".join(rulebook._book(game, "fr").texts.values()) for game in ("mandala", "flowers", "ohanami"))
    for word in ("cartes sable", "montagne", "champ", "rivière", "coupe", "Construire une montagne", "Cultiver un champ",
                 "Défausser (et repiocher)", "Règle de la couleur", "marqueur Collecte", "tuiles Fleur", "rangée",
                 "manche", "fleurs de cerisier", "barème pyramidal", "la fin de partie est déclenchée", "Arbitrage"):
        assert word.lower() in text.lower(), word


def test_the_cli_refuses_a_damaged_record_in_the_language_asked(tmp_path, capsys):
    from mandalakit import cli

    state = ohanami.new_game(2, seed=4)
    state.apply(state.legal_moves()[0])
    record = records.from_state(state)
    record["events"][1]["event"] = "pick 1 1"
    path = tmp_path / "game.json"
    records.save(record, path)
    for code, words in (("en", "names card 1 twice"), ("fr", "nomme deux fois la carte 1")):
        assert cli.main(["--language", code, "replay", str(path)]) == 2
        assert words in capsys.readouterr().err
        assert get_language() == "en"  # the command leaves the language as it found it


#: The exceptions whose sentence a pupil or teacher reads (a tile table's row refusal is made by _bad;
#: the command line's value refusals by argparse.ArgumentTypeError).
REFUSALS = {"IllegalMoveError", "NotationError", "RulesError", "RecordError", "_bad", "ArgumentTypeError"}


def _english_literal(node) -> bool:
    """An f-string or a text constant (a sentence: it has a space), or a sum holding one."""
    if isinstance(node, ast.BinOp):
        return _english_literal(node.left) or _english_literal(node.right)
    return isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str)
                                               and " " in node.value.strip())


def test_every_refusal_sentence_goes_through_the_catalogue():
    left = []
    for path in sorted((ROOT / "mandalakit").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            func = node.exc.func if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) else None
            called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if called in REFUSALS and any(map(_english_literal, node.exc.args)):
                left.append(f"{name}:{node.lineno}")
    assert left == []


def test_the_command_line_speaks_french_when_asked(tmp_path, capsys, monkeypatch):
    """The command's own refusals and lines come out in French with --language fr, and in English
    as before (argparse's frame around them: test_argparse_refuses_and_helps_in_the_language_asked)."""
    from mandalakit import cli

    monkeypatch.chdir(tmp_path)  # file names without the English words of a temporary folder's path
    state = ohanami.new_game(2, seed=4)
    state.apply(state.legal_moves()[0])
    unfinished = "unfinished.json"
    records.save(records.from_state(state), unfinished)
    game = ["--game", "ohanami", "--players", "2"]
    runs = [
        (["simulate", *game, "--games", "2", "--rule", "sakura_cap=none", "--rule", "sakura_cap=15",
          "--out", "runs.csv"], "--rule sakura_cap is given twice (none, then 15)",
         "--rule sakura_cap est donnée deux fois (none, puis 15)"),
        (["simulate", *game, "--games", "2", "--out", "runs.txt"],
         "the output must end in .csv or .parquet", "le fichier de sortie doit finir par .csv ou .parquet"),
        (["simulate", *game, "--games", "0", "--out", "runs.csv"],
         "must be at least 1, not 0", "doit valoir au moins 1, pas 0"),
        (["record", *game, "--bots", "chess", "--out", "game.json"],
         "There is no bot called 'chess' for ohanami", "pour ohanami"),
        (["replay", unfinished], 'the game is not finished; player 2 is to act ("by": 1)',
         "la partie n’est pas finie\u00a0; c’est au joueur 2 d’agir"),
    ]
    for argv, english, french in runs:
        said = {}
        for code in ("en", "fr"):
            try:
                status = cli.main(["--language", code, *argv])
            except SystemExit as exc:  # argparse's own refusal
                status = exc.code
            out, err = capsys.readouterr()
            said[code] = (out + err).strip().splitlines()[-1]
            assert status == (0 if argv[0] == "replay" else 2), argv
            assert get_language() == "en"
        assert english in said["en"] and french in said["fr"], said
        # the command's name ("mandalakit record") aside
        sentence = said["fr"].replace(f"mandalakit {argv[0]}", "")
        assert not ENGLISH.search(unquoted(sentence)), sentence


def test_a_card_titled_with_its_count_agrees_with_it():
    state = mandala.from_position({"hands": [{"green": 3, "red": 1}, {"black": 1}]})
    with language("fr"):
        titles = re.findall(r"<title>([^<]+)</title>", state.to_svg(0))
    assert "3 vertes" in titles and "1 rouge" in titles


# ----- argparse's own sentences ------------------------------------------------------------------------

#: Bad command lines that argparse itself refuses (or its help): a fragment of the English answer and
#: of the French one.
ARGPARSE_RUNS = [
    (["record", "--game", "chess", "--players", "2", "--out", "game.json"],
     "error: argument --game: invalid choice: 'chess' (choose from 'flowers', 'mandala', 'ohanami')",
     "erreur\u00a0: argument --game\u00a0: choix invalide\u00a0: 'chess' (choisir parmi 'flowers', 'mandala', 'ohanami')"),
    (["simulate", "--game", "ohanami"], "error: the following arguments are required: --games, --out",
     "erreur\u00a0: les arguments suivants sont obligatoires\u00a0: --games, --out"),
    (["replay", "game.json", "--colour", "red"], "error: unrecognized arguments: --colour red",
     "erreur\u00a0: arguments non reconnus\u00a0: --colour red"),
    (["bench", "--game", "ohanami", "--players", "two"], "error: argument --players: expected a whole number",
     "erreur\u00a0: argument --players\u00a0: attendu\u00a0: un nombre entier"),
    (["bench", "--game"], "error: argument --game: expected one argument",
     "erreur\u00a0: argument --game\u00a0: un argument attendu"),
    (["wager"], "error: argument {simulate,tournament,record,replay,arena,bench}: invalid choice: 'wager'",
     "erreur\u00a0: argument {simulate,tournament,record,replay,arena,bench}\u00a0: choix invalide"),
    (["--frob"], "error: the following arguments are required: {simulate,tournament,record,replay,arena,bench}",
     "erreur\u00a0: les arguments suivants sont obligatoires\u00a0: {simulate,tournament,record,replay,arena,bench}"),
    (["--help"], "show this help message and exit", "afficher ce message d’aide et quitter"),
    (["simulate", "--help"], "  --players PLAYERS     number of players", "  --players JOUEURS     nombre de joueurs"),
    (["replay", "-h"], "positional arguments:\n  RECORD", "arguments positionnels\u00a0:\n  ENREGISTREMENT"),
]


def _argparse_says(argv) -> str:
    from mandalakit import cli

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), pytest.raises(SystemExit):
        cli.main(argv)
    return out.getvalue() + err.getvalue()


@pytest.mark.parametrize("argv,english,french", ARGPARSE_RUNS, ids=[" ".join(r[0]) for r in ARGPARSE_RUNS])
def test_argparse_refuses_and_helps_in_the_language_asked(argv, english, french):
    from mandalakit import cli

    said = {code: _argparse_says(["--language", code, *argv]) for code in ("en", "fr")}
    assert english in said["en"] and french in said["fr"], said
    assert said["en"].startswith("usage: mandalakit") and said["fr"].startswith("utilisation\u00a0: mandalakit")
    # nothing English left in French but what is typed: options, metavars of numbers (N), choices,
    # command names and quoted values
    sentence = re.sub(r"--?[\w-]+|\{[^{}]*\}|\b(simulate|tournament|record|replay|bench)\b", "",
                      unquoted(said["fr"]))
    assert not ENGLISH.search(sentence), ENGLISH.findall(sentence)
    # English is argparse's own, as without the catalogue
    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr), pytest.raises(SystemExit):
        cli.build_parser().parse_args(["--language", "en", *argv])
    assert said["en"] == stdout.getvalue() + stderr.getvalue()
    assert argparse._ is gettext.gettext and argparse.ngettext is gettext.ngettext and get_language() == "en"


def test_the_catalogue_holds_every_sentence_of_argparse():
    from mandalakit import cli

    tree = ast.parse(Path(argparse.__file__).read_text(encoding="utf-8"))
    used = {tuple(a.value for a in node.args[:2]) if node.func.id == "ngettext" else node.args[0].value
            for node in ast.walk(tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id in ("_", "ngettext") and node.args and isinstance(node.args[0], ast.Constant)}
    assert used and used <= set(cli.ARGPARSE_SENTENCES)
    with language("fr"):
        assert all(_(text) != text for text in used if isinstance(text, str))


# ----- the operating system's and the JSON reader's reasons ---------------------------------------------

def test_the_cli_gives_the_reasons_of_the_system_and_of_the_json_reader_in_french(tmp_path, capsys, monkeypatch):
    from mandalakit import cli

    monkeypatch.chdir(tmp_path)
    Path("folder.json").mkdir()
    Path("broken.json").write_text('{"game": "ohanami",, "events": []}', encoding="utf-8")
    Path("tail.json").write_text('{"game": "ohanami"} 7', encoding="utf-8")
    runs = [("missing.json", "No such file or directory: missing.json", "Aucun fichier ou dossier de ce nom\u00a0: missing.json"),
            ("folder.json", "Is a directory: folder.json", "C’est un dossier\u00a0: folder.json"),
            ("broken.json", "(line 1, column 20: Expecting property name enclosed in double quotes)",
             "(ligne 1, colonne 20\u00a0: nom de propriété entre guillemets doubles attendu)"),
            ("tail.json", "(line 1, column 21: Extra data)", "(ligne 1, colonne 21\u00a0: texte en trop après les données)")]
    for path, english, french in runs:
        said = {}
        for code in ("en", "fr"):
            assert cli.main(["--language", code, "replay", path]) == 2
            said[code] = capsys.readouterr().err
        assert english in said["en"] and french in said["fr"], said
        # the command's name and the refusal's tag ([record], as a rule id) aside
        assert not ENGLISH.search(unquoted(re.sub(r"mandalakit replay|\[record\]", "", said["fr"]))), said["fr"]


def test_every_reason_of_the_system_has_a_french_sentence_and_an_unknown_one_is_the_systems():
    with language("fr"):
        assert messages.os_reason(PermissionError(errno.EACCES, "Permission denied", "x.csv")) == "Permission refusée"
        assert all(_(text) != text for text in messages.OS_REASONS.values())
        assert all(_(text) != text for text in records.JSON_PROBLEMS.values())
        assert messages.os_reason(OSError(errno.EBADF, "Bad file descriptor")) == "Bad file descriptor"


# ----- numbers ---------------------------------------------------------------------------------------------

def test_french_numbers_have_a_decimal_comma_and_thin_spaces_between_thousands(tmp_path, capsys):
    from mandalakit import cli

    with language("fr"):
        assert _("Over the {pairs} pairs a Flower scores {mean:.2f} on average (at best {best}); a single tile "
                 "scores {single:.2f} on average.", pairs=12, mean=9.125, best=15, single=4.5) == \
            "Sur les 12 paires, une Fleur rapporte 9,12 en moyenne (au mieux 15)\u00a0; une tuile seule rapporte 4,50 en moyenne."
        with pytest.raises(RecordError) as err:
            records.loads("x" * (records.MAX_RECORD_CHARS + 1))
        assert "20\u202f000\u202f000 caractères" in err.value.message
        assert messages.number(1234567.891, ",.1f") == "1\u202f234\u202f567,9" and messages.number(7) == "7"
    with pytest.raises(RecordError, match="larger than 20,000,000 characters"):
        records.loads("x" * (records.MAX_RECORD_CHARS + 1))
    out = str(tmp_path / "runs.csv")
    said = {}
    for code in ("en", "fr"):
        assert cli.main(["--language", code, "simulate", "--game", "ohanami", "--players", "2", "--games", "2",
                         "--bots", "greedy", "--out", out, "--quiet"]) == 0
        said[code] = capsys.readouterr().out
    assert "win rate by bot: greedy 0.500" in said["en"] and "par robot\u00a0: glouton 0,500" in said["fr"], said


def test_french_summaries_name_the_bots_as_the_french_command_does(tmp_path, capsys):
    """simulate and tournament name each bot as ``--bots`` takes it and ``record`` prints it."""
    from mandalakit import cli

    for command, extra in (("simulate", ["--players", "2", "--games", "2"]), ("tournament", ["--rotations", "1"])):
        out = str(tmp_path / "t.parquet")
        assert cli.main(["--language", "fr", command, "--game", "ohanami", *extra, "--bots", "glouton,au hasard",
                         "--out", out, "--quiet"]) == 0
        said = capsys.readouterr().out
        assert re.search(r"par robot\u00a0: glouton \d,\d{3}, au hasard \d,\d{3}", said), said


@pytest.mark.parametrize("argv, form", [(["record", "--players", "2", "--rule", "sakura_cap"], "NOM=VALEUR"),
                                        (["tournament", "--vary", "sakura_cap"], "NOM=VALEUR,VALEUR,...")])
def test_french_option_form_refusals_write_the_form_as_the_usage_does(tmp_path, capsys, argv, form):
    """``--rule sakura_cap`` (no '='): the refusal names the form as the French usage line does."""
    from mandalakit import cli

    with pytest.raises(SystemExit):
        cli.main(["--language", "fr", argv[0], "--game", "ohanami", *argv[1:], "--out", str(tmp_path / "t.json")])
    err = capsys.readouterr().err
    assert f"attendu\u00a0: {form}" in err and f"[--{argv[-2][2:]} {form.removesuffix(',...')}]" in err, err


# ----- French typography -------------------------------------------------------------------------------------

#: A plain space where French sets a no-break one: before « : », « ; », « ? », « ! », « % » and « » », after
#: « « ». (Notation in backticks and formulas in $ are left as they are written; ``%(name)s``, ``%s`` and
#: ``%r`` are Python's placeholders, not the sign.)
LOOSE_SPACE = re.compile(r" [:;?!»]| %(?![(a-z])|« |«(?=\w)|(?<=\w)»")


def _loose(text: str) -> list[str]:
    prose = re.sub(r"`[^`\n]*`|\$[^$\n]*\$", "", text)
    return [prose[max(0, m.start() - 20):m.end() + 5] for m in LOOSE_SPACE.finditer(prose)]


def test_french_texts_set_a_no_break_space_before_double_punctuation_and_percent_and_inside_guillemets():
    loose = [(m.id, text) for m in catalogue(PO) if m.id
             for text in (m.string if isinstance(m.string, tuple) else (m.string,)) if _loose(text)]
    assert loose == []
    for path in sorted((ROOT / "mandalakit" / "rulebook").glob("*.fr.md")):
        assert _loose(path.read_text(encoding="utf-8")) == [], path.name
    for path in sorted((ROOT / "notebooks" / "fr").glob("*.ipynb")):
        text = "".join("".join(c["source"]) for c in json.loads(path.read_text(encoding="utf-8"))["cells"]
                       if c["cell_type"] == "markdown")
        assert _loose(text) == [], path.name


# ----- wording -----------------------------------------------------------------------------------------------

def _markdown(path: Path) -> str:
    return "\n".join("".join(c["source"]) for c in json.loads(path.read_text(encoding="utf-8"))["cells"]
                     if c["cell_type"] == "markdown")


@pytest.mark.parametrize("pages", ["notebooks/fr", "notebooks", "notebooks/pt"])
def test_each_landing_page_names_each_lesson_by_its_title_and_no_french_page_says_draft(pages):
    pages = ROOT / pages
    links = dict((href, re.sub(r"\*\*", "", title)) for title, href in
                 re.findall(r"\[([^\]]+)\]\(([a-z]+\.ipynb)\)", _markdown(pages / "index.ipynb")))
    lessons = ("ohanami.ipynb", "mandala.ipynb", "flowers.ipynb", "analysis.ipynb")
    assert set(links) >= set(lessons)
    for href in lessons:
        assert _markdown(pages / href).startswith(f"# {links[href]}\n"), href
    pages = ROOT / "notebooks" / "fr"
    # the glossary's « choisir deux cartes, passer le reste », not the English "draft"
    texts = [_markdown(p) for p in pages.glob("*.ipynb")] + [rule_text("O-2.2", language="fr")]
    assert not [t for t in texts if re.search(r"\bdraft\b", t)]


def test_colour_refusals_give_the_french_word_of_each_english_colour():
    with language("fr"), pytest.raises(MandalakitError) as err:
        flowers.parse("take blue")
    assert "grey (grise), purple (violette), red (rouge), green (verte), orange, yellow (jaune)" in err.value.message
    with pytest.raises(MandalakitError, match=r"the colours are grey, purple, red, green, orange, yellow\.$"):
        flowers.parse("take blue")
    with language("fr"), pytest.raises(MandalakitError) as err:
        mandala.parse("mountain A")
    # the notation help names the colours as the cards do (« noire », « verte »)
    assert "black = noire, green = verte, purple = violette" in err.value.message, err.value.message


@pytest.mark.parametrize("code", ["en", "fr"])
def test_O_2_3_a_pick_in_the_placing_step_suggests_a_placement_that_is_accepted(code):
    state = ohanami.new_game(2, seed=1)
    state.apply(state.legal_moves()[0])
    state.apply(state.legal_moves()[0])
    with language(code), pytest.raises(MandalakitError) as err:
        state.apply(ohanami.parse("pick 1 2"))
    suggested = re.search(r"'(place [^']+)'", err.value.message)[1]
    assert re.fullmatch(r"place \d+>1 \d+>x", suggested)
    state.apply(ohanami.parse(suggested))  # the notation of this step: card numbers, rows and x


def test_bots_are_named_in_french_where_people_read_them(tmp_path, capsys):
    from mandalakit import cli
    from mandalakit.widgets.play.people import display_names

    out = str(tmp_path / "game.json")
    said = {}
    for code in ("en", "fr"):
        assert cli.main(["--language", code, "record", "--game", "ohanami", "--players", "2", "--bots",
                         "greedy,random", "--out", out]) == 0
        said[code] = capsys.readouterr().out
    assert "player 1 (greedy)" in said["en"] and "player 2 (random)" in said["en"]
    assert "joueur 1 (glouton)" in said["fr"] and "joueur 2 (au hasard)" in said["fr"], said["fr"]
    with language("fr"):
        assert display_names(["you", "greedy", "Ann"]) == ["Vous", "Robot (moyen)", "Ann"]
