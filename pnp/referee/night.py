"""A game night's folder of records: the games on offer, starting one, its rematch, and the night's results.

Each game of the night is an ordinary record file in the folder, named by when it started and by its
game (``2026-11-26-203105-aloft.pnp``), so ``pnp ref`` works on it as on any other; it is played on copies of
its map and variant files (:mod:`pnp.referee.kept`). The results are read back from the records themselves; the
one thing the night adds is a mark beside a game the lobby set aside (``RECORD.aside``, see :func:`set_aside`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from pnp import games, texts
from pnp.errors import PnpError, RecordExists, Refusal, quote
from pnp.files import read_text, write_atomic
from pnp.games.spec import GameSpec
from pnp.referee import kept, record, session
from pnp.referee.options import unknown_option
from pnp.referee.protocol import Game, Option, Setup
from pnp.texts import Catalogue
from pnp.variants.variant import load_variant

STAMP = "%Y-%m-%d-%H%M%S"
_NAME = re.compile(r"^(\d{4}-\d{2}-\d{2}-\d{6})-([a-z0-9-]+?)(?:-(\d+))?\.pnp$")
_SEED = "seed:"  # a map choice that names the number a new map is drawn from: 9 digits at most
_SEED_MOST = 999_999_999
ASIDE = ".aside"  # the mark beside a record the lobby set aside (RECORD.aside): the record's version then
_ASIDE_NOTE = "# pnp table: this game was set aside in the lobby at the record's version below, until a move is played"
_ASIDE_BYTES = 1024
OptionValue = bool | int | str


def catalogue(language: str | None = None) -> list[dict[str, Any]]:
    """Every game a night can start: names, player counts, options with defaults and meanings, and maps; what it
    says of each (summary, options' help, choices' names) in ``language`` where the game is translated into it, else
    in English."""
    return [_offer(spec, spec.rules(), _words(spec.name, language)) for spec in games.REGISTRY.values()]


def _words(game: str, language: str | None) -> Catalogue:
    """``game``'s catalogue in ``language`` as pnp ships it for the game (``fr-CA``: ``fr``), else in English."""
    return texts.catalogue(game, texts.shipped(language, game) if language else None)


def _offer(spec: GameSpec, rules: Game, t: Catalogue) -> dict[str, Any]:
    return {
        "name": spec.name,
        "title": spec.title,
        "summary": t("game.summary"),
        "min_players": rules.min_players,
        "max_players": rules.max_players,
        "options": [_option(option, t) for option in rules.options],
        # "seed": a map generated from a seed; "file": a map file from the folder; both also have a built-in
        "maps": "seed" if spec.seeded else "file" if spec.maps else None,
        # the languages a session of it may speak, each named in itself (its page's words say how)
        "languages": [
            {"code": code, "name": texts.table_words(code)("table.language")} for code in texts.languages(spec.name)
        ],
    }


def _option(option: Option, t: Catalogue) -> dict[str, Any]:
    helped = option.choices[: len(option.choice_help)]  # the choices that say what they do: all or none
    return {
        "key": option.key,
        "default": option.default,
        "name": t(f"option.{option.key}.name"),
        "help": t(f"option.{option.key}"),
        "choices": list(option.choices),  # the values sent, as typed; each offered by its name in words
        "choice_names": [t(f"option.{option.key}.{choice}.name") for choice in option.choices],
        "choice_help": [t(f"option.{option.key}.{choice}") for choice in helped],
        "minimum": option.minimum,
        "maximum": option.maximum,
    }


