"""A game's hooks are typed, checked by mypy, and imported only when used.

Every hook of every registered game resolves to something its hook type accepts; mypy rejects a registry entry
whose hook does not fit; and the referee's start-up never loads the print backends the kit and pictures need.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import json
import os
import re
import subprocess
import sys
import textwrap
from collections.abc import Mapping
from pathlib import Path

import pytest
from support.games import GAMES, in_child, registered

import pnp
from pnp.errors import PnpError
from pnp.games import REGISTRY, spec
from pnp.games.bots import Rater
from pnp.games.spec import GameSpec, KitRequest, Lazy, MapSupport
from pnp.texts import Entry, english
from pnp.variants.support import DataFile, data_file
from pnp.variants.variant import art_keys

pytestmark = registered  # the guide's example game is checked as a registered game too
ROOT = Path(pnp.__file__).resolve().parents[1]
# what a value hook's ``Callable[[], X]`` may give
VALUES = {"Mapping": Mapping, "type": type, "Rater": Rater, "DataFile": DataFile}


def _head(annotation: str) -> str:
    """The outer name of an annotation written as text: ``Loaded`` for ``Loaded[AeroMap]``."""
    return re.split(r"[\[ |]", annotation, maxsplit=1)[0]


def _hooks(entry: GameSpec) -> list[tuple[str, str, Lazy]]:
    """(field, its declared type, the hook) for every lazy hook of a registry entry, its maps' included."""
    found = []
    for holder in (entry, entry.maps):
        for f in dataclasses.fields(holder) if holder is not None else ():
            hook = getattr(holder, f.name)
            if isinstance(hook, Lazy):
                found.append((f.name, str(f.type), hook))
    return found


def _check_call(name: str, declared: str, hook: Lazy) -> None:
    """A hook that is called: its target takes the arguments of the hook's protocol (any, for a ``Callable[...,
    X]``) and returns what the protocol returns."""
    target = hook.target()
    signature = inspect.signature(target)
    any_arguments = re.fullmatch(r"Callable\[\.\.\., (.*)\]", declared)
    if any_arguments:
        returns = any_arguments.group(1)
    else:
        call = inspect.signature(getattr(spec, _head(declared)).__call__)
        signature.bind(*(object() for _ in list(call.parameters)[1:]))  # without self; a TypeError names the fault
        returns = call.return_annotation
    if inspect.isclass(target):  # a Game class: what it makes has the methods of a game
        made = target()
        assert all(hasattr(made, method) for method in ("new_state", "parse_move", "format_move")), name
    else:
        assert _head(str(signature.return_annotation)) == _head(returns), f"{name}: {hook} returns the wrong type"


@pytest.mark.parametrize("name", GAMES)
def test_every_hook_resolves_to_what_its_type_says(name):
    hooks = _hooks(REGISTRY[name])
    assert {"rules", "kit", "picture"} <= {field for field, _, _ in hooks}
    for field, declared, hook in hooks:
        if hook.call:
            _check_call(field, declared, hook)
        else:
            made = re.fullmatch(r"Callable\[\[\], (\w+).*", declared)
            assert made, f"{field} is not a value hook"
            assert isinstance(hook.target(), VALUES[made.group(1)]), f"{field}: {hook} is not a {made.group(1)}"


def test_every_kind_of_hook_is_declared_by_some_game_so_the_check_above_covers_it():
    kinds = {
        f.name
        for holder in (GameSpec, MapSupport)
        for f in dataclasses.fields(holder)
        if "Hook" in str(f.type) or re.match(r"Callable\[(\[\]|\.\.\.)", str(f.type))
    }
    declared = {field for entry in REGISTRY.values() for field, _, _ in _hooks(entry)}
    assert {"texts", "art", "variant_data"} <= kinds
    assert kinds == declared, f"no registered game declares {sorted(kinds - declared)}"


def test_the_catalogue_and_the_variant_check_read_texts_art_boxes_and_data_from_the_registry_entry(monkeypatch):
    """A game's words kept in its data, its art boxes and the data a variant may change are what its entry
    declares: no name is looked up by convention in one of its modules."""
    words = {"data.kite.name": Entry("Kite", "the kite's name")}
    declared = dataclasses.replace(
        REGISTRY["aloft"],
        name="kite-race",
        texts=lambda data=None: words,
        art=lambda: {"sail": "the picture on the sail"},
    )
    monkeypatch.setitem(REGISTRY, "kite-race", declared)
    assert english("kite-race")["data.kite.name"] == Entry("Kite", "the kite's name")
    assert art_keys("kite-race") == {"sail": "the picture on the sail"}
    assert data_file("kite-race") is data_file("aloft") is not None  # the entry's variant data, not by module
    monkeypatch.setitem(REGISTRY, "kite-race", dataclasses.replace(declared, texts=None, art=None, variant_data=None))
    assert "data.kite.name" not in english("kite-race")
    assert art_keys("kite-race") == {}
    assert data_file("kite-race") is None


