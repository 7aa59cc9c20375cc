"""Everything a refereed session says to its players over seeded random games, kind by kind: inputs' labels,
picker steps and secrets' names, refusals of moves tried at the wrong time or by the wrong seat, the private views,
the board in words clause by clause, each viewer's log and the score, each wording once where first said (see
:func:`_keep`); the terminal pictures as a digest, and what the pictures say to a look that reads them
(:func:`pictured`). A game's words tests compare its
English with the snapshot ``tests/fixtures/said/GAME.txt`` (``PNP_UPDATE_SAID=1`` rewrites it) and look in a
translated one for English words of the game's entries (:func:`english_left`)."""

from __future__ import annotations

import dataclasses
import difflib
import hashlib
import json
import os
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from itertools import combinations
from pathlib import Path
from unittest import mock

from pnp.errors import PnpError
from pnp.printing.render import drawing_to_screen_svg
from pnp.referee import notation, secrets, session
from pnp.referee.inputs import Input, legal_inputs
from pnp.table.view import state_json
from pnp.texts import catalogue, english, toolkit
from pnp.texts.catalogue import PLACEHOLDER

SNAPSHOTS = Path(__file__).parent.parent / "fixtures" / "said"
SALT = "5a17" * 8  # every secret sealed with one salt: nothing said depends on random bytes
SHOWN = 8  # inputs listed per position, spread over all those offered
LATELY = 4  # moves played lately, tried again at each position
PICTURED = 9  # positions between two whose pictures are read (see pictured)
KINDS = ("labels", "steps", "secrets", "refusals", "private", "board", "log", "score", "pictures")
IN_WORDS = ("labels", "steps", "secrets", "refusals", "private", "board", "log", "score")  # what a language words


@contextmanager
def one_salt() -> Iterator[None]:
    """Secrets sealed with :data:`SALT` while inside."""
    with mock.patch.object(
        secrets, "commit", lambda player, slot, value: (secrets.digest(player, slot, value, SALT), SALT)
    ):
        yield


