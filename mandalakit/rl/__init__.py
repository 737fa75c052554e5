"""The games in the research frameworks: a fixed action numbering, observation tensors, a
PettingZoo environment and OpenSpiel games (issue 26, docs/rl.md).

* :mod:`mandalakit.rl.actions` - one int per move, the same in every state
  (:func:`~mandalakit.rl.actions.action_codec`); needs numpy only.
* :mod:`mandalakit.rl.observations` - flat float32 tensors of the engines' observations
  (:func:`~mandalakit.rl.observations.observation_encoder`); needs numpy only.
* :mod:`mandalakit.rl.pettingzoo` - ``env("mandala", players=2, seed=1)``: an AEC environment
  (and ``parallel_env("ohanami")``); needs ``pip install 'mandalakit[rl]'``.
* :mod:`mandalakit.rl.openspiel` - ``load("mandala")``: the games as OpenSpiel Python games
  (``python_mandalakit_mandala``); needs ``pip install 'mandalakit[rl]'``.

Every game of the registry (:data:`mandalakit.core.registry.GAMES`) is here; each declares its
numbering, tensors and the facts the frameworks need in its ``GameSpec``. Importing this package
imports neither PettingZoo nor OpenSpiel.
"""
