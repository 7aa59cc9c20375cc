"""Where an input sits in a picker made for a long choice (a game's answer to ``Game.picker_path``).

A choice among many inputs reads better as steps (a transport, then where it goes), a list under
headings (capitals by continent) or a grid to tap (the field's squares) than as a wall of buttons.
Everything here is in words a player reads; the page never parses notation to find it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class PickerPath:
    """The steps an input is chosen in, each a ``(question, answer)`` pair, and where its last answer sits.

    ``group``: the heading the last answer is listed under. ``cell``: its ``(row, column)`` on a grid
    whose rows and columns are named by ``rows`` and ``columns``. ``any_order``: the answers may be given in
    any order (two colour cards: either first), the questions still asked in theirs. ``colours``: the colour
    each answer is shown in, where it is a die's face of a colour ("red", "blue": a colour the page draws; None
    for another face), in the order of the steps. ``title``: what the inputs of its group choose, the page's heading
    for them ("Choose your transports"), where the words their labels begin with would say only the verb.
    """

    steps: tuple[tuple[str, str], ...]
    group: str = ""
    cell: tuple[int, int] | None = None
    rows: tuple[str, ...] = ()
    columns: tuple[str, ...] = ()
    any_order: bool = False
    colours: tuple[str | None, ...] = ()
    title: str = ""

    def to_json(self) -> dict[str, Any]:
        """The fields a button of the table page carries (those left empty are left out)."""
        data: dict[str, Any] = {"steps": [list(step) for step in self.steps]}
        if self.group:
            data["group"] = self.group
        if self.any_order:
            data["any_order"] = True
        if any(self.colours):
            data["colours"] = list(self.colours)
        if self.title:
            data["title"] = self.title
        if self.cell is not None:
            data["cell"] = list(self.cell)
            data["grid"] = {"rows": list(self.rows), "columns": list(self.columns)}
        return data
