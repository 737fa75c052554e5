"""Records: round trip, DataFrame view, and clear errors for corrupt or tampered records."""

import copy
import json

import pytest

from mandalakit import RecordError, RulesError
from mandalakit.core import records
from mandalakit.core.bots import RandomBot, play
from mandalakit.ohanami import GreedyBot, new_game


@pytest.fixture(scope="module")
def record():
    state = play(new_game(2, seed=21), [GreedyBot(1), RandomBot(2)])
    return records.from_state(state, players=["greedy", "random"], seed=21)


def test_record_round_trip_through_json_file(record, tmp_path):
    path = tmp_path / "game.json"
    records.save(record, path)
    loaded = records.load(path)
    assert loaded == record
    state = records.replay(loaded)
    assert state.is_terminal() and list(state.result().scores) == record["result"]["scores"]
    assert record["events"][0]["by"] == "chance" and record["events"][0]["event"].startswith("shuffle ")


def test_record_result_holds_rows_per_round(record):
    for p in record["result"]["players"]:
        assert [r["score"] for r in p["rounds"]] and len(p["rounds"]) == 3
        assert sum(r["score"] for r in p["rounds"]) == p["score"]


def test_replay_step_by_step(record):
    half = records.replay(record, upto=20)
    assert len(half.history) == 20 and not half.is_terminal()


def test_dataframe_one_row_per_event(record):
    frame = records.to_dataframe(record)
    assert len(frame) == len(record["events"])
    assert list(frame.columns) == ["index", "by", "kind", "event"]
    assert frame.kind.iloc[0] == "chance" and (frame.kind.iloc[1:] == "move").all()


def _tampered(record, index, text):
    bad = copy.deepcopy(record)
    bad["events"][index]["event"] = text
    return bad


def test_illegal_pick_fails_with_index_and_rule(record):
    bad = _tampered(record, 1, "pick 1 2")
    state = records.replay(record, upto=1)
    if {1, 2} <= set(state.hands[0]):
        pytest.skip("seat 0 happens to hold 1 and 2")
    with pytest.raises(RecordError) as err:
        records.replay(bad)
    assert err.value.index == 1 and err.value.rule == "O-2.2"
    assert "event 1" in str(err.value)


def test_malformed_notation_fails_with_index(record):
    with pytest.raises(RecordError) as err:
        records.replay(_tampered(record, 5, "pick twelve"))
    assert err.value.index == 5 and err.value.rule == "notation"


def test_tampered_result_is_detected(record):
    bad = copy.deepcopy(record)
    bad["result"]["scores"][0] += 1
    with pytest.raises(RecordError, match="disagrees with the replay"):
        records.replay(bad)


def test_bad_shuffle_is_refused(record):
    bad = _tampered(record, 0, "shuffle 1 1 2")
    with pytest.raises(RecordError) as err:
        records.replay(bad)
    assert err.value.index == 0 and err.value.rule == "O-2.1"


def test_wrong_actor_and_truncation(record):
    bad = copy.deepcopy(record)
    bad["events"][1]["by"] = 1
    with pytest.raises(RecordError, match=r'event 1: .*expects a move by player 1 \("by": 0\)'):
        records.replay(bad)
    cut = copy.deepcopy(record)
    cut["events"] = cut["events"][:-3]
    with pytest.raises(RecordError, match="stop before the end"):
        records.replay(cut)


@pytest.mark.parametrize("field,value,message", [
    ("format", "chess-pgn", "not a mandalakit record"),
    ("version", 99, "Record version 99 is not supported; this mandalakit reads only records of version 1,"),
    ("game", "chess", "Unknown game"),
    ("rules", {"sakura_cap": 15, "colour": 1}, "Unknown rules option 'colour'"),
    ("players", [], "lists 0 players"),
    ("players", [{"seat": 0}], "The record lists 1 player but its setup says 2."),
    ("events", "none", "'events'"),
])
def test_bad_header_fields(record, field, value, message):
    bad = copy.deepcopy(record)
    bad[field] = value
    with pytest.raises(RecordError, match=message):
        records.replay(bad)


