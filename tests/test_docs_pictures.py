"""Every picture the game pages show exists and is a PNG; the kit thumbnails stay small."""

from __future__ import annotations

import re
from pathlib import Path

DOCS = Path(__file__).parents[1] / "docs" / "games"
PICTURE = re.compile(r"!\[[^\]]*\]\(([^)]+\.png)\)")


def test_game_pages_show_their_kits_as_pictures_that_exist():
    shown = {page.stem: PICTURE.findall(page.read_text(encoding="utf-8")) for page in DOCS.glob("*.md")}
    for game in ("aloft", "air-king", "hauling-astronauts"):
        assert shown[game], f"docs/games/{game}.md shows no picture of its kit"
    for page, links in shown.items():
        for link in links:
            path = DOCS / link
            assert path.is_file(), f"{page}.md: {link} is missing"
            assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", link
            if link.startswith("kits/"):  # the kit pictures are thumbnails
                assert path.stat().st_size < 100_000, link
