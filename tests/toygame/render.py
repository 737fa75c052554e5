"""Toy's drawings: the seat's hand as click targets ``card:<n>``, and the score screen."""

from __future__ import annotations

from html import escape

from mandalakit.core import svg as _svg
from mandalakit.core.errors import RulesError

W, CARD = 420, 40


def _name(state, seat: int, player: int, names) -> str:
    return names[seat] if names else ("You" if seat == player else f"Player {seat + 1}")


def render_svg(state, player=None, *, marks=None, width=None, names=None, you=None) -> str:
    player = state.viewer(player)
    obs = state.observation(player)
    parts = [f'<text x="10" y="20">Last card: {obs.last or "-"}; deck: {obs.deck_size}</text>']
    for seat, (size, score) in enumerate(zip(obs.hand_sizes, obs.scores)):
        parts.append(f'<text x="10" y="{45 + 20 * seat}">{escape(_name(state, seat, player, names))}: '
                     f'{size} cards, {score} points</text>')
    y = 60 + 20 * state.num_players
    for i, card in enumerate(obs.hand):
        body = f'<rect x="{10 + 50 * i}" y="{y}" width="{CARD}" height="{CARD}" fill="#fff" stroke="#222"/>' \
               f'<text x="{20 + 50 * i}" y="{y + 25}">{card}</text>'
        parts.append(_svg.target(f"card:{card}", f"card {card}", (10 + 50 * i, y, CARD, CARD), body, marks))
    height = y + CARD + 10
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {height}" width="{width or W}" '
            f'style="max-width:100%">{"".join(parts)}</svg>')


def render_scores(state, player=None, *, width=None, names=None, you=None) -> str:
    if not state.is_terminal():
        raise RulesError("T-3", "The game is not over yet.")
    player = state.viewer(player)
    result = state.result()
    winners = " and ".join(_name(state, p, player, names) for p in result.winners)
    lines = [f'<text x="10" y="{20 + 20 * s}">{escape(_name(state, s, player, names))}: {score}</text>'
             for s, score in enumerate(result.scores)]
    y = 30 + 20 * state.num_players
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {y + 20}" width="{width or W}">'
            f'{"".join(lines)}<text x="10" y="{y}">{escape(winners)} win{"s" if len(result.winners) == 1 else ""}!'
            f'</text></svg>')
