"""``pnp map``: check, start, preview and describe custom maps."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from pnp.cli.findings import show_findings
from pnp.cli.output import say
from pnp.errors import DataError, PnpError
from pnp.files import write_atomic
from pnp.games.spec import Finding, GameSpec, MapSupport, raise_first_error

if TYPE_CHECKING:
    from pnp.loader import Loaded


app = typer.Typer(
    help=(
        "Author custom maps: a map that passes 'check' prints with 'pnp build GAME --map FILE' and referees "
        "with 'pnp ref new GAME RECORD --map FILE'.\n\nExample: pnp map new take-off -o my-map.yaml"
    ),
    no_args_is_help=True,
    add_completion=False,
)


def _map_game(path: Path, game: str | None) -> tuple[GameSpec, MapSupport]:
    """The registry entry for a map file (from --game, or the file's ``game:`` key) and its map hooks."""
    from pnp import games

    spec = games.map_game(path, game)
    return spec, _maps(spec)


def _maps(spec: GameSpec) -> MapSupport:
    if spec.maps is None:
        raise PnpError(f"{spec.title} has no map to customise")
    return spec.maps


def _findings(maps: MapSupport, loaded: Loaded[Any]) -> list[Finding]:
    """What the game's check finds in a map, then any text in it that no font prints."""
    from pnp.printing.glyphs import findings

    return maps.check(loaded) + findings(loaded.source.name, loaded.source.text)


def _overflows(spec: GameSpec, path: Path) -> list[Finding]:
    """Each part of the map's kit with a text too long for its box even at 6 pt (``pnp.printing.overflows``)."""
    from pnp.games.spec import KitRequest
    from pnp.printing.overflows import built_overflows, written_at

    found = built_overflows(lambda: spec.kit(KitRequest(map_path=path)))
    return [Finding("error", written_at(overflow.text, [path]) or str(path), str(overflow)) for overflow in found]


@app.command()
def check(
    map_file: Annotated[Path, typer.Argument(help="The map to check.")],
    game: Annotated[str | None, typer.Option(help="The game, if the file has no 'game:' key.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the findings as JSON.")] = False,
) -> None:
    """Check a map's structure and meaning: errors exit 1, balance warnings exit 0.

    Example: pnp map check my-map.yaml --json
    """
    spec = None
    try:
        spec, maps = _map_game(map_file, game)
        findings = _findings(maps, maps.load(map_file))
        if not any(f.level == "error" for f in findings):
            findings += _overflows(spec, map_file)
    except DataError as exc:  # the file cannot be read as a map at all: that is its one finding
        message = f"{exc.path}: {exc.message}" if exc.path else exc.message
        findings = [Finding("error", exc.where, message, exc.path)]
    valid = f"a valid {spec.title} map" if spec else "a map"
    show_findings(map_file, spec.name if spec else game, findings, as_json, valid)


@app.command()
def new(
    game: Annotated[str, typer.Argument(help="The game the map is for.")],
    out: Annotated[Path, typer.Option("-o", "--out", help="Where to write the YAML map.")],
    seed: Annotated[int | None, typer.Option(help="Seed, for a game whose maps are generated.")] = None,
    size: Annotated[str | None, typer.Option(help="Generator: board size (tiny, small, regular, large, huge).")] = None,
    players: Annotated[int | None, typer.Option(help="Generator: the number of players the map is for.")] = None,
    pages: Annotated[int | None, typer.Option(help="Generator: print over 1, 4 or 9 pages.")] = None,
    ink_friendly: Annotated[bool | None, typer.Option("--ink-friendly", help="Generator: light fills.")] = None,
    expansions: Annotated[str | None, typer.Option(help="Generator: comma-separated expansions to include.")] = None,
) -> None:
    """Write a valid, commented starting map to edit: the built-in one, or a generated one.

    Example: pnp map new aeronaut-odyssey --seed 7 --size small --expansions trajectories -o m.yaml
    """
    import secrets

    from pnp import games

    spec = games.get(game)
    maps = _maps(spec)
    if out.exists():
        raise PnpError(f"{out}: already exists (choose another name, or remove it)")
    given = {
        "size": size,
        "players": players,
        "pages": pages,
        "ink_friendly": ink_friendly,
        "expansions": tuple(e.strip() for e in expansions.split(",") if e.strip()) if expansions else None,
    }
    knobs = {name: value for name, value in given.items() if value is not None}
    unknown = [name for name in (*knobs, *(["seed"] if seed is not None else [])) if name not in maps.knobs]
    if unknown:
        offered = ", ".join(f"--{k.replace('_', '-')}" for k in maps.knobs) or "none"
        raise PnpError(f"{spec.title} maps have no --{unknown[0].replace('_', '-')} setting (settings: {offered})")
    chosen = bool(knobs) and seed is None
    if chosen:
        seed = secrets.randbelow(1_000_000)
    write_atomic(out, maps.new(seed, **knobs))
    made = ""
    if seed is not None:
        again = f", chosen at random: add --seed {seed} to the same command to make this map again" if chosen else ""
        made = f" (seed {seed}{again})"
    say(f"wrote {out}{made}: edit it, then run 'pnp map check {out}'")


@app.command()
def preview(
    map_file: Annotated[Path, typer.Argument(help="The map to draw.")],
    out: Annotated[Path, typer.Option("-o", "--out", help="OUT.svg or OUT.pdf")],
    game: Annotated[str | None, typer.Option(help="The game, if the file has no 'game:' key.")] = None,
    watch: Annotated[
        bool, typer.Option("--watch", help="Draw again at every save of the file (the error line while it is broken).")
    ] = False,
) -> None:
    """Draw a map as the kit would, with an authoring grid and labels.

    Example: pnp map preview m.yaml -o m.svg (add --watch to redraw at every save, until Ctrl-C)
    """
    from pnp.printing.render import write_drawing

    if out.suffix.lower() not in (".svg", ".pdf"):
        raise PnpError(f"{out}: the preview is written as .svg or .pdf")

    def draw() -> None:
        _spec, maps = _map_game(map_file, game)
        loaded = maps.load(map_file)
        raise_first_error(_findings(maps, loaded))  # a map that check refuses is not drawn
        write_drawing(maps.preview(loaded), out)

    if watch:
        from pnp.cli.watching import watch as watch_file

        watch_file(map_file, out, draw)
        return
    draw()
    say(f"wrote {out}")


@app.command()
def schema(game: Annotated[str, typer.Argument(help="The game whose map format to describe.")]) -> None:
    """Print the JSON Schema of a game's map format, for editors.  Example: pnp map schema take-off > s.json"""
    from pnp import games
    from pnp.jsonschema import schema_for

    spec = games.get(game)
    model = _maps(spec).model()
    document = schema_for(model, f"{spec.title} map")
    root = document["$defs"][model.__name__]
    root["properties"] = {
        "game": {"const": spec.name, "description": "The game this map is for."},
        **root["properties"],
    }
    root["required"] = ["game", *root.get("required", [])]
    say(json.dumps(document, indent=2))
