"""The wheel holds every package: built from a copy of the sources (so the checkout stays
clean), its file list has every Python file of core/, netplay/ and tui/ under yule/, whatever
folder it is in, and the folder of every game the installed package knows, its rules and its
table, and the TV page's template; a game's folder left out of the build, or one that lacks its
``__init__.py``, or a template left out, fails here."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from yule.core import all_games
from yule.tui.games import GAME_UIS

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("core", "netplay", "tui")
BUILD_FILES = ("pyproject.toml", "setup.py", "README.md")


def built_wheel(tmp_path: Path) -> list[str]:
    """The names in the wheel built from a copy of the repository's build files and packages."""
    source = tmp_path / "source"
    for folder in FOLDERS:
        shutil.copytree(ROOT / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__"))
    for name in BUILD_FILES:
        shutil.copy(ROOT / name, source / name)
    out = tmp_path / "wheel"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", out, source],
        check=True, capture_output=True, timeout=120, env={**os.environ, "YULE_COMPILE": "0"},  # what is shipped, quickly
    )  # fmt: skip
    (wheel,) = out.glob("yule-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        return archive.namelist()


def test_the_wheel_holds_every_package_folder_and_every_game(tmp_path):
    names = set(built_wheel(tmp_path))
    sources = {f"yule/{p.relative_to(ROOT).as_posix()}" for f in FOLDERS for p in (ROOT / f).rglob("*.py")}
    assert sources <= names, sorted(sources - names)
    for name in [g.name for g in all_games()]:
        assert f"yule/core/{name.replace('-', '_')}/__init__.py" in names, name
    for name in GAME_UIS:  # the games with a table in the terminal
        assert f"yule/tui/{name.replace('-', '_')}/__init__.py" in names, name
    pages = {f"yule/{p.relative_to(ROOT).as_posix()}" for p in (ROOT / "tui").rglob("*.html")}
    assert pages and pages <= names, sorted(pages - names)  # the TV page's template (yule watch --web)
