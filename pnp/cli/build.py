"""``pnp build``: print kits into PDF and SVG files."""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from pnp.cli.output import emit_json, say
from pnp.cli.preflight import Shop
from pnp.errors import PnpError

if TYPE_CHECKING:
    from pnp.games.spec import GameSpec, KitRequest
    from pnp.printing.parts import Kit
    from pnp.printing.render import PrintSettings, WrittenFile


class Cutter(str, Enum):
    silhouette = "silhouette"
    cricut = "cricut"


class Format(str, Enum):
    pdf = "pdf"
    svg = "svg"
    both = "both"


def _offset(text: str) -> tuple[float, float]:
    try:
        x, y = (float(part) for part in text.split(","))
    except ValueError:
        raise PnpError(f"--back-offset {text!r}: expected X,Y in millimetres, e.g. 1.5,-0.5") from None
    return x, y


DEFAULT_BLEED = 3.0  # mm
MapOpt = Annotated[Path | None, typer.Option("--map", help="A custom map for a game that has one.")]
SeedOpt = Annotated[int | None, typer.Option(help="Seed for a game whose board is generated.")]
SizeOpt = Annotated[
    str | None, typer.Option(help="Board size for a game whose board is generated (see 'pnp map new --help').")
]
VariantOpt = Annotated[
    Path | None,
    typer.Option("--variant", help="A variant file: the game's deck, texts, colours, card size, fonts and art."),
]
PlayersOpt = Annotated[
    int | None, typer.Option(help="Parts for this many players (a game with parts per player; default: its map's).")
]
LangOpt = Annotated[
    str | None, typer.Option("--lang", help="Print in this language, a translation shipped with pnp (e.g. fr).")
]


def build(
    game: Annotated[str, typer.Argument(help="A game name from 'pnp games', or 'all'.")],
    paper: Annotated[str, typer.Option(help="Paper: a4, letter, a3, tabloid, or WxH in mm (e.g. 300x400).")] = "a4",
    fmt: Annotated[Format, typer.Option("--format", help="Output format.", case_sensitive=False)] = Format.pdf,
    out: Annotated[Path, typer.Option("-o", "--out", help="Output folder, a subfolder per game.")] = Path("output"),
    bleed: Annotated[float, typer.Option(help="Bleed around cards and tokens, in mm (0 for none).")] = DEFAULT_BLEED,
    gutterfold: Annotated[
        bool, typer.Option("--gutterfold/--duplex", help="Card backs beside the fronts to fold, or on the next page.")
    ] = False,
    back_offset: Annotated[
        str, typer.Option(help="Shift back pages by X,Y mm to match your printer (see the calibration page).")
    ] = "0,0",
    ink_saver: Annotated[bool, typer.Option(help="Light fills that print well in greyscale.")] = False,
    cut_marks: Annotated[
        Cutter | None,
        typer.Option(
            help="Print-and-cut card and token sheets for this cutting machine, each with an SVG of its cut lines.",
            case_sensitive=False,
        ),
    ] = None,
    press: Annotated[
        Shop | None,
        typer.Option(
            help="Instead of the kit, each card face as this print shop takes it, in OUT/GAME/press-SHOP/.",
            case_sensitive=False,
        ),
    ] = None,
    map_file: MapOpt = None,
    seed: SeedOpt = None,
    size: SizeOpt = None,
    players: PlayersOpt = None,
    language: LangOpt = None,
    variant_file: VariantOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON manifest instead of a table.")] = False,
) -> None:
    """Print kits into OUT/GAME/: boards, card sheets, tokens, aids and a calibration page.

    Examples: pnp build all  |  pnp build aloft --paper letter --format both  |  pnp build aloft --gutterfold
    |  pnp build aloft --cut-marks silhouette  |  pnp build take-off --press tgc
    |  pnp build aeronaut-odyssey --size large --seed 7 --players 5  |  pnp build air-king --lang fr
    |  pnp build air-king --variant stormy.yaml
    """
    from pnp.files import interruptible
    from pnp.printing.overflows import located
    from pnp.printing.render import PrintSettings
    from pnp.variants.findings import overflows_located

    if press is not None:
        laid_out = {
            "--paper": paper.lower() != "a4",
            "--format": fmt is not Format.pdf,
            "--bleed": bleed != DEFAULT_BLEED,
            "--gutterfold": gutterfold,
            "--back-offset": back_offset != "0,0",
            "--ink-saver": ink_saver,
            "--cut-marks": cut_marks is not None,
        }
        _refuse_beside_press(press, [option for option, given in laid_out.items() if given])
    specs, request = kit_request(game, map_file, seed, players, {"size": size}, language, variant_file)
    settings = PrintSettings(
        paper=paper.lower(),
        bleed=bleed,
        layout="gutterfold" if gutterfold else "duplex",
        back_offset=_offset(back_offset),
        ink_saver=ink_saver,
        formats=("pdf", "svg") if fmt is Format.both else (fmt.value,),
        cut_marks=None if cut_marks is None else cut_marks.value,
    )
    # SIGTERM stops a build as Ctrl-C does: each file is whole or left as it was
    maps = [request.map_path] if request.map_path else []
    with interruptible(), overflows_located(request.variant_path, specs[0].name), located(maps):
        kits = [spec.kit(request) for spec in specs]
        if press is None:
            written = _render_all(kits, settings, out, quiet=as_json)
        else:
            written = _press_all(kits, press.value, out, quiet=as_json)
    if as_json:
        emit_json(
            {
                "out": str(out),
                "files": [
                    {
                        "path": str(f.path),
                        "format": f.format,
                        "pages": f.pages,
                        "sheets": f.sheets,
                        "components": f.components,
                        "double_sided": f.double_sided,
                    }
                    for f in written
                ],
            }
        )
    elif press is not None:
        _press_summary(written, press)
    else:
        _table(written, _ones(kits))


