"""A suggested move for the player to move: the search bot's pick among that player's choices.

The bot sees what that player sees: the state (which never holds another player's unrevealed
secret; what it shows only its owner, such as a hand, the search re-deals) and the player's own
secrets. It is seeded by the moves so far as that player's log reads them, so the same position
always gets the same suggestion and nothing hidden from the player sways it; its work is bounded
by the search's iterations, not by a clock. Chance entries (what the dice or the deck decide),
secrets and reveals are the table's to enter, never suggested.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pnp.errors import PnpError
from pnp.referee import notation
from pnp.referee.protocol import Move, Reveal, Secret
from pnp.referee.session import Session

BOT = "ismcts"


def choices(current: Session) -> list[Move]:
    """The moves the player to move decides now: neither chance, nor a secret, nor a reveal."""
    chance = current.state.chance()
    return [m for m in current.state.legal_moves() if m not in chance and not isinstance(m, (Secret, Reveal))]


@dataclass(frozen=True)
class Suggestion:
    """A suggested move: for whom, in notation, and as the game labels it (the notation if it has no label)."""

    player: str
    move: str
    label: str


def suggest(current: Session) -> Suggestion:
    """The search bot's pick for the player to move, who must have a choice to make."""
    player = current.state.to_move()
    if player is None:
        raise PnpError("the game is over: see 'pnp ref score'")
    options = choices(current)
    if not options:
        raise PnpError(f"{player} has nothing to decide now: enter what the dice, the cards or the secrets say")
    move = options[0] if len(options) == 1 else _search(current, player, options)
    text = notation.format(current.game, move)
    return Suggestion(player, text, current.game.label(move) or text)


def _search(current: Session, player: str, options: list[Move]) -> Move:
    from pnp.sim import bot_factories

    seen = "\n".join(current.log_seen_by(player))
    bot = bot_factories(current.spec.name)[BOT](random.Random(f"hint:{player}:{seen}"))
    return bot(current.state.clone(), options, current.own_secrets(player))
