"""The table page's JSON API, driven as the page drives it (in this process, see support.asgi), for every game.

Each game is played to its end from each seat's own link by seeded random choices among the buttons
(secrets entered on the owner's link, reveals completed from the key file). Every body the API sends
is checked against what each other seat holds hidden at that moment (its key file and its
``State.private``), and the final score against ``pnp ref score --json``.
"""

from __future__ import annotations

import dataclasses
import errno
import functools
import json
import logging
import os
import random
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from support.asgi import AppClient
from support.browser import run_apart
from support.games import GAMES, registered
from support.moves import playable, playable_texts

from pnp import files
from pnp.games import REGISTRY
from pnp.referee import keys, notation, record, rounds, session
from pnp.referee.protocol import Commit, Reveal, Secret
from pnp.table import app, links, view
from pnp.table.answers import for_pages
from pnp.table.app import MAX_BODY
from pnp.texts import Catalogue

pytestmark = registered  # the guide's example game is checked as a registered game too

# Options that hide what a game can keep hidden, so the API has something to keep from the other seats.
# Take Off! and Air King are cut short (their round limits end them as the rules say, reveals included):
# Take Off!'s world map takes a while to draw, twice a move, and a whole Air King game is some 550 moves.
OPTIONS = {
    "air-king": ["rounds=6"],
    "hauling-astronauts": ["hidden_transports=true"],
    "aeronaut-odyssey": ["hidden_inventories=true"],
    "take-off": ["rounds=4"],
}
SEED = 13
JSON = "application/json"
HEX_RUN = re.compile(r"[0-9a-f]{32}")  # a salt (32 hex digits) or a digest (64)


def players_for(name: str) -> list[str]:
    """Three seats, or as close to three as the game allows."""
    game = REGISTRY[name].rules()
    return ["ann", "bob", "cy"][: max(game.min_players, min(3, game.max_players))]


def new_record(folder: Path, name: str, players: list[str] | None = None) -> Path:
    path = folder / "game.pnp"
    session.new(path, name, players or players_for(name), OPTIONS.get(name, []), SEED, None).save()
    return path


@dataclasses.dataclass
class Table:
    """A running app for one record, with helpers that keep every body it answers."""

    client: AppClient
    tokens: dict[str, str]
    path: Path
    bodies: list[tuple[str | None, str]] = dataclasses.field(default_factory=list)

    def url(self, seat: str | None, what: str) -> str:
        return f"/s/{self.tokens[seat]}/{what}" if seat else f"/host/{what}"

    def state(self, seat: str | None) -> dict[str, Any]:
        response = self.client.get(self.url(seat, "state"))
        assert response.status_code == 200, response.text
        self.bodies.append((seat, response.text))
        return response.json()

    def post(self, seat: str, what: str, body: Any) -> Any:
        response = self.client.post(self.url(seat, what), json=body)
        self.bodies.append((seat, response.text))
        return response


@contextmanager
def open_table(path: Path, current: session.Session | None = None) -> Iterator[Table]:
    current = current or session.load(path)
    with record.locked(path):
        tokens = links.seat_tokens(path, current.setup.players)
    with AppClient(app.build(current, tokens)) as client:
        yield Table(client, tokens, path)


# -- what each seat holds hidden, and the checks of every body ------------------------------------------


def hidden_now(path: Path) -> tuple[session.Session, dict[str, set[str]]]:
    """The session now, and for each seat the strings that only it may see (see :func:`hidden_in`)."""
    current = session.load(path)
    return current, hidden_in(current)


def hidden_in(current: session.Session) -> dict[str, set[str]]:
    """For each seat the strings that only it may see in ``current``: its unrevealed secrets (value as entered,
    label, salt) and its private view."""
    path = current.path
    revealed = {(player, move.slot) for player, move in current.played if isinstance(move, Reveal)}
    hidden: dict[str, set[str]] = {}
    for player in current.setup.players:
        kept = keys.read_keys(path, player)
        strings = {text for text in current.state.private(player).values() if text.strip()}
        for slot, value in current.own_secrets(player).items():
            if (player, slot) not in revealed:
                typed = rounds.secret_of(current.game, slot)  # a round's secret is typed by its own name
                strings |= {kept[slot][1], f"secret {slot} {value}", f"reveal {slot} {value}"}
                strings.add(f"secret {typed} {value}")
                strings.add(current.game.label(Secret(typed, value)) or kept[slot][1])
        hidden[player] = strings
    return hidden


def followed(current: session.Session, seat: str, move: str, version: str) -> session.Session | None:
    """``current`` extended in memory by the input the server took, checked to end at the server's ``version``;
    None for a secret, whose salt only the server's record and key file hold (then the record is read again).
    """
    if move.startswith("secret "):
        return None
    if move == "undo":
        current.undo()
    else:
        current.play(move, seat)
    assert current.last_hash == version, f"the server recorded {move!r} by {seat} otherwise than the referee"
    return current


def expected_private(current: session.Session, seat: str) -> dict[str, str]:
    """The seat's own secrets in words, each its game's label alone ("Magpie, 7 – 8, pays 4", where
    ``pnp ref show --as SEAT`` says "W (Magpie, 7 – 8, pays 4)") under its slot's words, but a round's once revealed
    (everyone's now), and its private view."""
    game = current.game
    own = {
        rounds.named(game, current.words, slot, current.state, seat): game.label(
            Secret(rounds.secret_of(game, slot), value)
        )
        or value
        for slot, value in current.own_secrets(seat).items()
        if (seat, slot) not in current.revealed() or rounds.split(game, slot)[1] is None
    }
    return {**own, **current.state.private(seat)}


