"""The one session API every front end uses, over every registered game: the builder of legal inputs
(:mod:`pnp.referee.inputs`) and the whose-turn check of ``Session.play``.

Each game is played by seeded random choices; at positions along the way the inputs offered to each
viewer are checked against the state's legal moves, against a copy of the session that holds no other
seat's key file, against ``pnp ref moves --json`` and against the page's state JSON, and every seat not
to move is refused its move with the record left byte-identical.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from support.games import GAMES, registered
from support.moves import playable

from pnp.errors import IllegalMove, PnpError
from pnp.games import REGISTRY
from pnp.referee import keys, notation, session
from pnp.referee.inputs import Input, legal_inputs
from pnp.referee.protocol import Secret, unsealed
from pnp.referee.session import TURN, Session
from pnp.table.view import state_json

pytestmark = registered  # the guide's example game is checked as a registered game too
SEED = 5
STEPS = 40  # random inputs played per game
EVERY = 8  # the checks run at every EVERY-th position


def positions(folder: Path, name: str) -> list[tuple[Path, Session]]:
    """A record of ``name`` saved at positions along a seeded random game, each with its session."""
    game = REGISTRY[name].rules()
    players = ["ann", "bob", "cy", "dee"][: max(game.min_players, min(3, game.max_players))]
    path = folder / "game.pnp"
    current = session.new(path, name, players, [], SEED, None)
    current.save()
    rng, found = random.Random(SEED), []
    for step in range(STEPS):
        mover = current.state.to_move()
        if mover is None:
            break
        if step % EVERY == 0:
            found.append(_copied(path, folder / f"at{step}", players))
        current.play(notation.format(current.game, rng.choice(playable(current, mover))), mover)
        current.save()
    return found


def _copied(path: Path, folder: Path, players: list[str]) -> tuple[Path, Session]:
    """The record at ``path`` copied into ``folder`` with every key file, and its session."""
    folder.mkdir()
    copy = folder / path.name
    for player in players:
        if keys.key_path(path, player).exists():
            shutil.copy(keys.key_path(path, player), keys.key_path(copy, player))
    shutil.copy(path, copy)
    return copy, session.load(copy)


def as_offered(current: Session, viewer: str | None) -> list[str]:
    """The legal moves in notation as ``viewer`` may be offered them, worked out from the state alone."""
    mover = current.state.to_move()
    if viewer is not None and viewer != mover:
        return []
    legal = current.state.legal_moves()
    if viewer is not None and current.game.distinct_secrets:
        legal = unsealed(legal, current.own_secrets(viewer))
    return [notation.format(current.game, move) for move in legal]


def ends(current: Session, offered: Input) -> bool:
    """Whether playing ``offered`` now ends the game."""
    after = current.state.clone()
    try:
        after.apply(offered.move)
    except PnpError:  # listed, yet refused once tried: the move's own refusal is for when it is played
        return False
    return after.is_over()


def composed(current: Session, offered: Input) -> set[str]:
    """The labels the referee may give ``offered``: the game's (else its notation), or those words said to end the
    game where the move ends it; a round's secret with its round after them ("burn 1 (burn for round 2: everyone
    seals, then all reveal)")."""
    words, label = current.words, current.game.label(offered.move) or offered.text
    labels = (
        {label, words("referee.ends", move=label)} if offered.kind == "choice" and ends(current, offered) else {label}
    )
    if isinstance(offered.move, Secret) and offered.move.slot in current.game.round_secrets:
        everyone = words("referee.everyone")
        return {words("referee.round.label", move=one, secret=offered.secret, everyone=everyone) for one in labels}
    return labels


@pytest.mark.parametrize("name", GAMES)
def test_the_inputs_are_the_legal_moves_each_viewer_may_see(name, tmp_path):
    for path, current in positions(tmp_path, name):
        for viewer in (None, *current.setup.players):
            inputs = legal_inputs(current, viewer)
            assert [i.text for i in inputs] == as_offered(current, viewer), (name, viewer)
            odds, chance = current.state.odds(viewer), current.state.chance()
            for offered in inputs:
                assert offered.move in current.state.legal_moves()
                assert offered.label in composed(current, offered), (name, offered.label)
                assert (offered.kind == "chance") == (offered.move in chance)
                assert offered.probability == odds.get(offered.move)
                assert offered.text.startswith(offered.verb)


@pytest.mark.parametrize("name", GAMES)
def test_no_input_depends_on_another_seats_secrets(name, tmp_path):
    """The same inputs from a copy of the record that holds only the viewer's own key file."""
    for path, current in positions(tmp_path, name):
        mover = current.state.to_move()
        assert mover is not None
        alone = path.parent / "alone"
        alone.mkdir()
        shutil.copy(path, alone / path.name)
        if keys.key_path(path, mover).exists():
            shutil.copy(keys.key_path(path, mover), keys.key_path(alone / path.name, mover))
        seen = [i.to_json() for i in legal_inputs(session.load(alone / path.name), mover)]
        assert seen == [i.to_json() for i in legal_inputs(current, mover)], name


@pytest.mark.parametrize("name", GAMES)
def test_a_player_out_of_turn_is_refused_in_one_line_and_the_record_is_unchanged(name, tmp_path):
    for path, current in positions(tmp_path, name):
        mover = current.state.to_move()
        assert mover is not None
        move = notation.format(current.game, current.offered(mover)[0])
        before = path.read_bytes()
        for other in current.setup.players:
            if other == mover:
                continue
            with pytest.raises(IllegalMove) as refused:
                current.play(move, other)
            reason = str(refused.value)
            assert refused.value.rule == TURN and refused.value.guided, reason
            assert "\n" not in reason and f"it is {mover}'s turn, not {other}'s" in reason
            assert f"wait for {mover}" in reason  # the next step
            current.save()
            assert path.read_bytes() == before
        assert current.state.to_move() == mover


@pytest.mark.parametrize("name", GAMES)
def test_ref_moves_and_the_page_list_the_same_inputs_and_labels(name, tmp_path, cli):
    for path, current in positions(tmp_path, name):
        for seat in current.setup.players:
            code, out, err = cli("ref", "moves", str(path), "--as", seat, "--json")
            assert code == 0, err
            listed = json.loads(out)
            page = state_json(current, seat, picture="")
            assert listed["inputs"] == page["buttons"], (name, seat)
            assert listed["moves"] == page["moves"]
            assert listed["labels"] == {b["move"]: b["label"] for b in page["buttons"] if b["label"] != b["move"]}
        code, out, err = cli("ref", "moves", str(path), "--json")
        assert code == 0, err
        assert json.loads(out)["moves"] == as_offered(current, None)


def test_a_stranger_is_refused_as_no_player(tmp_path):
    _, current = positions(tmp_path, GAMES[0])[0]
    with pytest.raises(PnpError, match="'zed' is not a player in game.pnp"):
        current.play(notation.format(current.game, current.state.legal_moves()[0]), "zed")


def test_the_web_layer_imports_nothing_from_the_cli():
    code = "import sys, pnp.table.app; print(sorted(m for m in sys.modules if m.startswith('pnp.cli')))"
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert found.stdout.strip() == "[]"
