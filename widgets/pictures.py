"""Pictures for the landing page and the lessons, drawn by the engines (no widget library).

:func:`game_gallery` shows one seeded game of each kind, part-way through, as a picture with
its name and one line: what a pupil sees first on the landing page. The pictures are not links:
links in a cell's output open a new tab in Voila, so the page's own text links the lessons.

>>> from mandalakit.widgets.pictures import game_gallery, players
>>> html = game_gallery().data
>>> html.count("<svg") == 3 and "Ohanami" in html and "Seat 0" not in html
True
>>> players(3)
['Player 1', 'Player 2', 'Player 3']
"""

from __future__ import annotations

from html import escape

import numpy as np
from IPython.display import HTML

from mandalakit.core.messages import N_, _
from mandalakit.core.registry import get_game

__all__ = ["game_gallery", "midgame", "players"]

#: Each game of the gallery: (name, players, decisions played before the picture, its line).
GALLERY = (
    ("ohanami", 2, 14, N_("Draft cards and lay them in rows that grow from either end.")),
    ("mandala", 2, 16, N_("Two players, two mandalas: collect colours in your river and your cup.")),
    ("flowers", 3, 9, N_("Play colours onto three mandalas and pair tiles into Flowers.")),
)
#: The games' names as people write them.
TITLES = {"ohanami": N_("Ohanami"), "mandala": N_("Mandala"), "flowers": N_("Flowers")}
#: The number of players each game takes, in words.
PLAYER_COUNTS = {"ohanami": N_("2 to 4 players"), "mandala": N_("2 players"), "flowers": N_("2 to 4 players")}


def players(n: int) -> list[str]:
    """The seats' names a pupil reads: ``Player 1`` ... ``Player n`` (translated)."""
    return [_("Player {n}", n=seat + 1) for seat in range(n)]


def midgame(game: str, num_players: int, decisions: int, seed: int = 2026):
    """A seeded game of ``game`` after ``decisions`` moves of greedy bots: a position worth a
    picture (cards in rows, mountains and fields, cards on the mandalas).

    Raises ``KeyError`` for an unknown game (see :func:`mandalakit.core.registry.get_game`).
    """
    spec = get_game(game)
    state = spec.new_game(num_players, seed=seed)
    bots = [spec.bots["greedy"](seed=seed + seat) for seat in range(num_players)]
    rng = np.random.default_rng(seed)
    for _step in range(decisions):
        if state.is_terminal():
            break
        seat = state.current_player
        moves = state.legal_moves()
        # Mostly the greedy bots' moves, sometimes another legal one: a position that looks played.
        move = bots[seat].choose(state.observation(seat), moves) if rng.random() < 0.8 else \
            moves[int(rng.integers(len(moves)))]
        state.apply(move)
    return state


def game_gallery() -> HTML:
    """The three games as pictures side by side (one under the other on a phone), each with its
    name, its number of players and one line."""
    cards = []
    for game, num, decisions, line in GALLERY:
        state = midgame(game, num, decisions)
        svg = state.to_svg(0, names=players(num))
        title = escape(_(TITLES[game]))
        cards.append(
            f'<figure class="mk-game-card" style="flex:1 1 280px;max-width:420px;margin:0;'
            'border:1px solid #bbb;border-radius:10px;padding:8px">'
            f'<div style="font-size:1.25em;font-weight:bold">{title}</div>'
            f'<div style="color:#444">{escape(_(PLAYER_COUNTS[game]))}</div>'
            f'<div class="mk-game-picture" role="img" aria-label="{title}">{svg}</div>'
            f'<figcaption>{escape(_(line))}</figcaption></figure>')
    style = "<style>.mk-game-picture svg{width:100%;height:auto;max-height:360px}</style>"
    return HTML(style + '<div class="mk-gallery" style="display:flex;flex-wrap:wrap;gap:12px">'
                + "".join(cards) + "</div>")