def check_state_body(current: session.Session, hidden: dict[str, set[str]], body: dict, host: dict) -> None:
    """One /state answer: its own private part exactly, nothing another seat hides, no digest or salt in the log."""
    seat = body["seat"]
    assert body["version"] == current.last_hash
    assert body["to_move"] == current.state.to_move()
    assert not HEX_RUN.search(json.dumps(body["log"])), f"a digest or salt in {seat}'s log"
    assert len(body["log"]) == len(current.played)
    assert body["picture"].startswith("<svg") and "viewBox" in body["picture"]
    if seat is None:
        assert body["private"] == {} and body["moves"] == [] and body["buttons"] == []
    else:
        assert body["private"] == expected_private(current, seat)
        assert body["moves"] == [] or body["to_move"] == seat, f"{seat} is offered moves out of turn"
        assert body["moves"] == [b["move"] for b in body["buttons"]]
    for entry, (player, move) in zip(body["log"], current.played):
        assert entry["player"] == player
        if isinstance(move, Commit):
            assert entry["text"] == f"entered their {rounds.named(current.game, current.words, move.slot)} (hidden)"
    # Searched: all but this seat's own choices (its buttons list every value of its own secret) and its own
    # private part (checked exactly above). What the host shows anyway, or this seat's own hidden strings hold,
    # is not another seat's to hide (a card in two hands, a revealed colour pair that another seat also holds).
    # The host has no such reference: there only a secret's salt and notation are searched.
    # read as sent, not escaped: a hidden label may hold a character outside ASCII (an en dash)
    seen = json.dumps({k: v for k, v in body.items() if k not in ("buttons", "moves", "private")}, ensure_ascii=False)
    public = functools.cache(lambda: json.dumps(host, ensure_ascii=False) if seat is not None else "")  # if needed
    own = hidden.get(seat or "", set())
    for other, strings in hidden.items():
        for text in strings if other != seat else ():
            if seat is None and not (HEX_RUN.fullmatch(text) or text.startswith(("secret ", "reveal "))):
                continue
            if text in seen and text not in public() and not any(text in mine for mine in own):
                at = seen.index(text)
                raise AssertionError(
                    f"{seat or 'the host'} is shown {other}'s hidden {text!r}: {seen[at - 80 : at + 40]}"
                )


def check_other_body(hidden: dict[str, set[str]], seat: str | None, text: str) -> None:
    """A POST answer (ok or a refusal) holds nothing another seat hides."""
    for other, strings in hidden.items():
        if other != seat:
            for secret in strings - hidden.get(seat or "", set()):
                assert secret not in text, f"an answer to {seat} shows {other}'s hidden {secret!r}"


# -- refusals that change nothing ------------------------------------------------------------------------


def refusals_change_nothing(table: Table, mover: str, move: str, version: str) -> None:
    """Wrong tokens, a stale version, another seat's turn, bad input: each refused, the record byte-identical."""
    before = table.path.read_bytes()
    other = next(p for p in table.tokens if p != mover)
    body = {"move": move, "version": version}
    wrong = table.tokens[mover][:-1] + ("A" if table.tokens[mover][-1] != "A" else "B")
    for url in (f"/s/{wrong}/state", "/s/nope/state", "/s//state", f"/s/{wrong}", f"/s/{wrong}/events"):
        assert table.client.get(url).status_code == 404, url
    for url in (f"/s/{wrong}/play", "/s/play", "/host/play", f"/s/{wrong}/undo"):
        response = table.client.post(url, json=body)
        assert response.status_code in (404, 405), url
        assert "error" in response.json() and response.json()["kind"] in ("not_found", "bad_request")
    cases = [
        (mover, "play", {"move": move, "version": "0" * 16}, 409, "stale"),
        (other, "play", body, 403, "turn"),
        (mover, "play", {"move": "no such move at all 99", "version": version}, 422, "refused"),
        (mover, "play", {"move": "x" * 201, "version": version}, 422, "refused"),
        (mover, "play", {"move": move}, 400, "bad_request"),
        (mover, "play", {"move": 7, "version": version}, 400, "bad_request"),
        (mover, "play", ["not", "an", "object"], 400, "bad_request"),
        (mover, "undo", {"version": "0" * 16}, 409, "stale"),
    ]
    for seat, what, sent, status, kind in cases:
        response = table.post(seat, what, sent)
        assert response.status_code == status, (seat, what, sent, response.text)
        assert response.json()["kind"] == kind, response.text
        error = response.json()["error"]
        assert error and "\n" not in error and len(error) < 300
        if status == 409:
            assert response.json()["version"] == version
    url = table.url(mover, "play")
    assert table.client.post(url, content=b"{not json").status_code == 400
    assert table.client.post(url, content=b"[" * 10_000).status_code == 400
    too_big = json.dumps({"move": move, "version": version, "pad": "x" * MAX_BODY})
    response = table.client.post(url, content=too_big, headers={"content-type": "application/json"})
    assert response.status_code == 413 and "KiB" in response.json()["error"]
    assert table.path.read_bytes() == before, "a refused input changed the record"


# -- the whole game through the API ------------------------------------------------------------------------


