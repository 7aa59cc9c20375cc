"""Each game's default kit, built and printed once per test session for every test that reads it.

Printing a kit is most of the suite's time, and many modules read the same files (every kit's PDFs on A4
and Letter, one game's board, cards or SVG pages). :class:`PrintedKits` makes each on first request and
keeps it; the tests only read what it returns, so one printing serves them all.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from pnp.games import REGISTRY
from pnp.games.spec import KitRequest
from pnp.printing.parts import Kit
from pnp.printing.render import PrintSettings, WrittenFile, render_kit


class PrintedKits:
    """Default kits and their files, per game, paper and format; ``folder(name)`` gives each printing a folder."""

    def __init__(self, folder: Callable[[str], Path]) -> None:
        self._folder = folder
        self._kits: dict[str, Kit] = {}
        self._files: dict[tuple[str, str, str], list[WrittenFile]] = {}
        self._alone: dict[tuple[str, str, str], Path] = {}
        self._tts: dict[tuple[str, int], tuple[Kit, dict[str, Any], Path]] = {}

    def kit(self, game: str) -> Kit:
        """The game's kit as ``pnp build GAME`` makes it."""
        if game not in self._kits:
            self._kits[game] = REGISTRY[game].kit(KitRequest())
        return self._kits[game]

    def tts(self, game: str, dpi: int) -> tuple[Kit, dict[str, Any], Path]:
        """The kit as ``pnp export GAME --tts`` saves it at ``dpi`` (once per dpi): the kit, the saved object (its
        JSON) and the folder its images are in."""
        if (game, dpi) not in self._tts:
            from pnp.export.tts import export_tts

            saved = export_tts(self.kit(game), self._folder(f"tts-{game}-{dpi}"), dpi)[-1]
            self._tts[(game, dpi)] = (self.kit(game), json.loads(saved.read_text()), saved.parent)
        return self._tts[(game, dpi)]

    def files(self, game: str, paper: str = "a4", formats: tuple[str, ...] = ("pdf",)) -> list[WrittenFile]:
        """The kit printed on ``paper`` in each of ``formats`` (each format printed once, on first request)."""
        return [written for fmt in formats for written in self._printed(game, paper, fmt)]

    def pdfs(self, paper: str = "a4") -> list[Path]:
        """Every PDF of every game's kit on ``paper``."""
        return [f.path for game in REGISTRY for f in self.files(game, paper)]

    def pdf(self, game: str, stem: str, paper: str = "a4") -> Path:
        """One document of the kit, e.g. ``pdf("take-off", "map")``."""
        (path,) = [f.path for f in self.files(game, paper) if f.path.stem == stem]
        return path

    def document(self, game: str, stem: str, paper: str = "a4") -> Path:
        """One document's PDF, as ``pdf`` gives it, from the whole kit on ``paper`` if that is printed already, else
        printed alone (the same bytes): a paper only one or two modules read need not print the kit's other
        documents. Its folder holds that document only."""
        if (game, paper, "pdf") in self._files:
            return self.pdf(game, stem, paper)
        if (game, paper, stem) not in self._alone:
            kit = self.kit(game)
            alone = replace(kit, documents=tuple(d for d in kit.documents if d.name == stem))
            out = self._folder(f"{game}-{paper}-{stem}")
            files = render_kit(alone, PrintSettings(paper=paper, formats=("pdf",)), out)
            (self._alone[game, paper, stem],) = [f.path for f in files if f.path.stem == stem]
        return self._alone[game, paper, stem]

    def _printed(self, game: str, paper: str, fmt: str) -> list[WrittenFile]:
        key = (game, paper, fmt)
        if key not in self._files:
            out = self._folder(f"{game}-{paper}-{fmt}")
            self._files[key] = render_kit(self.kit(game), PrintSettings(paper=paper, formats=(fmt,)), out)
        return self._files[key]
