"""The table's single-flight cache: a value asked for by many threads at once is made once."""

from __future__ import annotations

import threading

import pytest

from pnp.memo import Memo

ASKERS = 8
WAIT = 60.0  # seconds: a bound for a slow machine, not a speed target


def ask_at_once(memo: Memo[str, int], make, key: str = "k") -> list[object]:
    """``ASKERS`` threads asking ``memo`` for ``key`` while its first making is held until all have started."""
    started = threading.Barrier(ASKERS + 1)
    got: list[object] = []
    lock = threading.Lock()

    def ask() -> None:
        started.wait(timeout=WAIT)
        try:
            value: object = memo.get(key, make)
        except Exception as exc:  # noqa: BLE001 - what each asker got is the result
            value = exc
        with lock:
            got.append(value)

    threads = [threading.Thread(target=ask) for _ in range(ASKERS)]
    for thread in threads:
        thread.start()
    started.wait(timeout=WAIT)
    for thread in threads:
        thread.join(timeout=WAIT)
    return got


def test_askers_at_once_share_one_making():
    made: list[int] = []
    release = threading.Event()

    def make() -> int:
        made.append(1)
        release.wait(timeout=WAIT)  # held: the other askers arrive meanwhile, and must not make it again
        return 42

    threading.Timer(0.2, release.set).start()
    assert ask_at_once(Memo(4), make) == [42] * ASKERS
    assert made == [1]


def test_a_failed_making_reaches_every_waiting_asker_and_is_not_kept():
    release = threading.Event()
    threading.Timer(0.2, release.set).start()

    def fail() -> int:
        release.wait(timeout=WAIT)
        raise ValueError("no")

    memo: Memo[str, int] = Memo(4)
    got = ask_at_once(memo, fail)
    assert len(got) == ASKERS and all(isinstance(value, ValueError) for value in got)
    assert memo.get("k", lambda: 7) == 7


def test_only_the_last_values_asked_for_are_kept():
    memo: Memo[str, str] = Memo(2)
    for key in "abc":
        memo.get(key, lambda key=key: key)
    memo.get("b", lambda: pytest.fail("b is kept"))
    assert memo.get("a", lambda: "again") == "again"  # the least recently asked for went first


def test_maps_asked_for_by_the_servers_threads_at_once_are_read_once_each(tmp_path):
    """``MapCache`` (a session's map, read by every request that loads the record) was a plain dict: threads at
    once each read the map again, and its eviction raised KeyError or RuntimeError ("internal error")."""
    from pnp.games.base import MapCache

    maps = [tmp_path / "a.yaml", tmp_path / "b.yaml"]
    for n, path in enumerate(maps):
        path.write_text(f"map: {n}\n")
    made: list[str] = []
    release = threading.Event()
    threading.Timer(0.2, release.set).start()

    def read(path):
        made.append(path.name)
        release.wait(timeout=WAIT)
        return path.read_text()

    cache = MapCache(read, kept=1)  # two maps through room for one: each asker may evict the other's
    got: list[object] = []
    started = threading.Barrier(ASKERS + 1)

    def ask(path) -> None:
        started.wait(timeout=WAIT)
        try:
            got.append(cache.get(path))
        except Exception as exc:  # noqa: BLE001 - what each asker got is the result
            got.append(exc)

    threads = [threading.Thread(target=ask, args=(maps[n % 2],)) for n in range(ASKERS)]
    for thread in threads:
        thread.start()
    started.wait(timeout=WAIT)
    for thread in threads:
        thread.join(timeout=WAIT)
    assert sorted(map(str, got)) == sorted(["map: 0\n", "map: 1\n"] * (ASKERS // 2))
    assert sorted(made) == ["a.yaml", "b.yaml"]