def play_through_the_api(table: Table, rng: random.Random, limit: int = 3000) -> dict:
    """Play to the end from each seat's own link, checking every body; the last host state."""
    probed = False
    current: session.Session | None = None
    for _ in range(limit):
        current = current or session.load(table.path)  # read again after a secret
        hidden = hidden_in(current)
        host = table.state(None)
        check_state_body(current, hidden, host, host)
        mover = host["to_move"]
        if mover is None:
            return host
        seat = table.state(mover)
        check_state_body(current, hidden, seat, host)
        assert seat["moves"], f"{mover} is to move but is offered nothing"
        kinds = {b["kind"] for b in seat["buttons"]}
        assert kinds <= {"choice", "chance", "secret", "reveal"}
        if "chance" in kinds:
            odds = [b["probability"] for b in seat["buttons"] if b["kind"] == "chance"]
            assert all(isinstance(p, float) and 0 < p <= 1 for p in odds) and abs(sum(odds) - 1) < 1e-9
        if len(current.played) % 25 == 7:  # now and then, every other seat's view too
            for other in table.tokens:
                if other != mover:
                    check_state_body(current, hidden, table.state(other), host)
        move = rng.choice(playable_texts(current, seat["moves"]))
        if not probed and current.played:
            refusals_change_nothing(table, mover, move, seat["version"])
            probed = True
        response = table.post(mover, "play", {"move": move, "version": seat["version"]})
        assert response.status_code == 200, f"{move!r} by {mover}: {response.text}"
        assert response.json()["ok"] is True
        check_other_body(hidden, mover, response.text)
        current = followed(current, mover, move, response.json()["version"])
    raise AssertionError(f"no end after {limit} moves")


@pytest.mark.parametrize("name", GAMES)  # the guide's example too: a secret sealed every round, by every seat
def test_a_random_game_played_from_each_seats_link_scores_as_the_cli_does(cli, tmp_path, name):
    path = new_record(tmp_path, name)
    with open_table(path) as table:
        final = play_through_the_api(table, random.Random(SEED))
        ended = table.state(next(iter(table.tokens)))
    assert final["stage"] == "over" and final["score"]["final"]
    code, out, err = cli("ref", "score", str(path), "--json")
    assert code == 0, err
    assert final["score"] == json.loads(out) == ended["score"]
    assert len(table.bodies) > 20


def test_the_leak_check_finds_another_seats_secret_in_a_body(tmp_path):
    path = new_record(tmp_path, "aloft", ["ann", "bob"])
    with open_table(path) as table:
        for seat, pick in (("ann", 0), ("bob", -1)):  # two different colour pairs
            body = table.state(seat)
            move = [b["move"] for b in body["buttons"] if b["kind"] == "secret"][pick]
            assert table.post(seat, "play", {"move": move, "version": body["version"]}).status_code == 200
        current, hidden = hidden_now(path)
        host, ann = table.state(None), table.state("ann")
    check_state_body(current, hidden, ann, host)
    salt = keys.read_keys(path, "bob")["colours"][1]
    entered = next(text for text in hidden["bob"] if text.startswith("secret "))
    for leak in (salt, entered):
        for where in ("picture", "score"):
            tampered = {**ann, where: f"{ann[where]} {leak}" if where == "picture" else {**ann[where], "x": leak}}
            with pytest.raises(AssertionError, match="bob's hidden"):
                check_state_body(current, hidden, tampered, host)
            with pytest.raises(AssertionError, match="bob's hidden"):
                check_state_body(current, hidden, {**host, where: tampered[where]}, host)
    with pytest.raises(AssertionError):
        check_state_body(current, hidden, {**ann, "private": {**ann["private"], "bob": salt}}, host)


def test_the_leak_check_finds_a_hidden_label_outside_ascii(tmp_path):
    """ann's sealed transport reads "Heron, 13 – 14, pays 4" on her phone: shown to bob, the check finds it."""
    path = new_record(tmp_path, "hauling-astronauts", ["ann", "bob"])
    with open_table(path) as table:
        body = table.state("ann")
        assert table.post("ann", "play", {"move": "secret t1 C", "version": body["version"]}).status_code == 200
        current, hidden = hidden_now(path)
        host, bob = table.state(None), table.state("bob")
    check_state_body(current, hidden, bob, host)
    label = next(text for text in hidden["ann"] if "–" in text)
    with pytest.raises(AssertionError, match="ann's hidden"):
        check_state_body(current, hidden, {**bob, "picture": f"{bob['picture']} {label}"}, host)


def test_a_seat_sees_its_sealed_secrets_in_words_not_the_letters_they_are_typed_as(tmp_path):
    """Hauling Astronauts' hidden transports: ann's sealed t1 reads as its piece prints it, without its letter,
    under the game's words for its slot."""
    path = new_record(tmp_path, "hauling-astronauts", ["ann", "bob"])
    with open_table(path) as table:
        body = table.state("ann")
        assert table.post("ann", "play", {"move": "secret t1 C", "version": body["version"]}).status_code == 200
        assert table.state("ann")["private"] == {"transport at strip 1": "Heron, 13 – 14, pays 4"}


def test_a_seat_takes_back_only_its_own_move_and_the_page_sees_every_change(tmp_path):
    path = new_record(tmp_path, "aloft", ["ann", "bob"])
    with open_table(path) as table:
        ann = table.state("ann")
        secret = next(b["move"] for b in ann["buttons"] if b["kind"] == "secret")
        played = table.post("ann", "play", {"move": secret, "version": ann["version"]})
        assert played.status_code == 200
        version = played.json()["version"]
        assert table.state(None)["version"] == version
        assert table.post("bob", "undo", {"version": version}).status_code == 403
        assert table.state("ann")["private"], "ann sees the secret she entered"
        assert table.state("bob")["private"] == {}
        undone = table.post("ann", "undo", {"version": version})
        assert undone.status_code == 200, undone.text
        again = table.state("ann")
        assert again["version"] == undone.json()["version"] != version
        assert again["private"] == {} and again["to_move"] == "ann"
        nothing = table.post("ann", "undo", {"version": again["version"]})
        assert nothing.status_code == 422 and "nothing to take back" in nothing.json()["error"]


