"""The compiler of the fast kernels: numba's ``njit`` when the ``fast`` extra is installed.

Without numba the kernels run as plain Python on the same numpy arrays: the same games, only
far slower, so the callers (:mod:`mandalakit.simulate`, :mod:`mandalakit.tournament`, ``bench``)
use the reference engines instead (:func:`compiled`).
"""

from __future__ import annotations

try:  # the optional extra: pip install 'mandalakit[fast]'
    import numba
except ImportError:  # pragma: no cover - exercised where numba is missing
    numba = None


def compiled() -> bool:
    """True if the kernels are compiled by numba (the ``fast`` extra is installed)."""
    return numba is not None


def njit(function):
    """``numba.njit`` with an on-disk cache (compiled once per machine), or ``function`` itself."""
    if numba is None:
        return function
    return numba.njit(cache=True, nogil=True)(function)


def shared(function, *callees):
    """``function``, a plain function of a game package that its reference engine calls too
    (its scoring), compiled by :func:`njit` for the kernels; ``callees`` are the plain
    functions it calls, made callable from compiled code (numba's ``register_jitable``) and left
    plain for the engine. Without numba: ``function`` itself."""
    if numba is None:
        return function
    from numba.extending import register_jitable

    for callee in callees:
        register_jitable(callee)
    return njit(function)