def start(
    folder: Path,
    game: str,
    players: list[str],
    options: Mapping[str, object],
    map_choice: str | None,
    now: datetime,
    variant_choice: str | None = None,
    language: str | None = None,
) -> Path:
    """Start a record of ``game`` in ``folder``, named by ``now``; nothing is written if anything is wrong.

    ``map_choice`` is None (the game's own map), ``seed:N`` (a map generated from seed N, for a game
    that generates maps) or the name of a map file in ``folder``; ``variant_choice`` is None (the game's
    own data) or the name of a variant file in ``folder``; ``language`` one the game ships (None: the variant's,
    else English).
    """
    if game not in games.REGISTRY:
        raise Refusal("game", game=quote(game), known=", ".join(games.REGISTRY))
    spec = games.REGISTRY[game]
    checked = _checked_options(spec.rules(), options)
    seed, map_path = _map(folder, spec, map_choice)
    variant_path = None if variant_choice is None else _in_folder(folder, "variant", variant_choice)
    return _begin(folder, spec.name, Setup(tuple(players), checked, seed, map_path, variant_path, language), now)


def rematch(path: Path, now: datetime) -> Path:
    """A new record of ``path``'s game beside it: the same players with the seats turned by one, the same
    options, seed, map, variant and language, each file read as the night's folder holds it now (refused as a
    start's would be). The new record names ``path`` as the one it follows (see :func:`rematch_of`)."""
    spec, last = session.read_setup(path)
    folder = path.parent
    map_path, variant_path = _now(folder, "map", last.map_path), _now(folder, "variant", last.variant_path)
    turned = last.players[1:] + last.players[:1]
    setup = replace(last, players=turned, map_path=map_path, variant_path=variant_path)
    return _begin(folder, spec.name, setup, now, follows=path.name)


def rematch_of(path: Path) -> Path | None:
    """The record beside ``path`` that is its rematch (it names ``path`` as the one it follows), if there is one:
    a server restarted after a rematch began still knows it."""
    for other in records(path.parent):
        try:
            if record.parse(other)[0].headers.get("Follows") == path.name:
                return other
        except PnpError:  # an unreadable record follows nothing; the results say what is wrong with it
            continue
    return None


def set_aside(path: Path) -> None:
    """Set the unfinished game of ``path`` aside: the lobby no longer lists it to carry on, and the results count it set
    aside, with no winner, until a move is played in it. The record is left as it is: the decision is a mark beside it
    (``RECORD.aside``) naming the version the record is at, written whole or not at all. Set aside twice, it is set aside
    once; a finished game is refused."""
    current = session.load(path)
    if current.state.score().final:
        raise Refusal("aside.over", game=current.title)
    write_atomic(aside_mark(path), f"{_ASIDE_NOTE}\n{current.last_hash}\n")


def aside_mark(path: Path) -> Path:
    """Where the mark of the record ``path`` set aside lies (see :func:`set_aside`)."""
    return path.with_name(path.name + ASIDE)


def _set_aside_at(path: Path) -> str | None:
    """The version the record ``path`` was at when the lobby set it aside; None if it never was (or its mark cannot be
    read: the game is then listed, which loses nothing)."""
    try:
        lines = read_text(aside_mark(path), _ASIDE_BYTES).splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    versions = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
    return versions[-1] if versions else None


def _now(folder: Path, kind: str, path: Path | None) -> Path | None:
    """The file a rematch reads for the last game's ``path`` (a map or a variant: ``kind``): the folder's own of that
    name for a kept copy, else ``path``."""
    return _in_folder(folder, kind, path.name) if path is not None and kept.is_kept(folder, path) else path


def _begin(folder: Path, game: str, setup: Setup, now: datetime, follows: str = "") -> Path:
    """A new record of ``game`` in ``folder`` on ``setup``, named by ``now``, on kept copies of its map and variant
    files (:mod:`pnp.referee.kept`); nothing is written if anything is wrong, and a refusal by either file is its.
    ``follows``: the record it is the rematch of."""
    pairs = [f"{key}={_text(value)}" for key, value in setup.options.items()]

    def new(path: Path, files: Setup) -> session.Session:
        players = list(files.players)
        seed, map_path, variant_path, language = files.seed, files.map_path, files.variant_path, files.language
        return session.new(path, game, players, pairs, seed, map_path, variant_path, language, follows)

    def made(path: Path) -> session.Session:
        with _files_refused(setup.map_path, setup.variant_path):
            # Checked as chosen, before any copy is kept: an error names the file chosen, and a refused start leaves
            # no copy behind (pnp never removes one). Built again on the copies, the files are read from the
            # loaders' caches, which go by content: a few milliseconds.
            new(path, setup)
            copies = _kept(folder, game, setup)
        return new(path, copies)

    return _created(folder, game, now, made)


