"""Names of a package that load with their modules on first use (PEP 562).

``mandalakit`` and ``mandalakit.core`` name their main classes and functions at the top
(``from mandalakit import RulesError``), yet importing them loads nothing: the ``mandalakit``
command imports :mod:`mandalakit.core.interrupts` first thing, to handle Ctrl-C and ``kill``
before numpy and the engines load (issue 19), and a notebook's ``import mandalakit`` stays cheap.
"""

from __future__ import annotations

import sys
from importlib import import_module


def lazy(package: str, homes: dict[str, str]):
    """The module-level ``__getattr__`` and ``__dir__`` of ``package`` (its ``__name__``): each
    name of ``homes`` is looked up in its module (``{"RulesError": "core.errors"}``, relative to
    ``package``) when first asked for, then kept. Any other name raises ``AttributeError``, so
    ``from package import submodule`` still imports the submodule."""
    namespace = sys.modules[package].__dict__

    def __getattr__(name: str):
        if name not in homes:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = namespace[name] = getattr(import_module(f"{package}.{homes[name]}"), name)
        return value

    def __dir__():
        return sorted({*namespace, *homes})

    return __getattr__, __dir__
