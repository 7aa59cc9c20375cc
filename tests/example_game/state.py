"""Updraft's rules in play: secret lucky faces, then turns of drift or roll, then the reveal."""

from __future__ import annotations

from collections.abc import Mapping

from example_game.model import UpdraftData
from example_game.notation import UpdraftMove
from pnp.errors import IllegalMove
from pnp.games.base import BaseState, NextStep, ranked, wrong_stage
from pnp.referee.protocol import Commit, Move, PlayerScore, Reveal, Score, Secret, Stage

SLOT = "lucky"
LUCKY, FLY, REVEAL, OVER = range(4)
STAGES: dict[int, Stage] = {LUCKY: "set-up", FLY: "play", REVEAL: "reveal", OVER: "over"}
NEXT_STEP = {  # what the player to move does next; guided: the words give the command
    LUCKY: NextStep("{who}, choose your lucky face with 'pnp ref secret'"),
    FLY: NextStep("{who}, drift or roll the die", guided=False),
    REVEAL: NextStep("{who}, reveal your lucky face with 'pnp ref reveal'"),
    OVER: NextStep("see the result with 'pnp ref score'"),
}


class UpdraftState(BaseState):
    """Altitudes, the faces each seat rolled, and the lucky faces revealed so far."""

    MUTABLE = ("altitude", "rolled", "lucky")

    def __init__(self, data: UpdraftData, players: tuple[str, ...]) -> None:
        self.data = data
        self.players = players
        self.phase = LUCKY
        self.altitude = [0] * len(players)
        self.rolled: list[list[int]] = [[] for _ in players]
        self.lucky: dict[int, int] = {}  # seat -> revealed face
        self.rolls = {UpdraftMove("roll", face): 1 / len(data.die) for face in data.die}

    def is_over(self) -> bool:
        return self.phase == OVER

    def stage(self) -> Stage:
        return STAGES[self.phase]

    def next_step(self) -> NextStep:
        step = NEXT_STEP[self.phase]
        return NextStep(step.text.format(who=self.to_move()), step.guided)

    def legal_moves(self) -> list[Move]:
        if self.phase == LUCKY:
            return [Secret(SLOT, str(face)) for face in self.data.die]
        if self.phase == FLY:
            return [UpdraftMove("drift"), *self.rolls]
        return [Reveal(SLOT)] if self.phase == REVEAL else []

    def chance(self) -> Mapping[Move, float]:
        return self.rolls if self.phase == FLY else {}

    def apply(self, move: Move) -> None:
        if isinstance(move, Commit) and self.phase == LUCKY and move.slot == SLOT:
            if not self.next_seat():
                self.phase = FLY
        elif isinstance(move, UpdraftMove) and self.phase == FLY:
            self._fly(move)
        elif isinstance(move, Reveal) and self.phase == REVEAL and move.slot == SLOT:
            if not move.value.isdigit() or int(move.value) not in self.data.die:
                raise IllegalMove(f"{move.value!r} is not a die face", "lucky face")
            self.lucky[self.seat] = int(move.value)
            if not self.next_seat():
                self.phase = OVER
        else:
            raise wrong_stage(self.stage(), self.next_step())

    def _fly(self, move: UpdraftMove) -> None:
        if move.verb == "roll":
            if move.face not in self.data.die:
                raise IllegalMove(f"the die has no face {move.face}", "roll")
            self.rolled[self.seat].append(move.face)
        self.altitude[self.seat] += 1 if move.verb == "drift" else move.face
        if self.altitude[self.seat] >= self.data.top:
            self.phase, self.seat = REVEAL, 0
        else:
            self.pass_turn()

    def score(self) -> Score:
        rows = []
        for seat, name in enumerate(self.players):
            breakdown = {"altitude": min(self.altitude[seat], self.data.top)}
            if seat in self.lucky:
                breakdown["lucky rolls"] = self.data.lucky_bonus * self.rolled[seat].count(self.lucky[seat])
            rows.append(PlayerScore(name, sum(breakdown.values()), breakdown))
        return ranked(rows, self.is_over())

    def render_text(self, viewer: str | None) -> str:
        from example_game.text import render

        return render(self, viewer)
