"""What pyproject.toml cannot say for the build: Yule's packages are found, not listed, and the
rules engines that search and replays play most are compiled with mypyc when asked for.

pyproject.toml maps the top-level folders core/, netplay/ and tui/ to yule.core, yule.netplay
and yule.tui (its ``package-dir``); every package folder beneath them is found here, so a new
game's folder ships in the wheel without being named anywhere.

``pip install .`` builds a pure-Python wheel, quickly: nothing stands between a newcomer and the
first game.  With ``YULE_COMPILE=1`` in its environment, the modules of :data:`COMPILED` are
compiled to C extensions by mypyc, which ships with mypy: the build asks for mypy then, and only
then (setuptools installs what ``setup_requires`` names into the build's own environment, as
pyproject.toml's build requirements), and the wheel holds each module's extension beside its
``.py``, which Python imports.  Their ``.py`` is the fallback, always shipped: without a C
compiler (or without mypy, in a build without isolation) the extensions are left out with a
warning and the wheel is pure Python.  An editable install (``pip install -e .``) never compiles,
so an edit of a source always takes effect.

mypyc names a module by its path, so it compiles a copy of core/ laid out as installed
(``build/mypyc/src/yule/core``): ``yule.core.white_elephant.state``, whose relative imports then
name the right modules.
"""

import os
import shutil
import sys
import tomllib
from pathlib import Path

from setuptools import Extension, find_packages, setup

HERE = Path(__file__).resolve().parent
MAPPING: dict[str, str] = tomllib.loads((HERE / "pyproject.toml").read_text())["tool"]["setuptools"]["package-dir"]
"""Each installed package and its folder: ``{"yule.core": "core", ...}``."""

COMPILED = (
    "yule/core/moves.py",
    "yule/core/white_elephant/cards.py",
    "yule/core/white_elephant/moves.py",
    "yule/core/white_elephant/state.py",
    "yule/core/gift_exchange/moves.py",
    "yule/core/gift_exchange/state.py",
    "yule/core/gift_exchange/text.py",
    "yule/core/gift_list/cards.py",
    "yule/core/gift_list/greedy.py",
    "yule/core/gift_list/moves.py",
    "yule/core/gift_list/state.py",
    "yule/core/gift_list/search.py",
    "yule/core/white_rabbit/cards.py",
    "yule/core/white_rabbit/moves.py",
    "yule/core/white_rabbit/state.py",
)
"""The modules compiled with mypyc, as paths in the installed layout: the rules engines' moves
and positions, which every replay, playout and search runs through (and Gift List's greedy rules
and search, which its playouts run for every seat)."""


COMPILING = os.environ.get("YULE_COMPILE") == "1"
"""True when the build was asked to compile :data:`COMPILED` (``YULE_COMPILE=1``)."""

MYPYC = "mypy>=2.4,<3"
"""What compiles them: mypyc ships with mypy."""


def compiled_extensions() -> list[Extension]:
    """The extensions of :data:`COMPILED`, each optional (a failed compile leaves its ``.py``);
    none unless ``YULE_COMPILE=1``, for an editable install, or when mypyc is not at hand."""
    if not COMPILING or "bdist_wheel" not in sys.argv:
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("warning: mypyc is not installed: Yule's rules engines are left in pure Python", file=sys.stderr)
        return []
    stage = HERE / "build" / "mypyc"
    source, ignore = HERE / MAPPING["yule.core"], shutil.ignore_patterns("__pycache__")
    shutil.rmtree(stage / "src", ignore_errors=True)  # nothing left from an earlier build's sources
    shutil.copytree(source, stage / "src" / "yule" / "core", ignore=ignore)
    here = os.getcwd()
    os.chdir(stage / "src")  # mypyc names each module by its path from here
    try:
        extensions = mypycify(["--explicit-package-bases", *COMPILED], group_name="yule", target_dir=str(stage / "c"))
    finally:
        os.chdir(here)
    for extension in extensions:
        extension.optional = True  # no compiler: the wheel goes without it
    return extensions


setup(
    packages=[
        package
        for name, folder in MAPPING.items()
        for package in (name, *(f"{name}.{sub}" for sub in find_packages(str(HERE / folder))))
    ],
    ext_modules=compiled_extensions(),
    setup_requires=[MYPYC] if COMPILING else [],
)
