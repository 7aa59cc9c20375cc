"""The inputs legal now as one viewer is offered them: what every front end lists (the terminal's
``pnp ref moves``, the page's buttons, the hint's choices).

Each input has its notation, the game's label of it, its verb, its kind (a player's ``choice``, a
``chance`` entry the dice or deck decide, a ``secret`` to seal or a ``reveal``), its probability as
the viewer can work it out, where the game gives one, the path a picker reaches it by, and for a secret
or a reveal, its slot in words ("goal card", "burn for round 2").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from pnp.errors import PnpError
from pnp.referee import notation, rounds
from pnp.referee.picking import PickerPath
from pnp.referee.protocol import Move, Reveal, Secret, State

if TYPE_CHECKING:
    from pnp.referee.session import Session

Kind = Literal["choice", "chance", "secret", "reveal"]


@dataclass(frozen=True)
class Input:
    """One legal input as a viewer is offered it."""

    move: Move
    text: str
    label: str
    kind: Kind
    probability: float | None
    path: PickerPath | None
    secret: str | None = None  # a secret's or a reveal's slot in words: what is sealed or shown

    @property
    def verb(self) -> str:
        """The input's first word in notation ("fly", "roll", "secret")."""
        return self.text.split()[0]

    def to_json(self) -> dict[str, Any]:
        """The input as a button of the table page (and ``pnp ref moves --json``) carries it."""
        return {
            "move": self.text,
            "label": self.label,
            "verb": self.verb,
            "kind": self.kind,
            "probability": self.probability,
            **(self.path.to_json() if self.path is not None else {}),
            **({"secret": self.secret} if self.secret is not None else {}),
        }


def kind_of(move: Move, chance: Mapping[Move, float]) -> Kind:
    """Whose input ``move`` is: the dice's or deck's (listed in ``chance``), a secret, a reveal or a choice."""
    if move in chance:
        return "chance"
    return "secret" if isinstance(move, Secret) else "reveal" if isinstance(move, Reveal) else "choice"


def legal_inputs(current: Session, viewer: str | None) -> list[Input]:
    """Every input legal now as ``viewer`` is offered it: all of them to the player to move, none to another
    player (they may name the mover's hand), and all to None (the table's shared terminal)."""
    game, state, words = current.game, current.state, current.words
    if viewer is not None and viewer != state.to_move():
        return []
    chance = state.odds(viewer)
    inputs, player = [], state.to_move() or ""
    offered = current.offered(viewer)
    ending = _ending(state, [move for move in offered if kind_of(move, chance) == "choice"])
    for move in offered:
        text = notation.format(game, move)
        label = game.label(move) or text
        if move in ending:
            label = words("referee.ends", move=label)
        secret = None
        if isinstance(move, (Secret, Reveal)):  # the round sealed or shown now, for a round's secret
            done = current.commitments if isinstance(move, Secret) else current.revealed()
            secret = rounds.named(game, words, rounds.next_slot(game, player, move.slot, done), state, player)
        if isinstance(move, Secret) and move.slot in game.round_secrets:  # "(burn for round 2: everyone seals, ...)"
            label = words("referee.round.label", move=label, secret=secret, everyone=words("referee.everyone"))
        path = game.picker_path(state, move)
        inputs.append(Input(move, text, label, kind_of(move, chance), chance.get(move), path, secret))
    return inputs


def _ending(state: State, choices: list[Move]) -> set[Move]:
    """The ``choices`` that end the game where another would not: a player should not end it unawares (one who
    declines a last departure, say, when nothing else could ever change)."""
    ends = set()
    for move in choices:
        after = state.clone()
        try:
            after.apply(move)
        except PnpError:  # listed, yet refused once tried: it is the move's own refusal to give, when played
            continue
        if after.is_over():
            ends.add(move)
    return ends if len(ends) < len(choices) else set()


def choices(current: Session) -> list[Move]:
    """The inputs the player to move decides now: neither chance, nor a secret, nor a reveal."""
    chance = current.state.chance()
    return [move for move in current.state.legal_moves() if kind_of(move, chance) == "choice"]
