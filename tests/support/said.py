"""Everything a refereed session says to its players over a seeded random game, gathered to compare one pnp's
words with another's: the labels and picker steps of every input offered, the log as each seat reads it, the
secrets' and private names, the refusals of moves tried at the wrong time, the next steps, the board in words, the
score, and a digest of the terminal pictures (which stay English in every language)."""

from __future__ import annotations

import dataclasses
import hashlib
import random
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from itertools import combinations
from pathlib import Path
from unittest import mock

from pnp.errors import PnpError
from pnp.referee import notation, secrets, session
from pnp.referee.inputs import legal_inputs
from pnp.referee.presentation import log_text
from pnp.texts import catalogue, english, toolkit
from pnp.texts.catalogue import PLACEHOLDER

SALT = "5a17" * 8  # every secret sealed with one salt: nothing said depends on random bytes
TRIED = 6  # moves tried at each position, most of them refused


@contextmanager
def one_salt() -> Iterator[None]:
    """Secrets sealed with :data:`SALT` while inside."""
    with mock.patch.object(
        secrets, "commit", lambda player, slot, value: (secrets.digest(player, slot, value, SALT), SALT)
    ):
        yield


def said(
    folder: Path,
    game: str,
    players: list[str],
    options: list[str],
    seed: int,
    tries: Callable[[random.Random], list[str]],
    variant: Path | None = None,
) -> dict[str, list[str]]:
    """What a session of ``game`` in ``folder`` says over a random game from ``seed``, by kind, each line once in
    the order first said (the board in words and the terminal pictures as digests of them all); ``tries`` gives
    move texts to try at a position (most refused, the rest not played)."""
    rng = random.Random(seed)
    heard: dict[str, dict[str, None]] = {}
    pictures, board = hashlib.sha256(), hashlib.sha256()

    def say(kind: str, line: str) -> None:
        heard.setdefault(kind, {})[line] = None

    with one_salt():
        current = session.new(folder / "g.pnp", game, players, options, seed, None, variant)
        current.save()
        while True:
            state, mover = current.state, current.state.to_move()
            pictures.update(state.render_text(None).encode())
            board.update("\n".join(state.describe(mover)).encode())
            for seat in players:
                for name, value in current.private_view(seat, current.own_secrets(seat)).items():
                    say("private", f"{name}: {value}")
            if mover is None:
                break
            offered = legal_inputs(current, mover)
            for offer in offered:
                say("labels", f"{offer.text} = {offer.label}")
                if offer.secret:
                    say("secrets", f"{offer.text} = {offer.secret}")
                if offer.path:
                    say("steps", f"{offer.text} = {offer.path.to_json()}")
            listed = {offer.text for offer in offered}
            for text in [*tries(rng), *rng.sample(sorted(listed), 1)]:
                for who in (mover, rng.choice(players)):
                    if text in listed and who == mover:
                        continue
                    try:
                        _refused(current, text, who)
                    except PnpError as refusal:
                        say("refusals", str(refusal))
            current.play(rng.choice(sorted(listed)), mover)
        for viewer in (*players, None):
            for player, move in current.played:
                line = log_text(current.game, current.words, player, move, viewer)
                label = current.game.label(move) if line == notation.format(current.game, move) else None
                say("log", f"{line} = {label or line}")
        score = current.state.score()
        for row in score.players:
            say("score", f"{row.name} {row.score} {dict(row.breakdown)}")
        for note in score.notes:
            say("score", note)
    digests = {"board": [board.hexdigest()], "pictures": [pictures.hexdigest()]}
    return {**{kind: list(lines) for kind, lines in heard.items()}, **digests}


def merged(cases: list[dict[str, list[str]]]) -> dict[str, list[str]]:
    """The lines of ``cases`` by kind, each once, in the order first said."""
    kinds: dict[str, dict[str, None]] = {}
    for case in cases:
        for kind, lines in case.items():
            kinds.setdefault(kind, {}).update(dict.fromkeys(lines))
    return {kind: list(lines) for kind, lines in kinds.items()}


def _refused(current: session.Session, text: str, who: str) -> None:
    """Play ``text`` as ``who`` on a copy of ``current``: a refusal is raised, a legal move is left unplayed."""
    copy = dataclasses.replace(current, state=current.state.clone(), commitments=dict(current.commitments))
    copy.played, copy.snapshots = list(current.played), []
    copy.play(text, who)


