"""mandalakit.analysis on hand-made tables (worked values), and the dashboard without a browser."""

from __future__ import annotations

import math
import re
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from mandalakit import analysis as A

ROOT = Path(__file__).resolve().parents[2]


def games(*rows, option=None):
    """A tournament table from ``(deal, seat, bot, score[, option value])`` rows, 2 players."""
    out = []
    for row in rows:
        deal, seat, bot, score, *value = row
        record = {"players": 2, "lineup": "greedy,random", "variant": f"x={value[0]}" if value else "default"}
        if value:
            record["rule_x"] = value[0]
        record.update(deal=deal, seat=seat, bot=bot, score=score)
        out.append(record)
    table = pd.DataFrame(out)
    best = table.groupby(["players", "lineup", "variant", "deal"]).score.transform("max")
    table["winner"] = table.score == best
    table["margin"] = [s - table[(table.variant == v) & (table.deal == d) & (table.seat != st)].score.max()
                       for s, v, d, st in zip(table.score, table.variant, table.deal, table.seat)]
    table["decisions"], table["reshuffles"], table["end"] = 10, 0, "O-2.1"
    return table


def test_mean_ci_is_students_t_interval():
    mean, low, high = A.mean_ci([1, 0, 1, 1])  # sd 0.5, se 0.25, t(0.975, 3) = 3.1824
    assert mean == 0.75 and low == pytest.approx(0.75 - 3.18245 * 0.25, abs=1e-4)
    assert high == pytest.approx(1.5456, abs=1e-4)
    assert math.isnan(A.mean_ci([3])[1]) and math.isnan(A.mean_ci([])[0])


def test_proportion_ci_is_wilsons_interval():
    rate, low, high = A.proportion_ci(8, 10)
    assert rate == 0.8 and low == pytest.approx(0.4902, abs=1e-4) and high == pytest.approx(0.9433, abs=1e-4)


def test_a_shared_win_is_split_and_seat_shares_add_up_to_one():
    table = games((0, 0, "greedy", 5), (0, 1, "random", 5), (1, 0, "random", 7), (1, 1, "greedy", 3))
    assert A.win_share(table).tolist() == [0.5, 0.5, 1.0, 0.0]
    seats = A.seat_advantage(table)
    assert seats.share.tolist() == [0.75, 0.25] and seats.score.tolist() == [6.0, 4.0]
    assert seats.games.tolist() == [2, 2]


def test_head_to_head_and_bradley_terry_of_three_wins_in_four():
    table = games((0, 0, "greedy", 9), (0, 1, "random", 2), (1, 0, "random", 1), (1, 1, "greedy", 8),
                  (2, 0, "greedy", 6), (2, 1, "random", 3), (3, 0, "random", 9), (3, 1, "greedy", 4),
                  (4, 0, "greedy", 5), (4, 1, "random", 5))
    duel = A.head_to_head(table).iloc[0]
    assert (duel.a, duel.b, duel.wins, duel.losses, duel.ties, duel.rate) == ("greedy", "random", 3, 1, 1, 0.75)
    ratings = A.bradley_terry(table)
    # The maximum-likelihood odds are 3 to 1: 400 * log10(3) = 190.8 Elo points apart, centred on 0.
    assert ratings["greedy"] - ratings["random"] == pytest.approx(400 * math.log10(3), abs=0.5)
    assert ratings.sum() == pytest.approx(0)


def test_effects_pair_the_same_deal_and_seat_and_say_it_in_words():
    table = games(*[(d, s, "greedy" if s == (d % 2) else "random", 10 + d + s, "a") for d in range(4) for s in (0, 1)],
                  *[(d, s, "greedy" if s == (d % 2) else "random", 12 + d + s + (d == 3), "b")
                    for d in range(4) for s in (0, 1)])
    row = A.effects(table, "x").iloc[0]
    # Differences 2, 2, 2, 2, 2, 2, 3, 3: mean 2.25.
    assert (row.base, row.value, row.pairs, row.effect) == ("a", "b", 8, 2.25)
    assert row.low > 0 and row.d == pytest.approx(2.25 / pd.Series([2] * 6 + [3] * 2).std())
    sentence = A.effect_sentence(row)
    assert sentence.startswith("With “x = b (not a)” instead of the usual rule, a player's score is 2.25 points higher on average.")
    assert "so it may be no change" not in sentence and "A large effect (measured on 8 pairs of games)." in sentence
    assert A.effects(table, "x", "decisions").iloc[0].effect == 0
    with pytest.raises(KeyError, match="'y' is not varied"):
        A.effects(table, "y")


