"""Slow results kept on disk between runs (pnp.cache), and Take Off's map placement kept that way."""

from __future__ import annotations

import errno
import os

import pytest

from pnp import cache
from pnp.games.take_off import placement as placing
from pnp.games.take_off.drawing import map_text
from pnp.games.take_off.model import load_data
from pnp.games.take_off.rules import TakeOff
from pnp.referee.protocol import Setup


class Maker:
    """A slow computation stand-in: counts how often it runs."""

    def __init__(self, value: object) -> None:
        self.value, self.runs = value, 0

    def __call__(self) -> object:
        self.runs += 1
        return self.value


def _remember(made_from: str, maker: Maker) -> object:
    return cache.remembered("test", made_from, maker, lambda value: value, lambda data: data)


@pytest.fixture
def folder(tmp_path, monkeypatch):
    place = tmp_path / "cache"
    monkeypatch.setenv("PNP_CACHE_DIR", str(place))
    return place


def test_a_value_is_made_once_then_read_from_disk(folder):
    maker = Maker({"names": [1.5, "Oslo"]})
    assert _remember("map 1", maker) == _remember("map 1", maker) == {"names": [1.5, "Oslo"]}
    assert maker.runs == 1 and len(list(folder.iterdir())) == 1
    _remember("map 2", maker)  # other inputs: made afresh
    assert maker.runs == 2 and len(list(folder.iterdir())) == 2


@pytest.mark.parametrize("damage", ["not json {", '"a string"'])
def test_a_damaged_or_foreign_file_is_made_again_and_replaced(folder, damage):
    maker = Maker({"names": []})

    def strict(data):
        return {"names": list(data["names"])}  # a string has no "names": a TypeError

    cache.remembered("test", "map", maker, lambda value: value, strict)
    (kept,) = folder.iterdir()
    kept.write_text(damage)
    assert cache.remembered("test", "map", maker, lambda value: value, strict) == {"names": []}
    assert maker.runs == 2 and kept.read_text() == '{"names":[]}'


def test_an_empty_setting_keeps_nothing_and_an_unusable_folder_only_keeps_nothing(tmp_path, monkeypatch):
    maker = Maker(7)
    monkeypatch.setenv("PNP_CACHE_DIR", "")
    assert _remember("x", maker) == _remember("x", maker) == 7 and maker.runs == 2
    blocker = tmp_path / "a file"
    blocker.write_text("")
    monkeypatch.setenv("PNP_CACHE_DIR", str(blocker / "cache"))  # a folder inside a file cannot be made
    assert _remember("x", maker) == 7 and maker.runs == 3
    unwritable = tmp_path / "unwritable"
    unwritable.mkdir()
    monkeypatch.setenv("PNP_CACHE_DIR", str(unwritable))

    def full_disk(*_paths: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as disk:
        disk.setattr(os, "replace", full_disk)
        assert _remember("x", maker) == 7 and maker.runs == 4  # a full disk: the build goes on, nothing kept
    assert list(unwritable.iterdir()) == []


def test_only_the_newest_files_are_kept(folder, monkeypatch):
    monkeypatch.setattr(cache, "KEPT", 2)
    for age, name in enumerate(["first", "second"]):
        _remember(name, Maker(name))
        (newest,) = [p for p in folder.iterdir() if p.read_text() == f'"{name}"']
        os.utime(newest, (1_000_000 + age, 1_000_000 + age))  # set apart, however fast the disk
    _remember("third", Maker("third"))
    assert sorted(p.read_text() for p in folder.iterdir()) == ['"second"', '"third"']


def _contents(placed: placing.Placement) -> tuple:
    """Everything a placement holds (an inset's zoomed world compared by its map)."""
    insets = [(s.inset, s.region, s.place, s.covers, s.zoomed, s.world.map, _contents(s.text)) for s in placed.insets]
    return placed.labels, placed.badges, placed.problems, placed.too_large, insets


def test_take_off_places_a_map_once_and_reads_it_back_the_same(folder, monkeypatch):
    world, data = TakeOff().new_state(Setup(("a", "b"))).ctx.world, load_data().value
    placing.placement.cache_clear()
    worked_out = map_text(world, data)
    assert worked_out.insets and worked_out.labels
    placing.placement.cache_clear()

    def never(*_args, **_kwargs):
        raise AssertionError("placed again")

    monkeypatch.setattr(placing, "_place", never)
    assert _contents(map_text(world, data)) == _contents(worked_out)
    placing.placement.cache_clear()


def test_a_kept_take_off_placement_naming_other_words_is_placed_again(folder):
    world, data = TakeOff().new_state(Setup(("a", "b"))).ctx.world, load_data().value
    placing.placement.cache_clear()
    worked_out = map_text(world, data)
    (kept,) = folder.iterdir()
    kept.write_text(kept.read_text().replace('"Oslo"', '"Osloo"'))
    placing.placement.cache_clear()
    assert _contents(map_text(world, data)) == _contents(worked_out)
    assert '"Osloo"' not in kept.read_text()  # replaced by the placement made again
    placing.placement.cache_clear()
