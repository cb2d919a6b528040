"""The imports, drawn from the files: each import of Yule's own code is relative and lands on a
file of the repository (``yule.core``, ``yule.netplay`` and ``yule.tui`` are the folders
``core/``, ``netplay/`` and ``tui/``, the tree's ``__init__.py`` making it the package
``yule``, so a reader or a tool following imports finds them where they are), and they go one
way only: tui → netplay → core, never back up."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("tui", "netplay", "core")
"""The folders, each importing only those after it."""


def module_of(path: Path) -> list[str]:
    """The installed name of a file, as parts: ``core/elf/state.py`` is ``yule.core.elf.state``."""
    parts = ["yule", *path.relative_to(ROOT).with_suffix("").parts]
    return parts[:-1] if parts[-1] == "__init__" else parts


def imports(path: Path) -> set[str]:
    """Every module of Yule's that a file imports, relative imports resolved by its folder."""
    package = module_of(path) if path.name == "__init__.py" else module_of(path)[:-1]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            name = ".".join([*base, *([node.module] if node.module else [])])
            out.add(name)
            out |= {f"{name}.{alias.name}" for alias in node.names}  # a module imported from a package
    return {name for name in out if name.split(".")[0] == "yule"}


def lands(name: str) -> bool:
    """``yule.x.y`` is a file or a package folder of the repository (or a name in one); ``yule``
    itself is the namespace the three folders share."""
    parts = name.split(".")[1:]
    if not parts:
        return True
    while parts:
        place = ROOT.joinpath(*parts)
        if place.with_suffix(".py").is_file() or (place / "__init__.py").is_file():
            return True
        parts = parts[:-1]
    return False


def test_every_import_lands_on_a_file_and_none_goes_up_a_layer():
    arrows = 0
    for layer, folder in enumerate(LAYERS):
        above = {f"yule.{f}" for f in LAYERS[:layer]}
        for path in (ROOT / folder).rglob("*.py"):
            for name in imports(path):
                assert lands(name), f"{path.relative_to(ROOT)} imports {name}: no such file"
                assert ".".join(name.split(".")[:2]) not in above, f"{path.relative_to(ROOT)} imports {name}"
                arrows += 1
    assert arrows > 100  # the files were read


def test_yules_own_code_is_imported_relatively():
    """``from ..core import Game``, not ``from yule.core import Game``: the name ``yule`` is the
    installed one, which a tool reading this tree does not find (it draws no arrow for it)."""
    absolute = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for folder in LAYERS
        for path in (ROOT / folder).rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if (isinstance(node, ast.ImportFrom) and not node.level and (node.module or "").split(".")[0] == "yule")
        or (isinstance(node, ast.Import) and any(alias.name.split(".")[0] == "yule" for alias in node.names))
    ]
    assert not absolute, absolute
