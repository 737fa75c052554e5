"""The preheated kernels `make demo` keeps (mandalakit.widgets.server.pools): one per page, and a
lesson's worth for a class (issue 11)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mandalakit.widgets.server.pools import class_line, kernel_pools, main

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


@pytest.mark.parametrize("lesson", ["ohanami", "ohanami.ipynb"])
def test_a_lesson_gets_a_pool_of_its_pupils(lesson):
    assert kernel_pools(lesson, "30", NOTEBOOKS) == {"default": {"pool_size": 1}, "ohanami.ipynb": {"pool_size": 30}}


def test_a_french_lesson_and_the_default_of_30_pupils():
    assert kernel_pools("fr/mandala", "", NOTEBOOKS)["fr/mandala.ipynb"] == {"pool_size": 30}


def test_without_a_lesson_one_kernel_per_page():
    assert kernel_pools("", "", NOTEBOOKS) == {"default": {"pool_size": 1}}
    assert class_line(kernel_pools("", "", NOTEBOOKS)) == ""


@pytest.mark.parametrize(("lesson", "pupils"), [("../notebooks/../README", ""), ("ohanami", "٣"), ("ohanami", "0"),
                                                ("ohanami", "-3"), ("nope", "3")])
def test_bad_values_are_refused_in_one_sentence(lesson, pupils):
    with pytest.raises(SystemExit, match=r"^(LESSON|PUPILS)=.*(no page of notebooks/|from 1 to 60)"):
        kernel_pools(lesson, pupils, NOTEBOOKS)


def test_the_class_line_counts_kernels_in_words():
    assert class_line(kernel_pools("ohanami", "1", NOTEBOOKS)).startswith("a class: 1 kernel runs ohanami.ipynb ")
    assert class_line(kernel_pools("ohanami", "3", NOTEBOOKS)).startswith("a class: 3 kernels run ohanami.ipynb ")


def test_the_check_exits_2_with_the_sentence(monkeypatch, capsys):
    monkeypatch.setenv("MANDALAKIT_LESSON", "nope")
    monkeypatch.delenv("MANDALAKIT_PUPILS", raising=False)
    assert main([str(NOTEBOOKS)]) == 2
    assert capsys.readouterr().err.startswith("LESSON=nope is no page of notebooks/")
