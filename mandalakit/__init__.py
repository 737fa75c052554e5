"""mandalakit: rules-faithful engines for Mandala, Flowers: A Mandala Game and Ohanami.

Each game is a subpackage with the same contract (see :mod:`mandalakit.core.contract`)::

    from mandalakit import ohanami
    state = ohanami.new_game(players=3, seed=7)
    state.legal_moves()[:3]
    state.apply(state.legal_moves()[0])

The rules of record are in the package, by rule id: ``mandalakit.rule_text("M-4.4")``
(see :mod:`mandalakit.core.rulebook`). ``mandalakit.set_language("fr")`` makes every refusal,
record message and board drawing French (``mandalakit.language("fr")`` for a ``with`` block;
see :mod:`mandalakit.core.messages`).

Importing this package stays cheap: games, pandas, plotting and the rules texts load on
first use.
"""

from .core.lazy import lazy

__version__ = "0.1.0"

__all__ = [
    "GAMES", "IllegalMoveError", "MandalakitError", "NotationError", "RecordError", "RulesError",
    "get_game", "get_language", "language", "rule_text", "set_language", "__version__",
]

#: Where each name of ``__all__`` is defined: loaded on first use (:mod:`mandalakit.core.lazy`).
_HOME = {
    **dict.fromkeys(["GAMES", "IllegalMoveError", "MandalakitError", "NotationError", "RecordError", "RulesError",
                     "get_game"], "core"),
    **dict.fromkeys(["get_language", "language", "set_language"], "core.messages"),
    "rule_text": "core.rulebook",
}

__getattr__, __dir__ = lazy(__name__, _HOME)
