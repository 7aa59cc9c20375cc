"""Small graph helpers shared by the games' rules (pure Python)."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence


def distances_to(steps: Sequence[Iterable[int]], target: int, far: int) -> tuple[int, ...]:
    """Fewest steps from every node to ``target``, ``far`` where it cannot be reached.

    ``steps[node]`` lists the nodes one step on from ``node``; the search runs backwards from the target.
    """
    into: list[list[int]] = [[] for _ in steps]
    for source, targets in enumerate(steps):
        for node in targets:
            into[node].append(source)
    distance = [far] * len(steps)
    distance[target] = 0
    queue = deque([target])
    while queue:
        node = queue.popleft()
        for source in into[node]:
            if distance[source] == far:
                distance[source] = distance[node] + 1
                queue.append(source)
    return tuple(distance)
