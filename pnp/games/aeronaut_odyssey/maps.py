"""``pnp map`` hooks for Aeronaut Odyssey: check, new (generated), preview and the model."""

from __future__ import annotations

from pathlib import Path

from pnp.games.aeronaut_odyssey.mapgen import Knobs, generate
from pnp.games.aeronaut_odyssey.model import AeroMap, load_map
from pnp.games.aeronaut_odyssey.validate import check_map
from pnp.games.aeronaut_odyssey.writer import to_yaml
from pnp.games.spec import Finding
from pnp.loader import Loaded
from pnp.printing.canvas import Drawing
from pnp.resources import board_file


def default_map() -> Path:
    """The built-in map, generated from seed 0 with the default knobs."""
    return board_file("aeronaut-odyssey.yaml")


def new(
    seed: int | None,
    *,
    size: str = "regular",
    players: int = 4,
    pages: int = 1,
    ink_friendly: bool = False,
    expansions: tuple[str, ...] = (),
) -> str:
    """A commented map: generated from ``seed`` with the knobs, or the built-in map without a seed."""
    if seed is None:
        return default_map().read_text(encoding="utf-8")
    return to_yaml(generate(seed, Knobs(size, players, pages, ink_friendly, tuple(expansions))))


def model() -> type:
    """The dataclass a map file is read into (for ``pnp map schema``)."""
    return AeroMap


def load(path: Path) -> Loaded[AeroMap]:
    """Read a map file; its meaning is checked by ``check``."""
    return load_map(Path(path))


def check(loaded: Loaded[AeroMap]) -> list[Finding]:
    """Every error and warning, located at its item."""
    return check_map(loaded)


def preview(loaded: Loaded[AeroMap]) -> Drawing:
    """The map drawn as printed, with an authoring grid and labels."""
    from pnp.games.aeronaut_odyssey.components import preview as draw_preview

    return draw_preview(loaded)
