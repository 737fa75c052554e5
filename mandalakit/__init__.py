"""mandalakit: rules-faithful engines for Mandala, Flowers: A Mandala Game and Ohanami.

Each game is a subpackage with the same contract (see :mod:`mandalakit.core.contract`)::

    from mandalakit import ohanami
    state = ohanami.new_game(players=3, seed=7)
    state.legal_moves()[:3]
    state.apply(state.legal_moves()[0])

Importing this package stays cheap: games, pandas and plotting load on first use.
"""

from .core import (
    GAMES,
    IllegalMoveError,
    MandalakitError,
    NotationError,
    RecordError,
    RulesError,
    get_game,
)

__version__ = "0.1.0"

__all__ = [
    "GAMES", "IllegalMoveError", "MandalakitError", "NotationError", "RecordError", "RulesError",
    "get_game", "__version__",
]
