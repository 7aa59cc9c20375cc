"""A sweep's checkpoint: its finished games, kept in a file that is replaced whole, never half-written.

The file holds what the sweep was (every combination's settings, a map or variant by its digest), each file's
own digest, and the games. The same sweep run again resumes from it, and so does one with other ``--games``: a
game's seed is ``--seed`` and its number alone, so the games played are the first games of any count. Any other
setting that differs, or a file changed since, is refused in one line naming it and what to do.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.errors import PnpError, describe
from pnp.files import read_text, write_atomic
from pnp.sim import GameResult
from pnp.sim.inputs import DIGEST_LENGTH

if TYPE_CHECKING:
    from pnp.sim.sweep import Combination

CHECKPOINT_LIMIT = 512 * 1024 * 1024  # a checkpoint of some million games fits
# a finished game as a checkpoint keeps it: only what the sweep's figures and measures read
KEPT = (  # what a checkpoint keeps of each game
    "combination", "index", "bots", "scores", "winners", "moves", "turns", "lead_changes", "decided_at", "cut_short",
)  # fmt: skip
SAVE_EVERY = 2.0  # seconds at least between checkpoint writes (more when a write is slow)
# a combination's settings as its fingerprint lists them; --games may change (the games played are kept)
SETTINGS = ("combination", "game", "games", "players", "bots", "options", "map", "seed", "map digest", "variant digest")
NEW_FILE = "name a new file to start another"


def fingerprint(plan: Sequence[Combination]) -> list[list[object]]:
    """What a checkpoint must match to be resumed: every combination's settings (a map by its digest)."""
    return [
        [
            c.label,
            c.config.game,
            c.config.games,
            c.config.players,
            list(c.config.bots),
            dict(c.config.options),
            str(c.config.map_path or ""),
            c.config.seed,
            c.map["sha256"] if c.map else "",
            c.variant["sha256"] if c.variant else "",
        ]
        for c in plan
    ]


def file_digests(plan: Sequence[Combination]) -> dict[str, str]:
    """The digest of each map and variant file the ``plan`` reads (a variant's own files each), by name."""
    from pnp.variants.variant import digest_of, load_variant

    files: dict[str, str] = {}
    for c in plan:
        named = [c.config.map_path] if c.config.map_path else []
        if c.config.variant_path is not None:
            named += load_variant(c.config.variant_path, c.config.game).files
        for path in named:
            if str(path) not in files:
                files[str(path)] = digest_of([path])[:DIGEST_LENGTH]
    return files


class Checkpoint:
    """The finished games of a sweep, kept in a file that is replaced whole, never half-written."""

    def __init__(self, path: Path | None, plan: Sequence[Combination]) -> None:
        self.path, self.plan = path, plan
        self.sweep = json.loads(json.dumps(fingerprint(plan)))
        self.files = file_digests(plan) if path is not None else {}
        self.done: dict[tuple[int, int], GameResult] = {}  # by (combination, game index)
        self.saved_at, self.cost = time.monotonic(), 0.0
        if path is not None and path.exists():
            self._load(path)

    def _load(self, path: Path) -> None:
        sweep, files, done = _parts(path, _read(path))
        differs = self._difference(sweep, files)
        if differs:
            raise PnpError(f"{path}: a checkpoint of another sweep: {differs}")
        for number, game in enumerate(done, 1):
            if not _well_formed(game, len(self.plan)):
                raise PnpError(
                    f"{path}: not a pnp sweep checkpoint: its game {number} is not as pnp writes one: {NEW_FILE}"
                )
            c, index, bots, scores, winners, moves, turns, changes, decided, short = game
            self.done[(c, index)] = GameResult(
                index, tuple(bots), tuple(scores), tuple(winners), moves, {}, {}, {}, turns, changes, decided, short
            )

    def _difference(self, kept: list[list[object]], files: Mapping[str, str]) -> str:
        """What differs between the sweep ``kept`` (a checkpoint's fingerprint) and this one, and what to do; '' when
        they match but for the games per combination."""
        if len(kept) != len(self.sweep):
            return (
                f"it holds {_labels(kept)}, this sweep {_labels(self.sweep)} (another --over, --maps or --map); run "
                f"the sweep it was, or {NEW_FILE}"
            )
        for combination, was, now in zip(self.plan, kept, self.sweep):
            for setting, before, after in zip(SETTINGS, was, now):
                if setting != "games" and before != after:
                    return _changed(setting, before, after, combination, files)
        return ""

    def add(self, combination: int, result: GameResult) -> None:
        """Keep a finished game (only what the sweep's figures need), saving now and then."""
        self.done[(combination, result.index)] = replace(result, usage={}, drawn={}, expected={})
        if self.path is not None and time.monotonic() - self.saved_at >= max(SAVE_EVERY, 10 * self.cost):
            self.save()

    def save(self) -> None:
        """Write every finished game to the file (atomically)."""
        if self.path is None:
            return
        start = time.monotonic()
        done = [
            [c, r.index, list(r.bots), list(r.scores), list(r.winners), r.moves, r.turns, r.lead_changes, r.decided_at]
            + [r.cut_short]
            for (c, _), r in self.done.items()
        ]
        kept = {"sweep": self.sweep, "files": self.files, "done": done}
        write_atomic(self.path, json.dumps(kept, separators=(",", ":")))
        self.saved_at, self.cost = time.monotonic(), time.monotonic() - start


