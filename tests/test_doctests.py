"""The examples in the installed package's docstrings run, module by module.

Collected from ``yule`` as installed (not from the checkout's folders), so what is tested is
what ``pip install`` put in place: ``yule.core``, ``yule.netplay`` and ``yule.tui`` alike.  A
module compiled by mypyc (setup.py) keeps no docstrings: its examples are read from its source,
shipped beside it, and run in the compiled module.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import pkgutil
from pathlib import Path
from types import ModuleType

import pytest
from game_support import source_of

PARTS = ("yule.core", "yule.netplay", "yule.tui")


def _modules() -> list[str]:
    names = []
    for part in PARTS:
        package = importlib.import_module(part)
        names.append(part)
        names += [info.name for info in pkgutil.walk_packages(package.__path__, f"{part}.")]
    return sorted(names)


MODULES = _modules()


def test_every_part_of_yule_is_walked():
    assert {"yule.core.base", "yule.netplay.wire", "yule.tui.cli"} <= set(MODULES)


def examples(module: ModuleType) -> list[doctest.DocTest]:
    """The examples in the module's docstrings, a compiled module's read from its source."""
    file = Path(module.__file__ or "")
    if file.suffix == ".py":
        return doctest.DocTestFinder(exclude_empty=True).find(module, module.__name__)
    source, parser, tests = source_of(module), doctest.DocTestParser(), []
    for node in ast.walk(ast.parse(source.read_text())):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef) and (doc := ast.get_docstring(node, False)):
            where = f"{module.__name__}.{getattr(node, 'name', '')}"
            tests.append(parser.get_doctest(doc, dict(vars(module)), where, str(source), 0))
    return tests


def test_the_examples_of_a_compiled_module_are_found():
    assert len(examples(importlib.import_module("yule.core.white_elephant.state"))) >= 3


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in examples(importlib.import_module(name)):
        runner.run(test)
    results = runner.summarize(verbose=False)
    assert results.failed == 0, f"{results.failed} of {results.attempted} examples failed in {name} (printed above)"
