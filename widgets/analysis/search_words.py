"""The analysis page's section on good play, in words: what the search bot's tournament games and
the strength ladder's games say, and what they cannot say.

:func:`good_play_paragraph` words one game's ``good_play`` summary of ``datasets/summaries.json``
(:func:`mandalakit.summaries.good_play_view`): the first player's win share when the search bot
plays both seats against when greedy does, on the same deals. :func:`search_paragraphs` words its
``search`` summary of ``datasets/summaries.json``
(:func:`mandalakit.summaries.search_view`): the sampling search against greedy, 2 players, the
usual rules, each deal played twice so that each bot plays first once; against greedy and random
in the same design. Every number comes with its 95 % interval, and a difference whose interval
holds zero is said to be possibly none: the page claims nothing those few games cannot support.
"""

from __future__ import annotations

from html import escape

from mandalakit.core.messages import _, bot_name, ngettext

from mandalakit.widgets.lessons.rules import rule_tag

__all__ = ["good_play_paragraph", "good_play_rules", "percent", "search_paragraphs", "unclear"]


def unclear(estimate: dict) -> bool:
    """True if the 95 % interval of ``estimate`` (``low``, ``high``) holds zero (or is unknown)."""
    return not estimate["low"] > 0 and not estimate["high"] < 0


def percent(x: float) -> str:
    """``x`` (a share from 0 to 1) as a whole percentage: ``56 %``, in French with a no-break
    space before ``%`` (the catalogue's), so a line never starts with the sign."""
    return _("{percent:.0f} %", percent=100 * x)


def _signed(x: float) -> str:
    """``x`` rounded to a whole number with its sign, ``+2``, ``-6``; ``0`` without one."""
    return f"{round(x):+d}" if round(x) else "0"


def good_play_paragraph(first: dict) -> str:
    """The paragraph (HTML ``<p>``) on the first player's win share under good play, for one game's
    ``good_play`` summary ``first``: both shares with their 95 % intervals, whether 50 % (a fair
    seat) lies in the good-play interval, and a change claimed only if the interval of the paired
    difference leaves out zero."""
    good, one_ply, difference = first["good"], first["one_ply"], first["difference"]
    said = _(
        "Who wins more often, the first player or the second, when both play well? In {games} games where both "
        "players were the {search} bot, player 1 won {good} of the games (95 % interval: {good_low} to {good_high}). "
        "On the same deals with both players the {greedy} bot, player 1 won {one} ({one_low} to {one_high}).",
        games=first["games"], search=bot_name("pimc"), greedy=bot_name("greedy"), good=percent(good["share"]),
        good_low=percent(good["low"]), good_high=percent(good["high"]), one=percent(one_ply["share"]),
        one_low=percent(one_ply["low"]), one_high=percent(one_ply["high"]))
    fair = (_("A fair seat wins 50 %, and 50 % is inside the interval: with good play, these games cannot tell "
              "whether playing first helps.") if good["low"] <= 0.5 <= good["high"] else
            _("Even with good play, playing first is an advantage: the whole interval is above 50 %, a fair seat's "
              "share.") if good["low"] > 0.5 else
            _("With good play, playing first is a disadvantage: the whole interval is below 50 %, a fair seat's share."))
    if good["low"] <= 0.5 <= good["high"] and not one_ply["low"] <= 0.5 <= one_ply["high"]:
        fair += " " + (_("With the {greedy} bot the whole interval is above 50 %: playing first helps a little.",
                         greedy=bot_name("greedy")) if one_ply["low"] > 0.5 else
                       _("With the {greedy} bot the whole interval is below 50 %: playing first is a small "
                         "disadvantage.", greedy=bot_name("greedy")))
    points = {key: _signed(100 * difference[key]) for key in ("mean", "low", "high")}
    change = (_("The difference between the two ({mean} wins in 100 games, 95 % interval {low} to {high}) may be "
                "zero: these games do not show that good play changes the first player's chances.", **points)
              if unclear(difference) else
              _("Good play changes the first player's chances: {mean} wins in 100 games (95 % interval {low} to "
                "{high}).", **points))
    return f"<p>{escape(said)} {escape(fair)} {escape(change)}</p>"


def good_play_rules(good: list[dict], one_ply: list[dict], words) -> str:
    """The rules options under good play (HTML): the effect on a player's score of each option the
    search bot played against itself (``good``, rows of ``good_play.effects``) next to the same
    option with greedy on both sides (``one_ply``, the variants table's ``greedy,greedy`` effects),
    each in :func:`mandalakit.analysis.effect_sentence`'s words (``words(option, value)``: the
    option in words), so that both 95 % intervals stand side by side."""
    from mandalakit.analysis import effect_sentence

    def score(rows):
        return {(e["option"], e["value"]): e for e in rows if e["measure"] == "score"}

    good, one_ply = score(good), score(one_ply)
    items = []
    for key, row in good.items():
        items.append("<li>" + escape(_("With the {search} bot on both sides: {sentence}", search=bot_name("pimc"),
                                       sentence=effect_sentence(row, words))) + "</li>")
        if key in one_ply:
            items.append("<li>" + escape(_("With the {greedy} bot on both sides: {sentence}", greedy=bot_name("greedy"),
                                           sentence=effect_sentence(one_ply[key], words))) + "</li>")
            if all(e["high"] < 0 for e in (row, one_ply[key])) or all(e["low"] > 0 for e in (row, one_ply[key])):
                items.append("<li>" + escape(_("Both intervals leave out zero on the same side: with good play, this "
                                               "option changes scores the same way.")) + "</li>")
    return "<p>" + escape(_("Do the rules options do the same when both players play well? The search bot played "
                            "these options against itself, on the same deals with and without the option:")) + \
        "</p><ul>" + "".join(items) + "</ul>"