def variant_in(folder: Path, game: str, language: str) -> Path:
    """A variant of ``game`` in ``language`` (English: the game as it ships), written as ``folder``/v.yaml."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "v.yaml"
    path.write_text(f"game: {game}\n" + ("" if language == "en" else f"language: {language}\n"), encoding="utf-8")
    return path


def played_in(
    folder: Path, game: str, language: str, moves: Iterable[str | tuple[str, str | None]], options: Iterable[str] = ()
) -> session.Session:
    """A saved session of ``game`` for ann and bob in ``folder``, its variant in ``language``, ``moves`` played (a
    move, or a move and who plays it), every secret sealed with one salt: two records of the same moves in two
    languages are compared byte for byte."""
    variant = variant_in(folder, game, language)
    with one_salt():
        current = session.new(folder / "g.pnp", game, ["ann", "bob"], list(options), 0, None, variant)
        current.save()
        for move in moves:
            text, player = (move, None) if isinstance(move, str) else move
            current.play(text, player)
    current.save()
    return current


def played_both(
    folder: Path, game: str, moves: Iterable[str | tuple[str, str | None]], viewer: str, options: Iterable[str] = ()
) -> tuple[session.Session, session.Session, dict[str, list[Input]]]:
    """``moves`` played in English and in French (:func:`played_in`, in ``folder``/en and ``folder``/fr), whose
    records must be the same bytes and whose inputs offered to ``viewer`` the same notation, each reading back as
    itself (the notation is one language): the two sessions, and what each offers by language."""
    moves, options = list(moves), list(options)
    english_session, french = (played_in(folder / code, game, code, moves, options) for code in ("en", "fr"))
    assert (folder / "fr" / "g.pnp").read_bytes() == (folder / "en" / "g.pnp").read_bytes()
    listed = {"en": legal_inputs(english_session, viewer), "fr": legal_inputs(french, viewer)}
    assert [i.text for i in listed["fr"]] == [i.text for i in listed["en"]]
    for offered in listed["fr"]:
        assert notation.format(french.game, notation.parse(french.game, offered.text)) == offered.text
    return english_session, french, listed


def refusals(current: session.Session, tried: Iterable[tuple[str, str | None]]) -> list[str]:
    """What ``current`` says to each move ``tried`` (played by the player named, or the player to move): each must
    be refused."""
    said = []
    for move, player in tried:
        try:
            current.play(move, player)
        except PnpError as refused:
            said.append(str(refused))
        else:
            raise AssertionError(f"{move!r} was played, not refused")
    return said


@dataclasses.dataclass(frozen=True)
class Case:
    """A seeded game: its players, options, seed, and how many inputs are played at most."""

    players: tuple[str, ...]
    seed: int
    options: tuple[str, ...] = ()
    turns: int = 1000


Look = Callable[[session.Session], None]  # shown each position of a seeded game, before its move


def said(
    folder: Path,
    game: str,
    case: Case,
    tries: Callable[[random.Random], list[str]],
    variant: Path | None = None,
    look: Look | None = None,
) -> dict[str, list[str]]:
    """What a session of ``game`` in ``folder`` says over ``case``, by kind, each wording once; ``tries`` gives the
    move texts tried at a position (most refused, the rest left unplayed), ``look`` is shown each position. The
    moves played are drawn from a generator of their own: what is tried never changes the game."""
    pick, rng, players, played = random.Random(case.seed), random.Random(-case.seed), list(case.players), []
    heard: dict[str, dict[str, str]] = {kind: {} for kind in KINDS}
    pictures = hashlib.sha256()

    def say(kind: str, lines: Iterable[str]) -> None:
        _keep(heard[kind], lines)

    with one_salt():
        current = session.new(folder / "g.pnp", game, players, list(case.options), case.seed, None, variant)
        for _ in range(case.turns):
            state, mover = current.state, current.state.to_move()
            pictures.update(state.render_text(None).encode())
            if look is not None:
                look(current)
            say("board", (clause for line in state.describe(mover) for clause in line.split("; ")))
            for seat in players:
                say("private", (f"{k}: {v}" for k, v in current.private_view(seat, current.own_secrets(seat)).items()))
            offered = legal_inputs(current, mover) if mover is not None else []
            for offer in offered[:: max(1, len(offered) // SHOWN)]:
                say("labels", [f"{offer.text} = {offer.label}"])
                say("secrets", [f"{offer.text} = {offer.secret}"] if offer.secret else [])
                path = offer.path and json.dumps([offer.path.steps, offer.path.group], ensure_ascii=False)
                say("steps", [f"{offer.text} = {path}"] if path else [])
            listed = {offer.text for offer in offered}
            tried = dict.fromkeys([*tries(rng), *played[-LATELY:]])
            say("refusals", (_refused(current, text, mover) for text in tried if text not in listed))
            if mover is None:
                break
            other = rng.choice([seat for seat in players if seat != mover])
            say("refusals", [_refused(current, offered[0].text, other)])
            played.append(_play(current, pick, [offer.text for offer in offered], mover, heard["refusals"]))
        for viewer in (*players, None):
            seen = state_json(current, viewer, picture="")
            say("log", (entry["label"] for entry in seen["log"]))
            say("private", (f"{k}: {v}" for k, v in seen["private"].items()))
        score = current.state.score()
        say("score", [*(f"{row.name} {row.score} {dict(row.breakdown)}" for row in score.players), *score.notes])
    say("pictures", [pictures.hexdigest()])
    return {kind: list(lines.values()) for kind, lines in heard.items()}


def _keep(kept: dict[str, str], lines: Iterable[str]) -> None:
    """Keep each of ``lines`` unless one that words the same is kept already: the same after its notation but for
    numbers, letters and names ("column 2", "column 3"; "at K", "at L"; "to Taipei", "to Hanoi"; "blue/white",
    "red/green")."""
    for line in lines:
        kept.setdefault(re.sub(r"\b(\d+|[A-Za-z]|[A-Z][\w'-]*|[a-z]+/[a-z]+)\b", "#", line.split(" = ", 1)[-1]), line)


def _play(
    current: session.Session, pick: random.Random, offered: list[str], mover: str, refusals: dict[str, str]
) -> str:
    """Play one of ``offered`` drawn by ``pick`` and return it, keeping in ``refusals`` why each drawn before it was
    refused (a card in another's hand, a goal another revealed: the mover may not know)."""
    while True:
        text = pick.choice(offered)
        try:
            current.play(text, mover)
            return text
        except PnpError as refusal:
            _keep(refusals, [str(refusal)])
            offered.remove(text)


def _refused(current: session.Session, text: str, who: str | None) -> str:
    """What playing ``text`` as ``who`` says, on a copy of ``current``: its refusal, or 'legal'."""
    copy = dataclasses.replace(current, state=current.state.clone(), commitments=dict(current.commitments))
    copy.played, copy.snapshots, copy.words = list(current.played), [], current.words  # its catalogue, made once
    try:
        copy.play(text, who)
    except PnpError as refusal:
        return str(refusal)
    return f"{text}: legal"


def heard(folder: Path, game: str, variant: Path | None = None, look: Look | None = None) -> dict[str, list[str]]:
    """What sessions of ``game`` (of ``variant``, if given) say over its :data:`GAMES` cases, by kind, each wording
    once; each played in a folder of its own under ``folder``, ``look`` shown each position."""
    cases, tries = GAMES[game]
    kinds: dict[str, dict[str, str]] = {kind: {} for kind in KINDS}
    for n, case in enumerate(cases):
        (folder / str(n)).mkdir(parents=True)
        for kind, lines in said(folder / str(n), game, case, tries, variant, look).items():
            _keep(kinds[kind], lines)
    return {kind: list(lines.values()) for kind, lines in kinds.items()}


def pictured(current: session.Session, viewer: str | None) -> str:
    """The texts of the state picture of ``current`` as ``viewer`` sees it, one a line."""
    svg = drawing_to_screen_svg(current.spec.picture(current.state, viewer))
    return "\n".join("".join(text.itertext()) for text in ET.fromstring(svg).iter() if text.tag.endswith("text"))


def pictures(into: dict[str, None], every: int = PICTURED) -> Look:
    """What to look at in seeded games: every ``every`` positions and at the end, the lines of the terminal picture
    for every viewer and those of the state picture (:func:`pictured`) for the shared screen and the first seat, each
    once, into ``into``."""
    seen = [0]

    def look(current: session.Session) -> None:
        seen[0] += 1
        if (seen[0] - 1) % every and not current.state.is_over():
            return
        viewers = (None, *current.setup.players)
        shown = [current.state.render_text(viewer) for viewer in viewers]
        shown += [pictured(current, viewer) for viewer in viewers[:2]]
        into.update(dict.fromkeys(line for text in shown for line in text.splitlines()))

    return look


def as_lines(kinds: dict[str, list[str]]) -> list[str]:
    """``kinds`` as a snapshot's lines: each kind's name in brackets, then its lines."""
    return [line for kind, said in kinds.items() for line in (f"[{kind}]", *said)]


def as_before(game: str, kinds: dict[str, list[str]]) -> None:
    """Assert ``kinds`` is ``game``'s snapshot, showing the first lines that differ; with ``PNP_UPDATE_SAID=1``,
    rewrite the snapshot instead."""
    path, now = SNAPSHOTS / f"{game}.txt", as_lines(kinds)
    if os.environ.get("PNP_UPDATE_SAID") == "1":
        path.write_text("".join(f"{line}\n" for line in now), encoding="utf-8")
    diff = difflib.unified_diff(path.read_text(encoding="utf-8").splitlines(), now, str(path), "said now", n=2)
    shown = [line.rstrip("\n") for line, _ in zip(diff, range(40))]
    assert not shown, "English differs from its snapshot (PNP_UPDATE_SAID=1 rewrites it):\n" + "\n".join(shown)


def worded(kinds: dict[str, list[str]]) -> list[str]:
    """What ``kinds`` says in the session's language: an input's words after its notation, refusals but those of a
    move that cannot be read (English in every language, as the notation), the score's parts and notes."""
    words = [line.split(" = ", 1)[-1] for kind in IN_WORDS for line in kinds[kind]]
    return [line for line in words if not line.startswith("cannot read ") and not line.endswith(": legal")]


# Runs of an English entry that French says too: never a leak ("Mise en place", "les points des dés", "P1 : score",
# "dé bonus").
FRENCH_TOO = {"place", "points", ": score", "bonus"}


def english_left(
    game: str,
    said: Iterable[str],
    keys: str = "play. rule. described.",
    places: Iterable[str] = (),
    language: str = "fr",
) -> list[str]:
    """The English of ``game``'s own entries whose key starts with one of ``keys`` (split at spaces; "" for all)
    and whose French (or other ``language``) differs, found in ``said`` in any case ('black' for 'Black'), as 'key:
    words': each run between its placeholders of two words of three letters or more, or longer than three characters;
    ``places``: words of the map's names, the same in every language ('Africa' in South Africa). What ``said`` quotes
    is left aside: a command, the notation (what a player types; an apostrophe after a letter is French's)."""
    french, own = catalogue(game, language), set(english(game)) - set(toolkit())
    known = {word.lower() for word in (*FRENCH_TOO, *places)}
    text = "\n".join(re.sub(r"(?<!\w)'[^']*'", "''", line.replace("*", "")) for line in said)
    left = []
    for key, entry in english(game).items():
        if key not in own or not key.startswith(tuple(keys.split()) or "") or french[key] == entry.text:
            continue
        for run in (" ".join(run.split()) for run in PLACEHOLDER.split(entry.text)[::2]):
            wordy = len(re.findall(r"[A-Za-z]{3,}", run)) >= 2 or len(run) > 3
            found = re.search(rf"(?<![\w']){re.escape(run.replace('*', ''))}(?![\w'])", text, re.IGNORECASE)
            if wordy and found and run.lower() not in known and run.lower() not in french[key].lower():
                left.append(f"{key}: {run!r}")
    return left


def unspaced(lines: Iterable[str], names: Iterable[str] = ()) -> list[str]:
    """The lines of ``lines`` that put no space before a two-part mark (: ; ! ?) as French writes them, what they
    quote (the notation) and ``names`` (a title such as "Take Off!") aside."""

    def bare(line: str) -> str:
        for name in names:
            line = line.replace(name, "")
        return re.sub(r"(?<!\w)'[^']*'", "''", line)

    return [line for line in lines if re.search(r"[^\s\d][:;!?](\s|$)", bare(line))]


BALLOONS = [f"{a}{b}" for a, b in combinations("BGPRWY", 2)] + ["lion", "wolf", "monkey"]  # Aloft's, by id


def aloft_tries(rng: random.Random) -> list[str]:
    """Aloft moves to try: a truck, a balloon inflated, launched or ascended, colour cards entered or shown."""
    balloon, column = rng.choice(BALLOONS), rng.randint(1, 13)
    return [
        f"truck {column}",
        f"inflate {balloon} {column}",
        f"{rng.choice(('launch', 'ascend'))} {balloon}",
        rng.choice((f"secret colours {','.join(rng.sample('BGPRWY', 2))}", "reveal colours", f"ascend {balloon}")),
    ]


def hauling_tries(rng: random.Random) -> list[str]:
    """Hauling Astronauts moves to try: a roll, a die placed or moved, a swap, a departure, a choice, an end."""
    die = f"{rng.randint(1, 6)}{rng.choice(('', '', 'g', 'r'))}"
    space, other = (f"{rng.choice('abc')}{rng.choice('123')}" for _ in range(2))
    strips = rng.sample("123abc", 2)
    extra = rng.choice(("", " gold profit", " red bonus"))
    return [
        f"roll {die} {rng.randint(1, 6)} {rng.randint(1, 6)}",
        rng.choice((f"place {die} {space}", f"move {space} {other}", f"swap {strips[0]} {strips[1]}")),
        rng.choice((f"depart {strips[0]} d{rng.randint(1, 7)}{extra}", "end", "pass")),
        rng.choice(("choose A B C", "choose U V W", "choose A A B", f"secret t{rng.randint(1, 3)} B", "reveal t1")),
    ]


def some(texts: tuple[str, ...], k: int) -> Callable[[random.Random], list[str]]:
    """Moves to try: ``k`` of ``texts`` at a time."""
    return lambda rng: rng.sample(texts, k)


TAKE_OFF = ("pass", "roll R Y", "draw tokyo", "draw honolulu", "draw xyz", "send 2", "fly 1 apia", "fly 4 apia")
ODYSSEY = ("move A", "move ZZ", "move B/2", "pick r", "pick w", "claim A-B rr", "claim A-B:1 r", "gain space")
ODYSSEY += ("gain r", "swap r g", "skip", "use jump", "block", "allow")
AIR_KING = ("end", "draw storm", "draw hold", "fly 1 b2", "depart 5 a1", "storm f3", "extra fly 9 c3", "return 4")
AIR_KING += ("secret goal 2", "reveal goal", "hold 2", "pass")
TWO, THREE, FOUR, SIX = ("ann", "bob"), ("ann", "bob", "cy"), ("ann", "bob", "cy", "dee"), tuple("abcdef")
# The seeded games whose words are compared, and the moves tried at each position.
GAMES: dict[str, tuple[tuple[Case, ...], Callable[[random.Random], list[str]]]] = {
    "aloft": ((Case(TWO, 1), Case(THREE, 2), Case(FOUR, 3), Case(SIX, 4), Case(TWO, 5)), aloft_tries),
    "hauling-astronauts": (
        (
            Case(TWO, 1),
            Case(TWO, 2, ("bonus_dice=true",)),
            Case(TWO, 3, ("hidden_transports=true",)),
            Case(TWO, 4, ("bonus_dice=true", "hidden_transports=true")),
            Case(TWO, 5, ("hidden_transports=true",)),
        ),
        hauling_tries,
    ),
    "take-off": (
        (
            Case(TWO, 5, ("rounds=6", "fleet=1"), 200),
            Case(THREE, 3, ("fleet=2",), 90),
            Case(FOUR, 11, ("fleet=3", "play_on=true"), 90),
        ),
        some(TAKE_OFF, 8),
    ),
    "aeronaut-odyssey": (
        (
            Case(TWO, 1, (), 400),
            Case(THREE, 2, ("variant=block", "hidden_inventories=true"), 150),
            Case(FOUR, 3, ("variant=different",), 150),
            Case(THREE, 4, ("variant=not-travelled",), 150),
        ),
        some(ODYSSEY, 5),
    ),
    "air-king": ((Case(FOUR, 3), Case(THREE, 2, (), 200)), some(AIR_KING, 3)),
}
