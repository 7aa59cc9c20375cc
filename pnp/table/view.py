"""What one viewer sees of a session, as the JSON of ``/state``: a seat sees its own secrets, the host none.

Everything is derived from the replayed record. Another seat's hidden moves appear as the game's
public text, commitments as "entered their SLOT (hidden)", and no digest or salt is ever shown.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any, TypeVar

from pnp.printing.render import drawing_to_screen_svg
from pnp.referee import notation
from pnp.referee.protocol import Reveal, Secret
from pnp.referee.session import Session

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
PICTURES_KEPT = 32  # state pictures kept drawn: a table of six, with the host screen, over a few versions
_PICTURES: dict[tuple[Path, str, str | None], str] = {}  # by (record, version, viewer), oldest first


def state_json(current: Session, seat: str | None) -> dict[str, Any]:
    """The state as ``seat`` may see it (None: the host's shared screen, which holds no secrets)."""
    state, to_move = current.state, current.state.to_move()
    buttons = _buttons(current, seat) if seat is not None and seat == to_move else []
    return {
        "game": current.spec.title,
        "seat": seat,
        "players": list(current.setup.players),
        "to_move": to_move,
        "stage": state.stage(),
        "moves": [button["move"] for button in buttons],
        "buttons": buttons,
        "picture": _picture(current, seat),
        "private": current.private_view(seat, current.own_secrets(seat)) if seat is not None else {},
        "score": state.score().to_json(),
        "log": [
            {"n": n, "player": player, "text": text}
            for n, ((player, _), text) in enumerate(zip(current.played, current.log_seen_by(seat)), 1)
        ],
        "version": current.last_hash,
    }


def _picture(current: Session, seat: str | None) -> str:
    """The state picture for ``seat``, drawn once per version of the record and viewer.

    Every page refetches the state after each change; a large picture (Take Off's world
    map) takes most of a second to draw, so it is drawn once, not once per page.
    """

    def draw() -> str:
        return drawing_to_screen_svg(current.spec.picture(current.state, seat))

    return remembered(_PICTURES, (current.path, current.last_hash, seat), PICTURES_KEPT, draw)


def remembered(cache: dict[K, V], key: K, kept: int, make: Callable[[], V]) -> V:
    """``cache[key]``, made by ``make`` if missing; past ``kept`` entries the oldest is forgotten."""
    if key not in cache:
        value = make()  # made first: a failure leaves the cache as it was
        if len(cache) >= kept:
            del cache[next(iter(cache))]
        cache[key] = value
    return cache[key]


def _buttons(current: Session, seat: str) -> list[dict[str, Any]]:
    """Every input legal now, with a readable label, its verb, its kind and a chance input's probability
    as ``seat`` can work it out."""
    game = current.game
    chance = current.state.odds(seat)
    buttons = []
    for move in current.state.legal_moves():
        text = notation.format(game, move)
        kind = "secret" if isinstance(move, Secret) else "reveal" if isinstance(move, Reveal) else "choice"
        if move in chance:
            kind = "chance"
        buttons.append(
            {
                "move": text,
                "label": game.label(move) or text,
                "verb": text.split()[0],
                "kind": kind,
                "probability": chance.get(move),
            }
        )
    return buttons
