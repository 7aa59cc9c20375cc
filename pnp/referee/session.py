"""A session: a record file replayed into a state, and the checked ways to extend it.

The record is the truth; the state is always derived from it by replay. Every
change is computed in memory first and written only once it is accepted, so a
rejected move leaves the file byte-identical.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from pnp import games
from pnp.errors import IllegalMove, NotationError, PnpError, RecordError, RecordExists, about, clip_quotes, quote
from pnp.files import read_only, write_atomic
from pnp.games.base import wrong_stage
from pnp.games.spec import GameSpec
from pnp.referee import keys, notation, record, rounds, secrets
from pnp.referee.digests import HOW_TO_GO_ON, changed, digests
from pnp.referee.options import check_players, format_options, parse_options
from pnp.referee.presentation import labelled_secret, log_text
from pnp.referee.protocol import Commit, Game, Move, Reveal, Secret, Setup, Stage, State, unsealed
from pnp.referee.wording import in_stage, names_stage, worded
from pnp.texts import Catalogue, check_language, languages, shipped
from pnp.variants.variant import session_catalogue

TURN = "turn"  # the rule named by a refusal of a player who is not to move


@dataclass
class Session:
    """A replayed record: the game, its state, and the effective moves (takebacks removed)."""

    path: Path
    spec: GameSpec
    game: Game  # the rules bound to this session's setup (Game.bind)
    setup: Setup
    state: State
    text: str = ""
    last_hash: str = ""
    events: int = 0
    played: list[tuple[str, Move]] = field(default_factory=list)
    commitments: dict[tuple[str, str], str] = field(default_factory=dict)
    # (moves played before, state, commitments) saved just before a move that a later undo takes back
    snapshots: list[tuple[int, State, dict[tuple[str, str], str]]] = field(default_factory=list)

    @cached_property
    def words(self) -> Catalogue:
        """The session's catalogue: the game's words and the referee's (``referee.*``, ``rule.*``) in its language
        and its variant's texts, as its kit prints them (English without either)."""
        return session_catalogue(self.spec.name, self.setup.variant_path, language=self.setup.language)

    @property
    def title(self) -> str:
        """The game's name as the session's kit prints it, where its catalogue names it (a variant's own title, a
        translation's), else as the registry does."""
        return self.words.get("title", self.spec.title)

    # -- extending the record ----------------------------------------------
    def play(self, move_text: str, player: str | None = None) -> str:
        """Check ``move_text`` from ``player`` (None: whoever is to move) and append it; return the recorded text.

        Every front end plays through here: the player must be to move (secrets and reveals are entered
        on one's own turn too), and a refusal is one line that names the stage and, where it can, what to
        do instead. A refused move leaves the record as it was.
        """
        if player is not None:
            self.check_turn(player)
        stage = self.state.stage()
        try:
            return self._play(move_text)
        except IllegalMove as exc:
            raise clip_quotes(self._in_stage(exc, stage), move_text) from None
        except PnpError as exc:
            raise clip_quotes(exc, move_text) from None

    def _play(self, move_text: str) -> str:
        player = self.state.to_move()
        move = notation.parse(self.game, move_text)
        if player is None:  # the game's own refusal says how it ended; the referee's words are the fallback
            if not isinstance(move, (Secret, Commit, Reveal)):
                self.state.clone().apply(move)
            raise wrong_stage("over", self.words("referee.over"), self.words)
        if isinstance(move, Commit):
            raise NotationError("enter a secret as 'secret SLOT VALUE'; the referee records the commitment")
        if isinstance(move, Secret):
            return self._commit_secret(player, move)
        if isinstance(move, Reveal):
            move = self._complete_reveal(player, self._in_round(player, move))
        self._apply(player, move)
        return self._append(f"{player}: {notation.format(self.game, move)}")

    def check_player(self, player: str) -> None:
        """Refuse a name that is not one of this session's players."""
        if player not in self.setup.players:
            players = ", ".join(self.setup.players)
            raise PnpError(f"{quote(player)} is not a player in {self.path.name} (players: {players})")

    def check_turn(self, player: str) -> None:
        """Refuse ``player`` if they are not at this table, or if another player is to move."""
        self.check_player(player)
        to_move = self.state.to_move()
        if to_move is not None and to_move != player:
            refusal = IllegalMove(self.words("referee.turn", to_move=to_move, player=player), TURN, True)
            raise worded(self.words, refusal)

    def offered(self, seat: str | None) -> list[Move]:
        """Every input legal now as ``seat``'s own screen offers it: a chance's outcomes as ``seat`` can tell
        them (``State.odds``: a card all in other hands is offered as one still in the deck, which its
        refusal shows it is not); never a secret value ``seat`` has already sealed where the game wants them
        all different."""
        legal = _as_seen(self.state.legal_moves(), self.state.chance(), self.state.odds(seat))
        if self.game.distinct_secrets and seat is not None and seat == self.state.to_move():
            return unsealed(legal, self.own_secrets(seat))
        return legal

    def own_secrets(self, player: str) -> dict[str, str]:
        """``player``'s key-file secrets that open a commitment still in force (none taken back)."""
        return {
            slot: value
            for slot, (value, salt) in keys.read_keys(self.path, player).items()
            if (player, slot) in self.commitments
            and secrets.matches(self.commitments[(player, slot)], player, slot, value, salt)
        }

    def log_seen_by(self, viewer: str | None) -> list[str]:
        """Each move played, as ``viewer``'s log reads it (None: the table's shared screen)."""
        return [log_text(self.game, self.words, player, move, viewer) for player, move in self.played]

    def unrevealed(self, player: str) -> list[str]:
        """The slots of ``player``'s commitments in force that are not revealed yet, sorted."""
        revealed = self.revealed()
        return sorted(slot for owner, slot in self.commitments if owner == player and (owner, slot) not in revealed)

    def revealed(self) -> set[tuple[str, str]]:
        """(player, slot) of every secret revealed so far."""
        return {(player, move.slot) for player, move in self.played if isinstance(move, Reveal)}

    def private_view(self, player: str, own: dict[str, str]) -> dict[str, str]:
        """What only ``player`` may see, by name: their secrets ``own`` (with the game's label; a round's as "burn
        for round 2") and e.g. a hand."""
        game, words, state = self.game, self.words, self.state
        labelled = {
            rounds.named(game, words, slot, state, player): labelled_secret(game, slot, value)
            for slot, value in own.items()
        }
        return {**labelled, **state.private(player)}

    def undo(self) -> str:
        """Take back the last effective move, by appending a takeback."""
        if not self.played:
            raise worded(self.words, IllegalMove(self.words("referee.undo.nothing"), "undo"))
        if isinstance(self.played[-1][1], Reveal):
            raise worded(self.words, IllegalMove(self.words("referee.undo.revealed"), "undo"))
        self._take_back()
        return self._append("undo")

    def _commit_secret(self, player: str, entered: Secret) -> str:
        legal = self.state.legal_moves()
        typed = Secret(rounds.secret_of(self.game, entered.slot), entered.value)  # 'burn2' typed for 'burn'
        move = _listed_secret(self.game.read_secret(typed), legal)
        words = self.words
        if move is not None and move not in self.offered(player):
            raise IllegalMove(words("referee.secret.distinct", player=player), "secrets")
        if move is None:  # the message never repeats the value: someone may be watching the screen
            if not any(isinstance(m, Secret) for m in legal):
                raise wrong_stage(self.state.stage(), words("referee.secret.not_due", player=player), words)
            raise self._secret_refused("unknown", player, typed.slot)
        slot = rounds.next_slot(self.game, player, move.slot, self.commitments)
        digest, salt = secrets.commit(player, slot, move.value)
        commit = Commit(slot, digest)
        self._apply(player, commit)
        text = self._append(f"{player}: {notation.format(self.game, commit)}")
        keys.keep(self.path, player, slot, move.value, salt)
        return text

    def _in_round(self, player: str, move: Reveal) -> Reveal:
        """``move`` naming the round it reveals (``reveal burn`` is the player's earliest round not yet revealed),
        refused while a seat has still to seal that round."""
        slot = rounds.next_slot(self.game, player, move.slot, self.revealed())
        rounds.check(self.game, self.words, self.setup.players, player, Reveal(slot), self.commitments)
        return Reveal(slot, move.value, move.salt)

    def _complete_reveal(self, player: str, move: Reveal) -> Reveal:
        if move.value:
            return move
        kept = keys.read_keys(self.path, player).get(move.slot)
        if kept is None:
            raise self._secret_refused("no_key", player, move.slot)
        return Reveal(move.slot, *kept)

    def _secret_refused(self, why: str, player: str, slot: str) -> IllegalMove:
        """The refusal ``referee.secret.WHY`` of ``player``'s secret in ``slot``: the secret named as players read it,
        the slot as the notation types it (for a command the refusal quotes)."""
        secret = rounds.named(self.game, self.words, slot, self.state, player)
        return IllegalMove(self.words(f"referee.secret.{why}", player=player, secret=secret, slot=slot), "secrets")

    # -- replay ----------------------------------------------------------------
    def _apply(self, player: str, move: Move) -> None:
        """Play ``move`` as the record writes it (a round secret's slot names its round) and keep its commitment."""
        words = self.words
        rounds.check(self.game, words, self.setup.players, player, move, self.commitments)
        if isinstance(move, Commit) and (player, move.slot) in self.commitments:
            raise self._secret_refused("twice", player, move.slot)
        if isinstance(move, Reveal):
            expected = self.commitments.get((player, move.slot))
            if expected is None:
                raise self._secret_refused("none", player, move.slot)
            if not secrets.matches(expected, player, move.slot, move.value, move.salt):
                raise self._secret_refused("mismatch", player, move.slot)
        self.state.apply(rounds.for_rules(self.game, move))
        if isinstance(move, Commit):
            self.commitments[(player, move.slot)] = move.digest
        self.played.append((player, move))

    def _in_stage(self, refusal: IllegalMove, stage: Stage) -> IllegalMove:
        """``refusal`` as the player reads it, naming the stage in force as every refusal at the table does
        ("during play: ...") and the rule it breaks, in the session's words."""
        words = self.words
        reason = refusal.reason if names_stage(words, refusal.reason) else in_stage(words, stage, refusal.reason)
        return worded(words, refusal, reason)

    def _take_back(self) -> None:
        kept = self.played[:-1]
        if self.snapshots and self.snapshots[-1][0] == len(kept):
            _, self.state, self.commitments = self.snapshots.pop()
            self.played = kept
            return
        self.state = self.game.new_state(self.setup)
        self.played, self.commitments = [], {}
        for player, move in kept:
            self._apply(player, move)

    def _append(self, text: str) -> str:
        self.events += 1
        line = record.event_line(self.last_hash, self.events, text)
        self.last_hash = record.chain(self.last_hash, f"{self.events}. {text}")
        self.text += line
        return text

    def replay_event(self, event: record.Event, taken_back: bool = False) -> None:
        """Apply one event read from the file, or raise RecordError naming its line.

        ``taken_back`` says a later undo removes this move: the state is saved first, so the undo
        restores it instead of replaying from the start.
        """
        where = f"{self.path}:{event.line}"
        try:
            if event.text == "undo":
                if not self.played or isinstance(self.played[-1][1], Reveal):
                    raise IllegalMove("nothing that can be taken back", "undo")
                self._take_back()
                return
            player, sep, move_text = event.text.partition(": ")
            if not sep or player != self.state.to_move():
                raise IllegalMove(f"it is {self.state.to_move()}'s turn, not {player}'s", "turn order")
            move = notation.parse(self.game, move_text)
            if taken_back:
                self.snapshots.append((len(self.played), self.state.clone(), dict(self.commitments)))
            self._apply(player, move)
        except PnpError as exc:
            raise RecordError(f"{where}: {clip_quotes(exc, event.text)}") from None

    def save(self) -> None:
        """Write the record with every event appended since it was read; a read-only record is left alone."""
        if read_only(self.path):
            raise RecordError(f"{self.path}: the record is read-only; make it writable (chmod u+w) to play on")
        write_atomic(self.path, self.text)

    def create(self) -> None:
        """Write this new record (from :func:`new`); RecordExists, nothing written, if a file is at its path by now.

        The path is looked at again and written under the record's lock, which every writer of records holds: of
        two programs starting a record at one path, one writes it and the other is refused.
        """
        with record.locked(self.path):
            if self.path.exists():
                raise _taken(self.path)
            write_atomic(self.path, self.text)


