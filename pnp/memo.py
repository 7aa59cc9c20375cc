"""A bounded cache for work several threads may ask for at once (the table server's requests): each value is made once.

The first asker of a key makes its value; askers that come while it is being made wait for that one
making (single flight) and get the same value, or the same exception. Only the last ``kept`` values
are kept, the least recently asked for forgotten first.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Future
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Memo(Generic[K, V]):
    """Values by key, each made once, the last ``kept`` of them kept; safe to call from any thread."""

    def __init__(self, kept: int) -> None:
        self.kept = kept
        self._lock = threading.Lock()
        self._values: OrderedDict[K, V] = OrderedDict()
        self._making: dict[K, Future[V]] = {}

    def get(self, key: K, make: Callable[[], V]) -> V:
        """The value for ``key``: kept, being made by another thread (waited for), or made now by ``make``."""
        with self._lock:
            if key in self._values:
                self._values.move_to_end(key)
                return self._values[key]
            making = self._making.get(key)
            if making is None:
                making = self._making[key] = Future()
                mine = True
            else:
                mine = False
        if not mine:
            return making.result()
        try:
            value = make()
        except BaseException as exc:
            with self._lock:
                del self._making[key]
            making.set_exception(exc)
            raise
        with self._lock:
            del self._making[key]
            self._values[key] = value
            while len(self._values) > self.kept:
                self._values.popitem(last=False)
        making.set_result(value)
        return value

    def peek(self, key: K) -> V | None:
        """The value kept for ``key``, or None: nothing is made."""
        with self._lock:
            return self._values.get(key)

    def clear(self) -> None:
        """Forget every kept value (values being made are still handed to their askers)."""
        with self._lock:
            self._values.clear()
