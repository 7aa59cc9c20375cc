"""The games the generic tests check: every game pnp ships, and the guide's example game, Updraft
(tests/example_game), checked as a game newly registered from docs/adding-a-game.md is.

pnp does not ship Updraft: a module that checks it too marks its tests ``registered``, whose fixture
(``example_registered``, in conftest.py) puts it in the registry, and its catalogues where pnp finds the ones it
ships, for the test's time (:func:`example_in`; a fixture of a wider scope registers it so while it works). What is
read before any test runs (a parametrization) takes the names and specs from here. A child process (``python -c``)
registers it alike with :func:`in_child`.
"""

from __future__ import annotations

import importlib
import shutil
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

import pytest
from example_game import SPEC as EXAMPLE

from pnp.games import REGISTRY
from pnp.games.spec import GameSpec

SHIPPED: tuple[str, ...] = tuple(REGISTRY)  # read at collection, before any test registers the example
GAMES = sorted({*SHIPPED, EXAMPLE.name})
SPECS: dict[str, GameSpec] = {**REGISTRY, EXAMPLE.name: EXAMPLE}
TESTS = Path(__file__).resolve().parents[1]
CATALOGUES = TESTS / "example_game" / "catalogues"  # laid out as pnp/texts/catalogues: LANGUAGE/updraft.yaml
registered = pytest.mark.usefixtures("example_registered")


def shipped_module() -> ModuleType:
    """The module ``pnp.texts.shipped`` (``pnp.texts`` names a function of it ``shipped``)."""
    return importlib.import_module("pnp.texts.shipped")


def with_example_catalogues(folder: Path) -> Path:
    """``folder``: a copy of the catalogues pnp ships, with Updraft's beside them as a shipped game's would be."""
    shutil.copytree(shipped_module().FOLDER, folder)
    for language in CATALOGUES.iterdir():
        shutil.copy(language / f"{EXAMPLE.name}.yaml", folder / language.name / f"{EXAMPLE.name}.yaml")
    return folder


@contextmanager
def example_in(catalogues: Path) -> Iterator[None]:
    """Updraft registered, and the catalogues at ``catalogues`` (made by :func:`with_example_catalogues`) read in
    place of the shipped ones, while inside."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(REGISTRY, EXAMPLE.name, EXAMPLE)
        patch.setattr(shipped_module(), "FOLDER", catalogues)
        yield


def in_child(script: str, catalogues: Path) -> str:
    """``script`` for a child's ``python -c``, run with Updraft registered and the catalogues at ``catalogues`` (made
    by :func:`with_example_catalogues`) in place of the shipped ones, as the fixture has them in this process."""
    prelude = f"""
        import importlib, pathlib, sys
        sys.path.insert(0, {str(TESTS)!r})
        from example_game import SPEC
        from pnp.games import REGISTRY
        REGISTRY[SPEC.name] = SPEC
        importlib.import_module("pnp.texts.shipped").FOLDER = pathlib.Path({str(catalogues)!r})
    """
    return textwrap.dedent(prelude) + textwrap.dedent(script)