def test_a_tap_sent_again_is_answered_with_what_it_made_and_played_once(tmp_path):
    """A page whose answer was lost sends the same tap again to learn whether it counted: the version it made,
    never a second move; a tap the server never had is refused as stale once the game has moved on."""
    path = new_record(tmp_path, "aloft", ["ann", "bob"])
    with open_table(path) as table:
        ann = table.state("ann")
        first, second = [b["move"] for b in ann["buttons"] if b["kind"] == "secret"][:2]
        sent = {"move": first, "version": ann["version"], "tap": "0a1b2c3d4e5f60718293a4b5"}
        made = table.post("ann", "play", sent).json()["version"]
        before = path.read_bytes()
        assert table.post("ann", "play", sent).json() == {"ok": True, "version": made}
        assert path.read_bytes() == before
        never = table.post("ann", "play", {**sent, "move": second, "tap": "ffffffffffffffff"})
        assert never.status_code == 409 and never.json()["kind"] == "stale" and path.read_bytes() == before
        bad = table.post("ann", "play", {**sent, "tap": "not hex!"})
        assert bad.status_code == 400 and bad.json()["error"] == "tap: expected 8 to 64 lowercase hexadecimal digits"


def test_a_tap_sent_again_after_a_restart_is_answered_with_what_the_record_holds(tmp_path):
    """The server keeps taps in memory: one restarted between a tap and the page asking again answered "Not played"
    for a move the record held. The record says what came after the page's version: the same input from the same
    seat (a secret: its key file opens the commitment with the value sent) is the tap's; any other is stale."""
    path = new_record(tmp_path, "aloft", ["ann", "bob"])
    taps, unsent = {}, {}
    with open_table(path) as table:
        for n, seat in enumerate(("ann", "bob")):
            page = table.state(seat)
            first, unsent[seat] = [b["move"] for b in page["buttons"] if b["kind"] == "secret"][:2]
            taps[seat] = {"move": first, "version": page["version"], "tap": f"{n}a1b2c3d4e5f6071"}
            taps[seat]["made"] = table.post(seat, "play", taps[seat]).json()["version"]
        ann = table.state("ann")
        move = next(b["move"] for b in ann["buttons"] if b["kind"] == "choice")
        truck = {"move": move, "version": ann["version"], "tap": "2a1b2c3d4e5f6071"}
        truck["made"] = table.post("ann", "play", truck).json()["version"]
        undo = {"version": truck["made"], "tap": "3a1b2c3d4e5f6071"}
        undo["made"] = table.post("ann", "undo", undo).json()["version"]
    before = path.read_bytes()
    with open_table(path) as table:  # restarted: this server never saw a tap
        for seat, sent, action in (("ann", taps["ann"], "play"), ("bob", taps["bob"], "play"), ("ann", truck, "play")):
            assert table.post(seat, action, sent).json() == {"ok": True, "version": sent["made"]}
        assert table.post("ann", "undo", undo).json() == {"ok": True, "version": undo["made"]}
        others = {
            "another value for the same secret": ("ann", {**taps["ann"], "move": unsent["ann"]}),
            "the same input from another seat": ("bob", {**taps["ann"], "tap": "4a1b2c3d4e5f6071"}),
            "another move": ("ann", {**truck, "move": "truck 12", "tap": "5a1b2c3d4e5f6071"}),
        }
        for what, (seat, sent) in others.items():
            refused = table.post(seat, "play", {**sent, "tap": sent["tap"][::-1]})
            assert refused.status_code == 409 and refused.json()["kind"] == "stale", what
    assert path.read_bytes() == before


def test_a_secret_entered_on_the_page_is_committed_as_the_cli_does(tmp_path):
    path = new_record(tmp_path, "hauling-astronauts", ["ann", "bob"])
    with open_table(path) as table:
        ann = table.state("ann")
        secrets = [b for b in ann["buttons"] if b["kind"] == "secret"]
        assert secrets and all(b["verb"] == "secret" for b in secrets)
        chosen = secrets[1]["move"]
        assert table.post("ann", "play", {"move": chosen, "version": ann["version"]}).status_code == 200
        slot, value = chosen.split()[1:]
        offered = [b["move"] for b in table.state("ann")["buttons"]]
        assert len(offered) == len(secrets) - 1 and not any(move.endswith(f" {value}") for move in offered)
    assert keys.read_keys(path, "ann")[slot][0] == value
    assert (path.with_name(path.name + ".ann.key").stat().st_mode & 0o777) == 0o600
    (line,) = [line for line in path.read_text().splitlines() if f"ann: commit {slot} " in line]
    assert value not in line.partition(" commit ")[2], "the record holds only the commitment"
    assert keys.read_keys(path, "ann")[slot][1] not in path.read_text()


def test_the_log_shows_the_games_public_text_to_the_other_seats(tmp_path, monkeypatch):
    path = new_record(tmp_path, "aloft", ["ann", "bob"])
    spec = REGISTRY["aloft"]
    rules = spec.rules()

    class Quiet(type(rules)):  # type: ignore[misc]
        def public_text(self, move):
            return "did something <quietly>"

    monkeypatch.setitem(REGISTRY, "aloft", dataclasses.replace(spec, rules=Quiet))
    with open_table(path) as table:
        for _ in range(4):  # both colour secrets, then two moves of play
            mover = table.state(None)["to_move"]
            seat = table.state(mover)
            move = min(seat["moves"])
            assert table.post(mover, "play", {"move": move, "version": seat["version"]}).status_code == 200
        current = session.load(path)
        for viewer in (None, "ann", "bob"):
            for entry, (player, move) in zip(table.state(viewer)["log"], current.played):
                if isinstance(move, Commit):
                    assert (
                        entry["text"]
                        == f"entered their {rounds.named(current.game, current.words, move.slot)} (hidden)"
                    )
                elif player == viewer:
                    assert entry["text"] == current.game.format_move(move)
                else:
                    assert entry["text"] == "did something <quietly>"


