"""What the user chooses about printing (``pnp build`` options), checked on creation."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from pnp.errors import PnpError
from pnp.printing.cutting import MACHINES, Machine
from pnp.printing.paper import paper_size

FORMATS = ("pdf", "svg")
LAYOUTS = ("duplex", "gutterfold")
MAX_BLEED = 10.0
MAX_BACK_OFFSET = 20.0


@dataclass(frozen=True)
class PrintSettings:
    """Paper, bleed (mm), layout of backs, back-page correction (mm), ink saver, output formats and cutting machine."""

    paper: str = "a4"  # a name from pnp.printing.paper.PAPERS, or WxH in mm
    bleed: float = 3.0
    layout: Literal["duplex", "gutterfold"] = "duplex"
    back_offset: tuple[float, float] = (0.0, 0.0)
    ink_saver: bool = False
    formats: tuple[str, ...] = ("pdf",)
    cut_marks: Machine | None = None  # print-and-cut sheets for this cutting machine (pnp.printing.cutting)

    def __post_init__(self) -> None:
        paper_size(self.paper)  # a paper that is neither known nor WxH in range is refused here
        if not (math.isfinite(self.bleed) and 0 <= self.bleed <= MAX_BLEED):
            raise PnpError(f"bleed {self.bleed} mm: must be between 0 and {MAX_BLEED:g} mm")
        if self.layout not in LAYOUTS:
            raise PnpError(f"layout {self.layout!r}: unknown (known: {', '.join(LAYOUTS)})")
        if len(self.back_offset) != 2 or not all(
            math.isfinite(v) and abs(v) <= MAX_BACK_OFFSET for v in self.back_offset
        ):
            raise PnpError(f"back offset {self.back_offset}: needs two numbers X,Y within ±{MAX_BACK_OFFSET:g} mm")
        unknown = [f for f in self.formats if f not in FORMATS]
        if unknown or not self.formats:
            raise PnpError(f"format {', '.join(unknown) or '(none)'}: unknown (known: {', '.join(FORMATS)})")
        if self.cut_marks is not None and self.cut_marks not in MACHINES:
            raise PnpError(f"cutting machine {self.cut_marks!r}: unknown (known: {', '.join(MACHINES)})")
        if self.cut_marks is not None and self.layout == "gutterfold":
            raise PnpError(
                "--cut-marks needs one-sided or double-sided sheets: a cutter cannot cut a folded gutterfold"
            )
