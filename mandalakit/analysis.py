"""Statistics of tournament tables (:mod:`mandalakit.tournament`) for the analysis notebook.

Every estimate comes with a 95 % confidence interval; the effect of a rules option is also
said in words a pupil can read (:func:`effect_sentence`). Needs the ``analysis`` extra
(scipy, choix); numpy, pandas, scipy and choix are imported by the functions that use them, so
the analysis page words its stored effects (:mod:`mandalakit.summaries`) without them.

>>> from mandalakit.analysis import mean_ci
>>> [round(v, 3) for v in mean_ci([1, 0, 1, 1])]
[0.75, -0.046, 1.546]
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .core.messages import N_, _, ngettext

#: Columns that name one game of a tournament table (deal ``g`` of a cell).
GAME = ["players", "lineup", "variant", "deal"]
#: What the per-seat and per-game measures of :func:`effects` are counted in.
UNITS = {"score": N_("points"), "winning_margin": N_("points"), "decisions": N_("moves"), "reshuffles": N_("reshuffles")}


def mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    """``(mean, low, high)``: the mean and its 95 % confidence interval (Student's t).

    The interval is ``nan`` for fewer than 2 values; all three are ``nan`` for none.
    """
    import numpy as np
    from scipy import stats

    x = np.asarray(values, dtype=float)
    if len(x) == 0:
        return math.nan, math.nan, math.nan
    mean = float(x.mean())
    if len(x) < 2:
        return mean, math.nan, math.nan
    half = float(stats.t.ppf(0.975, len(x) - 1) * x.std(ddof=1) / math.sqrt(len(x)))
    return mean, mean - half, mean + half


def proportion_ci(successes: int, trials: int) -> tuple[float, float, float]:
    """``(rate, low, high)``: a proportion and its 95 % Wilson interval (scipy's ``binomtest``)."""
    from scipy import stats

    if trials == 0:
        return math.nan, math.nan, math.nan
    ci = stats.binomtest(int(successes), int(trials)).proportion_ci(0.95, method="wilson")
    return successes / trials, float(ci.low), float(ci.high)


def win_share(table):
    """Each row's share of its game's win: 1 for a sole winner, ``1/k`` for each of ``k``
    sharing winners, 0 otherwise (so the shares of a game add up to 1)."""
    winners = table.groupby(GAME, sort=False)["winner"].transform("sum")
    return table["winner"] / winners


def seat_advantage(table):
    """Win share and mean score by seat (seat 0 moves first), with 95 % intervals.

    Fair when every seat wins ``1/players`` of the games: the tables are seat-balanced, so
    any difference between seats comes from the seat, not from who sat there.

    Returns
    -------
    pandas.DataFrame
        Index ``seat``; columns ``share, share_low, share_high, score, score_low, score_high,
        games``.
    """
    import pandas as pd

    table = table.assign(share=win_share(table))
    rows = {}
    for seat, group in table.groupby("seat"):
        share, slo, shi = mean_ci(group.share)
        score, lo, hi = mean_ci(group.score)
        rows[seat] = dict(share=share, share_low=slo, share_high=shi, score=score, score_low=lo, score_high=hi,
                          games=len(group))
    return pd.DataFrame.from_dict(rows, orient="index").rename_axis("seat")


def pairwise(table):
    """Every pair of seats of one game with different bots: ``(a, b, result)``, ``result``
    1 if bot ``a`` scored more, 0 if less, 0.5 for the same score; ``a < b`` by name."""
    import numpy as np
    import pandas as pd

    seats = table[GAME + ["seat", "bot", "score"]]
    pairs = seats.merge(seats, on=GAME)
    pairs = pairs[(pairs.seat_x < pairs.seat_y) & (pairs.bot_x != pairs.bot_y)]
    swap = (pairs.bot_x > pairs.bot_y).to_numpy()
    a = np.where(swap, pairs.bot_y, pairs.bot_x)
    b = np.where(swap, pairs.bot_x, pairs.bot_y)
    lead = np.sign(np.where(swap, -1, 1) * (pairs.score_x - pairs.score_y).to_numpy())
    return pd.DataFrame({"a": a, "b": b, "result": (lead + 1) / 2})


def head_to_head(table):
    """How often bot ``a`` outscores bot ``b`` when both play in a game, with a 95 % Wilson
    interval (equal scores are counted apart, in ``ties``, and left out of the rate).

    Returns
    -------
    pandas.DataFrame
        Columns ``a, b, wins, losses, ties, rate, low, high``.
    """
    import pandas as pd

    rows = []
    for (a, b), group in pairwise(table).groupby(["a", "b"]):
        wins, losses = int((group.result == 1).sum()), int((group.result == 0).sum())
        rate, low, high = proportion_ci(wins, wins + losses)
        rows.append(dict(a=a, b=b, wins=wins, losses=losses, ties=len(group) - wins - losses,
                         rate=rate, low=low, high=high))
    return pd.DataFrame(rows, columns=["a", "b", "wins", "losses", "ties", "rate", "low", "high"])


def bradley_terry(table):
    """Bradley–Terry ratings of the bots from every pair of seats with different bots
    (:func:`pairwise`; equal scores left out), fitted by ``choix.ilsr_pairwise``.

    Returns
    -------
    pandas.Series
        Rating per bot on the Elo scale (400 points = 10 to 1 odds), mean 0: bot ``a`` is
        expected to outscore bot ``b`` with probability ``1 / (1 + 10 ** ((rb - ra) / 400))``.
        Empty if no two different bots met.
    """
    import choix
    import pandas as pd

    pairs = pairwise(table)
    pairs = pairs[pairs.result != 0.5]
    names = sorted(set(pairs.a) | set(pairs.b))
    if len(names) < 2:
        return pd.Series(dtype=float)
    index = {n: i for i, n in enumerate(names)}
    data = [(index[a], index[b]) if r == 1 else (index[b], index[a]) for a, b, r in pairs.itertuples(index=False)]
    strength = choix.ilsr_pairwise(len(names), data, alpha=1e-4)  # tiny regularisation: one bot may never lose
    elo = 400 / math.log(10) * (strength - strength.mean())
    return pd.Series(elo, index=names, name="rating")


def varied(table) -> list[str]:
    """The rules options a tournament table varies (its ``rule_<name>`` columns), in order."""
    from .tournament import OPTION_PREFIX

    return [c[len(OPTION_PREFIX):] for c in table.columns if c.startswith(OPTION_PREFIX)]


def per_game(table):
    """One row per game: its coordinates, every option column, ``decisions``,
    ``reshuffles``, ``end`` and ``winning_margin`` (the winner's lead over the runner-up, points)."""
    first = [c for c in table.columns[:table.columns.get_loc("seat")] if c not in GAME]
    games = table.groupby(GAME, sort=False).agg(
        **{c: (c, "first") for c in first}, decisions=("decisions", "first"), reshuffles=("reshuffles", "first"),
        end=("end", "first"), winning_margin=("margin", "max"))
    return games.reset_index()


def effects(table, option: str, measure: str = "score"):
    """The effect of each value of ``option`` against its first value, on ``measure``.

    Games are paired: the same player count, line-up, deal (the same shuffle, see
    :mod:`mandalakit.tournament`), seat for the per-seat ``score``, and the same values of
    every other varied option; the effect is the mean of the paired differences, with its
    95 % interval and its size ``d`` (the mean difference over the differences' standard
    deviation).

    Parameters
    ----------
    table : pandas.DataFrame
        A tournament table that varies ``option``.
    option : str
        A varied option (the table's column ``rule_<option>``).
    measure : str
        ``"score"`` (per seat) or a column of :func:`per_game`: ``"decisions"``,
        ``"winning_margin"``, ``"reshuffles"``.

    Returns
    -------
    pandas.DataFrame
        Columns ``option, base, value, measure, unit, effect, low, high, d, pairs``.
    """
    import pandas as pd

    from .tournament import OPTION_PREFIX

    options = varied(table)
    if option not in options:
        raise KeyError(f"{option!r} is not varied in this table; it varies {options}")
    column = OPTION_PREFIX + option
    rows = table if measure == "score" else per_game(table)
    keys = ["players", "lineup", "deal"] + [OPTION_PREFIX + o for o in options if o != option]
    keys += ["seat"] if measure == "score" else []
    values = list(dict.fromkeys(rows[column]))
    wide = rows.pivot_table(index=keys, columns=column, values=measure, aggfunc="first")
    out = []
    for value in values[1:]:
        diff = (wide[value] - wide[values[0]]).dropna()
        effect, low, high = mean_ci(diff)
        sd = float(diff.std(ddof=1)) if len(diff) > 1 else math.nan
        d = effect / sd if sd > 0 else 0.0 if effect == 0 else math.copysign(math.inf, effect)
        out.append(dict(option=option, base=values[0], value=value, measure=measure, unit=UNITS.get(measure, ""),
                        effect=effect, low=low, high=high, d=d, pairs=len(diff)))
    return pd.DataFrame(out)


def first_player_lead(table):
    """The first player's lead in points on each deal of a 2-player arena table
    (:func:`mandalakit.arena.arena`, runs pooled with a ``seed`` column): every deal is played once
    per seating, so the mean over its seatings of the first seat's score less the second's
    cancels which bot is stronger and keeps what moving first is worth (M-2.5, F-2.3; in Ohanami,
    O-2.2, the seat only sets who passes to whom).

    Returns
    -------
    pandas.Series
        Points (the first seat's minus the second's, averaged over the deal's seatings), one per
        deal, indexed by ``(seed, table, deal)`` (``seed`` only if the table has it).

    Raises
    ------
    ValueError
        If a game of the table has other than 2 seats.
    """
    keys = ["seed", "table", "deal"] if "seed" in table else ["table", "deal"]
    if set(table.seat) != {0, 1}:
        raise ValueError(f"the first player's lead needs 2-player games; these have seats {sorted(set(table.seat))}")
    games = table.pivot_table(index=keys + ["rotation"], columns="seat", values="score")
    return (games[0] - games[1]).groupby(level=keys).mean()


def difference_ci(a: Sequence[float], b: Sequence[float]) -> tuple[float, float, float]:
    """``(difference, low, high)``: the mean of ``a`` less the mean of ``b`` and its 95 % interval
    (Welch's t, scipy's ``ttest_ind(equal_var=False)``: the two samples may differ in size and
    spread). ``nan`` when either sample has fewer than 2 values.

    >>> [round(v, 2) for v in difference_ci([3, 5, 4, 6], [1, 2, 1, 2])]
    [3.0, 1.07, 4.93]
    """
    import numpy as np
    from scipy import stats

    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if len(a) < 2 or len(b) < 2:
        return math.nan, math.nan, math.nan
    ci = stats.ttest_ind(a, b, equal_var=False).confidence_interval(0.95)
    return float(a.mean() - b.mean()), float(ci.low), float(ci.high)


#: Names of the measures in a sentence.
MEASURES = {"score": N_("a player's score"), "winning_margin": N_("the winner's lead"),
            "decisions": N_("the number of moves"), "reshuffles": N_("the number of reshuffles")}


def size_word(d: float) -> str:
    """Cohen's words for an effect of size ``d``: very small (< 0.2), small (< 0.5),
    medium (< 0.8), large."""
    d = abs(d)
    return _("very small") if d < 0.2 else _("small") if d < 0.5 else _("medium") if d < 0.8 else _("large")


def effect_sentence(row, words=None) -> str:
    """One row of :func:`effects` in words a pupil can read.

    ``words(option, value)`` says the changed option in words (the analysis page's
    ``option_words``: ``"no cap on pink points"``); by default ``option = value (not base)``.

    >>> effect_sentence(dict(option="sakura_cap", base="15", value="none", measure="score", unit="points",
    ...                      effect=0.42, low=-0.1, high=0.94, d=0.05, pairs=400))
    "With “sakura_cap = none (not 15)” instead of the usual rule, a player's score is 0.42 points higher on average. We are 95 % sure the change is between -0.10 and +0.94 points, so it may be no change at all. A very small effect (measured on 400 pairs of games)."
    """
    what = _(MEASURES.get(row["measure"], row["measure"]))
    change = (words(row["option"], row["value"]) if words is not None
              else f"{row['option']} = {row['value']} (not {row['base']})")
    if row["effect"] == 0 and row["low"] == row["high"] == 0:
        return ngettext("With “{change}” instead of the usual rule, {what} does not change in the {n} pair of games.",
                        "With “{change}” instead of the usual rule, {what} does not change in any of the {n} pairs "
                        "of games.", int(row["pairs"]), change=change, what=what)
    direction = _("higher") if row["effect"] > 0 else _("lower")
    first = _("With “{change}” instead of the usual rule, {what} is {size:.2f} {unit} {direction} on average.",
              change=change, what=what, size=abs(row["effect"]), unit=_(row["unit"]), direction=direction)
    if row["low"] <= 0 <= row["high"]:
        sure = _("We are 95 % sure the change is between {low:+.2f} and {high:+.2f} {unit}, so it may be no change "
                 "at all.", low=row["low"], high=row["high"], unit=_(row["unit"]))
    else:
        sure = _("We are 95 % sure the change is between {low:+.2f} and {high:+.2f} {unit}.",
                 low=row["low"], high=row["high"], unit=_(row["unit"]))
    size = ngettext("A {word} effect (measured on {n} pair of games).", "A {word} effect (measured on {n} pairs of games).",
                    int(row["pairs"]), word=size_word(row["d"]))
    return f"{first} {sure} {size}"