def test_pages_are_autoescaped_and_every_value_reaches_them_as_text(tmp_path):
    path = new_record(tmp_path, "aloft", ["ann", "bob"])
    current = session.load(path)
    hostile = dataclasses.replace(current)
    hostile.words = Catalogue("en", {**current.words, "title": "<b>x</b>&"})  # the title a variant gives it
    with open_table(path, hostile) as table:
        for url in ("/", f"/s/{table.tokens['ann']}"):
            response = table.client.get(url)
            assert response.status_code == 200 and response.headers["content-type"].startswith("text/html")
            assert "<b>x</b>" not in response.text and "&lt;b&gt;x&lt;/b&gt;&amp;" in response.text
        seat_page = table.client.get(f"/s/{table.tokens['ann']}").text
        assert f"/s/{table.tokens['ann']}" in seat_page and table.tokens["bob"] not in seat_page
        assert table.tokens["ann"] not in table.client.get("/").text
        assert table.client.get("/static/table.js").status_code == 200
        assert table.client.get("/static/../app.py").status_code == 404


def test_the_picture_scales_to_the_screen(tmp_path):
    path = new_record(tmp_path, "hauling-astronauts", ["ann", "bob"])
    with open_table(path) as table:
        picture = table.state("ann")["picture"]
    root = picture[: picture.index(">")]
    assert 'width="100%"' in root and "viewBox=" in root and "mm" not in root.split("viewBox")[0]


def test_a_map_that_stays_the_same_is_sent_once_by_its_digest(tmp_path):
    path = new_record(tmp_path, "take-off", ["ann", "bob"])
    with open_table(path) as table:
        picture = table.state("ann")["picture"]
        (digest,) = re.findall(r'<g data-kept="([0-9a-f]{16})" />', picture)
        for seat in ("ann", None):
            kept = table.client.get(table.url(seat, f"kept/{digest}"))
            assert kept.status_code == 200 and kept.headers["content-type"].startswith("image/svg+xml")
            assert "immutable" in kept.headers["cache-control"] and len(kept.text) > 20 * len(picture)
        assert table.client.get(table.url("ann", f"kept/{'0' * 16}")).json()["kind"] == "not_found"
        assert table.client.get(f"/s/{'x' * 32}/kept/{digest}").status_code == 404  # only on a seat's own link


def test_the_state_is_drawn_once_per_version_and_viewer(tmp_path):
    path = new_record(tmp_path, "aloft", ["ann", "bob"])
    current = session.load(path)
    drawn: list[str | None] = []
    picture = current.spec.picture

    def counted(state, viewer):
        drawn.append(viewer)
        return picture(state, viewer)

    current.spec = dataclasses.replace(current.spec, picture=counted)
    views = view.Views()
    first = views.state(current, "ann", False)
    assert views.state(current, "ann", False) is first and drawn == ["ann"]
    views.state(current, None, False)
    current.play("secret colours B,G")
    views.state(current, "ann", False)
    assert drawn == ["ann", None, "ann"]  # a new viewer, then a new version, are drawn afresh


def test_a_picture_the_game_draws_the_same_for_all_is_drawn_once_per_version(tmp_path):
    path = new_record(tmp_path, "hauling-astronauts", ["ann", "bob"])
    current = session.load(path)
    drawn: list[str | None] = []
    picture = current.spec.picture

    def counted(state, viewer):
        drawn.append(viewer)
        return picture(state, viewer)

    current.spec = dataclasses.replace(current.spec, picture=counted)
    views = view.Views()
    pictures = {json.loads(views.state(current, viewer, False).body)["picture"] for viewer in ("ann", None, "bob")}
    assert len(pictures) == 1 and drawn == [None]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("hiding", [False, True])
def test_a_game_that_draws_the_same_for_all_does_so_at_every_step(tmp_path, name, hiding):
    from pnp.printing.render import drawing_to_screen_svg

    chosen = OPTIONS.get(name, []) if hiding else []  # the table tests' options hide what a game can
    current = session.new(tmp_path / "g.pnp", name, players_for(name), chosen, SEED, None)
    if not current.spec.picture_for_all(current.setup):
        pytest.skip(f"{name} draws each viewer's picture with {chosen or 'its defaults'}")
    rng = random.Random(SEED)
    for step in range(60):
        if step % 6 == 0:
            public = drawing_to_screen_svg(current.spec.picture(current.state, None))
            for seat in current.setup.players:
                assert drawing_to_screen_svg(current.spec.picture(current.state, seat)) == public, (step, seat)
        if current.state.to_move() is None:
            break
        current.play(notation.format(current.game, rng.choice(playable(current))))


# -- hints: the search bot's pick for the seat to move -----------------------------------------------------


def play_until_a_choice(table: Table, rng: random.Random, choices: int = 2, limit: int = 500) -> dict:
    """Play seeded random moves until the seat to move has at least ``choices`` choices; that seat's state. A game
    that ends first has nothing to suggest: the test is skipped (Updraft's players choose only to drift, beside the
    die; their other decisions are secrets)."""
    for _ in range(limit):
        mover = table.state(None)["to_move"]
        if mover is None:
            pytest.skip(f"no seat chose between {choices} moves in a whole game")
        seat = table.state(mover)
        if sum(b["kind"] == "choice" for b in seat["buttons"]) >= choices and seat["stage"] == "play":
            return seat
        move = rng.choice(playable_texts(session.load(table.path), seat["moves"]))
        assert table.post(mover, "play", {"move": move, "version": seat["version"]}).status_code == 200
    raise AssertionError(f"no choice of {choices} moves in {limit} moves")


