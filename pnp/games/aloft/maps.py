"""Checks of an Aloft board, shared by ``pnp map check`` and the referee."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.games.aloft.model import AloftBoard, AloftData, load_data
from pnp.games.spec import Finding, Findings
from pnp.loader import Loaded
from pnp.resources import board_file

if TYPE_CHECKING:
    from pnp.printing.canvas import Drawing

MARGIN = 2.0  # mm a card needs around it on a cell


def check_board(loaded: Loaded[AloftBoard], data: AloftData | None = None) -> list[Finding]:
    """Problems with a board's meaning: errors make it unplayable, warnings are advice."""

    board, source = loaded.value, loaded.source
    data = data or load_data().value
    card = data.card
    findings = Findings(source)
    add = findings.add

    if board.columns < data.trucks + 1:
        add(
            "error",
            "columns",
            f"{board.columns} columns are too narrow for a convoy of {data.trucks} trucks "
            f"that must be able to move (need at least {data.trucks + 1})",
        )
    if board.cell_width < card.width + MARGIN:
        add("error", "cell_width", f"{board.cell_width:g} mm is too narrow for a {card.width:g} mm card")
    if board.cell_height < card.height + MARGIN:
        add("error", "cell_height", f"{board.cell_height:g} mm is too short for a {card.height:g} mm card")
    balloons = len(data.balloons)
    room = ((board.rows + 1) // 2) * ((board.columns + 1) // 2) + (board.rows // 2) * (board.columns // 2)
    if room < balloons:
        add(
            "warning",
            "rows",
            f"at most {room} balloons can fly apart on this board; {balloons} exist, "
            "so the game ends on the convoy, not on the last launch",
        )
    if board.columns > data.trucks + 1 + 8 + 4:
        add("warning", "columns", "the safety truck can move more often than there are safety tokens")
    return findings


def new_board(seed: int | None) -> str:
    """A starting board to edit: the built-in one, which has no generator (the seed is not used)."""
    return board_file("aloft.yaml").read_text(encoding="utf-8")


def preview(loaded: Loaded[AloftBoard]) -> Drawing:
    """The board as the kit prints it; its column and row numbers double as the authoring grid."""
    from pnp.games.aloft.board import board_drawing

    return board_drawing(loaded.value)
