"""`make binder-links`: Binder links from the repository's own remote, never a placeholder."""

import subprocess
import sys

import pytest

from _browser import ROOT

sys.path.insert(0, str(ROOT / "binder"))
import links  # noqa: E402  (binder/links.py: a script, not part of the package)


@pytest.mark.parametrize("remote", ["https://github.com/ada/mandalakit.git", "git@github.com:ada/mandalakit.git",
                                    "https://github.com/ada/mandalakit", "ssh://git@github.com/ada/mandalakit.git"])
def test_a_github_remote_gives_the_lab_and_voila_links(remote):
    assert links.links(remote) == {
        "JupyterLab": "https://mybinder.org/v2/gh/ada/mandalakit/HEAD?urlpath=lab/tree/notebooks/index.ipynb",
        "Voila dashboards": "https://mybinder.org/v2/gh/ada/mandalakit/HEAD?urlpath=voila/render/notebooks/index.ipynb",
    }


def test_gitlab_and_other_https_remotes_are_quoted_as_binder_reads_them():
    assert links.binder_base("https://gitlab.com/school/maths/mandalakit.git") == \
        "https://mybinder.org/v2/gl/school%2Fmaths%2Fmandalakit/HEAD"
    assert links.binder_base("https://git.example.org/mandalakit.git") == \
        "https://mybinder.org/v2/git/https%3A%2F%2Fgit.example.org%2Fmandalakit.git/HEAD"


@pytest.mark.parametrize("remote", ["/srv/git/mandalakit.git", "file:///srv/mandalakit", "https://github.com/ada"])
def test_a_remote_binder_cannot_build_is_one_sentence(remote):
    with pytest.raises(ValueError, match="Binder builds public repositories|does not name a GitHub repository"):
        links.binder_base(remote)


def test_make_binder_links_without_a_remote_says_what_to_do(tmp_path):
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True, timeout=30)
    done = subprocess.run([sys.executable, str(ROOT / "binder" / "links.py")], cwd=tmp_path, capture_output=True,
                          text=True, timeout=30)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("This clone has no remote named origin: push it to GitHub first")
    subprocess.run(["git", "-C", str(tmp_path), "remote", "add", "origin", "git@github.com:ada/mandalakit.git"],
                   check=True, timeout=30)
    done = subprocess.run([sys.executable, str(ROOT / "binder" / "links.py")], cwd=tmp_path, capture_output=True,
                          text=True, timeout=30)
    assert done.returncode == 0 and "https://mybinder.org/v2/gh/ada/mandalakit/HEAD?urlpath=voila" in done.stdout
