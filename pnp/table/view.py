"""What one viewer sees of a session, as the JSON of ``/state``: a seat sees its own secrets, the host none.

Everything is derived from the live session. Another seat's hidden moves appear as the game's
public text, commitments as "entered their goal card (hidden)" (the slot in the game's words), and no
digest or salt is ever shown.
"""

from __future__ import annotations

import hashlib
import re
import threading
from typing import Any
from weakref import WeakKeyDictionary

from pnp.memo import Memo
from pnp.printing.render import drawing_to_screen_svg
from pnp.referee import notation, rounds
from pnp.referee.inputs import legal_inputs
from pnp.referee.presentation import log_text
from pnp.referee.protocol import Game, Move, Secret
from pnp.referee.session import Session
from pnp.table.answers import Encoded, encode

STATES_KEPT = 32  # states kept encoded: a table of six with its shared screen, over four versions
PICTURES_KEPT = 32  # pictures kept drawn, likewise
ENTRIES_KEPT = 1 << 16  # log entries kept written per session's rules: a long game's moves as each viewer reads them
_ENTRIES: WeakKeyDictionary[Game, dict[tuple[str, Move, str | None], tuple[str, str]]] = WeakKeyDictionary()
_ENTRIES_HELD = threading.Lock()  # the servers of a game night write logs from several threads
_EVENT = re.compile(r"^\d+\. (.*) #[0-9a-f]+$", re.MULTILINE)  # a record's event line: its text


class Views:
    """Each viewer's state, drawn and encoded once per version of the record (and read-only flag).

    Every page asks again after each change: a large picture (Take Off's world map) takes a good part
    of a second to draw, so it is drawn once for all the pages of that viewer, not once per page, and
    once for every viewer where the game draws the same for all. One drawing is made at a time: it
    holds Python's lock on the interpreter anyway, and alone it leaves the server's other threads (a
    move being played, a state already drawn) their turns.
    """

    def __init__(self) -> None:
        self._states: Memo[tuple[str, str | None, bool], Encoded] = Memo(STATES_KEPT)
        self._pictures: Memo[tuple[str, str | None], str] = Memo(PICTURES_KEPT)
        self._drawing = threading.Lock()

    def state(self, current: Session, viewer: str | None, read_only: bool) -> Encoded:
        """``viewer``'s state of ``current`` as JSON bytes, with an ETag naming its version and viewer (by a digest:
        a header holds Latin-1 only, and a name may be はると)."""
        key = (current.last_hash, viewer, read_only)  # as kept() looks it up
        seat = hashlib.sha256(viewer.encode()).hexdigest()[:16] if viewer is not None else "host"
        tag = f"{current.last_hash}-{seat}{'-read-only' if read_only else ''}"
        return self._states.get(key, lambda: self._encoded(current, viewer, read_only, tag))

    def kept(self, current: Session, viewer: str | None, read_only: bool) -> Encoded | None:
        """``viewer``'s state of ``current`` if it is encoded already (nothing is made)."""
        return self._states.peek((current.last_hash, viewer, read_only))

    def _encoded(self, current: Session, viewer: str | None, read_only: bool, tag: str) -> Encoded:
        shown = None if current.spec.picture_for_all(current.setup) else viewer
        with self._drawing:  # the holder alone makes pictures: it never waits for another thread's
            picture = self._pictures.get((current.last_hash, shown), lambda: _picture(current, shown))
            data = state_json(current, viewer, read_only, picture)
        return encode(data, tag)  # gzip lets go of the interpreter: the next drawing may start meanwhile


def state_json(
    current: Session, seat: str | None, read_only: bool = False, picture: str | None = None
) -> dict[str, Any]:
    """The state as ``seat`` may see it (None: the host's shared screen, which holds no secrets).

    ``picture`` is the state's picture for ``seat`` when it is drawn already.
    """
    state = current.state
    buttons = [offered.to_json() for offered in legal_inputs(current, seat)] if seat is not None else []
    return {
        "game": current.title,
        "seat": seat,
        "players": list(current.setup.players),
        "to_move": state.to_move(),
        "stage": state.stage(),
        "moves": [button["move"] for button in buttons],
        "buttons": buttons,
        "picture": _picture(current, seat) if picture is None else picture,
        "description": list(state.describe(seat)),
        "private": _private(current, seat) if seat is not None else {},
        "score": state.score().to_json(),
        "log": _log(current, seat),
        "taken_back": _taken_back(current),
        "version": current.last_hash,
        "read_only": read_only,
    }


def _private(current: Session, seat: str) -> dict[str, str]:
    """What only ``seat`` sees, in words: its secrets named as the game and the position name them, by the label
    of their value (a transport's name, not the letter it is typed as), and the game's private view of it (e.g. a
    hand). A round's secret once revealed is everyone's, and leaves the list: a game of many rounds would grow the
    page by a line a round."""
    game, state = current.game, current.state
    shown = {slot for player, slot in current.revealed() if player == seat and rounds.split(game, slot)[1]}

    def worded(slot: str, value: str) -> str:
        return game.label(Secret(rounds.secret_of(game, slot), value)) or value

    own = {
        rounds.named(game, current.words, slot, state, seat): worded(slot, value)
        for slot, value in current.own_secrets(seat).items()
        if slot not in shown
    }
    return {**own, **state.private(seat)}


def _log(current: Session, seat: str | None) -> list[dict[str, Any]]:
    """Each move played as ``seat``'s log reads it: ``text`` in notation where the log shows the move as
    written, and ``label`` in the words of the components (the game's label of the move).

    The log is sent again at every change, with only its newest entries new: each entry is kept written, by the
    session's rules, for as long as they live.
    """
    entries = []
    with _ENTRIES_HELD:
        kept = _ENTRIES.setdefault(current.game, {})
        if len(kept) > ENTRIES_KEPT:
            kept.clear()
        for n, (player, move) in enumerate(current.played, 1):
            seen = kept.get((player, move, seat))
            if seen is None:
                seen = kept[player, move, seat] = _entry(current, player, move, seat)
            entries.append({"n": n, "player": player, "text": seen[0], "label": seen[1]})
    return entries


def _taken_back(current: Session) -> str | None:
    """Whose move the record's last event took back, where it is an undo: the other pages say so, which else only
    went back a move."""
    if not current.text.rstrip().rsplit("\n", 1)[-1].split(" #")[0].endswith(". undo"):
        return None
    kept: list[str] = []  # the moves each undo has left, newest last
    player = None
    for text in _EVENT.findall(current.text):
        if text != "undo":
            kept.append(text)
        elif kept:
            player = kept.pop().split(":", 1)[0]
    return player


def _entry(current: Session, player: str, move: Move, seat: str | None) -> tuple[str, str]:
    """How ``player``'s ``move`` reads in ``seat``'s log: its text and its label."""
    game = current.game
    text = log_text(game, current.words, player, move, seat)
    as_written = text == notation.format(game, move)  # else already words: a hidden or sealed move
    return text, (game.label(move) or text) if as_written else text


def _picture(current: Session, viewer: str | None) -> str:
    """The picture, its kept drawings (a map that stays the same all session) sent apart: see ``/kept``."""
    return drawing_to_screen_svg(current.spec.picture(current.state, viewer), kept_apart=True)