def _taken(path: Path) -> RecordExists:
    return RecordExists(f"{path}: a record already exists there (choose another name, or remove it)")


def _as_seen(legal: list[Move], chance: Mapping[Move, float], odds: Mapping[Move, float]) -> list[Move]:
    """``legal`` with the outcomes of its chance (listed together) replaced by those of ``odds``."""
    if not chance or odds.keys() == chance.keys():
        return legal
    first = next(n for n, move in enumerate(legal) if move in chance)
    others = [move for move in legal if move not in chance]
    return [*others[:first], *odds, *others[first:]]


def _listed_secret(entered: Secret, legal: list[Move]) -> Secret | None:
    """The listed secret ``entered`` stands for, ignoring case and the order of comma-separated items."""

    def key(value: str) -> list[str]:
        return sorted(item.strip().casefold() for item in value.split(","))

    for move in legal:
        if isinstance(move, Secret) and move.slot == entered.slot and key(move.value) == key(entered.value):
            return move
    return None


def new(
    path: Path,
    game_name: str,
    players: list[str],
    options: list[str],
    seed: int,
    map_path: Path | None,
    variant_path: Path | None = None,
    language: str | None = None,
    follows: str = "",
) -> Session:
    """A new record's session, not written yet (see :meth:`Session.create`); refuses a path already taken.
    ``language``: a translation pnp ships for the game, spoken over the variant's (a tag as ``--lang`` takes it);
    ``follows``: the record (a file name beside it) whose rematch this one is, in a game night."""
    spec = games.get(game_name)
    game = spec.rules()
    check_players(spec.title, game, players)
    if path.is_dir():
        raise PnpError(f"{path}: is a folder; give the record a file name, e.g. {path / 'game.pnp'}")
    if not path.parent.is_dir():
        raise PnpError(f"{path.parent}: no such folder")
    if path.exists():
        raise _taken(path)
    _check_files(spec, map_path, variant_path)
    if language is not None:
        check_language(spec.name, spec.title, language)
        language = shipped(language, spec.name)
    values = parse_options(game, options)
    setup = Setup(tuple(players), values, seed, map_path, variant_path, language)
    state, bound, files = _played_on(spec, game, setup)
    headers = {
        "Game": spec.name,
        "Players": ",".join(players),
        "Options": format_options(values),
        "Seed": str(seed),
        "Map": os.path.relpath(map_path, path.parent) if map_path else "",
        "Files": files,
        "Variant": os.path.relpath(variant_path, path.parent) if variant_path else "",
        "Language": language or "",
        "Follows": follows,
    }
    if any('"' in v or "\n" in v for v in headers.values()):
        raise PnpError("a header value may not contain quotes or line breaks (check the map path)")
    session = Session(path, spec, bound, setup, state)
    session.text = record.render_headers(headers)
    session.last_hash = record.header_check(headers)
    return session


