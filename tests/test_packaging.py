"""The wheel holds every package: built from a copy of the sources (so the checkout stays
clean), its file list has every Python file of core/, netplay/ and tui/ under yule/, whatever
folder it is in, and the folder of every game the installed package knows, its rules and its
table, and the TV page's template; a game's folder left out of the build, or one that lacks its
``__init__.py``, or a template left out, fails here.  A plain build is quick: it compiles nothing
and needs nothing but setuptools; ``YULE_COMPILE=1`` asks for mypy, whose mypyc compiles the
rules engines."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

from yule.core import all_games
from yule.tui.games import GAME_UIS

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("core", "netplay", "tui")
BUILD_FILES = ("pyproject.toml", "setup.py", "README.md")


def copied_sources(tmp_path: Path) -> Path:
    """A copy of the repository's build files and packages, to build from."""
    source = tmp_path / "source"
    for folder in FOLDERS:
        shutil.copytree(ROOT / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__"))
    for name in BUILD_FILES:
        shutil.copy(ROOT / name, source / name)
    return source


def plain() -> dict[str, str]:
    """This environment, without a word about compiling: as a newcomer's ``pip install .`` has it."""
    return {name: value for name, value in os.environ.items() if name != "YULE_COMPILE"}


def built_wheel(tmp_path: Path) -> list[str]:
    """The names in the wheel built, as a plain ``pip install .`` builds it, from a copy of the
    repository's build files and packages (mypy is at hand here: a build that compiled would)."""
    source = copied_sources(tmp_path)
    out = tmp_path / "wheel"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", out, source],
        check=True, capture_output=True, timeout=120, env=plain(),
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


def build_requirements(source: Path, env: dict[str, str]) -> list[str]:
    """What building a wheel from ``source`` installs first: pyproject.toml's build requirements and
    what the build itself asks for (PEP 517's ``get_requires_for_build_wheel``)."""
    asked = subprocess.run(
        [sys.executable, "-c", "from setuptools import build_meta; print(repr(build_meta.get_requires_for_build_wheel()))"],
        cwd=source, check=True, capture_output=True, text=True, timeout=60, env=env,
    )  # fmt: skip
    static = tomllib.loads((source / "pyproject.toml").read_text())["build-system"]["requires"]
    return [*static, *ast.literal_eval(asked.stdout.splitlines()[-1])]


def test_a_plain_build_compiles_nothing_and_asks_only_for_setuptools(tmp_path):
    names = built_wheel(tmp_path)
    assert not [name for name in names if name.endswith((".so", ".pyd"))]  # pure Python: quick to build
    source = tmp_path / "source"
    assert [r.split(">")[0] for r in build_requirements(source, plain())] == ["setuptools"]
    compiling = build_requirements(source, {**plain(), "YULE_COMPILE": "1"})
    assert [r.split(">")[0] for r in compiling] == ["setuptools", "mypy"]  # mypyc: asked for, then only