def _read(path: Path) -> object:
    """The JSON a checkpoint file holds, refusing in one line a file that cannot be read or is not JSON."""
    try:
        return json.loads(read_text(path, CHECKPOINT_LIMIT))
    except (OSError, UnicodeDecodeError) as exc:
        raise PnpError(f"{path}: cannot read the checkpoint: {describe(exc)}") from None
    except json.JSONDecodeError as exc:
        raise PnpError(
            f"{path}:{exc.lineno}:{exc.colno}: not a pnp sweep checkpoint: broken JSON ({exc.msg.lower()}); pnp "
            f"writes its checkpoints whole, so this one was edited or is another file: {NEW_FILE}"
        ) from None


def _parts(path: Path, data: object) -> tuple[list[list[object]], dict[str, str], list[list[Any]]]:
    """A checkpoint's sweep, file digests and games, once their shapes are those pnp writes."""
    if not isinstance(data, dict) or not isinstance(data.get("sweep"), list) or not isinstance(data.get("done"), list):
        raise PnpError(f"{path}: not a pnp sweep checkpoint: it holds no 'sweep' and 'done' lists; {NEW_FILE}")
    if any(not isinstance(game, list) or len(game) != len(KEPT) for game in data["done"]):
        raise PnpError(f"{path}: a checkpoint of an older pnp (it keeps less of each game): {NEW_FILE}")
    if not all(isinstance(was, list) and len(was) == len(SETTINGS) for was in data["sweep"]):
        raise PnpError(f"{path}: a checkpoint of another pnp: it lists its combinations otherwise; {NEW_FILE}")
    files = data.get("files")  # written since pnp named the file of a variant that changed
    return data["sweep"], files if isinstance(files, dict) else {}, data["done"]


def _changed(setting: str, before: object, after: object, combination: Combination, files: Mapping[str, str]) -> str:
    """A setting of one combination that differs between a checkpoint (``before``) and this sweep (``after``),
    in words, with what to do."""
    if setting == "map digest":
        name = combination.map["file"] if combination.map else "the map"
        return f"{name} has changed since its games were played; put it back as it was to resume, or {NEW_FILE}"
    if setting == "variant digest":
        return _variant_changed(combination, files)
    flag = {"players": "--players", "bots": "--bots", "seed": "--seed", "map": "--map", "options": "--option"}
    if setting in flag:
        was, now = _as_given(flag[setting], before), _as_given(flag[setting], after)
        return f"it was played with {was}, this sweep with {now}; give {was} to resume, or {NEW_FILE}"
    return f"its {setting} is {before!r}, this sweep's {after!r}; run the sweep it was, or {NEW_FILE}"


def _variant_changed(combination: Combination, files: Mapping[str, str]) -> str:
    """Which file of a combination's variant changed since a checkpoint recorded it, and what to do."""
    variant = combination.variant["file"] if combination.variant else "the variant"
    now = file_digests([combination])
    changed = [name for name, sha in now.items() if files.get(name, sha) != sha]
    which = ", ".join(changed) if changed else "one of its files"
    part = "" if changed == [variant] else f" (of variant {variant})"
    return f"{which}{part} changed since its games were played; put it back as it was to resume, or {NEW_FILE}"


def _labels(sweep: Sequence[list[object]], shown: int = 3) -> str:
    """A sweep's combinations counted and named, the first ``shown`` of them: "2 combinations ('fleet=1', ...)"."""
    named = ", ".join(repr(row[0]) for row in sweep[:shown]) + (", ..." if len(sweep) > shown else "")
    return f"{len(sweep)} combination{'s' if len(sweep) != 1 else ''} ({named})"


def _well_formed(game: object, combinations: int) -> bool:
    """Whether ``game`` is a finished game as :meth:`Checkpoint.save` writes it, of one of ``combinations``."""
    if not isinstance(game, list) or len(game) != len(KEPT):
        return False
    c, index, bots, scores, winners, moves, turns, changes, decided, short = game
    numbers = (c, index, moves, turns, changes, decided)
    return (
        all(type(n) is int and n >= 0 for n in numbers)
        and c < combinations
        and isinstance(short, bool)
        and _list_of(bots, str)
        and _list_of(scores, (int, float))
        and _list_of(winners, int)
    )


def _list_of(value: object, kind: type | tuple[type, ...]) -> bool:
    return isinstance(value, list) and all(isinstance(item, kind) and not isinstance(item, bool) for item in value)


def _as_given(flag: str, value: object) -> str:
    """A setting as a command line gives it: '--bots greedy,random', '--option rounds=40', 'no --map'."""
    if isinstance(value, dict):
        return " ".join(f"{flag} {key}={str(v).lower() if isinstance(v, bool) else v}" for key, v in value.items())
    if isinstance(value, list):
        return f"{flag} {','.join(map(str, value))}"
    return f"{flag} {value}" if value != "" else f"no {flag}"