@pytest.mark.parametrize("d, word", [(0.1, "very small"), (-0.3, "small"), (0.6, "medium"), (-2, "large")])
def test_size_words(d, word):
    assert A.size_word(d) == word


def chart(dash, name: str) -> list[dict]:
    """The traces of the dashboard's chart ``name`` (see AnalysisDashboard.charts), as sent to the page."""
    return dash.charts[name].spec["data"]


def test_dashboard_follows_its_controls_without_a_browser():
    from mandalakit.widgets.analysis.analysis import AnalysisDashboard, load_datasets

    dash = AnalysisDashboard(load_datasets(ROOT / "datasets"), game="ohanami")
    assert chart(dash, "seats")[0]["x"] == ["player 1 (first)", "player 2"] and "2 players is 50 %" in dash.seats_text.value
    dash.players.value = 4
    assert len(chart(dash, "seats")[0]["x"]) == 4 and "4 players is 25 %" in dash.seats_text.value
    dash.lineup.value = "greedy,greedy,random,random"
    assert {t["name"] for t in chart(dash, "scores")} == {"greedy", "random"}
    assert chart(dash, "ends")[0]["x"] == ["three rounds were played"] and chart(dash, "ends")[0]["hovertext"] == ["O-2.1"]
    dash.game.value = "mandala"
    assert [o[1] for o in dash.players.options] == [2] and dash.lineup.value == "every line-up"
    assert set(chart(dash, "ends")[0]["hovertext"]) <= {"M-7.1", "M-7.2", "M-7.5"}
    assert "a river was full" in chart(dash, "ends")[0]["x"]
    assert chart(dash, "effects")[0]["x"] == ["game ends when the deck runs out", "a stuck game plays on"]
    assert "With “game ends when the deck runs out” instead of the usual rule" in dash.effects_text.value
    assert "deck_exhaustion" not in dash.effects_text.value


def test_dashboard_percentages_keep_their_sign_on_the_line_in_french():
    """French sets a no-break space before « % » (a line never starts with the sign); English keeps « 50 % »."""
    from mandalakit.core.messages import language
    from mandalakit.widgets.analysis.analysis import AnalysisDashboard, load_datasets

    summaries = load_datasets(ROOT / "datasets")
    with language("fr"):
        dash = AnalysisDashboard(summaries)
    said = dash.seats_text.value + dash.length_text.value + "".join(t["text"][0] for t in chart(dash, "ends"))
    assert "à 2 joueurs est de 50\u00a0%" in dash.seats_text.value
    assert re.findall(r"\d %", said) == [] and len(re.findall(r"\d\u00a0%", said)) >= 5, said
    assert "2 players is 50 %" in AnalysisDashboard(summaries).seats_text.value


def test_dashboard_joins_the_bots_score_sentences_with_the_languages_semicolon():
    """French sets a no-break space before « ; » between the bots' sentences; English writes "; "."""
    from mandalakit.core.messages import language
    from mandalakit.widgets.analysis.analysis import AnalysisDashboard, load_datasets

    summaries = load_datasets(ROOT / "datasets")
    with language("fr"):
        french = AnalysisDashboard(summaries).scores_text.value
    assert "\u00a0; " in french and not re.search(r"\S; ", french), french
    assert re.search(r"\d\); \w", AnalysisDashboard(summaries).scores_text.value)


SHARE_CHARTS = ("seats", "scores", "ends", "bots")


