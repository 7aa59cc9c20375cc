"""Updraft's rules in play: secret lucky faces; rounds of secret burns revealed together, then turns of drift or
roll; the lucky faces revealed at the end."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from enum import IntEnum
from types import MappingProxyType

from example_game.model import Column, UpdraftData
from example_game.notation import UpdraftMove
from pnp.errors import IllegalMove
from pnp.games.base import BaseState, NextStep, ranked, wrong_stage
from pnp.referee.protocol import Commit, Move, PlayerScore, Reveal, Score, Secret, Stage
from pnp.texts import Catalogue

SLOT = "lucky"  # sealed once, at set-up
BURN = "burn"  # sealed every round: the referee keeps each round apart (burn1, burn2, ...)


class Phase(IntEnum):
    """Where a game is, in order: lucky faces sealed, burns sealed, burns shown, flying, the reveal, over."""

    LUCKY, SEAL, SHOW, FLY, REVEAL, OVER = range(6)


LUCKY, SEAL, SHOW, FLY, REVEAL, OVER = Phase
STAGES: dict[Phase, Stage] = {LUCKY: "set-up", SEAL: "play", SHOW: "play", FLY: "play", REVEAL: "reveal", OVER: "over"}
NEXT_STEP = {  # what the player to move does next; guided: the words give the command
    LUCKY: NextStep("{who}, choose your lucky face with 'pnp ref secret'"),
    SEAL: NextStep("{who}, choose this round's burn with 'pnp ref secret'"),
    SHOW: NextStep("{who}, reveal this round's burn with 'pnp ref reveal'"),
    FLY: NextStep("{who}, drift or roll the die", guided=False),
    REVEAL: NextStep("{who}, reveal your lucky face with 'pnp ref reveal'"),
    OVER: NextStep("see the result with 'pnp ref score'"),
}


class UpdraftState(BaseState):
    """Altitudes, fuel and the faces rolled by seat, the round, and the lucky faces revealed so far; the session's
    ``words``, which its picture and the board in words speak."""

    MUTABLE = ("altitude", "fuel", "rolled", "lucky")
    NESTED = ("rolled",)

    def __init__(self, data: UpdraftData, column: Column, players: tuple[str, ...], words: Catalogue) -> None:
        self.data, self.column, self.players, self.words = data, column, players, words
        self.phase, self.round = LUCKY, 1
        self.altitude = [0] * len(players)
        self.fuel = [data.fuel] * len(players)
        self.rolled: list[list[int]] = [[] for _ in players]
        self.lucky: dict[int, int] = {}  # seat -> revealed face
        faces = Counter(column.die)
        self.rolls: Mapping[Move, float] = MappingProxyType(  # shared by every clone, so read-only
            {UpdraftMove("roll", face): count / len(column.die) for face, count in sorted(faces.items())}
        )

    def is_over(self) -> bool:
        return self.phase == OVER

    def stage(self) -> Stage:
        return STAGES[self.phase]

    def next_step(self) -> NextStep:
        step = NEXT_STEP[self.phase]
        return NextStep(step.text.format(who=self.to_move()), step.guided)

    def legal_moves(self) -> list[Move]:
        if self.phase == LUCKY:
            return [Secret(SLOT, str(face)) for face in sorted(set(self.column.die))]
        if self.phase == SEAL:
            most = min(self.data.max_burn, self.fuel[self.seat])
            return [Secret(BURN, str(burn)) for burn in range(most + 1)]
        if self.phase == SHOW:
            return [Reveal(BURN)]
        if self.phase == FLY:
            return [UpdraftMove("drift"), *self.rolls]
        return [Reveal(SLOT)] if self.phase == REVEAL else []

    def chance(self) -> Mapping[Move, float]:
        return self.rolls if self.phase == FLY else {}

    def apply(self, move: Move) -> None:
        if isinstance(move, Commit) and self.phase == LUCKY and move.slot == SLOT:
            if not self.next_seat():
                self.phase = SEAL
        elif isinstance(move, Commit) and self.phase == SEAL and move.slot == BURN:
            if not self.next_seat():  # every seat has sealed its burn: now all are revealed
                self.phase = SHOW
        elif isinstance(move, Reveal) and self.phase == SHOW and move.slot == BURN:
            self._burn(move.value)
        elif isinstance(move, UpdraftMove) and self.phase == FLY:
            self._fly(move)
        elif isinstance(move, Reveal) and self.phase == REVEAL and move.slot == SLOT:
            if not move.value.isdigit() or int(move.value) not in self.column.die:
                raise IllegalMove(f"{move.value!r} is not a die face", "lucky face")
            self.lucky[self.seat] = int(move.value)
            if not self.next_seat():
                self.phase = OVER
        else:
            raise wrong_stage(self.stage(), self.next_step())

    def _burn(self, value: str) -> None:
        most = min(self.data.max_burn, self.fuel[self.seat])
        if not value.isdigit() or int(value) > most:
            raise IllegalMove(f"{value!r} is not a burn of 0 to {most}", "burn")
        self.fuel[self.seat] -= int(value)
        self.altitude[self.seat] += int(value)
        if not self.next_seat():
            self.phase = FLY

    def _fly(self, move: UpdraftMove) -> None:
        if move.verb == "roll":
            if move not in self.rolls:
                raise IllegalMove(f"the die has no face {move.face}", "roll")
            self.rolled[self.seat].append(move.face)
        self.altitude[self.seat] += 1 if move.verb == "drift" else move.face
        if not self.next_seat():  # the round is over: the game ends once a balloon is at the top
            if max(self.altitude) >= self.column.top:
                self.phase = REVEAL
            else:
                self.phase, self.round = SEAL, self.round + 1

    def score(self) -> Score:
        rows = []
        for seat, name in enumerate(self.players):
            breakdown = {"altitude": min(self.altitude[seat], self.column.top)}
            if seat in self.lucky:
                breakdown["lucky rolls"] = self.data.lucky_bonus * self.rolled[seat].count(self.lucky[seat])
            rows.append(PlayerScore(name, sum(breakdown.values()), breakdown))
        return ranked(rows, self.is_over())

    def describe(self, viewer: str | None) -> tuple[str, ...]:
        """Each balloon's height and fuel, and its lucky face once revealed: the same for every viewer."""
        t, top = self.words, self.column.top
        return tuple(
            t(
                "described.lucky" if seat in self.lucky else "described.balloon",
                player=name,
                height=min(self.altitude[seat], top),
                top=top,
                fuel=self.fuel[seat],
                face=self.lucky.get(seat, 0),
            )
            for seat, name in enumerate(self.players)
        )

    def render_text(self, viewer: str | None) -> str:
        from example_game.text import render

        return render(self, viewer)
