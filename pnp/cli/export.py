"""``pnp export``: card and token faces as PNG for print shops, decks for Tabletop Simulator."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Annotated

import typer

from pnp.cli.build import DEFAULT_BLEED, LangOpt, MapOpt, PlayersOpt, SeedOpt, VariantOpt, kit_request
from pnp.cli.output import emit_json, say
from pnp.errors import PnpError


def export(
    game: Annotated[str, typer.Argument(help="A game name from 'pnp games', or 'all'.")],
    png: Annotated[bool, typer.Option("--png", help="One PNG per card and token face, for a print shop.")] = False,
    tts: Annotated[
        bool,
        typer.Option(
            "--tts",
            help="The whole kit for Tabletop Simulator: decks, tokens, dice, pieces, boards, in one saved object.",
        ),
    ] = False,
    dpi: Annotated[
        int, typer.Option(help="Resolution in dots per inch (TTS images stay within 4096 px a side).")
    ] = 300,
    out: Annotated[Path, typer.Option("-o", "--out", help="Output folder, a subfolder per game.")] = Path("output"),
    bleed: Annotated[
        bool, typer.Option("--bleed/--no-bleed", help=f"PNG: {DEFAULT_BLEED:g} mm bleed, or the cut size.")
    ] = True,
    url: Annotated[
        str, typer.Option(help="TTS: where the images will be, put before each file name (e.g. file:///C:/tts/).")
    ] = "",
    map_file: MapOpt = None,
    variant_file: VariantOpt = None,
    seed: SeedOpt = None,
    players: PlayersOpt = None,
    language: LangOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON manifest instead of a summary.")] = False,
) -> None:
    """Export images into OUT/GAME/png/ and OUT/GAME/tts/.

    Examples: pnp export aloft --png --dpi 300  |  pnp export air-king --tts  |  pnp export all --png --no-bleed
    """
    from pnp.cli.progress import progress_bar
    from pnp.export.png import export_png, face_count
    from pnp.export.raster import MAX_DPI, MIN_DPI
    from pnp.export.tts import export_tts, step_count
    from pnp.files import interruptible
    from pnp.variants.findings import overflows_located

    if not (png or tts):
        raise PnpError("say what to export: --png, --tts, or both")
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise PnpError(f"--dpi {dpi}: must be between {MIN_DPI} and {MAX_DPI}")
    url = _folder_url(url)
    specs, request = kit_request(game, map_file, seed, players, language=language, variant_file=variant_file)
    written: list[Path] = []
    # SIGTERM stops as Ctrl-C does: each file is whole or left as it was
    with interruptible(), overflows_located(request.variant_path, specs[0].name):
        kits = [spec.kit(request) for spec in specs]
        faces = [face_count(kit) if png else 0 for kit in kits]  # each kit's images and TTS steps, counted once
        steps = [step_count(kit) if tts else 0 for kit in kits]
        with progress_bar("exporting", sum(faces) + sum(steps), quiet=as_json) as bar:
            done = 0
            for kit, kit_faces, kit_steps in zip(kits, faces, steps):
                bar.describe(f"exporting {kit.title}")
                if png:
                    written += export_png(kit, out, dpi, DEFAULT_BLEED if bleed else 0.0, bar.after(done))
                if tts:
                    written += export_tts(kit, out, dpi, url, bar.after(done + kit_faces))
                done += kit_faces + kit_steps
    notes = [
        f"{kit.title} has no cards or tokens to export as PNG; 'pnp build {kit.game}' prints its sheets"
        for kit, kit_faces in zip(kits, faces)
        if png and not kit_faces
    ]
    if tts and not url:  # TTS loads an image from an address: a bare file name loads nothing
        notes.append("the TTS images are named by file alone: give --url where TTS will find them (docs/export.md)")
    if as_json:
        emit_json({"out": str(out), "files": [str(path) for path in written], "notes": notes})
        return
    for note in notes:
        say(note)
    for folder, count in Counter(path.parent for path in written).items():
        say(f"{folder}: {count} files")
    say(f"{len(written)} files.")


def _folder_url(url: str) -> str:
    """``--url`` as the address of a folder, to put before each image's name (a "/" added where it has none);
    one line for what is no web or file address."""
    if not url:
        return ""
    if not re.match(r"(https?|file)://", url, re.IGNORECASE):
        raise PnpError(
            f"--url {url!r}: give the address of the images' folder, as https://example.org/kit/ or file:///C:/tts/"
        )
    return url if url.endswith("/") else url + "/"
