"""The analysis page's section on good play, in words: what the strength ladder's games with the
search bot say, and what they cannot say.

It words one game's ``search`` summary of ``datasets/summaries.json``
(:func:`mandalakit.summaries.search_view`): the sampling search against greedy, 2 players, the
usual rules, each deal played twice so that each bot plays first once; against greedy and random
in the same design. Every number comes with its 95 % interval, and a difference whose interval
holds zero is said to be possibly none: the page claims nothing those few games cannot support.
"""

from __future__ import annotations

from html import escape

from mandalakit.core.messages import _, bot_name, ngettext

from mandalakit.widgets.lessons.rules import rule_tag

__all__ = ["search_paragraphs", "unclear"]


def unclear(estimate: dict) -> bool:
    """True if the 95 % interval of ``estimate`` (``low``, ``high``) holds zero (or is unknown)."""
    return not estimate["low"] > 0 and not estimate["high"] < 0


def _points(estimate: dict) -> dict:
    return dict(mean=estimate["mean"], low=estimate["low"], high=estimate["high"])


def search_paragraphs(view: dict, game: str) -> list[str]:
    """The section's paragraphs (HTML ``<p>``) for one game's ``search`` summary ``view``."""
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
        "What these games cannot say: they are few ({games} game), all with 2 players and the usual rules. The search "
        "bot never played the rules options, so this page cannot say whether good play changes what they do: the "
        "sections above measure them with the one-move bots only.",
        "What these games cannot say: they are few ({games} games), all with 2 players and the usual rules. The "
        "search bot never played the rules options, so this page cannot say whether good play changes what they do: "
        "the sections above measure them with the one-move bots only.", view["games"], games=view["games"]))
    return [f"<p>{escape(s)}{tag if k == 1 else ''}</p>" for k, s in enumerate(said)]