def _check_files(spec: GameSpec, map_path: Path | None, variant_path: Path | None) -> None:
    """Refuse a map or variant file ``spec``'s game cannot be played on, each error marked as the file's (``about``)."""
    if map_path is not None:
        with about(map_path):
            games.map_game(map_path, spec.name)
    if variant_path is not None:
        from pnp.variants.findings import check_refereed

        with about(variant_path):
            check_refereed(variant_path, spec.name)


def _played_on(spec: GameSpec, game: Game, setup: Setup) -> tuple[State, Game, str]:
    """The first state, the bound rules and the ``Files`` header of ``setup``; an error is its map's, read alone first,
    or else one of the game's checks of the pair, the variant's (else the map's)."""
    if setup.map_path is not None and spec.maps is not None:
        with about(setup.map_path):
            spec.maps.load(setup.map_path)
    with about(setup.variant_path or setup.map_path):
        return game.new_state(setup), game.bind(setup), digests(game, setup)


def load(path: Path) -> Session:
    """Read a record and replay it, checking every line; RecordError names the first bad one."""
    parsed, last_hash, text = record.parse(path)
    spec, game, setup = _setup(path, parsed.headers)
    try:
        why = changed(game, setup, parsed.headers["Files"])
    except (PnpError, ValueError) as exc:  # a file the game began on, deleted or edited unfit since
        raise RecordError(f"{path}: cannot be replayed: {exc}; {HOW_TO_GO_ON}") from None
    if why:
        raise RecordError(f"{path}: {why}")
    session = Session(path, spec, game.bind(setup), setup, game.new_state(setup))
    taken_back = _taken_back(parsed.events)
    for index, event in enumerate(parsed.events):
        session.replay_event(event, index in taken_back)
    session.text, session.last_hash, session.events = text, last_hash, len(parsed.events)
    return session


