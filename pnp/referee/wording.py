"""How the referee words a refusal in a session's language: the stage it names, the rule it breaks.

The words are the session's catalogue (:attr:`pnp.referee.session.Session.words`): the toolkit's ``referee.*``
entries frame a refusal, and ``rule.*`` entries name its rule (the referee's in the toolkit's catalogue, a game's
in its own), keyed by the rule as the code names it, in lower case with a hyphen for each run of other characters
(``deck tracking``: ``rule.deck-tracking``). A rule with no entry is named as the code names it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, get_args

from pnp.errors import IllegalMove
from pnp.referee.protocol import STAGE_WORDS, Stage

if TYPE_CHECKING:
    from pnp.texts import Catalogue

_NOT_A_WORD = re.compile(r"[^a-z0-9]+")


def in_stage(words: Catalogue, stage: Stage, refusal: str) -> str:
    """``refusal`` led by the words of the stage in force ("during play: ...")."""
    return words("referee.in_stage", stage=words(f"referee.stage.{stage}"), refusal=refusal)


def names_stage(words: Catalogue, reason: str) -> bool:
    """Whether ``reason`` opens with a stage's words already: in the session's language, or in the English a game
    that writes its own refusals uses."""
    openings = [in_stage(words, stage, "").rstrip() for stage in get_args(Stage)]
    openings += [f"{opening}:" for opening in STAGE_WORDS.values()]
    return reason.startswith(tuple(openings))


def rule_key(rule: str) -> str:
    """The catalogue key naming ``rule`` as a player reads it."""
    return "rule." + _NOT_A_WORD.sub("-", rule.lower()).strip("-")


def rule_words(words: Mapping[str, str], rule: str) -> str:
    """``rule`` as a player reads it in ``words``; as the code names it where they have no entry for it."""
    return words.get(rule_key(rule), rule)


def worded(words: Catalogue, refusal: IllegalMove, reason: str | None = None) -> IllegalMove:
    """``refusal`` (its ``reason`` in other words, if given) as a player reads it in ``words``: with its rule named."""
    reason = refusal.reason if reason is None else reason
    said = words("referee.rule", reason=reason, rule=rule_words(words, refusal.rule)) if refusal.rule else reason
    return refusal.reworded(reason, said)