@pytest.mark.parametrize("code, sign", [("fr", "\u00a0%"), ("en", "%"), ("pt", "%")])
def test_dashboard_share_ticks_and_hover_write_percent_as_the_language_does(code, sign):
    """The share charts' ticks and hover read « 56 % » in French, with a no-break space before
    « % » (plotly's ``.0%`` format wrote « 56% »), and « 56% » in English: whole percentages
    (the traces give 100 times each share) with the language's sign after them."""
    from mandalakit.core.messages import language
    from mandalakit.widgets.analysis.analysis import AnalysisDashboard, load_datasets

    with language(code):
        dash = AnalysisDashboard(load_datasets(ROOT / "datasets"))
    for name in SHARE_CHARTS:
        axis = dash.charts[name].spec["layout"]["yaxis"]
        assert (axis["tickformat"], axis["hoverformat"], axis["ticksuffix"]) == (".0f", ".0f", sign), name
        assert "%" not in axis["tickformat"] + axis["hoverformat"], name  # no « 56% » from plotly itself
    shares = chart(dash, "seats")
    assert sum(shares[0]["y"]) == pytest.approx(100, abs=0.1) and shares[1]["y"] == pytest.approx([50, 50])


def test_dashboard_shows_the_tables_statistics():
    """The page's numbers are those of mandalakit.analysis on the shipped tables (through the summaries)."""
    from mandalakit.summaries import load_tables
    from mandalakit.widgets.analysis.analysis import AnalysisDashboard, load_datasets

    bots, variants = load_tables(ROOT / "datasets")["flowers"]
    dash = AnalysisDashboard(load_datasets(ROOT / "datasets"), game="flowers")
    dash.players.value = 3
    dash.lineup.value = "greedy,random,random"
    rows = bots[(bots.players == 3) & (bots.lineup == "greedy,random,random")]
    seats = A.seat_advantage(rows)
    assert chart(dash, "seats")[0]["y"] == pytest.approx((100 * seats.share).tolist(), abs=1e-4)  # percentages
    assert f"{round(100 * seats.share[0])} %" in dash.seats_text.value
    games = A.per_game(rows)
    assert sum(chart(dash, "length")[0]["y"]) == len(games) == 100 * 3  # rotations × players
    mean, low, high = A.mean_ci(games.decisions)
    assert f"{mean:.1f} moves on average (95 % interval {low:.1f} to {high:.1f})" in dash.length_text.value
    duel = A.head_to_head(rows).iloc[0]  # issue 23: the head-to-head and the options of this line-up only
    assert chart(dash, "bots")[0]["y"] == pytest.approx([100 * duel.rate], abs=1e-4)
    assert f"in {round(100 * duel.rate)} % of {duel.wins + duel.losses} meetings" in dash.bots_text.value
    assert duel.wins + duel.losses == 598  # 2 meetings per game of 300, less 2 equal scores
    rating = A.bradley_terry(rows)["greedy"]
    assert f"greedy {rating:+.0f}, random {-rating:+.0f}" in dash.bots_text.value
    played = variants[(variants.players == 3) & (variants.lineup == "greedy,random,random")]
    effects = A.effects(played, "single_play_draw")
    assert chart(dash, "effects")[0]["y"][0] == pytest.approx(effects.effect[0], abs=1e-6) != pytest.approx(
        A.effects(variants[variants.players == 3], "single_play_draw").effect[0], abs=1e-3)  # not every line-up's
    assert effects.pairs[0] == 16 * 3 * 2 * 3  # rotations × players deals × tile tables × seats
    dash.lineup.value = "every line-up"
    every = A.effects(variants[variants.players == 3], "single_play_draw")
    assert chart(dash, "effects")[0]["y"][0] == pytest.approx(every.effect[0], abs=1e-6)


