"""What a refereed Aeronaut Odyssey session says in its variant's language: labels, picker steps, log, the
inventory's name and refusals in French for a French variant, in English word for word as before for an English
one; the notation and the record the same in both."""

from __future__ import annotations

from pathlib import Path

from support.transcript import transcript

GAME = "aeronaut-odyssey"
# Seeded games: two players to the end, three with hidden inventories who may block a pick, four and three with
# the other variants.
CASES = (
    {"players": ["ann", "bob"], "seed": 1, "turns": 400},
    {"players": ["ann", "bob", "cy"], "seed": 2, "turns": 150, "options": ("variant=block", "hidden_inventories=true")},
    {"players": ["ann", "bob", "cy", "dee"], "seed": 3, "turns": 150, "options": ("variant=different",)},
    {"players": ["ann", "bob", "cy"], "seed": 4, "turns": 150, "options": ("variant=not-travelled",)},
)
WRONG = ("move A", "move ZZ", "move B/2", "pick r", "pick w", "claim A-B rr", "claim A-B:1 r", "gain space", "gain r")
WRONG += ("swap r g", "skip", "use jump", "block", "allow")
ENGLISH = Path(__file__).parent / "fixtures" / "words" / "aeronaut-odyssey-en.txt"


def test_english_says_word_for_word_what_it_said_before_its_words_were_catalogued(tmp_path):
    """Labels, steps, refusals, logs and inventories of seeded games, against those recorded before the change."""
    said = [line for case in CASES for line in transcript(tmp_path, GAME, wrong=WRONG, **case)]
    assert said == ENGLISH.read_text(encoding="utf-8").splitlines()