def _kept(folder: Path, game: str, setup: Setup) -> Setup:
    """``setup`` on kept copies of its map and variant files."""
    variant = setup.variant_path
    return replace(
        setup,
        map_path=None if setup.map_path is None else kept.keep(folder, setup.map_path),
        variant_path=None if variant is None else kept.keep(folder, variant, load_variant(variant, game).files[1:]),
    )


@contextmanager
def _files_refused(map_path: Path | None, variant_path: Path | None) -> Iterator[None]:
    """A start refused by its map or variant file (an error about it: ``PnpError.file``) as a Refusal of that file,
    the error's text (where, what and why) kept."""
    try:
        yield
    except Refusal:
        raise
    except PnpError as exc:
        kinds = {path: kind for kind, path in (("map", map_path), ("variant", variant_path)) if path is not None}
        if exc.file in kinds:
            raise Refusal(f"{kinds[exc.file]}.file", error=str(exc)) from None
        raise


def _created(folder: Path, game: str, now: datetime, new: Callable[[Path], session.Session]) -> Path:
    """The record ``new`` makes for the first free name in ``folder`` (see ``_free_name``), written; a name that
    another start takes first (two tables started in the same second) is passed over for the next."""
    after = 0
    while True:
        path = _free_name(folder, game, now, after)
        try:
            new(path).create()
        except RecordExists:
            after = _order(path)[1]
            continue
        return path


def _checked_options(rules: Game, given: Mapping[str, object]) -> dict[str, OptionValue]:
    """The options ``given`` (as JSON gives them: true, 6, "easy"), each checked by the game's own option."""
    known = {option.key: option for option in rules.options}
    checked: dict[str, OptionValue] = {}
    for key, value in given.items():
        if key not in known:
            raise unknown_option(rules.title, rules, key)
        checked[key] = known[key].check(value)
    return checked


def _text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _map(folder: Path, spec: GameSpec, choice: str | None) -> tuple[int, Path | None]:
    """The seed and map file that ``choice`` names for ``spec``'s game."""
    if choice is None:
        return 0, None
    if choice.startswith(_SEED):
        if not spec.seeded:
            raise Refusal("map.unseeded", game=spec.title)
        number = choice.removeprefix(_SEED)
        if not re.fullmatch(r"[0-9]{1,9}", number):
            raise Refusal("seed", most=_SEED_MOST, value=number)
        return int(number), None
    if spec.maps is None:
        raise Refusal("map.fixed", game=spec.title)
    return 0, _in_folder(folder, "map", choice)  # read when the record is made


def _in_folder(folder: Path, kind: str, choice: str) -> Path:
    """The YAML file ``choice`` names in the night's ``folder`` (a map or a variant: ``kind``), never one elsewhere."""
    if "/" in choice or "\\" in choice or choice.startswith(".") or not choice.endswith((".yaml", ".yml")):
        raise Refusal(f"{kind}.name", file=quote(choice))
    path = folder / choice
    if not path.is_file():
        raise Refusal(f"{kind}.gone", file=quote(choice))
    return path


def _free_name(folder: Path, game: str, now: datetime, after: int) -> Path:
    """``STAMP-game.pnp`` in ``folder``, or ``STAMP-game-N.pnp`` for the Nth game started in the same second,
    whatever the games (so that the names tell the order they started in); N is over ``after``, a number taken."""
    stamp = now.strftime(STAMP)
    taken = [_order(path)[1] for path in folder.glob(f"{stamp}-*.pnp") if _NAME.match(path.name)]
    number = max([after, *taken]) + 1
    return folder / (f"{stamp}-{game}.pnp" if number == 1 else f"{stamp}-{game}-{number}.pnp")


