"""Shared helpers for the test suite."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings
from support import games, kits, pdf, pdfium

from pnp.games import REGISTRY
from pnp.referee.driver import Table, playout, random_chooser
from pnp.referee.protocol import Setup

# Fixtures every module may ask for by name: the run's Chromium and a module's browser, a test's screenshot folder.
pytest_plugins = ("support.browser",)

# The suite never depends on random bytes or on time: Hypothesis draws each test's examples from a fixed
# seed, with no deadline per example (a loaded machine is slow, not wrong).
# HYPOTHESIS_PROFILE=explore searches afresh, for hunting bugs by hand (then pin what it finds).
settings.register_profile("deterministic", derandomize=True, deadline=None)
settings.register_profile("explore", derandomize=False, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "deterministic"))


@pytest.fixture(scope="session", autouse=True)
def _cache_folder(tmp_path_factory):
    """Slow results pnp keeps between runs (pnp.cache) go to the session's own folder, never the user's."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PNP_CACHE_DIR", str(tmp_path_factory.mktemp("pnp-cache")))
        yield


@pytest.fixture(scope="session", autouse=True)
def _bytecode_once(tmp_path_factory):
    """Where PYTHONDONTWRITEBYTECODE is set, the Python processes the tests start (``python -m pnp``, servers,
    workers) would each compile every module they import again, about a sixth of a second each: they compile
    once between them, into the session's own folder, and nothing is written beside the sources."""
    if not os.environ.get("PYTHONDONTWRITEBYTECODE"):
        yield
        return
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("PYTHONDONTWRITEBYTECODE")
        patch.setenv("PYTHONPYCACHEPREFIX", str(tmp_path_factory.mktemp("bytecode")))
        yield


@pytest.fixture(scope="session")
def printed_kits(tmp_path_factory) -> Iterator[kits.PrintedKits]:
    """Every game's default kit, printed once per session for all the tests that read it (read only)."""
    yield kits.PrintedKits(tmp_path_factory.mktemp)
    pdf.close_all()
    pdfium.close_all()


@pytest.fixture(scope="session")
def example_catalogues(tmp_path_factory) -> Path:
    """The catalogues pnp ships with the guide's example game's beside them (support.games), copied once a run."""
    return games.with_example_catalogues(tmp_path_factory.mktemp("shipped") / "catalogues")


@pytest.fixture
def example_registered(example_catalogues):
    """The guide's example game (tests/example_game) registered beside the real ones, as a new game would be: its
    spec in the registry, its catalogues where pnp finds the ones it ships."""
    with games.example_in(example_catalogues):
        yield


@pytest.fixture
def take_off_untranslated(tmp_path, monkeypatch):
    """pnp's catalogues as they would be if Take Off! shipped no French (every game does): what pnp says of a game
    not yet translated into a language, as a new game would be, without touching the files pnp ships."""
    import shutil

    shipped = games.shipped_module()
    folder = tmp_path / "catalogues"
    shutil.copytree(shipped.FOLDER, folder)
    (folder / "fr" / "take-off.yaml").unlink()
    monkeypatch.setattr(shipped, "FOLDER", folder)


def random_game(game_name: str, players: int, seed: int, **options) -> Table:
    """A whole game played by uniformly random legal moves."""
    game = REGISTRY[game_name].rules()
    names = tuple(f"p{i + 1}" for i in range(players))
    setup = Setup(players=names, options={**{o.key: o.default for o in game.options}, **options}, seed=seed)
    return playout(game, setup, random_chooser(random.Random(seed)))


def play_with_moves_and_play(cli, record: str, seed: int, limit: int = 500) -> dict:
    """Play ``record`` to its end as a program would, using only ``moves --json`` and ``play``; the final score."""
    import json
    from pathlib import Path

    from support.moves import playable_texts

    from pnp.referee import session

    rng = random.Random(seed)
    for _ in range(limit):
        listed = json.loads(cli("ref", "moves", record, "--json")[1])
        if listed["to_move"] is None:
            break
        moves = listed["moves"]
        if listed["chance"]:  # listed as a screen can tell: the deck's cards played, not those held in hands
            moves = playable_texts(session.load(Path(record)), moves)
        move = rng.choice(moves)
        code, _, err = cli("ref", "play", record, *move.split())
        assert code == 0 or move.startswith("reveal "), err  # a reveal may be refused once its value is known
    return json.loads(cli("ref", "score", record, "--json")[1])


@pytest.fixture
def cli(tmp_path, monkeypatch):
    """Run ``pnp`` in-process in a temporary folder: returns (exit code, stdout, stderr)."""
    from support.cli import run_pnp

    monkeypatch.chdir(tmp_path)

    def run(*args: str) -> tuple[int, str, str]:
        return run_pnp(list(args), monkeypatch)

    return run