@pytest.mark.parametrize("name", GAMES)
def test_a_hint_is_one_of_the_seats_choices_the_same_each_time_and_changes_nothing(tmp_path, name):
    path = new_record(tmp_path, name)
    with open_table(path) as table:
        seat = play_until_a_choice(table, random.Random(SEED))
        mover, version = seat["seat"], seat["version"]
        before = path.read_bytes()
        _, hidden = hidden_now(path)
        answer = table.post(mover, "hint", {"version": version})
        assert answer.status_code == 200, answer.text
        hint = answer.json()
        choices = {b["move"]: b["label"] for b in seat["buttons"] if b["kind"] == "choice"}
        assert hint["move"] in choices and hint["label"] == choices[hint["move"]]
        assert hint["choices"] == len(choices) and 1 <= hint["weighed"] <= len(choices)
        assert hint["version"] == version
        check_other_body(hidden, mover, answer.text)
    with open_table(path) as table:  # a new server works it out afresh: the same position gets the same hint
        assert table.post(mover, "hint", {"version": version}).json() == hint
    assert path.read_bytes() == before, "a hint changed the record"


def test_a_hint_is_for_the_player_to_move_at_the_version_shown_with_something_to_decide(tmp_path):
    path = new_record(tmp_path, "take-off", ["ann", "bob"])
    with open_table(path) as table:
        ann = table.state("ann")
        assert ann["to_move"] == "ann" and {b["kind"] for b in ann["buttons"]} == {"chance"}  # the dice decide
        cases = [
            ("ann", {"version": ann["version"]}, 422, "nothing to decide now"),
            ("bob", {"version": ann["version"]}, 403, "ann's turn"),
            ("ann", {"version": "0" * 16}, 409, "moved on"),
            ("ann", {}, 400, "expected a JSON object"),
        ]
        for seat, body, status, words in cases:
            response = table.post(seat, "hint", body)
            assert response.status_code == status and words in response.json()["error"], response.text
        assert table.client.post("/host/hint", json={"version": ann["version"]}).status_code in (404, 405)


def test_a_hint_with_nothing_to_decide_is_refused_in_the_records_language(tmp_path):
    """A French seat asking at a roll is told in French that the dice decide (the CLI's English unchanged)."""
    path = tmp_path / "game.pnp"
    session.new(path, "take-off", ["ann", "bob"], [], SEED, None, language="fr").save()
    with open_table(path) as table:
        response = table.post("ann", "hint", {"version": table.state("ann")["version"]})
        assert response.status_code == 422, response.text
        assert response.json()["error"] == (
            "ann n'a rien à décider pour l'instant : entrez ce que disent les dés, les cartes ou les secrets"
        )


def ann_sees(tmp_path: Path, dealt_to_bob: str) -> session.Session:
    """An Air King record at ann's draw: goals entered, a Clear dealt to ann and ``dealt_to_bob`` to bob."""
    path = tmp_path / dealt_to_bob.replace(" ", "-") / "g.pnp"
    path.parent.mkdir()
    current = session.new(path, "air-king", ["ann", "bob"], [], SEED, None)
    for move in ("secret goal 1", "secret goal 2", "draw clear", dealt_to_bob):
        current.play(move)
    return current


@pytest.mark.parametrize("dealt_to_bob", ["draw storm", "draw pass", "draw hold"])
def test_the_odds_on_a_seats_page_do_not_depend_on_another_seats_hidden_hand(tmp_path, dealt_to_bob):
    odds = []
    for dealt in ("draw extra", dealt_to_bob):
        buttons = view.state_json(ann_sees(tmp_path, dealt), "ann")["buttons"]
        odds.append({b["move"]: b["probability"] for b in buttons})
    assert odds[0] == odds[1] and len(odds[0]) == 6


# -- what the page is told when the server cannot do what it was asked -------------------------------------


def first_move(table: Table) -> tuple[str, dict[str, str]]:
    """The seat to move and a body that plays its first listed move."""
    mover = table.state(None)["to_move"]
    seat = table.state(mover)
    return mover, {"move": seat["moves"][0], "version": seat["version"]}


def test_a_read_only_record_is_shown_and_never_written(tmp_path):
    path = new_record(tmp_path, "hauling-astronauts", ["ann", "bob"])
    with open_table(path) as table:
        assert table.state("ann")["read_only"] is False
        path.chmod(0o444)
        before = path.read_bytes()
        mover, body = first_move(table)
        assert table.state(mover)["read_only"] is True and table.state(None)["read_only"] is True
        for what, sent in (("play", body), ("undo", {"version": body["version"]})):
            response = table.post(mover, what, sent)
            assert response.status_code == 403 and response.json()["kind"] == "read_only", response.text
            assert "read-only" in response.json()["error"]
        path.chmod(0o644)
        assert table.state(mover)["read_only"] is False
        path.chmod(0o444)
    assert path.read_bytes() == before and path.stat().st_mode & 0o777 == 0o444


