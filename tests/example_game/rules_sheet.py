"""Updraft's rules sheet and its player aid, set from blocks in the catalogue's ``rules.*`` words: the same blocks
make the table page's Rules panel, so the screen never says other than the paper."""

from __future__ import annotations

from example_game import SPEC
from example_game.model import UpdraftData, load_data
from pnp.games.words import setup_words
from pnp.printing.parts import Sheet
from pnp.printing.sheets import Aid, Block, Heading, Items, Text, player_aids, rules_sheets
from pnp.referee.protocol import Setup
from pnp.texts import Catalogue


def rules(data: UpdraftData, t: Catalogue) -> tuple[Sheet, ...]:
    """The goal, the set-up, a round and the end, on one side."""
    goal = (Heading(t("rules.goal.heading")), Text(t("rules.goal.text", bonus=data.lucky_bonus)))
    return rules_sheets(t("title"), ((*goal, *_setup(data, t), *_round(data, t), *_end(data, t)),), t)


def aids(data: UpdraftData, t: Catalogue) -> tuple[Sheet, ...]:
    """An aid for each seat: a round and the end."""
    return player_aids(t("title"), (*_round(data, t), *_end(data, t)), SPEC.traits.max_players, t)


def aid(setup: Setup) -> Aid:
    """The Rules panel of a session, in its words: the aid, and each stage's rule as the rules sheet prints it."""
    t, data = setup_words("updraft", setup), load_data()
    play, end = _round(data, t), _end(data, t)
    return Aid((*play, *end), {"set-up": _setup(data, t), "play": play, "reveal": end, "over": end})


def _setup(data: UpdraftData, t: Catalogue) -> tuple[Block, ...]:
    return Heading(t("rules.setup.heading")), Text(t("rules.setup.text", fuel=data.fuel))


def _round(data: UpdraftData, t: Catalogue) -> tuple[Block, ...]:
    steps = (t("rules.round.seal", most=data.max_burn), t("rules.round.show"), t("rules.round.fly"))
    return Heading(t("rules.round.heading")), Items(steps, True)


def _end(data: UpdraftData, t: Catalogue) -> tuple[Block, ...]:
    return Heading(t("rules.end.heading")), Text(t("rules.end.text", bonus=data.lucky_bonus))