@pytest.mark.parametrize("name", GAMES)
def test_a_kit_takes_pictures_for_the_art_boxes_its_entry_declares_and_no_other(name, tmp_path):
    known = re.escape(", ".join(art_keys(name)) or "none")
    with pytest.raises(PnpError, match=rf"^art key 'no-such-box': .* has no such art box \(known: {known}\)$"):
        REGISTRY[name].kit(KitRequest(art={"no-such-box": tmp_path / "picture.png"}))


@pytest.mark.parametrize("name", GAMES)
def test_a_games_modules_imported_from_its_package_are_the_modules_not_stand_ins(name):
    """An entry's stand-ins serve its SPEC alone: a test or a module importing ``rules`` from the package (and
    patching it) gets the module itself."""
    package = importlib.import_module(REGISTRY[name].rules.module.rpartition(".")[0])  # the rules hook is a Lazy
    left = [key for key, thing in vars(package).items() if type(thing).__name__ == "_Submodule"]
    assert left == [], f"{package.__name__} keeps stand-ins for {left}"


def test_the_signature_check_finds_a_hook_with_the_wrong_arguments():
    with pytest.raises(TypeError, match="too many positional arguments"):
        _check_call("kit", "KitHook", Lazy("os", "getcwd"))  # takes no request
    with pytest.raises(AssertionError, match="returns the wrong type"):
        _check_call("aid", "AidHook | None", Lazy("pnp.games.spec", "raise_first_error"))  # returns None


BAD_ENTRY = """
    from __future__ import annotations

    from typing import TYPE_CHECKING

    from pnp.games.spec import GameSpec, Traits, submodules

    if TYPE_CHECKING:
        from pnp.games.aloft import components, rules

        from . import parts
    else:
        components, parts, rules = submodules(__name__, "components", "parts", "rules")

    SPEC = GameSpec(
        name="kite-race",
        title="Kite Race",
        summary="Fly kites",
        traits=Traits(2, 4),
        rules=rules.Aloft,
        kit=parts.kit,
        picture=components.picture,
    )
"""
BAD_PARTS = """
    from pnp.printing.parts import Kit


    def kit(players: int) -> Kit:
        raise NotImplementedError
"""


def test_mypy_rejects_an_entry_whose_hooks_do_not_fit(tmp_path):
    package = tmp_path / "kite_race"
    package.mkdir()
    (package / "__init__.py").write_text(textwrap.dedent(BAD_ENTRY))
    (package / "parts.py").write_text(textwrap.dedent(BAD_PARTS))
    env = {**os.environ, "MYPYPATH": str(ROOT)}
    args = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"), str(package)]
    done = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False)
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert len(errors) == 1, done.stdout  # the rest of the entry, real hooks of a real game, passes
    assert '__init__.py:21: error: Argument "kit" to "GameSpec"' in errors[0]
    assert 'incompatible type "Callable[[int], Kit]"; expected "KitHook"' in errors[0]


def test_the_referee_never_loads_the_print_backends(tmp_path, example_catalogues):
    """Every game, the guide's example registered in the child as here, is played without loading reportlab."""
    script = in_child(
        """
        import contextlib, io, json, sys
        from pnp.cli.main import main
        from pnp.games import REGISTRY

        def pnp(*args):
            sys.argv = ["pnp", *args]
            out = io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
                main()
            return out.getvalue()

        pnp("ref", "--help")
        for name in REGISTRY:
            pnp("ref", "new", name, f"{name}.pnp", "--players", "ann,bob", "--seed", "1")
            move = json.loads(pnp("ref", "moves", f"{name}.pnp", "--json"))["moves"][0]
            before = open(f"{name}.pnp").read()
            pnp("ref", "play", f"{name}.pnp", *move.split())
            assert open(f"{name}.pnp").read() != before, f"{name}: {move} was not recorded"
        print(json.dumps(sorted(m for m in sys.modules if m.startswith("reportlab"))))
        """,
        example_catalogues,
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    args = [sys.executable, "-c", script]
    done = subprocess.run(args, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1]) == []
