"""A variant's language and texts as a translator meets them: where each error points, what the kit prints in the
variant's language, and what ``check`` says is left to translate.

Each test writes its variant into the test's folder and reads back the one-line errors, the check's output or
the printed PDF.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.games import REGISTRY
from pnp.texts import english
from pnp.variants.findings import overflow_findings
from support.pdfium import plain_texts


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def overflowing_key(game: str, folder: Path) -> str:
    """A catalogue key of ``game`` written with a dot (most are) whose text, made very long, is too long for its box."""
    entries = english(game)
    for key, entry in entries.items():
        if "." in key and "{" not in entry.text and not key.startswith("print."):
            probe = write(folder, "probe.yaml", f"game: {game}\ntexts:\n  {key}: {'W' * 150}\n")
            if overflow_findings(probe, game):
                return key
    raise AssertionError(f"{game}: no text found too long for its box")


@pytest.mark.parametrize("game", list(REGISTRY))
def test_a_text_too_long_is_reported_at_its_own_entry_in_every_game(cli, tmp_path, game):
    key = overflowing_key(game, tmp_path)
    others = [other for other in english(game) if other != key and not other.startswith("print.")][:2]
    entries = "".join(f"  {other}: {english(game)[other].text!r}\n" for other in others)
    write(tmp_path, "long.yaml", f"game: {game}\ntexts:\n{entries}  {key}: {'W' * 150}\n")
    code, _, err = cli("variant", "check", "long.yaml")
    lines = err.splitlines()
    where = f"long.yaml:5:{len(key) + 5}: error: texts.{key}: too long for the "
    assert code == 1 and lines and all(line.startswith(where) for line in lines[:50]), err


def test_a_text_or_an_art_box_refused_is_reported_at_its_own_entry(cli, tmp_path):
    write(tmp_path, "texts.yaml", "game: air-king\ntexts:\n  back.event: Ereignis\n  back.feld: Feld\n")
    code, _, err = cli("variant", "check", "texts.yaml")
    assert (code, err) == (1, "texts.yaml:4:14: error: texts.back.feld: no such text: did you mean 'back.field'?\n")
    write(tmp_path, "storm.svg", '<svg xmlns="http://www.w3.org/2000/svg"/>')
    write(tmp_path, "art.yaml", "game: air-king\nart:\n  event:storm: storm.svg\n  event:clear: clear.png\n")
    code, _, err = cli("variant", "check", "art.yaml")
    message = "art.event:clear: 'clear.png': no such file (files are named relative to the variant)"
    assert (code, err) == (1, f"art.yaml:4:16: error: {message}\n")


def test_the_toolkits_words_follow_the_variants_language_where_pnp_ships_it_for_the_toolkit(cli, tmp_path):
    """pnp ships French for the toolkit (footers, calibration sheet, rules sheet headings) and for Air King, not for
    Aloft: an Aloft variant in French printed the toolkit's words in English."""
    write(tmp_path, "fr.yaml", "game: aloft\nlanguage: fr\ntexts:\n  title: Dans les airs\n")
    code, _, err = cli("build", "aloft", "--variant", "fr.yaml", "-o", "out")
    assert code == 0, err
    printed = {name: " ".join(plain_texts(tmp_path / "out" / "aloft" / f"{name}.pdf")) for name in ("board", "rules")}
    calibration = plain_texts(tmp_path / "out" / "aloft" / "calibration.pdf")
    assert "feuille d'étalonnage pnp" in calibration[0] and "étalonnage, recto" in calibration[0]
    assert "vue d'ensemble" in printed["board"] and "overview" not in printed["board"]
    assert "Dans les airs : règles" in printed["rules"] and "Dans les airs: rules" not in printed["rules"]


def test_a_language_tag_is_read_without_case_and_a_regional_one_falls_back_to_its_language(cli, tmp_path):
    """'language: FR' was refused as not a language tag, and 'fr-CA' as a language pnp does not ship."""
    from pnp.variants.game import read_variant

    write(tmp_path, "upper.yaml", "game: air-king\nlanguage: FR\n")
    assert cli("variant", "check", "upper.yaml") == (0, "upper.yaml: a valid Air King variant (0 warnings)\n", "")
    assert read_variant(tmp_path / "upper.yaml").language == "fr"
    write(tmp_path, "quebec.yaml", "game: air-king\nlanguage: fr-ca\n")
    note = "note: language: pnp ships no 'fr-CA' for Air King: what 'texts' leaves out prints in pnp's 'fr'"
    out = f"quebec.yaml:2:11: {note}\nquebec.yaml: a valid Air King variant (0 warnings)\n"
    assert cli("variant", "check", "quebec.yaml") == (0, out, "")
    for args in (("--variant", "quebec.yaml"), ("--lang", "FR-ca")):
        code, _, err = cli("build", "air-king", *args, "-o", "out")
        assert code == 0, err
        assert plain_texts(tmp_path / "out" / "air-king" / "rules.pdf")[0].startswith("Air King : règles")
