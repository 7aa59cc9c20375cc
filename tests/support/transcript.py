"""Every word a refereed session shows along a game played with seeded choices: at each position the inputs
offered (notation, label, picker steps and heading), the refusals of moves that do not fit, then each viewer's log
and private view, each line once where it is first said. The tests of a game's words compare it, line by line,
with the English recorded before those words came from the catalogue, and look in a translated one for English
words of the game's entries (:func:`english_left`)."""

from __future__ import annotations

import random
import re
from pathlib import Path

from yaml import safe_load

from pnp.errors import PnpError
from pnp.referee import session
from pnp.referee.inputs import legal_inputs
from pnp.table.view import state_json
from pnp.texts import catalogue
from pnp.texts.catalogue import PLACEHOLDER
from pnp.texts.shipped import FOLDER

SHOWN = 8  # inputs listed per position, spread over all those offered


def transcript(
    folder: Path,
    game: str,
    players: list[str],
    seed: int,
    turns: int,
    options: tuple[str, ...] = (),
    variant: Path | None = None,
    wrong: tuple[str, ...] = (),
) -> list[str]:
    """The lines a session of ``game`` shows over ``turns`` inputs chosen by ``random.Random(seed)``; ``wrong``:
    inputs tried at every position besides the last few played, each line saying what it does or why not."""
    current = session.new(folder / f"{game}-{seed}.pnp", game, players, list(options), seed, None, variant)
    rng, played, lines = random.Random(seed), [], []
    for turn in range(turns):
        mover = current.state.to_move()
        if mover is None:
            lines += [
                f"@end: try {text} => {_tried(current, text, None)}" for text in dict.fromkeys((*wrong, *played[-4:]))
            ]
            break
        offered = legal_inputs(current, mover)
        chosen = rng.choice(offered).text
        step = max(1, len(offered) // SHOWN)
        lines.append(f"@{turn} {mover}: {len(offered)} offered, {chosen!r} played")
        for item in offered[::step]:
            path = item.path.to_json() if item.path else {}
            lines.append(f"  {item.text} | {item.label} | {path.get('steps', '')} | {path.get('group', '')}")
        for text in dict.fromkeys((*wrong, *played[-4:])):
            lines.append(f"  try {text} => {_tried(current, text, mover)}")
        other = next(player for player in players if player != mover)
        lines.append(f"  as {other} => {_tried(current, offered[0].text, other)}")
        current.play(chosen)
        played.append(chosen)
    for viewer in (None, *players):
        seen = state_json(current, viewer, picture="")
        lines.append(f"log as {viewer}: {[entry['label'] for entry in seen['log']]}")
        lines.append(f"private of {viewer}: {seen.get('private')}")
    return list(dict.fromkeys(lines))  # each thing said once, where it was first said


def _tried(current: session.Session, text: str, player: str | None) -> str:
    """What playing ``text`` as ``player`` says, on a copy of the state: its refusal, or 'legal'."""
    kept = current.state, list(current.played), current.text, current.last_hash, current.events
    current.state = current.state.clone()
    try:
        if player is not None:
            current.check_turn(player)
        current.play(text)
    except PnpError as refused:
        return str(refused)
    finally:
        current.state, current.played, current.text, current.last_hash, current.events = kept
    return "legal"


def english_left(game: str, lines: list[str], places: frozenset[str] | set[str] = frozenset()) -> list[str]:
    """The game's ``play.*`` and ``rule.*`` entries whose English words (two or more, or one longer than three
    letters) are still said in the translated transcript ``lines``: 'KEY: words'. ``places``: words of the map's
    names, said in every language ('Africa' in South Africa)."""
    french = catalogue(game, "fr")
    said = "\n".join(_worded(line) for line in lines)
    left = []
    for key, entry in safe_load((FOLDER / "en" / f"{game}.yaml").read_text(encoding="utf-8")).items():
        if not key.startswith(("play.", "rule.")) or french[key] == entry["text"]:  # 'Europe' in both
            continue
        for piece in PLACEHOLDER.split(entry["text"])[::2]:
            words = " ".join(piece.split())
            if words in places or words in french[key]:  # a place's, or French too ('les doubles')
                continue
            worded = len(re.findall(r"[A-Za-z]{3,}", words)) >= 2 or (len(words) > 3 and words.isalpha())
            if worded and re.search(rf"(?<![\w']){re.escape(words)}(?![\w'])", said):
                left.append(f"{key}: {words}")
    return left


def _worded(line: str) -> str:
    """What a transcript's line says in words: an input's label, steps and heading, a refusal's reason without the
    notation it quotes, a log; not the notation, nor what is said of a move that cannot be read (English in every
    language, as the notation)."""
    if line.startswith("@") and " try " not in line:
        return ""
    if " | " in line:  # an input: its notation, then its words
        return line.split(" | ", 1)[1]
    if " => " in line:  # a move tried, then what it does
        said = line.split(" => ", 1)[1]
        return "" if said.startswith("cannot read") else re.sub(r"(?<!\w)'[^']*'", "", said)  # the notation's own
    return line