@pytest.mark.parametrize(
    ("failure", "status", "said"),
    [
        (errno.ENOSPC, 507, "the server could not save this move: the disk is full"),
        (errno.EIO, 500, "the server could not save this move: input/output error"),
    ],
)
def test_a_move_the_disk_cannot_take_is_unsaved_and_changes_nothing(tmp_path, monkeypatch, failure, status, said):
    path = new_record(tmp_path, "aloft", ["ann", "bob"])
    with open_table(path) as table:
        mover, body = first_move(table)
        before = path.read_bytes()

        def refuse(*_args: object) -> None:
            raise OSError(failure, os.strerror(failure))

        monkeypatch.setattr(files, "_commit", refuse)
        response = table.post(mover, "play", body)
        assert response.status_code == status and response.json() == {"error": said, "kind": "unsaved"}
        assert path.read_bytes() == before and not list(tmp_path.glob("*.tmp"))
        assert table.state(mover)["version"] == body["version"], "the server shows only what the record holds"
        monkeypatch.undo()
        assert table.post(mover, "play", body).status_code == 200, "the same move is saved once the disk takes it"


def test_an_internal_error_is_one_line_to_the_page_and_a_traceback_in_the_log(tmp_path, monkeypatch, caplog):
    path = new_record(tmp_path, "aloft", ["ann", "bob"])
    with open_table(path) as table:

        def broken(*_args: object) -> dict:
            raise KeyError(str(path))

        monkeypatch.setattr(view, "state_json", broken)
        response = table.client.get(table.url("ann", "state"))
    assert response.status_code == 500
    assert response.json() == {"error": "internal error: the server's terminal says more", "kind": "internal"}
    (logged,) = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert logged.exc_info and "/s/" in logged.getMessage()


def test_no_answer_names_a_folder_of_the_server(tmp_path):
    path = new_record(tmp_path, "aloft", ["ann", "bob"])
    with open_table(path) as table:
        mover, body = first_move(table)
        other = next(seat for seat in table.tokens if seat != mover)
        keys.key_path(path, other).write_text("{damaged")
        answers = [table.client.get(table.url(other, "state"))]
        path.unlink()
        answers += [table.client.get("/host/state"), table.post(mover, "play", body)]
    for response in answers:
        assert response.status_code == 500 and response.json()["kind"] == "record", response.text
        assert "game.pnp" in response.json()["error"] and str(tmp_path) not in response.text


# The server's own lines, in English (byte for byte as ever) and in French: status, kind and words.
FIELDS = '{"move": "...", "version": "..."}'
SAID = {
    None: {
        "a wrong link": (404, "not_found", "no such page: check the link"),
        "no such address": (404, "not_found", "no such page: check the link"),
        "a GET of a move": (405, "bad_request", "method not allowed"),
        "a body not JSON": (400, "bad_request", "the request body is not JSON"),
        "a list": (400, "bad_request", f"expected a JSON object {FIELDS}"),
        "no version": (400, "bad_request", f"expected a JSON object {FIELDS}"),
        "a wrong tap": (400, "bad_request", "tap: expected 8 to 64 lowercase hexadecimal digits"),
        "too large": (413, "bad_request", "the request is over 16 KiB"),
        "the disk full": (507, "unsaved", "the server could not save this move: the disk is full"),
        "the disk failing": (500, "unsaved", "the server could not save this move: input/output error"),
        "pnp failing": (500, "internal", "internal error: the server's terminal says more"),
    },
    "fr": {
        "a wrong link": (404, "not_found", "aucune page à cette adresse : vérifiez le lien"),
        "no such address": (404, "not_found", "aucune page à cette adresse : vérifiez le lien"),
        "a GET of a move": (405, "bad_request", "méthode non permise à cette adresse"),
        "a body not JSON": (400, "bad_request", "le corps de la requête n'est pas du JSON"),
        "a list": (400, "bad_request", f"un objet JSON est attendu : {FIELDS}"),
        "no version": (400, "bad_request", f"un objet JSON est attendu : {FIELDS}"),
        "a wrong tap": (400, "bad_request", "tap : 8 à 64 chiffres hexadécimaux en minuscules attendus"),
        "too large": (413, "bad_request", "la requête dépasse 16 Kio"),
        "the disk full": (507, "unsaved", "le serveur n'a pas pu enregistrer ce coup : le disque est plein"),
        "the disk failing": (500, "unsaved", "le serveur n'a pas pu enregistrer ce coup : input/output error"),
        "pnp failing": (500, "internal", "erreur interne : le terminal du serveur en dit plus"),
    },
}


def _refusals(table: Table, monkeypatch: pytest.MonkeyPatch) -> dict[str, httpx.Response]:
    """Each of the app's refusals and failures of ``table``'s requests, by what provokes it; the record damaged
    last."""

    def broken(*_args: object) -> dict:
        raise KeyError("a bug")

    with monkeypatch.context() as patched:
        patched.setattr(view, "state_json", broken)
        answers = {"pnp failing": table.client.get("/host/state")}
    mover, body = first_move(table)
    play, post = table.url(mover, "play"), functools.partial(table.client.post, headers={"Content-Type": JSON})
    answers |= {
        "a wrong link": table.client.get("/s/NOTATOKEN123/state"),
        "no such address": table.client.get("/nowhere"),
        "a GET of a move": table.client.get(play),
        "a body not JSON": post(play, content=b"{not json"),
        "a list": post(play, content=b"[]"),
        "no version": table.post(mover, "play", {"move": body["move"]}),
        "a wrong tap": table.post(mover, "play", {**body, "tap": "not hex!"}),
        "too large": post(play, content=json.dumps({**body, "pad": "x" * MAX_BODY})),
    }
    for failure, what in ((errno.ENOSPC, "the disk full"), (errno.EIO, "the disk failing")):
        with monkeypatch.context() as patched:
            patched.setattr(files, "_commit", functools.partial(_failing, failure))
            answers[what] = table.post(mover, "play", body)
    table.path.write_text(table.path.read_text() + "garbage\n")  # as a record damaged under the server reads
    return answers | {"the record damaged": table.client.get("/host/state")}


def _failing(failure: int, *_args: object) -> None:
    raise OSError(failure, os.strerror(failure))