@dataclass(frozen=True)
class Played:
    """One game of the night, as its record tells it."""

    record: str  # the file's name
    game: str
    title: str
    players: tuple[str, ...]
    final: bool
    set_aside: bool  # unfinished, set aside in the lobby, and no move played since
    moves: int  # played so far (taken back ones not counted)
    winners: tuple[str, ...]
    scores: dict[str, int]
    started: datetime | None  # from the file's name, when a night named it
    ended: datetime | None  # when the record was last written, once the game is over

    @property
    def minutes(self) -> int | None:
        """How long the game took, in whole minutes, when both ends are known."""
        if self.started is None or self.ended is None:
            return None
        return max(0, round((self.ended - self.started).total_seconds() / 60))

    def to_json(self) -> dict[str, Any]:
        return {
            "record": self.record,
            "game": self.game,
            "title": self.title,
            "players": list(self.players),
            "final": self.final,
            "set_aside": self.set_aside,
            "moves": self.moves,
            "winners": list(self.winners),
            "scores": self.scores,
            "started": self.started.isoformat(timespec="seconds") if self.started else None,
            "minutes": self.minutes,
        }


@dataclass(frozen=True)
class Results:
    """The night: every game in the order it started, the records that cannot be read, and wins per player."""

    played: list[Played]
    unreadable: list[str]

    @property
    def wins(self) -> dict[str, int]:
        """Wins per player over the finished games, most first (a shared win counts for each winner). A name
        typed with other capitals in another game ("Bob", "bob") is the same player, shown as first typed."""
        tally = Counter(winner.casefold() for game in self.played if game.final for winner in game.winners)
        first: dict[str, str] = {}
        for game in self.played:
            for player in game.players:
                first.setdefault(player.casefold(), player)
        return dict(sorted(((shown, tally[key]) for key, shown in first.items()), key=lambda item: -item[1]))

    def to_json(self) -> dict[str, Any]:
        return {"games": [game.to_json() for game in self.played], "wins": self.wins, "unreadable": self.unreadable}


def records(folder: Path) -> list[Path]:
    """The record files in ``folder``, in the order they started (by name, then by the number of a second
    game started in the same second; a record named otherwise, by when it was last written)."""
    return sorted(folder.glob("*.pnp"), key=_order)


def _order(path: Path) -> tuple[datetime, int]:
    match = _NAME.match(path.name)
    if match is None:
        return datetime.fromtimestamp(path.stat().st_mtime), 0
    return datetime.strptime(match[1], STAMP), int(match[3] or 1)


def _started(path: Path) -> datetime | None:
    match = _NAME.match(path.name)
    return datetime.strptime(match[1], STAMP) if match else None


def results(folder: Path) -> Results:
    """The night's results, read from every record in ``folder``."""
    if not folder.is_dir():
        raise PnpError(f"{folder}: no such folder")
    played, unreadable = [], []
    for path in records(folder):
        try:
            played.append(_played(path))
        except PnpError as exc:  # its message names the file: by its name alone
            why = str(exc).replace(str(path), path.name)
            unreadable.append(why if why.startswith(f"{path.name}:") else f"{path.name}: {why}")
    return Results(played, unreadable)


def _played(path: Path) -> Played:
    current = session.load(path)
    score = current.state.score()
    started = _started(path)
    ended = datetime.fromtimestamp(path.stat().st_mtime) if score.final else None
    return Played(
        record=path.name,
        game=current.spec.name,
        title=current.title,
        players=current.setup.players,
        final=score.final,
        set_aside=not score.final and _set_aside_at(path) == current.last_hash,
        moves=len(current.played),
        winners=score.winners,
        scores={player.name: player.score for player in score.players},
        started=started,
        ended=ended,
    )