def _points(estimate: dict) -> dict:
    return dict(mean=estimate["mean"], low=estimate["low"], high=estimate["high"])


def search_paragraphs(view: dict, game: str, options: bool = False) -> list[str]:
    """The section's paragraphs (HTML ``<p>``) for one game's ``search`` summary ``view``; ``options``:
    the search bot played this game's rules options (:func:`good_play_rules` says what they do)."""
    lead, greedy = view["lead"], view["greedy"]
    search, one_ply = bot_name("pimc"), bot_name("greedy")
    said = [_(
        "These {games} games come from the strength ladder: the {search} bot (the hard level: before each move it "
        "plays the game out on many guessed deals) met the {greedy} bot (it looks one move ahead), 2 players, the usual "
        "rules, each deal twice so that each bot plays first once. It won {wins} of the {games}.",
        games=view["games"], search=search, greedy=one_ply, wins=f"{view['search_wins']:g}")]
    first = _(
        "Who plays first: with the search at the table, player 1's lead over player 2 is {mean:+.1f} points on average "
        "(95 % interval {low:+.1f} to {high:+.1f}, {n} deals). Between {greedy} and {random} it is {one:+.1f} points "
        "({one_low:+.1f} to {one_high:+.1f}, {one_n} deals). We count points, not wins: the stronger bot wins from "
        "either seat, so who wins says little about the seat.", **_points(lead["search"]), n=lead["search"]["n"],
        greedy=one_ply, random=bot_name("random"), one=lead["one_ply"]["mean"], one_low=lead["one_ply"]["low"],
        one_high=lead["one_ply"]["high"], one_n=lead["one_ply"]["n"])
    difference = lead["difference"]
    first += " " + (_(
        "The difference ({mean:+.1f} points, 95 % interval {low:+.1f} to {high:+.1f}) may be zero: these games are too "
        "few to say whether good play changes the first player's advantage.", **_points(difference))
        if unclear(difference) else _(
        "With good play the first player's lead changes by {mean:+.1f} points (95 % interval {low:+.1f} to "
        "{high:+.1f}).", **_points(difference)))
    tag = ""
    if game == "ohanami":
        first += " " + _("In Ohanami everyone chooses at the same time: player 1 is only first in the passing order.")
        tag = " " + rule_tag("O-2.2")
    said.append(first)
    scores = _(
        "A stronger opponent: {greedy} scores {mean:.1f} points on average against the search (95 % interval {low:.1f} "
        "to {high:.1f}) and {one:.1f} against {random} ({one_low:.1f} to {one_high:.1f}).", greedy=one_ply,
        **_points(greedy["search"]), one=greedy["one_ply"]["mean"], one_low=greedy["one_ply"]["low"],
        one_high=greedy["one_ply"]["high"], random=bot_name("random"))
    difference = greedy["difference"]
    scores += " " + (_(
        "The difference ({mean:+.1f} points, 95 % interval {low:+.1f} to {high:+.1f}) may be zero.", **_points(difference))
        if unclear(difference) else ngettext(
        "Against good play it loses about {n} point of its score (95 % interval {low:.1f} to {high:.1f}).",
        "Against good play it loses about {n} points of its score (95 % interval {low:.1f} to {high:.1f}).",
        round(-difference["mean"]), low=-difference["high"], high=-difference["low"]) if difference["mean"] < 0 else
        ngettext("Against good play it scores about {n} point more (95 % interval {low:.1f} to {high:.1f}).",
                 "Against good play it scores about {n} points more (95 % interval {low:.1f} to {high:.1f}).",
                 round(difference["mean"]), low=difference["low"], high=difference["high"]))
    said.append(scores)
    said.append(ngettext(
        "What these games cannot say: they are few ({games} game), all with 2 players and the usual rules.",
        "What these games cannot say: they are few ({games} games), all with 2 players and the usual rules.",
        view["games"], games=view["games"]) if options else ngettext(
        "What these games cannot say: they are few ({games} game), all with 2 players and the usual rules. The search "
        "bot never played the rules options, so this page cannot say whether good play changes what they do: the "
        "sections above measure them with the one-move bots only.",
        "What these games cannot say: they are few ({games} games), all with 2 players and the usual rules. The "
        "search bot never played the rules options, so this page cannot say whether good play changes what they do: "
        "the sections above measure them with the one-move bots only.", view["games"], games=view["games"]))
    return [f"<p>{escape(s)}{tag if k == 1 else ''}</p>" for k, s in enumerate(said)]
