"""Tabletop Simulator's six-sided die image: its template filled with a die's faces.

TTS's d6 template (``Modding/Dice Templates`` in its install folder) is a square of 3 x 3 cells. The top
row is not shown on the die; the middle row holds faces 2, 4 and 5, the bottom row 1, 3 and 6, and the
faces 1 and 6 stand upside down there so that they read the right way up on the die.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

CELLS = 3  # a side of the template, in cells
# value -> (column, row, turned upside down)
PLACES = {2: (0, 1, False), 4: (1, 1, False), 5: (2, 1, False), 1: (0, 2, True), 3: (1, 2, False), 6: (2, 2, True)}


def template(faces: Sequence[Image.Image]) -> Image.Image:
    """The template image for square ``faces`` given in the order 1 to 6, white where the die shows nothing."""
    side = faces[0].width
    image = Image.new("RGB", (CELLS * side, CELLS * side), "white")
    for value, face in enumerate(faces, 1):
        column, row, turned = PLACES[value]
        image.paste(face.rotate(180) if turned else face, (column * side, row * side))
    return image