def read_setup(path: Path) -> tuple[GameSpec, Setup]:
    """The game and setup of the record at ``path`` as its headers give them, its files and moves left unread (all
    a rematch needs)."""
    spec, _, setup = _setup(path, record.parse(path)[0].headers)
    return spec, setup


def _setup(path: Path, headers: Mapping[str, str]) -> tuple[GameSpec, Game, Setup]:
    """The game, its rules and the setup a record's ``headers`` give (its files not read); RecordError if wrong."""
    try:
        spec = games.get(headers["Game"])
    except PnpError as exc:
        raise RecordError(f"{path}: {exc}") from None
    game = spec.rules()
    map_path = _resolve_map(headers["Map"], path.parent)
    variant_path = _resolve_map(headers.get("Variant", ""), path.parent)
    try:
        options = parse_options(game, [p for p in headers["Options"].split(";") if p])
        seed = int(headers["Seed"])
        language = headers.get("Language") or None
        if language is not None and shipped(language, spec.name) is None:
            known = ", ".join(languages(spec.name))
            raise PnpError(f"Language {language}: this pnp has no {spec.title} in it (its languages: {known})")
        setup = Setup(tuple(headers["Players"].split(",")), options, seed, map_path, variant_path, language)
        check_players(spec.title, game, setup.players)
    except (PnpError, ValueError) as exc:
        raise RecordError(f"{path}: bad header: {exc}") from None
    return spec, game, setup


def _taken_back(events: tuple[record.Event, ...]) -> set[int]:
    """Indexes of the events that a later ``undo`` takes back."""
    stack: list[int] = []
    undone = set()
    for index, event in enumerate(events):
        if event.text != "undo":
            stack.append(index)
        elif stack:
            undone.add(stack.pop())
    return undone


def _resolve_map(label: str, record_dir: Path) -> Path | None:
    if not label:
        return None
    candidate = Path(label)
    return candidate if candidate.is_absolute() else record_dir / candidate