@pytest.mark.parametrize("field,value,message", [
    ("players", 1e30, "The record's 'players' must be a list with one entry per player, not 1e+30."),
    ("players", None, "The record has no 'players' entry: it must hold a list with one entry per player."),
    ("events", {"by": 0}, "The record's 'events' must be a list of the game's events, in order, not {'by': 0}."),
    ("rules", [], "The record's 'rules' must be an object of rules options (empty for the usual rules), not []."),
    ("setup", "2", "The record's 'setup' must be an object that gives the number of players, not '2'."),
])
def test_a_header_part_of_the_wrong_type_says_what_it_must_be(record, field, value, message):
    bad = copy.deepcopy(record)
    if value is None:
        del bad[field]
    else:
        bad[field] = value
    with pytest.raises(RecordError) as err:
        records.replay(bad)
    assert (err.value.rule, err.value.message) == ("record", message)


@pytest.mark.parametrize("value,rule,message", [
    (1e30, "record", "The record's setup must give 'players' as a whole number, not 1e+30."),
    (10**30, "O-2.1", f"In the record's setup: Ohanami is played by 2 to 4 players, not {10**30}."),
    (1, "O-2.1", "In the record's setup: Ohanami is played by 2 to 4 players, not 1."),
])
def test_a_player_count_outside_the_rule_is_named_with_the_rule(record, value, rule, message):
    """O-2.1: a record's setup gives a whole number of players the game allows, checked before the list of players."""
    bad = copy.deepcopy(record)
    bad["setup"]["players"] = value
    with pytest.raises(RecordError) as err:
        records.replay(bad)
    assert (err.value.rule, err.value.message) == (rule, message)