def test_a_french_records_server_refuses_in_french_and_an_english_one_as_ever(tmp_path, monkeypatch):
    """`pnp ref serve` of a French record said its own lines in English: a wrong link (its page too), a method, a
    body not JSON, too large or without its fields, a move the disk cannot take, a failure of pnp, a damaged record."""
    said, pages = {}, {}
    for language in (None, "fr"):
        path = tmp_path / str(language) / "game.pnp"
        path.parent.mkdir()
        session.new(path, "aloft", ["ann", "bob"], [], SEED, None, language=language).save()
        with open_table(path) as table:
            pages[language] = table.client.get("/s/NOTATOKEN123", headers={"Accept": "text/html"})
            said[language] = {
                what: (answer.status_code, answer.json()["kind"], answer.json()["error"])
                for what, answer in _refusals(table, monkeypatch).items()
            }
    english, french = said[None].pop("the record damaged"), said["fr"].pop("the record damaged")
    assert said == SAID
    assert english[:2] == french[:2] == (500, "record") and english[2].startswith("game.pnp:")
    line = re.compile(r"^game\.pnp:\d+:")  # the French record has one more header line
    lead = "cette partie ne peut plus être lue : "  # pnp's own error after French words
    assert french[2].startswith(lead) and line.sub("", french[2].removeprefix(lead)) == line.sub("", english[2])
    for language, title in ((None, "Nothing here"), ("fr", "Rien ici")):
        page = pages[language]
        assert page.status_code == 404 and f'<html lang="{language or "en"}">' in page.text
        assert f"<title>{title}</title>" in page.text


def test_for_pages_cuts_absolute_paths_to_file_names():
    said = "/home/ann/games/g.pnp:3: bad line; C:\\Users\\ann\\g.pnp.ann.key: damaged; a 1/2 chance and/or B/C"
    assert for_pages(said) == "g.pnp:3: bad line; g.pnp.ann.key: damaged; a 1/2 chance and/or B/C"


def test_a_state_is_sent_gzipped_and_answered_304_while_it_holds(tmp_path):
    path = new_record(tmp_path, "aloft", ["ann", "bob"])
    with open_table(path) as table:
        url = table.url("ann", "state")
        first = table.client.get(url, headers={"Accept-Encoding": "gzip"})
        assert first.headers["content-encoding"] == "gzip" and first.json()["seat"] == "ann"
        etag = first.headers["etag"]
        assert first.json()["version"] in etag and "no-store" not in first.headers["cache-control"]
        again = table.client.get(url, headers={"If-None-Match": etag})
        assert again.status_code == 304 and again.content == b""
        assert table.client.get(table.url(None, "state"), headers={"If-None-Match": etag}).status_code == 200
        mover, body = first_move(table)
        assert table.post(mover, "play", body).status_code == 200
        moved_on = table.client.get(url, headers={"If-None-Match": etag})
        assert moved_on.status_code == 200 and moved_on.headers["etag"] != etag


def test_players_named_in_any_script_get_their_state_and_its_etag(tmp_path):
    """The ETag named the viewer, and a header holds Latin-1 only: はると's and Łucja's pages answered an internal
    error for every state they asked (Jürgen's worked)."""
    players = ["はると", "Łucja", "Jürgen"]
    path = new_record(tmp_path, "aloft", players)
    with open_table(path) as table:
        tags = set()
        for seat in players:
            first = table.client.get(table.url(seat, "state"))
            assert first.status_code == 200 and first.json()["seat"] == seat
            tags.add(first.headers["etag"])
            again = table.client.get(table.url(seat, "state"), headers={"If-None-Match": first.headers["etag"]})
            assert again.status_code == 304
        assert len(tags) == len(players) and all(tag.isascii() for tag in tags)


def test_the_page_names_the_game_by_the_title_its_variant_gives_it(tmp_path):
    """A translated title printed on the kit and drawn in the picture, while the page's header, its tab, its state
    and its Rules panel kept the English one."""
    variant = tmp_path / "de.yaml"
    variant.write_text("game: air-king\ntexts:\n  title: Luftkönig\n", encoding="utf-8")
    path = tmp_path / "game.pnp"
    session.new(path, "air-king", ["ann", "bob"], [], SEED, None, variant).save()
    with open_table(path) as table:
        page = table.client.get(f"/s/{table.tokens['ann']}").text
        assert "<title>ann · Luftkönig</title>" in page and '<span class="game">Luftkönig</span>' in page
        assert "Air King" not in page
        assert table.state("ann")["game"] == table.state(None)["game"] == "Luftkönig"
        assert table.client.get(f"/s/{table.tokens['ann']}/rules").json()["game"] == "Luftkönig"


def test_a_stream_opens_with_a_beat_beats_while_quiet_and_names_each_change(tmp_path, monkeypatch):
    from pnp.table import watch

    path = new_record(tmp_path, "aloft", ["ann", "bob"])
    monkeypatch.setattr(watch, "BEAT", 0.01)

    async def events() -> list[str]:
        seen = watch.RecordWatch(path)
        stream = seen.stream()
        got = [await anext(stream), await anext(stream)]
        with record.locked(path):
            current = session.load(path)
            current.play("secret colours B,G")
            current.save()
        seen.check()
        got.append(await anext(stream))
        await stream.aclose()
        return got

    first = session.load(path).last_hash
    changed = run_apart(events())
    after = session.load(path).last_hash
    assert changed == [
        f'event: beat\ndata: {{"version": "{first}"}}\n\n',
        f'event: beat\ndata: {{"version": "{first}"}}\n\n',
        f'event: change\ndata: {{"version": "{after}"}}\n\n',
    ]
