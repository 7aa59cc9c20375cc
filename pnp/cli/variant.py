"""``pnp variant``: start, check, preview and describe variant files (a game's data changed by a designer)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from pnp.cli.findings import show_findings
from pnp.cli.output import say
from pnp.errors import PnpError
from pnp.files import write_atomic

GameOpt = Annotated[str | None, typer.Option(help="The game, if the file has no 'game:' key.")]

app = typer.Typer(
    help=(
        "Author variants: a game's deck mix, texts, colours, card size, fonts and art changed in one YAML file. "
        "A variant that passes 'check' prints with 'pnp build GAME --variant FILE' and referees with "
        "'pnp ref new GAME RECORD --variant FILE'.\n\nExample: pnp variant new air-king -o stormy.yaml"
    ),
    no_args_is_help=True,
    add_completion=False,
)


@app.command()
def new(
    game: Annotated[str, typer.Argument(help="The game the variant is for.")],
    out: Annotated[Path, typer.Option("-o", "--out", help="Where to write the YAML variant.")],
) -> None:
    """Write the game's whole data as a variant to edit, every key with its meaning and bounds.

    Example: pnp variant new air-king -o stormy.yaml
    """
    from pnp import games
    from pnp.variants.template import new_variant

    spec = games.get(game)
    if out.exists():
        raise PnpError(f"{out}: already exists (choose another name, or remove it)")
    write_atomic(out, new_variant(spec.name, spec.title))
    say(f"wrote {out}: edit it, then run 'pnp variant check {out}'")


@app.command()
def check(
    variant_file: Annotated[Path, typer.Argument(help="The variant to check.")],
    game: GameOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the findings as JSON.")] = False,
    untranslated: Annotated[
        bool,
        typer.Option(
            "--untranslated",
            help="Print only the texts that still print in English, as a 'texts:' block to translate and paste in.",
        ),
    ] = False,
) -> None:
    """Check a variant: errors exit 1; warnings exit 0, and the variant prints (a warning tells of a change the
    referee does not play, texts left in English, or a text nothing prints).

    Example: pnp variant check stormy.yaml --json (or --untranslated, for what a translation has left to do)
    """
    from pnp import games
    from pnp.variants.findings import check_variant, overflow_findings, untranslated_block

    if untranslated:
        say(untranslated_block(variant_file, game).rstrip("\n"))
        return
    name, findings = check_variant(variant_file, game)
    if name is not None and not any(finding.level == "error" for finding in findings):
        findings += overflow_findings(variant_file, name)
    valid = f"a valid {games.get(name).title} variant" if name else "a variant"
    show_findings(variant_file, name, findings, as_json, valid)


@app.command()
def preview(
    variant_file: Annotated[Path, typer.Argument(help="The variant to draw.")],
    out: Annotated[Path, typer.Option("-o", "--out", help="OUT.svg or OUT.pdf")],
    game: GameOpt = None,
    watch: Annotated[
        bool, typer.Option("--watch", help="Draw again at every save of the file (the error line while it is broken).")
    ] = False,
) -> None:
    """Draw a variant's cards as its kit prints them.

    Example: pnp variant preview stormy.yaml -o stormy.pdf (add --watch to redraw at every save, until Ctrl-C)
    """
    from pnp.variants.preview import named_files, write_preview

    if not watch:
        write_preview(variant_file, out, game)
        say(f"wrote {out}")
        return
    from pnp.cli.watching import watch as watch_file

    def draw() -> None:
        write_preview(variant_file, out, game)

    watch_file(variant_file, out, draw, beside=lambda: named_files(variant_file, game))


@app.command()
def schema(game: Annotated[str, typer.Argument(help="The game whose variant format to describe.")]) -> None:
    """Print the JSON Schema of a game's variant files, for editors.

    Example: pnp variant schema air-king > air-king-variant.schema.json
    """
    from pnp import games
    from pnp.jsonschema import schema_for
    from pnp.variants.variant import variant_model

    spec = games.get(game)
    model = variant_model(spec.name)
    document = schema_for(model, f"{spec.title} variant")
    root = document["$defs"][model.__name__]
    game_key = {"const": spec.name, "description": "The game this variant is for."}
    root["properties"] = {"game": game_key, **root["properties"]}
    root["required"] = ["game", *root.get("required", [])]
    say(json.dumps(document, indent=2))
