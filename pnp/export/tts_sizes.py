"""How large Tabletop Simulator makes an object at scale 1, and the scale that lays it on the table at its printed size.

What TTS's knowledge base says (its "Custom Objects" pages: Custom Tile, Custom Token, Custom Board, Custom Deck;
and "Save File Format"):

- a table unit is "about an inch" (Custom Tile and Custom Token, of their Thickness: "in in-game units");
- a card takes the shape of a cell of its sheet: "Decks can be square or rectangular, depending on dimensions of
  card sheet" (Custom Deck); its Sideways setting "changes the ALT zoom for cards to match sideways cards";
- a tile not stretched takes its image's shape: "If this is unchecked, your tile will stretch to fit the image
  dimensions instead" (Custom Tile, Stretch Aspect Ratio); so does a board: "The dimensions of the board will be
  based off the dimensions of the image used" (Custom Board);
- a saved object may be scaled along each axis apart (Save File Format).

What it does not say is how large each is at scale 1. Measured by others:

- a card is 80 mm (3.15 units) tall, its width following its cell: a poker card measures "approximately
  56 x 80 mm" at scale 1 (tts-deckconverter, tts/builder.go); a sideways card keeps that height, its width
  growing with its cell (the Arkham Horror card editor shoggoth, pull request 212, scales a horizontal card by
  63/88 to lay it as large as an upright one);
- a tile's longer side is 1.318 / 3.5 of a card's height, and a board is sized as a tile is (frankieliu/tts-tools,
  docs: the Clank! Legacy mod's scales against its printed boards and cards).

Those two are the figures to correct should TTS be found to differ: every scale is worked out from them here.
"""

from __future__ import annotations

MM_PER_UNIT = 25.4  # a table unit, "about an inch"
CARD_HEIGHT = 80.0 / MM_PER_UNIT  # table units: a card at scale 1, whatever its width
IMAGE_SIDE = CARD_HEIGHT * 1.318 / 3.5  # table units: the longer side of a tile or a board at scale 1


def units(mm: float) -> float:
    """A printed length in table units."""
    return mm / MM_PER_UNIT


def card_scale(height: float) -> float:
    """The scale of a card ``height`` mm tall: its width follows from its cell's shape."""
    return units(height) / CARD_HEIGHT


def image_scale(width: float, height: float) -> float:
    """The scale of a tile or a board of ``width`` x ``height`` mm, drawn on an image of that shape."""
    return units(max(width, height)) / IMAGE_SIDE
