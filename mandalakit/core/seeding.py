"""Seeds and generators: every game and bot draws from a seeded ``numpy.random.Generator``
(never the global one), so a seed replays the same games.
"""

from __future__ import annotations

from numbers import Integral
from typing import TYPE_CHECKING

from .errors import RulesError, shown
from .messages import _
from .validators import check_flag

if TYPE_CHECKING:  # numpy is imported on first use, to keep `import mandalakit` fast
    import numpy as np

Seed = "int | np.random.Generator | None"


def make_rng(seed: Seed) -> np.random.Generator:
    """Return the ``numpy.random.Generator`` for ``seed``.

    Parameters
    ----------
    seed : int, numpy.random.Generator or None
        An int gives a reproducible PCG64 generator; a Generator is used as is (not copied);
        ``None`` draws fresh entropy from the operating system (not reproducible).
    """
    import numpy as np

    if isinstance(seed, np.random.Generator):
        return seed
    return np.random.default_rng(None if seed is None else check_seed(seed))


def game_rng(seed: Seed, manual_chance: bool) -> np.random.Generator | None:
    """The generator a new game owns: ``None`` if ``manual_chance`` (the caller then applies
    every chance outcome), else :func:`make_rng` of ``seed``.

    Raises
    ------
    RulesError
        If ``manual_chance`` is not ``True`` or ``False``, or for a bad seed.
    """
    return None if check_flag(manual_chance, "manual_chance") else make_rng(seed)


def check_seed(seed) -> int:
    """Return ``seed`` as an int; anything but a whole number >= 0 raises :class:`RulesError`."""
    if isinstance(seed, bool) or not isinstance(seed, Integral):
        raise RulesError("options", _("A seed must be a whole number, not {value}.", value=shown(seed)))
    if seed < 0:
        raise RulesError("options", _("A seed must be zero or positive, not {value}.", value=shown(seed)))
    return int(seed)


def game_seeds(seed: int, index: int) -> tuple[int, list[int]]:
    """Seed of game ``index`` and of each of its bots, derived from ``seed`` (reproducible).

    Raises :class:`RulesError` for a seed that is not a whole number >= 0.
    """
    import numpy as np

    ss = np.random.SeedSequence([check_seed(seed), index])
    words = ss.generate_state(9).tolist()
    return words[0], words[1:]


def copy_rng(rng: np.random.Generator | None) -> np.random.Generator | None:
    """An independent generator in the same state as ``rng`` (same future draws), or ``None``."""
    if rng is None:
        return None
    new = type(rng)(type(rng.bit_generator)())
    new.bit_generator.state = rng.bit_generator.state
    return new
