"""Secrets read in the game's words wherever players read them: a seat's buttons and page ("Seal your goal
card?"), every log, the seat's own secrets and ``pnp ref show --as``; never the slot the record writes
("t1", "colours"), and a round's secret with its round ("burn for round 2").

Each game with secrets plays one seeded game (Hauling Astronauts with its transports face down, and the
guide's example game, Updraft, with a burn sealed every round); one page per game is opened in Chromium.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from support.browser import unfold
from support.games import SPECS
from test_table_phone import expect
from test_table_pickers import Served, Tabs, picked, tap_through

from pnp.games import REGISTRY
from pnp.games.spec import Hidden
from pnp.referee import rounds, session
from pnp.referee.protocol import Commit, Reveal
from pnp.table import view

# Each game's slots as the record writes them, and as players read them; a game not listed here (a new one) is read
# as its ``secret_name`` says, which must be words, no code the record writes (a digit: "t1").
WORDS = {
    "air-king": {"goal": "goal card"},
    "aloft": {"colours": "colour cards"},
    "hauling-astronauts": {
        "t1": "transport for the first strip",
        "t2": "transport for the second strip",
        "t3": "transport for the third strip",
    },
    "updraft": {"lucky": "lucky face", "burn": "burn"},
}
# A secret once sealed, where the position names it otherwise (a face-down transport by the strip it lies at).
HELD = {"hauling-astronauts": "transport at strip 1"}
OPTIONS = {"hauling-astronauts": ["hidden_transports=true"], "air-king": ["rounds=3"]}
ROUND = re.compile(r"(?P<secret>[a-z]+?)(?P<number>[1-9][0-9]*)")
SECRETIVE = sorted(name for name, spec in SPECS.items() if Hidden.SECRETS in spec.traits.hidden)


def words(name: str, slot: str) -> str:
    """``slot`` (as the record writes it: "t1", "burn2") in ``name``'s words, by the table above or the game's own."""
    known, rules = WORDS.get(name, {}), REGISTRY[name].rules()
    if slot in known:
        return known[slot]
    found = ROUND.fullmatch(slot)
    secret = found["secret"] if found and found["secret"] in rules.round_secrets else slot
    said = known.get(secret) or rules.secret_name(secret)
    assert not any(char.isdigit() for char in said), f"{name} names its secret {secret!r} {said!r}"
    return said if found is None or secret == slot else f"{said} for round {found['number']}"


def new_session(folder: Path, name: str) -> session.Session:
    players = ["ann", "bob", "cy"] if name == "updraft" else ["ann", "bob"]
    current = session.new(folder / f"{name}.pnp", name, players, OPTIONS.get(name, []), 5, None)
    current.save()
    return current


def said_about(name: str, log: list[dict[str, Any]], played: list[tuple[str, Any]]) -> None:
    """Each seal and reveal of ``played`` reads in the log (``text`` and ``label``) by its slot's words."""
    for entry, (_player, move) in zip(log, played):
        if isinstance(move, Commit):
            assert entry["text"] == entry["label"] == f"entered their {words(name, move.slot)} (hidden)"
        elif isinstance(move, Reveal):
            assert entry["text"].startswith(f"revealed their {words(name, move.slot)}: "), entry


@pytest.mark.parametrize("name", SECRETIVE)
def test_a_whole_game_names_each_secret_in_words(tmp_path, example_registered, name):
    """A seeded game: every secret and reveal offered names its slot (the round sealed or shown now) in words,
    with a label free of the slot's notation; the logs of every viewer, the seat's own secrets on its page and
    in ``pnp ref show --as`` say the words too."""
    current, rng = new_session(tmp_path, name), random.Random(5)
    sealed = revealed = 0
    while (seat := current.state.to_move()) is not None:
        buttons = view.state_json(current, seat)["buttons"]
        b = rng.choice(buttons)
        before = current.state.clone()  # a secret is offered as the position names it (Hauling's, by its strip)
        current.play(b["move"])
        move = current.played[-1][1]
        if isinstance(move, (Commit, Reveal)):
            slot, kind = move.slot, "secret" if isinstance(move, Commit) else "reveal"
            now = rounds.named(current.game, current.words, slot, before, seat)
            assert b["kind"] == kind and b["secret"] == now and (kind == "reveal" or now == words(name, slot)), b
            for other in buttons:
                if other["kind"] == kind and slot not in words(name, slot).split():
                    assert not re.search(rf"(^|\W){re.escape(slot)}(\W|$)", other["label"]), other
            sealed, revealed = sealed + (kind == "secret"), revealed + (kind == "reveal")
            for viewer in (None, *current.setup.players):
                said_about(name, view.state_json(current, viewer)["log"], current.played)
            own = current.own_secrets(seat)
            expected = {rounds.named(current.game, current.words, slot, current.state, seat) for slot in own}
            assert expected <= set(current.private_view(seat, own))
            shown = {
                slot for player, slot in current.revealed() if player == seat and rounds.split(current.game, slot)[1]
            }
            kept = {
                rounds.named(current.game, current.words, slot, current.state, seat)
                for slot in own
                if slot not in shown
            }
            assert set(view.state_json(current, seat)["private"]) >= kept  # a round's secret revealed is everyone's
            assert not set(view.state_json(current, seat)["private"]) & (expected - kept)
    assert sealed and revealed  # the game sealed and showed secrets


@pytest.fixture(scope="module")
def tabs(browser: Any) -> Tabs:
    """The module's browser windows, as the pickers' tests keep theirs."""
    return Tabs(browser)


@pytest.mark.parametrize("name", SECRETIVE)
def test_the_page_asks_to_seal_a_secret_by_its_words(tabs, tmp_path, example_registered, name):
    """On the seat's phone the first secret's group is titled by its words, sealing asks "Seal your …?", and
    the seat's own secrets are listed under the same words."""
    current = new_session(tmp_path, name)
    seat = current.state.to_move() or ""
    buttons = view.state_json(current, seat)["buttons"]
    b = next(b for b in buttons if b["kind"] == "secret")
    slot = rounds.next_slot(current.game, seat, b["move"].split()[1], current.commitments)  # a round's: the first
    said = words(name, slot)
    served = Served(tabs, current)
    page = served.show(seat)
    group = page.locator(f"#moves details.group[data-key={json.dumps('secret:your ' + said)}]")
    expect(group.locator(":scope > summary > span:first-child")).to_have_text(f"Your {said}")
    if picked(b, buttons):
        tap_through(page, b)  # which confirms the seal
    else:
        unfold(group)
        group.locator(f"button[data-move={json.dumps(b['move'])}]").click()
        page.locator("#confirm-ok").click()
    expect(page.locator("#confirm-title")).to_have_text(f"Seal your {said}?")  # the dialog keeps its words
    expect(page.locator("#private dt").first).to_have_text(HELD.get(name, said))
    assert served.errors == []
