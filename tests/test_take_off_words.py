"""What a refereed Take Off! session says in its variant's language: labels, picker steps and headings, log and
refusals in French for a French variant, in English word for word as before for an English one; the notation
and the record the same in both."""

from __future__ import annotations

from pathlib import Path

from support.transcript import transcript

GAME = "take-off"
# Seeded games: two jets of one fleet to the round limit, three fleets of two, four of three playing on.
CASES = (
    {"players": ["ann", "bob"], "seed": 5, "turns": 200, "options": ("rounds=6", "fleet=1")},
    {"players": ["ann", "bob", "cy"], "seed": 3, "turns": 90, "options": ("fleet=2",)},
    {"players": ["ann", "bob", "cy", "dee"], "seed": 11, "turns": 90, "options": ("fleet=3", "play_on=true")},
)
WRONG = ("pass", "roll R Y", "draw tokyo", "draw honolulu", "draw xyz", "send 2", "fly 1 apia", "fly 4 apia")
ENGLISH = Path(__file__).parent / "fixtures" / "words" / "take-off-en.txt"


def test_english_says_word_for_word_what_it_said_before_its_words_were_catalogued(tmp_path):
    """Labels, steps, headings, refusals and logs of seeded games, against those recorded before the change."""
    said = [line for case in CASES for line in transcript(tmp_path, GAME, wrong=WRONG, **case)]
    assert said == ENGLISH.read_text(encoding="utf-8").splitlines()
