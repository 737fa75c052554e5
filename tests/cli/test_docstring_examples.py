"""The examples in the docstrings (``>>>``) run and give what they show."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import mandalakit
import mandalakit.widgets

# widgets/ is installed as mandalakit.widgets from its own folder, so it is walked on its own;
# __main__ would run the command line.
MODULES = sorted(
    info.name
    for package in (mandalakit, mandalakit.widgets)
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + ".")
    if info.name != "mandalakit.__main__"
)


def test_every_subpackage_is_walked():
    assert {"mandalakit.core.notation", "mandalakit.ohanami.scoring", "mandalakit.widgets.lessons.ohanami"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    try:
        module = importlib.import_module(name)
    except ImportError as exc:
        if name.startswith("mandalakit.rl."):  # PettingZoo, OpenSpiel: the optional rl extra
            pytest.skip(f"the rl extra is not installed: {exc}")
        raise
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} of {result.attempted} docstring examples in {name} failed"
