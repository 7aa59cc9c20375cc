"""A canvas for a part laid partly under another: the words it hides are left out, not merely covered."""

from __future__ import annotations

from typing import Unpack

from pnp.printing.canvas import Canvas, TextStyle
from pnp.printing.forwarding import Framed


class Uncovered(Framed):
    """Draws on ``inner`` all but the texts whose baseline lies more than ``shown`` mm down the frame it is given
    (groups followed): the words under the part laid over it, which a clip would hide but the file's text layer
    would keep (copied, read aloud). Shapes are drawn as asked, for a clip to cut at the edge."""

    def __init__(self, inner: Canvas, shown: float) -> None:
        super().__init__(inner)
        self.shown = shown

    def text(self, x: float, y: float, s: str, **style: Unpack[TextStyle]) -> None:
        if self.outer(x, y)[1] <= self.shown:
            super().text(x, y, s, **style)
