"""A game's player aid as the JSON of ``/rules``, for the page's Rules panel: the printed aid's own blocks.

The blocks come from the game's ``rules_sheet`` (``GameSpec.aid``), the same ones the printed aid is set
from, so the phone and the paper never disagree. Every text is plain: a paragraph or a list item comes in
runs, each marked ``em`` where the paper sets it in bold (``*word*``), for the page to build as elements.
Figures and column breaks are left out: they are the paper's.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from pnp.games.spec import GameSpec
from pnp.memo import Memo
from pnp.printing.sheets import Block, Heading, Items, Table, Text, runs
from pnp.referee.protocol import Setup
from pnp.table.answers import Encoded, encode
from pnp.variants.variant import content_key, session_catalogue

KEPT = 8  # games' rules kept encoded: a night's games and their rematches

_encoded: Memo[tuple[Any, ...], Encoded] = Memo(KEPT)


def encoded_rules(spec: GameSpec, setup: Setup) -> Encoded:
    """``rules_json`` encoded once per game and setup (its variant's contents and its language included), its ETag
    naming its content."""
    variant = (setup.variant_path, content_key(setup.variant_path, spec.name), setup.language)
    key = (spec.name, setup.players, tuple(sorted(setup.options.items())), setup.seed, setup.map_path, *variant)
    return _encoded.get(key, lambda: _encode(rules_json(spec, setup)))


def _encode(data: dict[str, Any]) -> Encoded:
    digest = hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()
    return encode(data, f"rules-{digest[:20]}")


def rules_json(spec: GameSpec, setup: Setup) -> dict[str, Any]:
    """The game's title (as the session's kit prints it), its aid's blocks and, by stage (as ``State.stage`` names
    it), that stage's rule."""
    title = session_catalogue(spec.name, setup.variant_path, language=setup.language).get("title", spec.title)
    if spec.aid is None:
        return {"game": title, "aid": [], "stages": {}}
    aid = spec.aid(setup)
    stages = {stage: blocks_json(blocks) for stage, blocks in aid.stages.items()}
    return {"game": title, "aid": blocks_json(aid.blocks), "stages": stages}


def blocks_json(blocks: tuple[Block, ...]) -> list[dict[str, Any]]:
    """Each heading, paragraph, list and table of ``blocks`` as plain data."""
    shown: list[dict[str, Any]] = []
    for block in blocks:
        if isinstance(block, Heading):
            shown.append({"kind": "heading", "text": block.text})
        elif isinstance(block, Text):
            shown.append({"kind": "text", "runs": _runs(block.text)})
        elif isinstance(block, Items):
            shown.append({"kind": "items", "numbered": block.numbered, "items": [_runs(item) for item in block.items]})
        elif isinstance(block, Table):
            shown.append({"kind": "table", "rows": [list(row) for row in block.rows]})
    return shown


def _runs(text: str) -> list[dict[str, Any]]:
    return [{"text": part, "em": emphasised} for part, emphasised in runs(text)]