def test_the_dashboard_kernel_imports_no_statistics_or_table_library():
    """Building the page reads only datasets/summaries.json: no pandas, pyarrow, scipy, choix, dask or
    plotly.py is imported, nor numpy (issue 12: the page renders in under 5 s)."""
    code = ("import sys; from mandalakit.widgets.analysis.analysis import AnalysisDashboard, load_datasets; "
            f"d = AnalysisDashboard(load_datasets({str(ROOT / 'datasets')!r})); d.game.value = 'flowers'; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & "
            "{'numpy', 'pandas', 'pyarrow', 'scipy', 'choix', 'dask', 'plotly'}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("code", ["en", "fr"])
def test_every_y_axis_title_fits_beside_its_chart(code):
    """A y-axis title runs up the chart's side: at 13 px (about 0.6 em a letter) it must fit the plot's
    height, else plotly clips it, as « points par rapport au réglage par défaut » was, phone or not."""
    from mandalakit.core.messages import language
    from mandalakit.widgets.analysis.analysis import AnalysisDashboard, load_datasets

    with language(code):
        dash = AnalysisDashboard(load_datasets(ROOT / "datasets"))
        dash.game.value = "mandala"  # the only game whose datasets vary a rule option
    for name, box in dash.charts.items():
        layout = box.spec["layout"]
        room = layout["height"] - layout["margin"]["t"] - layout["margin"]["b"]
        title = layout["yaxis"].get("title", {}).get("text", "")
        assert max(map(len, title.split("<br>"))) * 0.6 * 13 <= room, (name, title, room)


# ----- issue 23: the page opens on a telling view, labels in words, the bots menu everywhere ------------
#: Charts that share out a whole (each trace's bars add up to every seat, game or end).
DISTRIBUTIONS = ("scores", "length", "ends")


def degenerate(name: str, spec: dict) -> str | None:
    """Why the chart ``name`` (its figure JSON ``spec``) says nothing, or None.

    From its bars: a *flat zero* (every bar within 0.05 of 0), *all or nothing* (a share chart,
    drawn in percent, whose bars are all 0 or 100 %), or *one bar* (a distribution whose every
    trace puts all its weight in a single bar: one score, one length, one end)."""
    bars = [t for t in spec["data"] if t["type"] == "bar"]
    heights = [y for t in bars for y in t["y"]]
    if not heights or all(abs(y) < 0.05 for y in heights):
        return "flat zero"
    if spec["layout"]["yaxis"].get("ticksuffix") and all(y < 0.05 or y > 99.95 for y in heights):
        return "all or nothing"
    if name in DISTRIBUTIONS and all(sum(1 for y in t["y"] if y > 0) == 1 for t in bars):
        return "one bar"
    return None


def dull(dash) -> dict:
    return {name: why for name, box in dash.charts.items() if (why := degenerate(name, box.spec))}


@pytest.mark.parametrize("code", ["en", "fr"])
def test_the_page_opens_on_a_view_whose_six_charts_all_say_something(code):
    """Issue 23: the default view has no degenerate chart; the old default (Ohanami, 2 players) had 4 of 6."""
    from mandalakit.core.messages import language
    from mandalakit.widgets.analysis.analysis import AnalysisDashboard, load_datasets

    summaries = load_datasets(ROOT / "datasets")
    with language(code):
        dash = AnalysisDashboard(summaries)
        assert (dash.game.value, dash.players.value, dash.lineup.value) == ("mandala", 2, "every line-up")
        assert dull(dash) == {}
        assert re.search(r'class="mk-rule" title="[^"]{20,}"[^>]*><summary[^>]*>M-7\.2</summary>', dash.length_text.value)
        assert dull(AnalysisDashboard(summaries, game="ohanami")) == {  # one end at 100 %: one bar too
            "length": "one bar", "ends": "all or nothing", "bots": "all or nothing", "effects": "flat zero"}


def views(dash):
    """Every game, player count and line-up the menus offer, chosen in turn on ``dash``."""
    for game in [value for _label, value in dash.game.options]:
        dash.game.value = game
        for players in [value for _label, value in dash.players.options]:
            dash.players.value = players
            for lineup in [value for _label, value in dash.lineup.options]:
                dash.lineup.value = lineup
                yield game, players, lineup


#: A rule id (O-2.1, M-7) or a code name (deck_exhaustion, end_at_once, a file's path, option = value).
CODE = re.compile(r"\b[MFO]-\d|\w_\w|=|/|\.csv")


@pytest.mark.parametrize("code", ["en", "fr"])
def test_no_chart_labels_an_axis_a_tick_or_a_legend_entry_with_a_rule_id_or_a_code_name(code):
    """Issue 23: over every chart of every game, player count and line-up, the axis titles, the category
    ticks and the legend entries are words (a rule id may stay in the hover text and the sentences)."""
    from mandalakit.core.messages import language
    from mandalakit.widgets.analysis.analysis import AnalysisDashboard, load_datasets

    seen = 0
    with language(code):
        dash = AnalysisDashboard(load_datasets(ROOT / "datasets"))
        for choice in views(dash):
            for name, box in dash.charts.items():
                layout, labels = box.spec["layout"], []
                for axis in ("xaxis", "yaxis"):
                    labels.append(layout[axis].get("title", {}).get("text", ""))
                for trace in box.spec["data"]:
                    labels.append(trace.get("name", ""))
                    labels += [x for x in trace.get("x", []) if isinstance(x, str)]
                bad = [label for label in labels if CODE.search(label)]
                assert not bad, (choice, name, bad)
                seen += len(labels)
    assert seen > 500  # every view was read: 3 games, 7 player counts, 31 line-up choices


def test_every_section_follows_the_bots_menu():
    """Issue 23: choosing a line-up redraws the six charts and five sections of the tables from that
    line-up's games, the head-to-head and the rules options included (the search bot's section has its
    own games, and says so: see the good-play test below)."""
    from mandalakit.widgets.analysis.analysis import AnalysisDashboard, load_datasets

    summaries = load_datasets(ROOT / "datasets")
    dash = AnalysisDashboard(summaries, game="flowers")
    dash.players.value = 3

    def shown():
        texts = (dash.seats_text, dash.scores_text, dash.length_text, dash.bots_text, dash.effects_text)
        return {name: box.spec["data"] for name, box in dash.charts.items()}, [t.value for t in texts]

    every_charts, every_texts = shown()
    dash.lineup.value = "greedy,greedy,random"
    charts, texts = shown()
    assert [name for name in charts if charts[name] == every_charts[name]] == ["search"]  # the ladder's own games
    assert [k for k, (a, b) in enumerate(zip(texts, every_texts)) if a == b] == []
    view = summaries["games"]["flowers"]["3"]["views"]["greedy,greedy,random"]
    assert chart(dash, "bots")[0]["y"] == pytest.approx([100 * d["rate"] for d in view["duels"]])
    assert f"in 99 % of {view['duels'][0]['wins'] + view['duels'][0]['losses']} meetings" in dash.bots_text.value
    score = [e for e in view["effects"] if e["measure"] == "score"]
    assert chart(dash, "effects")[0]["y"] == pytest.approx([e["effect"] for e in score])
    assert f"measured on {score[0]['pairs']} pairs of games" in dash.effects_text.value
    assert "does not change this section" not in dash.bots_text.value + dash.effects_text.value


@pytest.mark.parametrize("code, said", [
    ("en", "In this line-up all the players are the same bot, Bot (greedy): two different bots never meet"),
    ("fr", "Dans cette composition, tous les joueurs sont le même robot, Robot (glouton)\u00a0: deux robots différents ne")])
def test_a_line_up_of_one_bot_says_in_words_that_it_has_no_head_to_head(code, said):
    """A line-up of one bot has no meeting of two bots: the head-to-head chart draws no bar and no axis
    but the reason, in the chart's place and in its section, in the page's language."""
    from mandalakit.core.messages import language
    from mandalakit.widgets.analysis.analysis import AnalysisDashboard, load_datasets

    with language(code):
        dash = AnalysisDashboard(load_datasets(ROOT / "datasets"), game="ohanami")
        dash.lineup.value = "greedy,greedy"
    spec = dash.charts["bots"].spec
    assert spec["data"] == [] and not spec["layout"]["xaxis"]["visible"] and not spec["layout"]["yaxis"]["visible"]
    drawn = spec["layout"]["annotations"][0]["text"]
    assert drawn.replace("<br>", " ").startswith(said) and max(map(len, drawn.split("<br>"))) <= 45
    assert said in dash.bots_text.value
    assert ("in any of the 40 pairs of games" if code == "en" else "aucune des 40 paires") in dash.effects_text.value  # the options are still measured
    dash.lineup.value = "greedy,random"
    assert chart(dash, "bots")[0]["y"] == [100.0] and "annotations" not in dash.charts["bots"].spec["layout"]


def test_too_few_pairs_of_games_are_said_in_words_not_drawn():
    """A line-up whose options were measured on fewer than MIN_PAIRS pairs says so instead of a chart."""
    from mandalakit.widgets.analysis.analysis import MIN_PAIRS, AnalysisDashboard, load_datasets

    summaries = load_datasets(ROOT / "datasets")
    for effect in summaries["games"]["mandala"]["2"]["views"]["greedy,greedy"]["effects"]:
        effect["pairs"] = MIN_PAIRS - 1
    dash = AnalysisDashboard(summaries)
    dash.lineup.value = "greedy,greedy"
    assert dash.charts["effects"].spec["data"] == []
    assert f"measured on only {MIN_PAIRS - 1} pairs of games in this line-up: too few" in dash.effects_text.value


# ----- issue 23: what changes with good play, from the strength ladder's search games ------------------
def ladder(*games):
    """An arena table from ``(deal, rotation, first bot, first score, second score)`` games, 2 players."""
    rows = []
    for deal, rotation, first, a, b in games:
        second = "greedy" if first == "pimc" else "pimc"
        for seat, bot, score, other in ((0, first, a, b), (1, second, b, a)):
            rows.append(dict(table="pimc,greedy", deal=deal, rotation=rotation, seat=seat, bot=bot, score=score,
                             winner=score >= other))
    return pd.DataFrame(rows)


def test_the_first_players_lead_cancels_which_bot_is_stronger():
    """Each deal is played once per seating: the search wins both by 10, so the first seat's lead is
    what is left, (+12 - 8) / 2 = +2 on deal 0 and (+10 - 10) / 2 = 0 on deal 1."""
    table = ladder((0, 0, "pimc", 30, 18), (0, 1, "greedy", 20, 28), (1, 0, "pimc", 25, 15), (1, 1, "greedy", 15, 25))
    assert A.first_player_lead(table).tolist() == [2.0, 0.0]
    with pytest.raises(ValueError, match="2-player games"):
        A.first_player_lead(table.assign(seat=table.seat * 2))


def test_difference_ci_is_welchs_interval():
    """[3, 5, 4, 6] less [1, 2, 1, 2]: 3 points; Welch's standard error sqrt(5/12 + 1/12) on 4.15 degrees
    of freedom gives the half-width 1.93."""
    diff, low, high = A.difference_ci([3, 5, 4, 6], [1, 2, 1, 2])
    assert diff == 3 and high - diff == pytest.approx(diff - low) == pytest.approx(1.93, abs=0.01)
    assert all(math.isnan(v) for v in A.difference_ci([1], [1, 2]))


def test_the_search_summary_is_the_statistics_of_the_ladder_files():
    """summaries.json's ``search`` part is mandalakit.analysis on the shipped ladder files, recomputed
    here by hand: Mandala's 6 runs of 6 games (18 deals), and greedy against random (200 deals)."""
    from mandalakit.widgets.analysis.analysis import load_datasets

    view = load_datasets(ROOT / "datasets")["search"]["mandala"]
    runs = pd.concat([pd.read_csv(ROOT / f"datasets/ladder-mandala-search-seed{s}.csv").assign(seed=s) for s in range(1, 7)])
    first = runs[runs.seat == 0].set_index(["seed", "deal", "rotation"]).score
    second = runs[runs.seat == 1].set_index(["seed", "deal", "rotation"]).score
    leads = (first - second).groupby(level=["seed", "deal"]).mean()
    assert len(leads) == view["lead"]["search"]["n"] == 18 and view["games"] == 36
    assert [view["lead"]["search"][k] for k in ("mean", "low", "high")] == pytest.approx(A.mean_ci(leads), abs=1e-6)
    assert view["lead"]["search"]["mean"] == pytest.approx(2.027778)  # 36.5 points over 18 deals
    one_ply = pd.read_csv(ROOT / "datasets/ladder-mandala-one-ply.csv").query("table == 'greedy,random'")
    assert view["lead"]["one_ply"]["n"] == 200 and view["greedy"]["one_ply"]["mean"] == pytest.approx(
        one_ply[one_ply.bot == "greedy"].score.mean())
    assert view["search_wins"] == (runs[runs.bot == "pimc"].winner.sum()) == 32


def test_the_good_play_section_says_what_the_ladder_can_support_and_follows_the_menus():
    """Mandala: the first player's lead with and without the search overlaps (no claim), greedy loses
    46 points against the search (a clear claim); another player count or a line-up says why in words."""
    from mandalakit.core.messages import language
    from mandalakit.widgets.analysis.analysis import AnalysisDashboard, load_datasets

    summaries = load_datasets(ROOT / "datasets")
    dash = AnalysisDashboard(summaries)
    lead = summaries["search"]["mandala"]["lead"]
    assert chart(dash, "search")[0]["y"] == [lead["one_ply"]["mean"], lead["search"]["mean"]]
    assert chart(dash, "search")[0]["x"] == ["greedy against<br>random", "sampling search<br>against greedy"]
    said = dash.search_text.value
    assert "player 1&#x27;s lead over player 2 is +2.0 points on average (95 % interval -3.4 to +7.4, 18 deals)" in said
    assert "may be zero: these games are too few to say whether good play changes" in said
    assert "it loses about 46 points of its score (95 % interval 41.7 to 50.9)" in said
    assert "The search bot never played the rules options" not in said and "(36 games), all with 2 players" in said
    rules = said[said.index("Do the rules options do the same"):]
    assert ("With the sampling search bot on both sides: With “game ends when the deck runs out” instead of the usual "
            "rule, a player&#x27;s score is 2.52 points lower on average. We are 95 % sure the change is between -3.29 "
            "and -1.76 points.") in rules
    assert "With the greedy bot on both sides: With “game ends when the deck runs out” instead of the usual rule, a " \
        "player&#x27;s score is 1.71 points lower on average. We are 95 % sure the change is between -2.00 and -1.41" in rules
    assert "Both intervals leave out zero on the same side" in rules
    dash.lineup.value = "greedy,greedy"
    assert dash.search_text.value.startswith('<p class="mk-analysis-note">The bots menu does not change this section')
    dash.game.value = "ohanami"
    # a tag ends the sentence (its rule's text a link to the rule)
    assert re.search(r">O-2\.2</summary><span[^>]*><a [^>]*>[^<]*</a></span></details></p>", dash.search_text.value)
    dash.players.value = 3
    assert chart(dash, "search") == [] and "played games of 2 players only" in dash.search_text.value
    with language("fr"):
        french = AnalysisDashboard(summaries).search_text.value
    assert "est de +2,0 points en moyenne (intervalle à 95\u00a0% de -3,4 à +7,4, 18 donnes)" in french


def test_the_first_players_chances_under_good_play_are_said_from_the_search_tables():
    """The search tables' first-player win shares (summaries.json ``good_play``) open the section, as
    whole percentages with their intervals: Mandala 55 % (49-61 %) with the search on both sides
    against 53 % (48-59 %) with greedy, 300 games each; Flowers 56 % (49-62 %) against 57 % (51-64 %),
    where only greedy's interval leaves out 50 %. No interval of a difference leaves out zero, so no
    change is claimed; the sentences are in French too, with no-break spaces."""
    from mandalakit.core.messages import language
    from mandalakit.widgets.analysis.analysis import AnalysisDashboard, load_datasets

    summaries = load_datasets(ROOT / "datasets")
    said = AnalysisDashboard(summaries).search_text.value
    assert said.startswith("<p>Who wins more often, the first player or the second, when both play well? In 300 games "
                           "where both players were the sampling search bot, player 1 won 55 % of the games (95 % "
                           "interval: 49 % to 61 %). On the same deals with both players the greedy bot, player 1 won "
                           "53 % (48 % to 59 %). A fair seat wins 50 %, and 50 % is inside the interval")
    assert "(+2 wins in 100 games, 95 % interval -6 to +9) may be zero" in said
    assert "Good play changes" not in said and "helps a little" not in said
    flowers = AnalysisDashboard(summaries, game="flowers").search_text.value
    assert "player 1 won 56 % of the games (95 % interval: 49 % to 62 %)" in flowers
    assert "player 1 won 57 % (51 % to 64 %)" in flowers
    assert "With the greedy bot the whole interval is above 50 %: playing first helps a little." in flowers
    assert "(-2 wins in 100 games, 95 % interval -11 to +8) may be zero" in flowers
    ohanami = AnalysisDashboard(summaries, game="ohanami").search_text.value
    assert "In 200 games" in ohanami and "player 1 won 49 % of the games" in ohanami and "(0 wins in 100 games" in ohanami
    with language("fr"):
        french = AnalysisDashboard(summaries).search_text.value
    assert ("quand les deux jouent bien\u00a0? Dans 300 parties où les deux joueurs étaient le robot recherche par "
            "tirages, le joueur 1 a gagné 55\u00a0% des parties (intervalle à 95\u00a0%\u00a0: 49\u00a0% à 61\u00a0%)") in french
    assert not re.search(r"\S[:;?!%]", french.replace("&#x27;", "’").replace("mk-analysis", "")), french


def test_a_change_is_claimed_only_when_the_difference_leaves_out_zero():
    """Made-up shares: 70 % (63-77 %) against 50 % (43-57 %), difference +20 (+12 to +28): the paragraph
    says that playing first is an advantage under good play and that good play changes the chances."""
    from mandalakit.widgets.analysis.search_words import good_play_paragraph

    first = dict(games=200, good=dict(share=0.7, low=0.63, high=0.77, games=200),
                 one_ply=dict(share=0.5, low=0.43, high=0.57, games=200),
                 difference=dict(mean=0.2, low=0.12, high=0.28, n=200))
    said = good_play_paragraph(first)
    assert "Even with good play, playing first is an advantage: the whole interval is above 50 %" in said
    assert "Good play changes the first player&#x27;s chances: +20 wins in 100 games (95 % interval +12 to +28)." in said
    assert "may be zero" not in said and "helps a little" not in said
    first["good"].update(share=0.3, low=0.23, high=0.37)
    assert "playing first is a disadvantage: the whole interval is below 50 %" in good_play_paragraph(first)


def test_the_rules_options_under_good_play_stand_beside_greedys():
    """A made-up search effect (-3.00 points, -4.00 to -2.00) and greedy's (-1.71, -2.00 to -1.41) of the
    same option are said one after the other, each with its interval; measures other than the score
    and options the search did not play are left out."""
    from mandalakit.widgets.analysis.analysis import option_words
    from mandalakit.widgets.analysis.search_words import good_play_rules

    def row(value, effect, low, high, measure="score"):
        return dict(option="deck_exhaustion", base="reshuffle_then_last_completion", value=value, measure=measure,
                    unit="points", effect=effect, low=low, high=high, d=-0.3, pairs=200)

    said = good_play_rules([row("end_at_once", -3.0, -4.0, -2.0), row("end_at_once", -5.0, -6.0, -4.0, "decisions")],
                           [row("end_at_once", -1.71, -2.0, -1.41), row("other", 1.0, 0.5, 1.5)], option_words)
    items = re.findall(r"<li>(.*?)</li>", said)
    assert len(items) == 3 and items[2].startswith("Both intervals leave out zero on the same side")
    assert items[0].startswith("With the sampling search bot on both sides: With “game ends when the deck runs out”")
    assert "is 3.00 points lower on average. We are 95 % sure the change is between -4.00 and -2.00 points." in items[0]
    assert items[1].startswith("With the greedy bot on both sides:") and "between -2.00 and -1.41 points" in items[1]


def test_an_option_that_changes_no_score_is_said_in_words_not_drawn_as_a_flat_line():
    """Ohanami's sakura cap changes no score of these bots: the chart says so instead of a flat zero."""
    from mandalakit.widgets.analysis.analysis import AnalysisDashboard, load_datasets

    dash = AnalysisDashboard(load_datasets(ROOT / "datasets"), game="ohanami")
    assert chart(dash, "effects") == []
    drawn = dash.charts["effects"].spec["layout"]["annotations"][0]["text"].replace("<br>", " ")
    assert drawn == "No rules option changed a single score in these games (240 pairs of games): nothing to draw."
    assert "does not change in any of the 240 pairs of games" in dash.effects_text.value
    dash.game.value = "mandala"
    assert len(chart(dash, "effects")[0]["y"]) == 2  # -3.85 points and 0: drawn


def test_a_missing_ladder_is_named(tmp_path):
    """Summaries need every game's search runs: a folder without them fails with the file pattern."""
    from mandalakit.summaries import load_ladders

    with pytest.raises(FileNotFoundError, match=r"no ladder-ohanami-search-seed\*\.csv in "):
        load_ladders(tmp_path)