def kit_request(
    game: str,
    map_file: Path | None,
    seed: int | None,
    players: int | None,
    knobs: Mapping[str, Any] | None = None,
    language: str | None = None,
    variant_file: Path | None = None,
) -> tuple[list[GameSpec], KitRequest]:
    """The games ``game`` names ('all' for every one) and what their kits are asked for, checked.

    ``knobs`` are generator settings by name (None: not given), each one the game's maps let a build set;
    ``language`` is a shipped translation's code (None: English, or the variant's language), which every game
    named must have; ``variant_file`` is checked as ``pnp variant check`` checks it (its language too).
    """
    from pnp import games
    from pnp.games.spec import KitRequest
    from pnp.texts import check_language

    given = {name: value for name, value in (knobs or {}).items() if value is not None}
    if game == "all" and (map_file or seed is not None or players is not None or given or variant_file):
        raise PnpError("--map, --variant, --seed, --size and --players apply to one game: name it instead of 'all'")
    specs = list(games.REGISTRY.values()) if game == "all" else [games.get(game)]
    if map_file is not None:
        games.map_game(map_file, specs[0].name)
        _check_glyphs(map_file)
    if seed is not None and not specs[0].seeded:
        raise PnpError(f"{specs[0].title}'s kit does not depend on a seed")
    if players is not None:
        _check_players(specs[0], players)
    _check_knobs(specs[0], given, map_file)
    for spec in specs:
        if language is not None:
            check_language(spec.name, spec.title, language)
    request = KitRequest(map_path=map_file, seed=seed, players=players, knobs=given, language=language)
    return specs, request if variant_file is None else _with_variant(request, variant_file, specs[0].name)


def _with_variant(request: KitRequest, variant_file: Path, game: str) -> KitRequest:
    """``request`` with the variant's data and sections, once ``pnp variant check`` finds no error in it."""
    from pnp.games.spec import raise_first_error
    from pnp.variants.findings import check_variant
    from pnp.variants.game import read_variant, with_variant

    raise_first_error(check_variant(variant_file, game)[1])
    return with_variant(request, read_variant(variant_file, game))


def _check_glyphs(map_file: Path) -> None:
    """Refuse a map whose text holds characters no font prints, as ``pnp map check`` does."""
    from pnp.games.spec import raise_first_error
    from pnp.loader import read_yaml_text
    from pnp.printing.glyphs import findings

    raise_first_error(findings(str(map_file), read_yaml_text(map_file)))


def _check_knobs(spec: GameSpec, knobs: Mapping[str, Any], map_file: Path | None) -> None:
    """Generator settings apply to a game whose build generates its map, and not beside a map file."""
    offered = spec.maps.build_knobs if spec.maps else ()
    for name in knobs:
        option = "--" + name.replace("_", "-")
        if name not in offered:
            raise PnpError(f"{spec.title}'s kit has no {option} setting: pnp build generates no board for it")
        if map_file is not None:
            raise PnpError(f"{option} sets up a generated map: leave it out with --map, whose map has its own")


def _check_players(spec: GameSpec, players: int) -> None:
    """``--players`` applies to a game whose kit has parts per player, within the game's player counts."""
    if not spec.players_in_kit:
        raise PnpError(f"the {spec.title} kit is the same for any number of players: leave out --players")
    rules = spec.rules()
    if not rules.min_players <= players <= rules.max_players:
        raise PnpError(f"--players {players}: {spec.title} is for {rules.min_players} to {rules.max_players} players")


def _render_all(kits: list[Kit], settings: PrintSettings, out: Path, quiet: bool) -> list[WrittenFile]:
    """Render every kit under one progress bar (pages done over pages in all kits)."""
    from pnp.cli.progress import progress_bar
    from pnp.printing.render import pages_in, plan_kit, render_kit

    plans = [plan_kit(kit, settings) for kit in kits]  # planned once: for the bar's total and for drawing
    pages = [pages_in(plan) for plan in plans]
    written: list[WrittenFile] = []
    with progress_bar("building", sum(pages), quiet) as bar:
        for index, (kit, plan) in enumerate(zip(kits, plans, strict=True)):
            bar.describe(f"building {kit.title}")
            written += render_kit(kit, settings, out, bar.after(sum(pages[:index])), plan)
    return written


