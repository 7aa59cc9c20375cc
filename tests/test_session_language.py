"""A session's language chosen as it starts (`pnp ref new --lang`, the lobby's Language), without a variant file:
recorded in its header, spoken by every front end, kept by a rematch, and refused in one line where pnp ships
no such language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.games import GAMES, registered
from test_table_night import night, seats_of

from pnp.errors import RecordError
from pnp.games import REGISTRY
from pnp.referee import record, session
from pnp.referee.inputs import legal_inputs
from pnp.table.rules import encoded_rules
from pnp.texts import catalogue, languages

pytestmark = registered  # the guide's example game is checked as a registered game too


def test_a_record_started_in_french_says_so_and_speaks_french_wherever_it_is_read(cli, tmp_path):
    code, _, _ = cli("ref", "new", "air-king", "g.pnp", "--players", "ann,bob", "--lang", "fr-CA")
    assert code == 0
    assert '[Language "fr"]' in (tmp_path / "g.pnp").read_text()  # the language pnp ships for the tag
    _, moves, _ = cli("ref", "moves", "g.pnp")
    assert "objectif 1 : avions 1, 2, 6, 7" in moves
    code, _, err = cli("ref", "play", "g.pnp", "draw", "storm")
    assert code == 1 and "pendant la mise en place" in err
    assert session.load(tmp_path / "g.pnp").words.language == "fr"
    cli("ref", "new", "air-king", "e.pnp", "--players", "ann,bob")
    assert "[Language" not in (tmp_path / "e.pnp").read_text()  # English as before: records made so are unchanged


def test_an_unknown_language_is_one_line_and_no_record(cli, tmp_path):
    code, out, err = cli("ref", "new", "aloft", "g.pnp", "--players", "ann,bob", "--lang", "xx")
    assert (code, out) == (1, "")
    assert err == "pnp: error: --lang xx: no such language; shipped: en, fr\n"
    assert not (tmp_path / "g.pnp").exists()


def test_the_language_header_is_covered_by_the_records_check(cli, tmp_path):
    cli("ref", "new", "aloft", "g.pnp", "--players", "ann,bob", "--lang", "fr")
    path = tmp_path / "g.pnp"
    path.write_text(path.read_text().replace('[Language "fr"]', '[Language "en"]'))
    with pytest.raises(RecordError, match="headers were edited by hand"):
        session.load(path)


def test_a_record_in_a_language_this_pnp_lacks_is_refused_in_one_line_naming_its_header(cli, tmp_path):
    """As a record made by a pnp that ships more languages reads here."""
    cli("ref", "new", "aloft", "g.pnp", "--players", "ann,bob", "--lang", "fr")
    path = tmp_path / "g.pnp"
    headers = record.parse(path)[0].headers
    path.write_text(record.render_headers({**headers, "Language": "xx"}))
    code, out, err = cli("ref", "show", "g.pnp")
    assert (code, out) == (1, "")
    assert err == "pnp: error: g.pnp: bad header: Language xx: this pnp has no Aloft in it (its languages: en, fr)\n"


def test_the_language_chosen_is_spoken_over_the_variants_and_its_texts_still_apply(tmp_path):
    variant = tmp_path / "v.yaml"
    variant.write_text('game: take-off\nlanguage: fr\ntexts:\n  play.wins: "{players}, champion"\n')
    spoken = session.new(tmp_path / "g.pnp", "take-off", ["ann", "bob"], [], 0, None, variant, "en")
    assert spoken.words.language == "en" and spoken.words("play.wins", players="ann") == "ann, champion"
    assert (
        spoken.state.describe(None)[0]
        == session.new(tmp_path / "h.pnp", "take-off", ["ann", "bob"], [], 0, None).state.describe(None)[0]
    )


def test_a_variant_edited_while_pnp_runs_is_read_afresh_by_the_next_session(tmp_path):
    """A long-running server starts each session with the variant as its file now says: the state's words too
    (Take Off!'s kept its first reading of a variant at the same path)."""
    variant = tmp_path / "v.yaml"
    fleet = catalogue("take-off")["described.fleet"]
    for word in ("first", "second"):
        variant.write_text(f'game: take-off\ntexts:\n  described.fleet: "{word}: {fleet}"\n')
        started = session.new(tmp_path / f"{word}.pnp", "take-off", ["ann", "bob"], [], 0, None, variant)
        assert [line for line in started.state.describe(None) if line.startswith(f"{word}: ")], word


def test_the_rules_panel_is_in_each_sessions_language_though_their_setups_are_otherwise_the_same(tmp_path):
    """The panel is kept once per setup: two sessions that differ only by their language each get their own."""
    english = session.new(tmp_path / "e.pnp", "air-king", ["ann", "bob"], [], 0, None)
    french = session.new(tmp_path / "f.pnp", "air-king", ["ann", "bob"], [], 0, None, None, "fr")
    headings = [json.loads(encoded_rules(s.spec, s.setup).body)["aid"][0]["text"] for s in (english, french)]
    assert headings == [catalogue("air-king")("aid.turn.heading"), catalogue("air-king", "fr")("aid.turn.heading")]


def test_the_lobby_offers_each_games_languages_and_starts_and_rematches_in_the_one_chosen(tmp_path):
    with night(tmp_path) as client:
        offered = {game["name"]: game["languages"] for game in client.get("/lobby").json()["games"]}
        assert offered["aloft"] == [{"code": "en", "name": "English"}, {"code": "fr", "name": "Français"}]
        started = client.post("/lobby/games", json={"game": "aloft", "players": ["ann", "bob"], "language": "fr"})
        assert started.status_code == 200, started.text
        record = Path(tmp_path / started.json()["record"])
        assert '[Language "fr"]' in record.read_text()
        seat = next(iter(seats_of(started.json()).values()))
        assert '<html lang="fr">' in client.get(seat).text
        again = client.post(f"/lobby/games/{record.name}/rematch")
        assert again.status_code == 200, again.text
        assert '[Language "fr"]' in (tmp_path / again.json()["record"]).read_text()


@pytest.mark.parametrize(
    ("language", "words"),
    [("xx", "--lang xx: no such language"), (3, "the language is null or the code of one the game ships")],
)
def test_a_wrong_language_from_the_lobby_is_a_422_with_one_line_and_nothing_is_written(tmp_path, language, words):
    with night(tmp_path) as client:
        refused = client.post("/lobby/games", json={"game": "aloft", "players": ["ann", "bob"], "language": language})
    assert refused.status_code == 422 and words in refused.json()["error"]
    assert list(tmp_path.glob("*.pnp")) == []


@pytest.mark.parametrize("name", GAMES)
def test_every_translated_game_labels_its_first_inputs_in_the_language_chosen(tmp_path, name):
    other = [code for code in languages(name) if code != "en"]
    if not other:
        pytest.skip(f"{name} ships English only")
    players = ["ann", "bob", "cy"][: REGISTRY[name].rules().min_players]
    labels = []
    for code in ("en", other[0]):
        started = session.new(tmp_path / f"{code}.pnp", name, players, [], 0, None, None, code)
        labels.append([offer.label for offer in legal_inputs(started, started.state.to_move())])
    assert labels[0] != labels[1]
