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

from pnp.errors import PnpError
from pnp.referee.protocol import Move, Reveal, Secret
from pnp.referee.session import Session

BOT = "ismcts"


def choices(current: Session) -> list[Move]:
    """The moves the player to move decides now: neither chance, nor a secret, nor a reveal."""
    chance = current.state.chance()
    return [m for m in current.state.legal_moves() if m not in chance and not isinstance(m, (Secret, Reveal))]


def suggest(current: Session, player: str) -> Move:
    """The search bot's pick for ``player``, who must be the player to move and have a choice to make."""
    to_move = current.state.to_move()
    if to_move != player:
        raise PnpError(f"it is {to_move or 'nobody'}'s turn, not {player}'s: a suggestion is for the player to move")
    options = choices(current)
    if not options:
        raise PnpError(f"{player} has nothing to decide now: enter what the dice, the cards or the secrets say")
    if len(options) == 1:
        return options[0]
    from pnp.sim import bot_factories

    seen = "\n".join(current.log_seen_by(player))
    bot = bot_factories(current.spec.name)[BOT](random.Random(f"hint:{player}:{seen}"))
    return bot(current.state.clone(), options, current.own_secrets(player))