def _refuse_beside_press(press: Shop, options: list[str]) -> None:
    """Refuse the layout ``options`` given beside ``--press``, whose shop sets the page, bleed and format itself."""
    if options:
        shop = f"--press {press.value} lays out each card face as the shop takes it (its size, bleed and format)"
        raise PnpError(f"{shop}: leave out {', '.join(options)}")


def _press_all(kits: list[Kit], shop: str, out: Path, quiet: bool) -> list[WrittenFile]:
    """Every card face of ``kits`` for the print shop ``shop``, under one progress bar."""
    from pnp.cli.progress import progress_bar
    from pnp.export.press import export_press, face_count

    faces = [face_count(kit) for kit in kits]
    empty = [kit.title for kit, count in zip(kits, faces) if not count]
    if len(empty) == len(kits):
        raise PnpError(f"{', '.join(empty)}: no cards for a print shop; 'pnp build' prints the kit")
    written: list[WrittenFile] = []
    with progress_bar("laying out", sum(faces), quiet) as bar:
        for index, kit in enumerate(kits):
            bar.describe(f"laying out {kit.title}")
            written += export_press(kit, out, shop, bar.after(sum(faces[:index])))
    return written


def _press_summary(written: list[WrittenFile], press: Shop) -> None:
    """How many files went into each folder, and how to check the PDFs."""
    from collections import Counter

    for folder, count in Counter(f.path.parent for f in written).items():
        say(f"{folder}: {count} files")
    from pnp.printing.preflight import PRESSES

    shop = PRESSES[press.value]
    check = f" Check them with 'pnp preflight FILE.pdf --press {press.value}'." if written[0].format == "pdf" else ""
    if check and shop.pdfx:  # pnp writes RGB: the shop's own conversion comes first (docs/printing.md)
        check = (
            f" {shop.name} takes CMYK PDF/X-1a only and these are RGB: convert them with the shop's tool or a"
            f" prepress program first, then check them with 'pnp preflight FILE.pdf --press {press.value}'."
        )
    say(f"{len(written)} files.{check}")


def _ones(kits: list[Kit]) -> dict[str, str]:
    """What one card or token of each deck or token sheet in ``kits`` is called, by the deck's name."""
    from pnp.printing.parts import Deck, TokenSheet

    runs = (part for kit in kits for doc in kit.documents for part in doc.parts if isinstance(part, Deck | TokenSheet))
    return {run.name: run.one or run.name for run in runs}


def _table(written: list[WrittenFile], ones: Mapping[str, str]) -> None:
    from rich.console import Console
    from rich.table import Column, Table

    # each folder once, on a line of its own, and its files by name under it: a whole path rarely fits a terminal
    table = Table(Column("file", overflow="fold"), "pages", "sheets", "contents")
    folder = None
    for f in written:
        if f.path.parent != folder:
            folder = f.path.parent
            table.add_row(f"{folder}/", style="bold")
        table.add_row(f"  {f.path.name}", str(f.pages), str(f.sheets), contents(f.components, ones))
    Console().print(table)
    # with both formats, count each page once; a cut file is no page to print
    counted = [f for f in written if f.format == "pdf"] or [f for f in written if f.format == "svg"]
    pages, sheets = sum(f.pages for f in counted), sum(f.sheets for f in counted)
    say(f"{len(written)} files, {pages} pages on {sheets} sheets of paper. Print at 100 % (actual size).")
    duplex = [f.path for f in written if f.double_sided]
    both = [_shown(path, folders=len({path.parent for path in duplex})) for path in duplex]
    if both:
        listed = " and ".join([", ".join(both[:-1]), both[-1]] if len(both) > 1 else both)
        say(f"Print {listed} on both sides of the paper, flipped on the long edge; the rest on one side.")


def _shown(path: Path, folders: int) -> str:
    """A written file as the build's last lines name it: by its name, under its kit's folder when there are several."""
    return path.name if folders == 1 else f"{path.parent.name}/{path.name}"


def contents(components: Mapping[str, int], ones: Mapping[str, str]) -> str:
    """What a file holds: "18 balloons, 5 trucks, 1 colour card" (``ones``: what one card or token of a deck or token
    sheet is called, by its name); any other part printed once by its name alone, a numbered run of them said once
    ("rules", "player aid 1–6")."""
    from pnp.printing.pages import together

    said: list[str] = []
    once: list[str] = []
    for name, count in components.items():
        if count == 1 and name not in ones:
            once.append(name)
            continue
        said += [together(once)] if once else []
        once = []
        said.append(f"1 {ones[name]}" if count == 1 else f"{count} {name}")
    return ", ".join(said + ([together(once)] if once else []))
