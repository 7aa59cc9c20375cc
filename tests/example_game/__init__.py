"""Updraft: the example game of docs/adding-a-game.md (tested, not registered)."""

from __future__ import annotations

from pnp.games.spec import GameSpec, lazy_call, lazy_value

HOME = "example_game"

SPEC = GameSpec(
    name="updraft",
    title="Updraft",
    summary="Race balloons up a column of air: drift a step, or roll the die and hope",
    rules=lazy_call(f"{HOME}.rules:Updraft"),
    kit=lazy_call(f"{HOME}.components:kit"),
    picture=lazy_call(f"{HOME}.components:picture"),
    bots=lazy_value(f"{HOME}.bots:BOTS"),
)
