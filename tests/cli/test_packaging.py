"""What the wheel and the source archive hold (docs/packaging.md, MANIFEST.in).

The wheel is the package alone (engines, widgets, rules texts, catalogues, the widgets'
JavaScript); the source archive is the whole kit: every notebook and dataset tracked by git,
the docs and the site's sources, the Makefile, Binder's files and the tests. Both are built with
``python -m build`` from a copy of the files git tracks (the build fetches setuptools, as
``make .venv/.test`` does).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
import zipfile

import pytest

from _browser import ROOT


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    pytest.importorskip("build")
    where = tmp_path_factory.mktemp("packaging")
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True,
                             timeout=60).stdout.decode().split("\0")
    tracked = [t for t in tracked if t and (ROOT / t).is_file()]
    copy = where / "src"
    for name in tracked:
        (copy / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, copy / name)
    done = subprocess.run([sys.executable, "-m", "build", "--outdir", str(where / "dist"), str(copy)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    wheel = zipfile.ZipFile(next((where / "dist").glob("*.whl"))).namelist()
    with tarfile.open(next((where / "dist").glob("*.tar.gz"))) as archive:
        sdist = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    return tracked, wheel, sdist


@pytest.mark.slow
def test_the_wheel_holds_the_package_and_its_data_but_no_notebook_or_dataset(built):
    _tracked, wheel, _sdist = built
    for name in ("mandalakit/ohanami/state.py", "mandalakit/widgets/play/board.py",
                 "mandalakit/widgets/static/plotly-basic.min.js", "mandalakit/rulebook/mandala.pt.md",
                 "mandalakit/locale/fr/LC_MESSAGES/mandalakit.po", "mandalakit/flowers/tiles.csv"):
        assert name in wheel, name
    assert not [n for n in wheel if n.endswith(".ipynb") or n.startswith(("datasets/", "notebooks/", "docs/"))]


@pytest.mark.slow
def test_the_source_archive_holds_every_notebook_dataset_and_the_files_make_needs(built):
    tracked, _wheel, sdist = built
    kit = [t for t in tracked if t.startswith(("notebooks/", "datasets/", "docs/", "binder/"))]
    assert len([t for t in kit if t.endswith(".ipynb")]) >= 42
    assert set(kit) <= sdist, sorted(set(kit) - sdist)[:10]
    assert {"Makefile", "mkdocs.yml", "voila.json", "README.md", "tests/_browser.py"} <= sdist
