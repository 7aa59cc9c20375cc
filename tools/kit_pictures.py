#!/usr/bin/env python3
"""Make the kit pictures of docs/games/kits: pages of each default kit on A4 at 100 dpi, as small PNGs.

    python3 tools/kit_pictures.py

Each kit is built as `pnp build GAME` builds it (and once more with --ink-saver for the boards' tiles), the
pages listed below are rendered by pdftoppm, and each is written with a palette of 64 colours.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "games" / "kits"
DPI = 100
COLOURS = 64

# picture name: (game, document, page from 1, built with --ink-saver)
PICTURES = {
    "aloft-board": ("aloft", "board", 1, False),
    "aloft-board-tile": ("aloft", "board", 5, False),
    "aloft-board-ink-saver": ("aloft", "board", 5, True),
    "aloft-cards": ("aloft", "cards", 1, False),
    "aloft-tokens": ("aloft", "tokens", 1, False),
    "aloft-rules": ("aloft", "rules", 1, False),
    "aloft-player-aids": ("aloft", "player-aids", 1, False),
    "air-king-field-mat": ("air-king", "field-mat", 1, False),
    "air-king-field-mat-tile": ("air-king", "field-mat", 2, False),
    "air-king-field-mat-ink-saver": ("air-king", "field-mat", 2, True),
    "air-king-cards": ("air-king", "cards", 1, False),
    "air-king-rules": ("air-king", "rules", 1, False),
    "air-king-player-aids": ("air-king", "player-aids", 1, False),
    "hauling-astronauts-game": ("hauling-astronauts", "game", 1, False),
    "hauling-astronauts-rules": ("hauling-astronauts", "rules", 1, False),
    "hauling-astronauts-player-aids": ("hauling-astronauts", "player-aids", 1, False),
    "aeronaut-odyssey-board": ("aeronaut-odyssey", "board", 1, False),
    "aeronaut-odyssey-rules": ("aeronaut-odyssey", "rules", 1, False),
    "aeronaut-odyssey-player-aids": ("aeronaut-odyssey", "player-aids", 1, False),
    "take-off-map": ("take-off", "map", 1, False),
    "take-off-map-tile": ("take-off", "map", 8, False),
    "take-off-cards": ("take-off", "cards", 1, False),
    "take-off-jets-and-dice": ("take-off", "jets-and-dice", 1, False),
    "take-off-rules": ("take-off", "rules", 1, False),
    "take-off-player-aids": ("take-off", "player-aids", 1, False),
}


def build(game: str, ink_saver: bool, folder: Path) -> Path:
    """The game's kit built into ``folder`` (a subfolder per ink setting); the game's own folder."""
    out = folder / ("ink-saver" if ink_saver else "colour")
    flags = ["--ink-saver"] if ink_saver else []
    subprocess.run(
        [sys.executable, "-m", "pnp", "build", game, *flags, "-o", str(out)], check=True, capture_output=True, cwd=ROOT
    )
    return out / game


def main() -> None:
    with tempfile.TemporaryDirectory() as temp:
        built: dict[tuple[str, bool], Path] = {}
        for name, (game, document, page, ink_saver) in PICTURES.items():
            if (game, ink_saver) not in built:
                built[game, ink_saver] = build(game, ink_saver, Path(temp))
            stem = Path(temp) / name
            subprocess.run(
                [
                    "pdftoppm",
                    "-r",
                    str(DPI),
                    "-f",
                    str(page),
                    "-l",
                    str(page),
                    "-singlefile",
                    "-png",
                    str(built[game, ink_saver] / f"{document}.pdf"),
                    str(stem),
                ],
                check=True,
            )
            picture = Image.open(stem.with_suffix(".png")).convert("RGB")
            small = picture.quantize(COLOURS, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
            small.save(OUT / f"{name}.png", optimize=True)
            print(f"{name}.png: {(OUT / f'{name}.png').stat().st_size // 1000} kB")


if __name__ == "__main__":
    main()
