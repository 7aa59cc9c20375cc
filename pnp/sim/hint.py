"""A suggested move for the player to move: the search's pick among that player's best-rated choices.

The search sees what that player sees: the state (which never holds another player's unrevealed
secret; what it shows only its owner, such as a hand, the search re-deals) and the player's own
secrets. It is seeded by the moves so far as that player's log reads them, so the same position
always gets the same suggestion and nothing hidden from the player sways it.

Its work is bounded, not timed, so that it answers within a second at any position: the game's rating
hook ranks the choices (or, without one, its greedy bot's picks in turn), the best ``CANDIDATES`` are
weighed against each other by the playouts of ``pnp sim``'s search bot in common worlds until the search
has been offered ``WORK`` inputs, and the greedy bot's favourite stands unless another did clearly better
(:func:`pnp.sim.ismcts.weigh`). Chance entries (what the dice or the deck decide), secrets and reveals are
the table's to enter, never suggested.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from pnp.errors import PnpError
from pnp.games.bots import Rater, rate_after
from pnp.games.spec import BotFactory
from pnp.referee import notation
from pnp.referee.inputs import choices
from pnp.referee.protocol import Move, State
from pnp.referee.session import Session

CANDIDATES = 8  # the best-ranked choices weighed by the search
WORK = 8_000  # inputs offered to the playouts of all the worlds together (a greedy step weighs each)
WORLDS = 4  # each candidate is tried in at least this many worlds


@dataclass(frozen=True)
class Suggestion:
    """A suggested move: for whom, in notation, as the game labels it (the notation if it has no label), and
    how many of the player's choices the search weighed."""

    player: str
    move: str
    label: str
    weighed: int
    choices: int


def suggest(current: Session) -> Suggestion:
    """The search's pick for the player to move, who must have a choice to make."""
    player = current.state.to_move()
    if player is None:
        raise PnpError("the game is over: see 'pnp ref score'")
    options = choices(current)
    if not options:
        raise PnpError(current.words("referee.hint.nothing", player=player))
    move, weighed = options[0], 1
    if len(options) > 1:
        seen = "\n".join(current.log_seen_by(player))
        rng = random.Random(f"hint:{player}:{seen}")
        move, weighed = pick(current.spec.name, current.state, options, current.own_secrets(player), rng)
    text = notation.format(current.game, move)
    return Suggestion(player, text, current.game.label(move) or text, weighed, len(options))


def pick(game: str, state: State, options: list[Move], own: Mapping[str, str], rng: random.Random) -> tuple[Move, int]:
    """The search's pick among ``options`` (two or more choices of the player to move in ``game``, who knows
    ``own``), and how many of them it weighed."""
    from pnp.sim import ISMCTS_DEPTH, ISMCTS_FULL_DEPTH, bot_factories, rater_of
    from pnp.sim.ismcts import weigh

    rater = rater_of(game)
    greedy = bot_factories(game).get("greedy")
    ranked, favourite = _ranked(state, options, own, rater, greedy, rng)
    candidates = ranked[:CANDIDATES]
    depth = ISMCTS_DEPTH if rater else ISMCTS_FULL_DEPTH
    move = weigh(state.clone(), candidates, own, rng, greedy, depth, rater, WORK, WORLDS, favourite)
    return move, len(candidates)


def _ranked(
    state: State,
    options: list[Move],
    own: Mapping[str, str],
    rater: Rater | None,
    greedy: BotFactory | None,
    rng: random.Random,
) -> tuple[list[Move], Move | None]:
    """``options`` best first by the game's rating hook, else by its greedy bot, and the favourite among them
    (None if the game has neither).

    Without a rating the greedy bot ranks by its picks in turn for as long as it picks among the options (a
    bot that would rather roll leaves the rest in the game's order); either ranks in a world the player may
    see (another's hand re-dealt), as the search plays.
    """
    if rater is None and greedy is None:
        return options, None
    mover = state.to_move() or ""
    world = state.determinise(mover, rng)
    if rater is not None:
        ranked = sorted(options, key=lambda move: -rate_after(world, move, mover, own, rater))
        return ranked, ranked[0]
    assert greedy is not None
    bot, left = greedy(rng), list(options)
    order: list[Move] = []
    while len(order) < CANDIDATES and len(left) > 1:
        best = bot(world.clone(), left, own)
        if best not in left:
            break
        order.append(best)
        left.remove(best)
    return order + left, order[0] if order else None
