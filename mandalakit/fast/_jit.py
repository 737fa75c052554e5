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
