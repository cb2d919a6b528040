"""The examples in the installed package's docstrings run, module by module.

Collected from ``yule`` as installed (not from the checkout's folders), so what is tested is
what ``pip install`` put in place: ``yule.core``, ``yule.netplay`` and ``yule.tui`` alike.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

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


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in finder.find(module, name):
        runner.run(test)
    results = runner.summarize(verbose=False)
    assert results.failed == 0, f"{results.failed} of {results.attempted} examples failed in {name} (printed above)"