def test_load_reports_invalid_json(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "mandalakit-record", ')
    with pytest.raises(RecordError, match="not valid JSON"):
        records.load(path)


def test_record_is_plain_json(record):
    assert json.loads(json.dumps(record)) == record


def test_shipped_sample_record_replays():
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "datasets" / "ohanami-greedy-vs-random.json"
    record = records.load(path)
    state = records.replay(record)
    assert record["players"][0]["name"] == "greedy"
    assert list(state.result().scores) == record["result"]["scores"] == [172, 71]


def test_version_given_as_text_is_explained(record):
    bad = copy.deepcopy(record)
    bad["version"] = "1"
    with pytest.raises(RecordError, match=r"version '1' is not supported; .* written as the whole number 1\.$"):
        records.replay(bad)


def test_record_of_another_game_says_the_rules_do_not_fit(record):
    bad = copy.deepcopy(record)
    bad["game"] = "mandala"
    with pytest.raises(RecordError, match="rules do not fit mandala"):
        records.replay(bad)


def test_malformed_shuffle_gets_the_chance_event_message(record):
    # The wording belongs to the game's notation; what counts here is a shuffle-specific sentence.
    with pytest.raises(RecordError, match=r"event 0: .*(outcome of a shuffle event must be whole numbers|'shuffle )") as err:
        records.replay(_tampered(record, 0, "shuffle a b c"))
    assert err.value.index == 0 and err.value.rule == "notation"


def test_chance_event_in_place_of_a_move_is_refused(record):
    with pytest.raises(RecordError) as err:
        records.replay(_tampered(record, 1, record["events"][0]["event"]))
    assert err.value.index == 1 and err.value.rule == "chance"


def test_load_refuses_json_nested_too_deeply(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(RecordError, match="deep.json is nested too deeply") as err:
        records.load(path)
    assert err.value.rule == "record"


@pytest.mark.parametrize("by", [False, True, 0.0, "0", None])
def test_actor_must_be_a_seat_number_or_chance(record, by):
    bad = copy.deepcopy(record)
    bad["events"][1]["by"] = by  # False == 0 == 0.0 in Python, but none of them is seat 0
    with pytest.raises(RecordError, match=r"event 1: 'by' must be a player's number counted from 0 \(0 for player 1\) or 'chance'") as err:
        records.replay(bad)
    assert err.value.index == 1 and err.value.rule == "record"


@pytest.mark.parametrize("seed", ["abc", float("nan"), 1.5, -1, True])
def test_seed_in_header_must_be_a_valid_seed(record, seed):
    bad = copy.deepcopy(record)
    bad["seed"] = seed
    with pytest.raises(RecordError, match=r"The record.s seed is not valid \(it may also be null or left out\): A seed must be") as err:
        records.replay(bad)
    assert err.value.index is None


def test_seed_may_be_absent_or_null(record):
    absent = copy.deepcopy(record)
    del absent["seed"]
    assert records.replay(absent).is_terminal()
    assert records.replay({**record, "seed": None}).is_terminal()


def test_seed_nan_from_a_json_file_is_refused(record, tmp_path):
    path = tmp_path / "nan.json"
    path.write_text(json.dumps({**record, "seed": float("nan")}))  # writes NaN, which json.load accepts
    with pytest.raises(RecordError, match="seed is not valid"):
        records.replay(records.load(path))


def test_result_must_match_with_the_same_types(record):
    # In Python False == 0 and 172.0 == 172, so a plain comparison would accept both.
    as_bools = copy.deepcopy(record)
    as_bools["result"]["winners"] = [bool(w) for w in record["result"]["winners"]]  # seats 0 and 1
    as_floats = copy.deepcopy(record)
    as_floats["result"]["scores"] = [float(s) for s in record["result"]["scores"]]
    for bad in (as_bools, as_floats):
        with pytest.raises(RecordError, match="disagrees with the replay in (winners|scores)"):
            records.replay(bad)


@pytest.mark.parametrize("players,message", [
    ([{"seat": False, "name": "a"}, {"seat": 1, "name": "b"}], "Player 1's entry in the record's 'players' must have \"seat\": 0, not False"),
    ([{"seat": 0, "name": "a"}, {"seat": 0, "name": "b"}], "Player 2's entry in the record's 'players' must have \"seat\": 1, not 0"),
    (["a", "b"], "Player 1's entry in the record's 'players' must be an object"),
    ([{"seat": 0, "name": 7}, {"seat": 1, "name": "b"}], "name of player 1 must be text"),
])
def test_players_entries_are_checked(record, players, message):
    bad = copy.deepcopy(record)
    bad["players"] = players
    with pytest.raises(RecordError, match=message):
        records.replay(bad)



def test_from_state_refuses_a_seed_replay_would_refuse():
    state = play(new_game(2, seed=3), [RandomBot(1), RandomBot(2)])
    with pytest.raises(RulesError, match="seed must be a whole number"):
        records.from_state(state, seed="abc")


def test_load_refuses_a_number_too_long_to_read(record, tmp_path):
    # Python's int() refuses more than 4300 digits with a ValueError of its own.
    path = tmp_path / "long.json"
    path.write_text(json.dumps({**record, "seed": 0}).replace('"seed": 0', '"seed": ' + "7" * 5000))
    with pytest.raises(RecordError, match=r"long.json holds a whole number of more than \d+ digits") as err:
        records.load(path)
    assert err.value.rule == "record" and "\n" not in str(err.value) and "7777" not in str(err.value)


@pytest.mark.parametrize("game", [["ohanami"], {"name": "ohanami"}, 7, None, True])
def test_game_must_be_text(record, game):
    bad = copy.deepcopy(record)
    bad["game"] = game
    with pytest.raises(RecordError, match=r"The record's 'game' must be the name of a game as text") as err:
        records.replay(bad)
    assert err.value.rule == "record" and err.value.index is None


@pytest.fixture(scope="module")
def flowers_record():
    from mandalakit import flowers

    state = play(flowers.new_game(2, seed=5), [RandomBot(1), RandomBot(2)])
    return records.from_state(state, players=["a", "b"], seed=5)


def _tile_csv(path, rows):
    path.write_text("back,colour,face\n" + "".join(f"{b},{c},{f}\n" for b, c, f in rows))
    return path


@pytest.mark.parametrize("value", ["{csv}", "/dev/zero", "/etc/passwd", "{secret}", None, {"path": "{csv}"}])
def test_rules_option_written_as_rows_is_never_read_from_a_file(flowers_record, tmp_path, monkeypatch, value):
    from mandalakit.flowers import rules as flowers_rules
    from mandalakit.flowers.tiles import DEFAULT_TILES

    csv_path = _tile_csv(tmp_path / "tiles.csv", DEFAULT_TILES)  # a valid table: still not to be read
    secret = tmp_path / "secret.txt"
    secret.write_text("top secret line\n")

    def no_file(path):
        raise AssertionError(f"replay opened {path}")

    monkeypatch.setattr(flowers_rules, "read_tiles_csv", no_file)
    if isinstance(value, str):
        value = value.format(csv=csv_path, secret=secret)
    elif isinstance(value, dict):
        value = {"path": str(csv_path)}
    bad = copy.deepcopy(flowers_record)
    bad["rules"]["tiles"] = value
    with pytest.raises(RecordError, match=r"The record's rules option 'tiles' must be stored as written by the engine "
                                          r"\(rows: a list\)") as err:
        records.replay(bad)
    assert err.value.rule == "record" and "secret" not in str(err.value)


def test_rules_rows_must_themselves_be_rows(flowers_record):
    bad = copy.deepcopy(flowers_record)
    bad["rules"]["tiles"][3] = "/etc/passwd"
    with pytest.raises(RecordError, match=r"'tiles' must be stored as written by the engine .*item 3 is text"):
        records.replay(bad)


def test_record_with_a_custom_tile_table_replays(tmp_path):
    from mandalakit import flowers
    from mandalakit.flowers.tiles import DEFAULT_TILES

    custom = [(b, c, 4 if f == 1 else f) for b, c, f in DEFAULT_TILES]  # every 1-flower face shows 4
    for rules in (flowers.Rules(tiles=custom), flowers.Rules.from_csv(_tile_csv(tmp_path / "t.csv", custom)),
                  flowers.Rules(single_play_draw=2)):
        state = play(flowers.new_game(3, seed=9, rules=rules), [RandomBot(1), RandomBot(2), RandomBot(3)])
        rec = records.from_state(state)
        path = tmp_path / "custom.json"
        records.save(rec, path)
        replayed = records.replay(records.load(path))
        assert replayed.rules == rules and replayed.result() == state.result()


def test_ohanami_scalar_options_still_replay():
    from mandalakit.ohanami import Rules

    for cap in (None, 10):
        state = play(new_game(2, seed=4, rules=Rules(sakura_cap=cap)), [RandomBot(1), RandomBot(2)])
        assert records.replay(json.loads(json.dumps(records.from_state(state)))).rules.sakura_cap == cap


@pytest.mark.parametrize("where", ["name", "game"])
def test_header_text_that_is_not_utf8_is_refused(record, where):
    bad = copy.deepcopy(record)
    if where == "name":
        bad["players"][1]["name"] = "b\ud800"  # a lone surrogate: valid JSON ("\ud800"), not text
        message = r"The name of player 2 .*cannot be written as UTF-8"
    else:
        bad["game"] = "ohanami\udc80"
        message = r"Unknown game"
    with pytest.raises(RecordError, match=message) as err:
        records.replay(bad)
    str(err.value).encode("utf-8")  # the refusal itself prints
    assert err.value.rule == "record"


def test_save_of_text_that_is_not_utf8_keeps_the_old_file(record, tmp_path):
    path = tmp_path / "keep.json"
    path.write_text("precious\n")
    bad = copy.deepcopy(record)
    bad["players"][0]["name"] = "\ud800"
    with pytest.raises(UnicodeEncodeError):
        records.save(bad, path)
    assert path.read_text() == "precious\n"


@pytest.mark.parametrize("by", [-1, 2, 99, -2])
def test_actor_must_be_a_seat_of_the_game(record, by):
    bad = copy.deepcopy(record)
    index = 1 if by != -1 else 0  # -1 is CHANCE inside the engine, but a record writes "chance"
    bad["events"][index]["by"] = by
    with pytest.raises(RecordError, match=rf"event {index}: 'by' must be a player's number from 0 \(player 1\) to 1 \(player 2\) or 'chance', "
                                          rf"not {by}") as err:
        records.replay(bad)
    assert err.value.index == index and err.value.rule == "record"


@pytest.mark.parametrize("version", [1.0, True, "1", None])
def test_version_must_be_the_whole_number_1(record, version):
    bad = copy.deepcopy(record)
    bad["version"] = version
    with pytest.raises(RecordError) as err:
        records.replay(bad)
    assert err.value.message == (f"Record version {version!r} is not supported; this mandalakit reads only records "
                                 "of version 1, written as the whole number 1.")


def test_load_reads_a_bounded_amount(record, tmp_path, monkeypatch):
    assert records.MAX_RECORD_CHARS == 20_000_000
    path = tmp_path / "big.json"
    path.write_text(json.dumps(record))
    monkeypatch.setattr(records, "MAX_RECORD_CHARS", len(path.read_text()))
    assert records.load(path) == record  # exactly the limit is still read
    path.write_text(json.dumps(record) + " ")
    with pytest.raises(RecordError, match=r"big.json is larger than [\d,]+ characters, far larger than any record") as err:
        records.load(path)
    assert err.value.rule == "record"

    reads = []
    real_open = open

    class Spy:
        def __init__(self, fh):
            self.fh = fh

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.fh.close()

        def read(self, size=-1):
            reads.append(size)
            return self.fh.read(size)

    monkeypatch.setattr("builtins.open", lambda *a, **k: Spy(real_open(*a, **k)))
    with pytest.raises(RecordError, match="larger than"):
        records.load(path)
    assert reads and all(0 <= size <= records.MAX_RECORD_CHARS + 1 for size in reads)


_LONG = "A" * 4000


@pytest.mark.parametrize("change", [
    {"format": _LONG},
    {"format": ["x" * 50] * 100},
    {"version": _LONG},
    {"version": 10 ** 4000},
    {"setup": {"players": _LONG}},
    {"setup": {"players": 2, _LONG: _LONG}},
    {"players": [{"seat": 0, "name": "a"}, _LONG]},
    {"players": [{"seat": 0, "name": "a"}, {"seat": _LONG, "name": "b"}]},
    {"players": [{"seat": 0, "name": "a"}, {"seat": 10 ** 4000, "name": "b"}]},
    {"players": [{"seat": 0, "name": "a"}, {"seat": 1, "name": [_LONG]}]},
    {"players": [{"seat": 0, "name": "a"}, {"seat": 1, "name": "\ud800" + _LONG}]},
    {"seed": -10 ** 4000},
    {"seed": -10 ** 5000},  # more digits than Python prints
    {"seed": _LONG},
    {"rules": {_LONG: 1}},
    {"by": _LONG},
    {"by": [_LONG]},
    {"by": 10 ** 4000},
    {"by": -10 ** 4000},
])
def test_refusals_quote_at_most_60_characters_of_a_value(record, change):
    bad = copy.deepcopy(record)
    if "by" in change:
        bad["events"][1]["by"] = change["by"]
    else:
        bad.update(change)
    with pytest.raises(RecordError) as err:
        records.replay(bad)
    message = str(err.value)
    assert len(message) < 250 and "A" * 61 not in message and "0" * 61 not in message and "\n" not in message


def test_refusals_show_the_value_as_written(record):
    bad = copy.deepcopy(record)
    bad["seed"] = -10 ** 4000
    with pytest.raises(RecordError, match=r"seed is not valid \(it may also be null or left out\): "
                                          r"A seed must be zero or positive, not -1000+\.\.\.\.$"):
        records.replay(bad)
    bad["players"] = [{"seat": 0, "name": "a"}, {"seat": " 1 ", "name": "b"}]
    with pytest.raises(RecordError, match=r"must have \"seat\": 1, not ' 1 '\.$"):
        records.replay(bad)


@pytest.mark.parametrize("name", ["greedy\nseat 1 (x): 999  winner", "\x1b[2Jx", "a\rb", "tab\there", "\x7f", "\x85",
                                  "a\u2028b"])
def test_player_names_with_control_characters_are_refused(record, name):
    bad = copy.deepcopy(record)
    bad["players"][1]["name"] = name
    with pytest.raises(RecordError, match=r"The name of player 2 \('.*'\) holds a control character "
                                          r"\(such as a line break or an escape\)") as err:
        records.replay(bad)
    assert err.value.index is None and err.value.rule == "record"
    assert "\n" not in str(err.value) and "\x1b" not in str(err.value) and "\r" not in str(err.value)


@pytest.mark.parametrize("name", ["Zoë", "名人", "a b", "\u00a0nbsp", "👩\u200d💻"])
def test_player_names_without_control_characters_replay(record, name):
    good = copy.deepcopy(record)
    good["players"][1]["name"] = name
    assert records.replay(good).is_terminal()


@pytest.mark.parametrize("name", ["\u202eniw 999", "a\u202db", "x\u2066y\u2069", "\u200fname", "\ufeffbom",
                                  "soft\u00adhyphen", "tag\U000e0041", "\u2060joined"])
def test_player_names_with_format_characters_are_refused(record, name):
    bad = copy.deepcopy(record)
    bad["players"][1]["name"] = name
    with pytest.raises(RecordError, match=r"The name of player 2 \('.*'\) holds the invisible format character "
                                          r"U\+[0-9A-F]{4,5} \(such as a right-to-left override\)") as err:
        records.replay(bad)
    assert err.value.index is None and not any(ch in str(err.value) for ch in name if not ch.isascii())


@pytest.mark.parametrize("name", ["x" * records.MAX_NAME_CHARS, "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",
                                  "\U0001f469\u200d\U0001f4bb"])
def test_player_names_up_to_the_bound_and_with_joiners_replay(record, name):
    good = copy.deepcopy(record)
    good["players"][0]["name"] = name
    assert records.replay(good).is_terminal()


@pytest.mark.parametrize("length", [records.MAX_NAME_CHARS + 1, 19_000_000])
def test_player_names_longer_than_the_bound_are_refused_briefly(record, length):
    bad = copy.deepcopy(record)
    bad["players"][0]["name"] = "n" * length
    with pytest.raises(RecordError) as err:
        records.replay(bad)
    assert err.value.message.endswith(f"is {length} characters long; a name has at most 40.")
    assert len(str(err.value)) < 200 and records.MAX_NAME_CHARS == 40


@pytest.mark.parametrize("name,problem", [("n" * 41, "41 characters long"), ("\u202eevil", r"U\+202E"),
                                          ("tab\there", "control character")])
def test_from_state_refuses_the_names_replay_refuses(name, problem):
    from mandalakit import ohanami

    with pytest.raises(ValueError, match=problem):
        records.from_state(ohanami.new_game(2, seed=1), players=["ok", name])


def test_from_state_counts_the_names_in_words():
    from mandalakit import ohanami

    with pytest.raises(ValueError, match=r"^1 player name for a 2-player game\.$"):
        records.from_state(ohanami.new_game(2, seed=1), players=["alone"])


def test_load_reads_a_record_saved_with_a_utf8_bom(record, tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(record, ensure_ascii=False).encode("utf-8"))
    assert records.load(path) == record


def test_from_state_refuses_a_name_replay_would_refuse():
    from mandalakit import ohanami

    state = ohanami.new_game(2, seed=1)
    with pytest.raises(ValueError, match="control character"):
        records.from_state(state, players=["ok", "line\nbreak"])


@pytest.mark.parametrize("event", [["pick 1 2"], 12, None, True, {"kind": "shuffle"}])
def test_record_event_must_be_text(record, event):
    bad = copy.deepcopy(record)
    bad["events"][1]["event"] = event
    with pytest.raises(RecordError, match=r"^\[record\] event 1: 'event' must be text in the game's notation, not "):
        records.replay(bad)


@pytest.mark.parametrize("result", [[], "none", 0, False])
def test_record_result_must_be_an_object_or_null(record, result):
    bad = copy.deepcopy(record)
    bad["result"] = result
    with pytest.raises(RecordError, match=r"^\[record\] The record's 'result' must be an object \(or null"):
        records.replay(bad)


@pytest.mark.parametrize("players", ["2", 2.0, None, [2]])
def test_record_setup_players_must_be_a_whole_number(record, players):
    bad = copy.deepcopy(record)
    bad["setup"]["players"] = players
    with pytest.raises(RecordError, match=r"^\[record\] The record's setup must give 'players' as a whole number"):
        records.replay(bad)


def _mandala_position_record():
    from mandalakit.mandala import from_position

    position = {"hands": [{"red": 2, "green": 1}, {"red": 1, "yellow": 2}],
                "mountains": {"A": {"black": 2, "green": 1}, "B": {"purple": 1}}}
    state = from_position(position, seed=5)
    state.apply(state.legal_moves()[0])
    return records.from_state(state)


@pytest.mark.parametrize("key,value", [("hands", [["red"], {"green": 1}]), ("discard", "AB"), ("mountains", ["A"]),
                                       ("end_triggered", "false"), ("cups", [[], {}])])
def test_record_mandala_position_of_the_wrong_type_is_refused(key, value):
    bad = _mandala_position_record()
    bad["setup"]["position"][key] = value
    with pytest.raises(RecordError, match=r"^\[(options|M-6.2)\] "):
        records.replay(bad)


def test_a_pipe_or_a_device_is_refused_at_once_not_read(tmp_path):
    """A FIFO with no writer would block a reader forever; /dev/zero never ends."""
    import os

    fifo = tmp_path / "record.json"
    os.mkfifo(fifo)
    for path in (fifo, "/dev/zero"):
        with pytest.raises(records.RecordError, match="is not an ordinary file"):
            records.load(path)
    with pytest.raises(IsADirectoryError):
        records.load(tmp_path)
