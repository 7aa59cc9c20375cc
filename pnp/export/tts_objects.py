"""The objects of a Tabletop Simulator saved file, with the field names of TTS's save format.

Only boards are locked: cards, tiles and dice are there to be picked up. Cards and decks say they hide when face
down and tiles that they do not (``HideWhenFaceDown``, TTS's defaults, written out: see ``tile``); each object's
``Nickname`` is the tooltip TTS shows on hover, face down too unless hidden. Field names and values follow the
save-file classes of TTS's knowledge base (``ObjectState``, ``CustomDeckState``, ``CustomImageState``,
``CustomTileState``, ``CustomDiceState``) and its scripting API's object types.
"""

from __future__ import annotations

from typing import Any

Saved = dict[str, Any]  # one object (or a part of one) of a saved game, as TTS's JSON names it

TILE_BOX, TILE_CIRCLE = 0, 2  # CustomTile.Type
DICE_SIX_SIDED = 1  # CustomDice.Type
CARD_ROUNDED = 0  # CustomDeck.Type: a card with rounded corners
TILE_THICKNESS = 0.2


def transform(scale: float, face_down: bool = False, y: float = 1.0) -> dict[str, float]:
    """An object ``scale`` times its size at scale 1 across the table (not in thickness), turned over when
    ``face_down``; at the table's centre until laid out (``place``)."""
    turn = 180.0 if face_down else 0.0
    return {
        "posX": 0.0, "posY": y, "posZ": 0.0,
        "rotX": 0.0, "rotY": turn, "rotZ": turn,
        "scaleX": scale, "scaleY": 1.0, "scaleZ": scale,
    }  # fmt: skip


def place(state: Saved, x: float, z: float) -> None:
    """Moves ``state`` to ``x``, ``z`` on the table (its centre), at its height."""
    state["Transform"] |= {"posX": round(x, 3), "posZ": round(z, 3)}


def custom_deck(face_url: str, back_url: str, columns: int, rows: int, hidden_back: bool, unique_back: bool) -> Saved:
    """One sheet of a deck (``CustomDeckState``)."""
    return {
        "FaceURL": face_url,
        "BackURL": back_url,
        "NumWidth": columns,
        "NumHeight": rows,
        "BackIsHidden": hidden_back,
        "UniqueBack": unique_back,
        "Type": CARD_ROUNDED,
    }


def card(
    name: str,
    card_id: int,
    sheets: dict[str, Saved],
    where: dict[str, float],
    sideways: bool = False,
    kind: str = "Card",
) -> Saved:
    """A card of a deck, or (``kind`` "CardCustom") a card of its own; its id is its sheet's key times 100 plus
    its cell."""
    return {
        "Name": kind,
        "Nickname": name,
        "Transform": where,
        "Locked": False,
        "HideWhenFaceDown": True,  # face down, a card shows its back and no tooltip (its title names its face)
        "CardID": card_id,
        "SidewaysCard": sideways,
        "CustomDeck": sheets,
    }


def deck(name: str, cards: list[Saved], sheets: dict[str, Saved], where: dict[str, float], sideways: bool) -> Saved:
    return {
        "Name": "DeckCustom",
        "Nickname": name,
        "Transform": where,
        "Locked": False,
        "HideWhenFaceDown": True,
        "SidewaysCard": sideways,
        "DeckIDs": [c["CardID"] for c in cards],
        "CustomDeck": sheets,
        "ContainedObjects": cards,
    }


def board(name: str, image_url: str, where: dict[str, float]) -> Saved:
    """A board, locked in place."""
    return {
        "Name": "Custom_Board",
        "Nickname": name,
        "Transform": where,
        "Locked": True,
        "CustomImage": _image(image_url),
    }


def tile(name: str, front_url: str, back_url: str, round_: bool, where: dict[str, float]) -> Saved:
    """A tile that stacks with its like; the back is the front when ``back_url`` is empty.

    A tile is not hidden when face down: its back is a picture of its own, drawn to show what the table may know of
    a piece laid face down (whose piece it is, in its player's colour), which TTS's hiding would cover as it covers
    an object in another player's hand. So the tooltip of a tile whose back hides its face must not tell the face
    either: a game titles such a piece by what its back shows, and ``name`` is that title.
    """
    shape = {"Type": TILE_CIRCLE if round_ else TILE_BOX, "Thickness": TILE_THICKNESS, "Stackable": True}
    return {
        "Name": "Custom_Tile",
        "Nickname": name,
        "Transform": where,
        "Locked": False,
        "HideWhenFaceDown": False,
        "CustomImage": _image(front_url, back_url) | {"CustomTile": shape | {"Stretch": False}},
    }


def dice(name: str, image_url: str, where: dict[str, float]) -> Saved:
    """A six-sided die whose image is TTS's d6 template filled in (``pnp.export.dice``)."""
    return {
        "Name": "Custom_Dice",
        "Nickname": name,
        "Transform": where,
        "Locked": False,
        "CustomImage": _image(image_url) | {"CustomDice": {"Type": DICE_SIX_SIDED}},
    }


def saved_file(title: str, objects: list[Saved]) -> Saved:
    """A saved-objects file: TTS's save format with just the objects filled in."""
    return {"SaveName": title, "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "", "ObjectStates": objects}


def _image(url: str, secondary: str = "") -> Saved:
    return {"ImageURL": url, "ImageSecondaryURL": secondary, "WidthScale": 0.0}