BALLOONS = [f"{a}{b}" for a, b in combinations("BGPRWY", 2)] + ["lion", "wolf", "monkey"]  # Aloft's, by id
COLOURS = "BGPRWY"


def aloft_tries(rng: random.Random) -> list[str]:
    """Aloft moves to try: a truck, a balloon inflated, launched or ascended, colour cards entered or shown."""
    balloon, column = rng.choice(BALLOONS), rng.randint(1, 13)
    return [
        f"truck {column}",
        f"inflate {balloon} {column}",
        f"{rng.choice(('launch', 'ascend'))} {balloon}",
        rng.choice((f"secret colours {','.join(rng.sample(COLOURS, 2))}", "reveal colours", f"ascend {balloon}")),
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


# Runs of an English entry that French says too: never a leak ("Mise en place", "les points des dés", "P1 : score").
FRENCH_TOO = {"place", "points", ": score"}


def english_pieces(game: str, keys: str) -> dict[str, list[str]]:
    """The words of each English entry of ``game``'s own catalogue (the toolkit's aside) whose key starts with one
    of ``keys`` (split at spaces; "" for all) and whose French differs: each run between its placeholders of two words of three letters
    or more, or longer than three characters."""
    pieces = {}
    french, own = catalogue(game, "fr"), set(english(game)) - set(toolkit())
    for key, entry in english(game).items():
        if key in own and key.startswith(tuple(keys.split()) or "") and french[key] != entry.text:
            runs = [" ".join(run.split()) for run in PLACEHOLDER.split(entry.text)[::2]]
            pieces[key] = [
                run
                for run in runs
                if (len(re.findall(r"[A-Za-z]{3,}", run)) >= 2 or len(run) > 3) and run not in FRENCH_TOO
            ]
    return pieces


def leaks(game: str, keys: str, lines: list[str]) -> list[str]:
    """The English of ``game``'s entries (see :func:`english_pieces`) found in ``lines``, as 'key: words'; what
    a line quotes (a command, the notation: what a player types; an apostrophe after a letter is French's) aside."""
    unquoted = [re.sub(r"(?<!\w)'[^']*'", "''", line.replace("*", "")) for line in lines]
    return [
        f"{key}: {piece!r}"
        for key, pieces in english_pieces(game, keys).items()
        for piece in pieces
        if any(re.search(rf"(?<![\w']){re.escape(piece.replace('*', ''))}(?![\w'])", line) for line in unquoted)
    ]


# The seeded games whose words are compared: players, options and seed.
CASES: dict[str, list[tuple[list[str], list[str], int]]] = {
    "aloft": [
        (["ann", "bob"], [], 1),
        (["ann", "bob", "cy"], [], 2),
        (["ann", "bob", "cy", "dee"], [], 3),
        (["ann", "bob", "cy", "dee", "eve", "fay"], [], 4),
        (["ann", "bob"], [], 5),
    ],
    "hauling-astronauts": [
        (["ann", "bob"], [], 1),
        (["ann", "bob"], ["bonus_dice=true"], 2),
        (["ann", "bob"], ["hidden_transports=true"], 3),
        (["ann", "bob"], ["bonus_dice=true", "hidden_transports=true"], 4),
        (["ann", "bob"], ["hidden_transports=true"], 5),
    ],
}
TRIES = {"aloft": aloft_tries, "hauling-astronauts": hauling_tries}


def heard(folder: Path, game: str, variant: Path | None = None) -> dict[str, list[str]]:
    """What sessions of ``game`` (of ``variant``, if given) say over its :data:`CASES`, merged; each played in a
    folder of its own under ``folder``."""
    cases = []
    for n, (players, options, seed) in enumerate(CASES[game]):
        (folder / str(n)).mkdir()
        cases.append(said(folder / str(n), game, players, options, seed, TRIES[game], variant))
    return merged(cases)


if __name__ == "__main__":  # PYTHONPATH=. python3 tests/support/said.py GAME > tests/fixtures/said/GAME.json
    import json
    import sys
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        print(json.dumps(heard(Path(folder), sys.argv[1]), indent=0, ensure_ascii=False))
