"""What pyproject.toml cannot say for the build: Yule's packages are found, not listed.

pyproject.toml maps the top-level folders core/, netplay/ and tui/ to yule.core, yule.netplay
and yule.tui (its ``package-dir``); every package folder beneath them is found here, so a new
game's folder ships in the wheel without being named anywhere.
"""

import tomllib
from pathlib import Path

from setuptools import find_packages, setup

HERE = Path(__file__).resolve().parent
MAPPING: dict[str, str] = tomllib.loads((HERE / "pyproject.toml").read_text())["tool"]["setuptools"]["package-dir"]
"""Each installed package and its folder: ``{"yule.core": "core", ...}``."""

setup(
    packages=[
        package
        for name, folder in MAPPING.items()
        for package in (name, *(f"{name}.{sub}" for sub in find_packages(str(HERE / folder))))
    ]
)
