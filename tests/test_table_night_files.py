"""A night's variant and map files edited or deleted while its games are played (pnp.referee.kept).

The game in play keeps the rules and words it started on, on the phones, through a restart and in its record; a
rematch reads the folder's files as they are now, as a start does.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_table_night import night, seats_of

from pnp.files import yaml_files
from pnp.referee import kept, session
from pnp.variants.game import variants_in
from pnp.variants.variant import load_variant

ANN_BOB = ["ann", "bob"]
PNG = b"\x89PNG\r\n\x1a\n" + bytes(16)  # a picture's first bytes: all the referee reads of one
ROWS = [("extra", "Extra move", 5), ("diagonal", "Extra diagonal move", 4), ("storm", "Storm", 1)]
ROWS += [("clear", "Clear sky", 4), ("hold", "Holding", 4), ("pass", "Pass", 4)]


def _deck(storm: int, title: str) -> str:
    """Air King's events as a CSV deck, with ``storm`` Storm cards titled ``title``."""
    rows = [(kind, title, storm) if kind == "storm" else (kind, name, count) for kind, name, count in ROWS]
    return "type,title,count,text\n" + "".join(f"{kind},{name},{count},Play it.\n" for kind, name, count in rows)


def _a_night(tmp_path: Path) -> Path:
    """A night's folder with an Air King variant of one Storm card: its deck in a CSV file beside it, a picture in a
    folder beside the night's."""
    folder, art = tmp_path / "night", tmp_path / "art"
    folder.mkdir()
    art.mkdir()
    (art / "storm.png").write_bytes(PNG)
    variant = "game: air-king\ndeck: events.csv\nart: {'event:storm': ../art/storm.png}\n"
    (folder / "calm.yaml").write_text(variant, encoding="utf-8")
    (folder / "events.csv").write_text(_deck(1, "Storm"), encoding="utf-8")
    return folder


def _edit(folder: Path) -> None:
    """Three Storm cards, called Tempest, and three moves a turn."""
    (folder / "events.csv").write_text(_deck(3, "Tempest"), encoding="utf-8")
    (folder / "calm.yaml").write_text((folder / "calm.yaml").read_text() + "moves_per_turn: 3\n", encoding="utf-8")


def _delete(folder: Path) -> None:
    for path in (folder / "calm.yaml", folder / "events.csv", folder.parent / "art" / "storm.png"):
        path.unlink()


def _storm(state: dict) -> tuple[str, float]:
    button = next(button for button in state["buttons"] if button["move"] == "draw storm")
    return button["label"], button["probability"]


@pytest.mark.parametrize("change", [_edit, _delete])
def test_a_game_in_play_keeps_the_files_it_started_on_through_an_edit_a_deletion_and_a_restart(tmp_path, change):
    """A variant file edited while its game was in play changed the Rules panel under the players, and once deleted
    no move could be played; after a restart the game could not be opened at all ('what the rules read in calm.yaml
    has changed', 'cannot read the variant') and the lobby no longer listed it."""
    folder = _a_night(tmp_path)
    body = {"game": "air-king", "players": ANN_BOB, "variant": "calm.yaml", "options": {"rounds": 2}}
    with night(folder, "fr") as client:
        started = client.post("/lobby/games", json=body).json()
        ann, bob = (seats_of(started)[seat] for seat in ANN_BOB)
        for seat in (ann, bob):  # each seals a goal; then ann draws
            state = client.get(seat + "/state").json()
            played = client.post(
                seat + "/play", json={"move": state["buttons"][0]["move"], "version": state["version"]}
            )
            assert played.status_code == 200, played.text
        drawing, rules = client.get(ann + "/state").json(), client.get(ann + "/rules").json()
        assert _storm(drawing) == ("draw Storm", pytest.approx(1 / 22)) and "Storm" in str(rules)
        change(folder)
        assert client.get(ann + "/state").json() == drawing and client.get(ann + "/rules").json() == rules
        drawn = client.post(ann + "/play", json={"move": "draw storm", "version": drawing["version"]})
        assert drawn.status_code == 200, drawn.text
        after = client.get(bob + "/state").json()
    assert "Tempest" not in str(after)
    with night(folder, "fr") as client:  # the server started again
        assert client.get(bob + "/state").json() == after and client.get(ann + "/rules").json() == rules
        assert [game["record"] for game in client.get("/lobby").json()["records"]] == [started["record"]]
        assert client.get("/lobby/results").json()["unreadable"] == []
    assert session.load(folder / started["record"]).game.data.moves_per_turn == 2  # pnp ref replays it too


def test_a_rematch_is_played_on_the_night_s_files_as_they_are_now(tmp_path):
    """The game after an edit plays the edited files, the one before keeps its own; a file gone is refused."""
    folder = _a_night(tmp_path)
    body = {"game": "air-king", "players": ANN_BOB, "variant": "calm.yaml"}
    with night(folder, "fr") as client:
        first = client.post("/lobby/games", json=body).json()["record"]
        _edit(folder)
        second = client.post(f"/lobby/games/{first}/rematch").json()["record"]
        _delete(folder)
        refused = client.post(f"/lobby/games/{second}/rematch")
    assert refused.status_code == 422
    assert refused.json()["error"] == "variante 'calm.yaml' : ce fichier n'est plus dans le dossier de la soirée"
    moves = [session.load(folder / record).game.data.moves_per_turn for record in (first, second)]
    assert moves == [2, 3]
    assert {path.name for path in folder.glob("*.pnp")} == {first, second}


def test_a_kept_copy_holds_the_files_its_file_names_where_it_names_them_and_is_shared_by_equal_contents(tmp_path):
    """The copy of a variant holds its CSV deck and its pictures at their names relative to it, a level up
    included, and reads as it does; one named by an absolute path stays where it is. Equal contents are kept once;
    the lobby lists none of it."""
    folder = _a_night(tmp_path)
    clear = tmp_path / "clear.png"
    clear.write_bytes(PNG)
    calm = folder / "calm.yaml"
    art = f"art: {{'event:storm': ../art/storm.png, 'event:clear': '{clear}'}}\n"
    calm.write_text(f"game: air-king\ndeck: events.csv\n{art}", encoding="utf-8")
    named = load_variant(calm, "air-king").files[1:]
    copy = kept.keep(folder, calm, named)
    root = copy.parent.parent
    assert root.parent == folder / kept.KEPT and copy == root / kept.UP / "calm.yaml"
    kept_files = sorted(path.relative_to(root).as_posix() for path in root.rglob("*") if path.is_file())
    assert kept_files == ["_/calm.yaml", "_/events.csv", "art/storm.png"]
    assert copy.read_bytes() == calm.read_bytes() and (root / "art" / "storm.png").read_bytes() == PNG
    assert (copy.parent / "events.csv").read_bytes() == (folder / "events.csv").read_bytes()
    assert load_variant(copy, "air-king").art["event:clear"] == clear
    assert kept.keep(folder, calm, named) == copy and len(list((folder / kept.KEPT).iterdir())) == 1
    (folder / "events.csv").write_text(_deck(2, "Storm"), encoding="utf-8")
    assert kept.keep(folder, calm, named) != copy and len(list((folder / kept.KEPT).iterdir())) == 2
    assert variants_in(folder) == {"air-king": ["calm.yaml"]} and [p.name for p in yaml_files(folder)] == ["calm.yaml"]
