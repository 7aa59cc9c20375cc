"""Placing labels on a crowded drawing: candidate boxes scored against what is already drawn there.

The caller offers each label a few candidate boxes, each with a preference cost (lower is better) and
an optional leader line from the box back to its anchor. Obstacles are boxes, circles and line
segments (with a half-width), each owned by a label (its own dot, say) or by none. A label is placed
where it hits the fewest obstacles and other labels, preference breaking ties: hardest labels first
(those with fewest free candidates, counted up to ENOUGH), then labels still in conflict are moved again
while that helps. :meth:`Scene.conflicts` reports what
still overlaps, so a caller can warn about it. All lengths are millimetres, y growing downwards.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import chain
from typing import NamedTuple

Box = tuple[float, float, float, float]  # x0, y0, x1, y1
Segment = tuple[float, float, float, float]  # x0, y0, x1, y1
NOBODY = -1
CROSSING = 4.0  # the cost of a leader line crossing a line: a ring farther out costs 10
ENOUGH = 8  # free candidates that make a label easy to place: its free ones are counted no further
BLOCKED = -1  # the obstacles a candidate meets, known to be some but not yet counted


class Candidate(NamedTuple):
    """One place a label may go: its box, how much less it is liked than the best place, and its leader.

    A named tuple: tens of thousands are made and looked up for one map.
    """

    box: Box
    cost: float = 0.0
    leader: Segment | None = None


@dataclass(frozen=True)
class Obstacle:
    """Something a label must keep clear of: a ``shape`` ("box", "circle" or "segment") of some ``kind``."""

    kind: str
    shape: str
    coords: tuple[float, ...]
    owner: int = NOBODY  # the label this obstacle belongs to, which may touch it
    pad: float = 0.0  # how far a label must keep from it (a segment's half-width and margin)
    solid: bool = True  # False: a leader line may cross it (a space kept free, not ink)

    @cached_property
    def bounds(self) -> Box:
        """The box round the obstacle and its pad."""
        c, p = self.coords, self.pad
        if self.shape == "circle":
            return c[0] - c[2] - p, c[1] - c[2] - p, c[0] + c[2] + p, c[1] + c[2] + p
        return min(c[0], c[2]) - p, min(c[1], c[3]) - p, max(c[0], c[2]) + p, max(c[1], c[3]) + p

    def hits(self, box: Box) -> bool:
        """True when ``box`` comes closer to this obstacle than its pad (touching is allowed)."""
        b = self.bounds
        if not (b[0] < box[2] and box[0] < b[2] and b[1] < box[3] and box[1] < b[3]):  # ``overlap``, inlined
            return False
        return self.hits_within(box)

    def hits_within(self, box: Box) -> bool:
        """``hits`` for a box known to overlap the obstacle's bounds."""
        c = self.coords
        if self.shape == "box":
            return overlap((c[0] - self.pad, c[1] - self.pad, c[2] + self.pad, c[3] + self.pad), box)
        if self.shape == "circle":
            return point_box_distance(c[0], c[1], box) < c[2] + self.pad
        p = self.pad  # within ``pad`` of the box, its corners counted square: a hair stricter, and fast
        return _crosses((c[0], c[1], c[2], c[3]), (box[0] - p, box[1] - p, box[2] + p, box[3] + p))


def overlap(a: Box, b: Box) -> bool:
    """True when two boxes share some area."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def point_box_distance(x: float, y: float, box: Box) -> float:
    """How far a point lies from a box (0 inside it)."""
    dx = max(box[0] - x, 0.0, x - box[2])
    dy = max(box[1] - y, 0.0, y - box[3])
    return math.hypot(dx, dy)


def point_segment_distance(x: float, y: float, seg: Segment) -> float:
    """How far a point lies from a segment."""
    ax, ay, bx, by = seg
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else min(max(((x - ax) * dx + (y - ay) * dy) / length, 0.0), 1.0)
    return math.hypot(x - ax - t * dx, y - ay - t * dy)


def _crosses(seg: Segment, box: Box) -> bool:
    """True when the segment passes through (or touches) the box: their bounds meet and the box's corners
    are not all on one side of the segment's line (the answer of ``clip_segment``, found faster)."""
    ax, ay, bx, by = seg
    x0, y0, x1, y1 = box
    if (ax < x0 and bx < x0) or (ax > x1 and bx > x1) or (ay < y0 and by < y0) or (ay > y1 and by > y1):
        return False
    dx, dy = bx - ax, by - ay
    low, high = dx * (y0 - ay), dx * (y1 - ay)  # the corners' sides are these less the next two
    left, right = dy * (x0 - ax), dy * (x1 - ax)
    if low > left:
        return not (low > right and high > left and high > right)
    if low < left:
        return not (low < right and high < left and high < right)
    return True  # a corner on the line


def clip_segment(seg: Segment, box: Box) -> Segment | None:
    """The part of a segment inside a box, or None (Liang-Barsky clipping)."""
    ax, ay, bx, by = seg
    dx, dy = bx - ax, by - ay
    low, high = 0.0, 1.0
    for p, q in ((-dx, ax - box[0]), (dx, box[2] - ax), (-dy, ay - box[1]), (dy, box[3] - ay)):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return None
    return ax + dx * low, ay + dy * low, ax + dx * high, ay + dy * high


def _segments_cross(a: Segment, b: tuple[float, ...]) -> bool:
    """True when two segments cross (touching ends aside): each one's ends lie strictly either side of the other."""
    ax, ay, bx, by = a
    cx, cy, dx, dy = b[0], b[1], b[2], b[3]
    ex, ey = dx - cx, dy - cy
    if (ex * (ay - cy) - ey * (ax - cx)) * (ex * (by - cy) - ey * (bx - cx)) >= 0:
        return False
    fx, fy = bx - ax, by - ay
    return (fx * (cy - ay) - fy * (cx - ax)) * (fx * (dy - ay) - fy * (dx - ax)) < 0


class _Grid:
    """Items filed under the grid squares they touch, so a query reads only nearby items (each once, in order)."""

    def __init__(self, square: float) -> None:
        self.square = square
        self.cells: dict[tuple[int, int], list[int]] = {}
        self._found: dict[tuple[int, int, int, int], list[int]] = {}  # answers by the squares asked, until a change

    def span(self, box: Box) -> tuple[int, int, int, int]:
        """The first and last column and row of squares that ``box`` touches."""
        s = self.square
        return math.floor(box[0] / s), math.floor(box[1] / s), math.floor(box[2] / s), math.floor(box[3] / s)

    def add(self, item: int, box: Box) -> None:
        for square in _squares(self.span(box)):
            self.cells.setdefault(square, []).append(item)
        self._found.clear()

    def segment_squares(self, segment: Segment, pad: float) -> list[tuple[int, int]]:
        """The squares a segment's band of half-width ``pad`` reaches, not every square of its bounds.

        Column by column: the stretch of the segment whose band reaches into the column gives its rows.
        """
        ax, ay, bx, by = segment if segment[0] <= segment[2] else (segment[2], segment[3], segment[0], segment[1])
        s, reach = self.square, max(pad, 0.0) + 1e-6  # a hair more, against rounding
        slope = (by - ay) / (bx - ax) if bx > ax else 0.0
        found = []
        for c in range(math.floor((ax - reach) / s), math.floor((bx + reach) / s) + 1):
            if bx > ax:
                x0, x1 = max(c * s - reach, ax), min((c + 1) * s + reach, bx)
                y0, y1 = ay + (x0 - ax) * slope, ay + (x1 - ax) * slope
            else:
                y0, y1 = ay, by
            found += [
                (c, r) for r in range(math.floor((min(y0, y1) - reach) / s), math.floor((max(y0, y1) + reach) / s) + 1)
            ]
        return found

    def file(self, item: int, squares: Iterable[tuple[int, int]]) -> None:
        """File an item under the given squares (a segment's, say: ``segment_squares``)."""
        cells = self.cells
        for square in squares:
            cells.setdefault(square, []).append(item)
        self._found.clear()

    def remove(self, item: int, box: Box) -> None:
        for square in _squares(self.span(box)):
            self.cells[square].remove(item)
        self._found.clear()

    def around(self, box: Box) -> list[Sequence[int]]:
        """The lists of items filed in the squares ``box`` touches (an item may be in several)."""
        s, get = self.square, self.cells.get
        columns = range(math.floor(box[0] / s), math.floor(box[2] / s) + 1)
        rows = range(math.floor(box[1] / s), math.floor(box[3] / s) + 1)
        return [get((c, r), ()) for r in rows for c in columns]

    def near(self, box: Box) -> list[int]:
        """The items filed in the squares ``box`` touches, each once, in increasing order."""
        return self.near_span(self.span(box))

    def near_span(self, span: tuple[int, int, int, int]) -> list[int]:
        """``near`` for the squares of a ``span``."""
        found = self._found.get(span)
        if found is None:
            items: set[int] = set()
            for square in _squares(span):
                items.update(self.cells.get(square, ()))
            found = self._found[span] = sorted(items)
        return found


def _squares(span: tuple[int, int, int, int]) -> list[tuple[int, int]]:
    c0, r0, c1, r1 = span
    return [(c, r) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]


def _segment_bounds(seg: Segment) -> Box:
    return min(seg[0], seg[2]), min(seg[1], seg[3]), max(seg[0], seg[2]), max(seg[1], seg[3])


def _bounds(candidate: Candidate) -> Box:
    """The box round a candidate and its leader line."""
    box, leader = candidate.box, candidate.leader
    if leader is None:
        return box
    line = _segment_bounds(leader)
    return min(box[0], line[0]), min(box[1], line[1]), max(box[2], line[2]), max(box[3], line[3])


class Scene:
    """The obstacles of one drawing and the labels placed on it."""

    def __init__(self, obstacles: Iterable[Obstacle] = (), square: float = 8.0) -> None:
        self.obstacles: list[Obstacle] = []
        self._bounds: list[Box] = []  # each obstacle's bounds, by its index
        self._index = _Grid(square)
        self._walls = _Grid(square)  # the solid dots, circles and boxes alone: all a leader line may not cross
        self._lines = _Grid(square)  # the segments alone: the lines a leader crosses
        self._labels = _Grid(square)
        # what is known of a label's candidate, by (label, the candidate's id): the candidate (held, so that its
        # id stays its own) and how many obstacles it meets, or BLOCKED: some, not yet counted. Keyed by identity:
        # hashing a candidate's nine numbers at every question cost 3 % of placing the world map.
        self._known: dict[tuple[int, int], tuple[Candidate, int]] = {}
        self._last_block: dict[int, Obstacle] = {}  # the obstacle a label's box last met, by label
        self._crossings: dict[tuple[int, int], tuple[Candidate, int]] = {}  # ``leader_crossings``, keyed alike
        # a candidate's box and leader together, and the squares of ``_labels`` they touch, by the candidate's id
        self._reach: dict[int, tuple[Candidate, Box, tuple[int, int, int, int]]] = {}
        self.placed: dict[int, Candidate] = {}
        self._placed_bounds: dict[int, Box] = {}  # each placed label's box and leader together
        for obstacle in obstacles:
            self.add(obstacle)

    def add(self, obstacle: Obstacle) -> None:
        """One more obstacle."""
        item, c = len(self.obstacles), obstacle.coords
        if obstacle.shape == "segment":
            squares = self._index.segment_squares((c[0], c[1], c[2], c[3]), obstacle.pad)  # both grids alike
            self._index.file(item, squares)
            self._lines.file(item, squares)
        else:
            self._index.add(item, obstacle.bounds)
            if obstacle.solid:
                self._walls.add(item, obstacle.bounds)
        self.obstacles.append(obstacle)
        self._bounds.append(obstacle.bounds)
        # counts may grow and a free candidate be blocked; a blocked one stays so (obstacles are never taken away)
        self._known = {key: (candidate, BLOCKED) for key, (candidate, hits) in self._known.items() if hits}
        self._crossings.clear()

    def _obstacle_hits(self, label: int, box: Box) -> Iterator[Obstacle]:
        """The obstacles a box runs into, other than the label's own."""
        return (o for o in self.near(box) if o.owner != label and o.hits(box))

    def _leader_hits(self, label: int, leader: Segment | None) -> Iterator[Obstacle]:
        """The obstacles a leader line runs through: other labels' dots and circles, and boxes."""
        if leader is None:
            return iter(())
        near = (self.obstacles[i] for i in self._walls.near(_segment_bounds(leader)))
        return (o for o in near if o.owner != label and _leader_meets(o, leader))

    def _meets(self, label: int, candidate: Candidate) -> Iterator[Obstacle]:
        """The obstacles a candidate's box runs into, then those its leader runs through."""
        return chain(self._obstacle_hits(label, candidate.box), self._leader_hits(label, candidate.leader))

    def _hits(self, label: int, candidate: Candidate) -> int:
        """How many obstacles a candidate meets, counted once per candidate: obstacles stay put while labels move."""
        key = (label, id(candidate))
        known = self._known.get(key)
        if known is not None and known[1] != BLOCKED:
            return known[1]
        hits = sum(1 for _ in self._meets(label, candidate))
        self._known[key] = candidate, hits
        return hits

    def blocked(self, label: int, candidate: Candidate) -> bool:
        """True when a candidate meets any obstacle (the first one found settles it)."""
        key = (label, id(candidate))
        known = self._known.get(key)
        if known is not None:
            return known[1] != 0
        box, _, leader = candidate
        x0, y0, x1, y1 = box
        obstacles, bounds = self.obstacles, self._bounds
        last = self._last_block.get(label)  # what blocked the label's last place often blocks the next
        if last is not None and last.hits(box):
            self._known[key] = candidate, BLOCKED
            return True
        for items in self._index.around(box):  # an obstacle in several squares is asked again: no matter here
            for i in items:
                b = bounds[i]  # ``Obstacle.hits``' first test, inlined: most obstacles near a box are not in it
                if b[0] < x1 and x0 < b[2] and b[1] < y1 and y0 < b[3]:
                    obstacle = obstacles[i]
                    if obstacle.owner != label and obstacle.hits_within(box):
                        self._known[key] = candidate, BLOCKED
                        self._last_block[label] = obstacle
                        return True
        if leader is not None:
            for items in self._walls.around(_segment_bounds(leader)):
                for i in items:
                    obstacle = obstacles[i]
                    if obstacle.owner != label and _leader_meets(obstacle, leader):
                        self._known[key] = candidate, BLOCKED
                        return True
        self._known[key] = candidate, 0
        return False

    def label_hits(self, label: int, candidate: Candidate, most: float = math.inf) -> list[int]:
        """The other placed labels this candidate overlaps, or whose leader it crosses (or whose box its leader
        does): the first ``most`` of them, when that many settle the question."""
        found: list[int] = []
        box, _, leader = candidate
        reach = self._reach.get(id(candidate))
        if reach is None:
            area = _bounds(candidate)
            reach = self._reach[id(candidate)] = candidate, area, self._labels.span(area)
        _, (x0, y0, x1, y1), span = reach
        placed, bounds = self.placed, self._placed_bounds
        for other in self._labels.near_span(span):
            b = bounds[other]  # apart from it, not touching: none of the three below can be true
            if other == label or b[0] > x1 or x0 > b[2] or b[1] > y1 or y0 > b[3]:
                continue
            other_box, _, other_leader = placed[other]
            if (
                overlap(box, other_box)
                or (other_leader is not None and _crosses(other_leader, box))
                or (leader is not None and _crosses(leader, other_box))
            ):
                found.append(other)
                if len(found) >= most:
                    break
        return found

    def free(self, label: int, candidate: Candidate) -> bool:
        """True when a candidate meets no obstacle and no placed label."""
        return not self.blocked(label, candidate) and not (self.placed and self.label_hits(label, candidate, 1))

    def score(self, label: int, candidate: Candidate) -> float:
        """Conflicts count a thousand each; then the candidate's own cost and each line its leader crosses."""
        hard = self._hits(label, candidate) + len(self.label_hits(label, candidate))
        return 1000.0 * hard + candidate.cost + CROSSING * self.leader_crossings(label, candidate)

    def score_below(self, label: int, candidate: Candidate, low: float) -> float | None:
        """The candidate's ``score`` if it is below ``low``, else None.

        Bounds come first, from what is cheaply known: whether it meets any obstacle at all, then which
        labels it overlaps. Most candidates of a crowded label are settled by that, without counting
        every obstacle they meet or every line their leader crosses.
        """
        blocked = self.blocked(label, candidate)
        if 1000.0 * blocked + candidate.cost >= low:
            return None  # the rest of the score only adds to this
        labels = len(self.label_hits(label, candidate, _enough(low, blocked, candidate.cost)))
        if 1000.0 * (blocked + labels) + candidate.cost >= low:
            return None
        hard = self._hits(label, candidate) + labels
        score = 1000.0 * hard + candidate.cost + CROSSING * self.leader_crossings(label, candidate)
        return score if score < low else None

    def leader_crossings(self, label: int, candidate: Candidate) -> int:
        """How many line obstacles a candidate's leader crosses: allowed, but a leader is easier to follow across
        fewer. Counted once per candidate, like ``_hits``."""
        leader = candidate.leader
        if leader is None:
            return 0
        key = (label, id(candidate))
        known = self._crossings.get(key)
        if known is None:
            near = (self.obstacles[i] for i in self._lines.near(_segment_bounds(leader)))
            crossed = sum(1 for o in near if o.owner != label and _segments_cross(leader, o.coords))
            known = self._crossings[key] = candidate, crossed
        return known[1]

    def put(self, label: int, candidate: Candidate) -> None:
        """Place (or move) a label."""
        if label in self.placed:
            self._labels.remove(label, self._placed_bounds[label])
        self.placed[label] = candidate
        self._placed_bounds[label] = _bounds(candidate)
        self._labels.add(label, self._placed_bounds[label])

    def placed_in(self, box: Box) -> list[int]:
        """The placed labels whose box or leader meets (or touches) ``box``."""
        bounds = self._placed_bounds
        return [i for i in self._labels.near(box) if _touch(bounds[i], box)]

    def near(self, box: Box) -> list[Obstacle]:
        """The obstacles filed near ``box`` (a superset of those it touches)."""
        return [self.obstacles[i] for i in self._index.near(box)]

    def conflicts(self, label: int) -> list[tuple[str, int]]:
        """What a placed label still overlaps: (kind, NOBODY) for obstacles, ("label", other) for labels."""
        candidate = self.placed[label]
        found: list[tuple[str, int]] = [(o.kind, NOBODY) for o in self._obstacle_hits(label, candidate.box)]
        found += [(f"{o.kind} (with its leader line)", NOBODY) for o in self._leader_hits(label, candidate.leader)]
        found += [("label", other) for other in self.label_hits(label, candidate)]
        return found


def _enough(low: float, conflicts: int, cost: float) -> float:
    """The fewest more conflicts that bring a score of ``conflicts`` and ``cost`` to ``low`` (inf: none do)."""
    if low == math.inf:
        return math.inf
    more = 0
    while 1000.0 * (conflicts + more) + cost < low:
        more += 1
    return more


def _leader_meets(obstacle: Obstacle, leader: Segment) -> bool:
    """True when a leader line runs through a circle or a box (the solid ones are asked: see ``Scene._walls``)."""
    c = obstacle.coords
    if obstacle.shape == "circle":
        return point_segment_distance(c[0], c[1], leader) < c[2]
    return _crosses(leader, (c[0], c[1], c[2], c[3]))


def place_labels(scene: Scene, candidates: Sequence[Sequence[Candidate]], rounds: int = 10) -> list[int]:
    """The chosen candidate of each label: placed hardest first, then moved again while that helps.

    A label still in conflict may also take a place that only other labels block, when each of those
    can move to a place of its own that is free (or, one level deeper, push others in turn). A label
    offered no candidate is left out (its choice is -1).
    """
    labels = [i for i, options in enumerate(candidates) if options]
    free = {i: _free_places(scene, i, candidates[i]) for i in labels}
    placer = _Placer(scene, candidates)
    placer.walled = {i for i in labels if not free[i] and all(scene.blocked(i, c) for c in candidates[i])}
    for label in sorted(labels, key=lambda i: (free[i], i)):
        placer.move(label, placer.best(label))
    for _ in range(rounds):
        moved = False
        for label in labels:
            now = placer.score(label)
            if now < 1000:
                continue
            k = placer.best(label)
            if scene.score(label, candidates[label][k]) < now:
                placer.move(label, k)
                moved = True
            elif placer.push_anew(label):
                moved = True
        if not moved:
            break
    return placer.chosen


def _free_places(scene: Scene, label: int, options: Sequence[Candidate]) -> int:
    """How many of a label's candidates are free, counted up to ENOUGH: a label with that many has room."""
    found = 0
    for option in options:
        if scene.free(label, option):
            found += 1
            if found == ENOUGH:
                break
    return found


def _touch(a: Box, b: Box) -> bool:
    """True when two boxes overlap or touch."""
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _union(boxes: Iterable[Box]) -> Box:
    """The box round some boxes."""
    x0, y0, x1, y1 = zip(*boxes)
    return min(x0), min(y0), max(x1), max(y1)


def _cheapest_first(options: Sequence[Candidate]) -> list[int]:
    """The indices of ``options`` by cost, equal costs in their given order."""
    costs = [option.cost for option in options]
    return sorted(range(len(options)), key=costs.__getitem__)


class _Placer:
    """The labels' current choices, with a journal of moves so that a failed push can be undone."""

    def __init__(self, scene: Scene, candidates: Sequence[Sequence[Candidate]]) -> None:
        self.scene, self.candidates = scene, candidates
        self.chosen = [-1] * len(candidates)
        self.journal: list[tuple[int, int]] = []
        self.order = [_cheapest_first(options) for options in candidates]
        self.hulls: dict[int, Box] = {}  # the box round each label's candidates, worked out when a push needs it
        self.read: set[int] = set()  # the labels a push has read the places of
        self.walled: set[int] = set()  # the labels whose every candidate meets an obstacle: none can be moved clear
        # a push that failed, by label: the region it read and the labels placed there then, with their choices
        self.failed: dict[int, tuple[Box, dict[int, int]]] = {}

    def score(self, label: int) -> float:
        return self.scene.score(label, self.candidates[label][self.chosen[label]])

    def best(self, label: int) -> int:
        """The label's best candidate now: read cheapest first, stopping where none left can score lower.

        The free candidates are read first, asking only whether each is free (the first conflict found
        settles that): any of them scores below every candidate in conflict. Only a label with no free
        candidate has its conflicts counted, each scoring at least a thousand more than its own cost.
        """
        scene, options = self.scene, self.candidates[label]
        for free_only, least in ((True, 0.0), (False, 1000.0)):
            best, low = -1, math.inf
            for k in self.order[label]:
                option = options[k]
                if least + option.cost >= low:
                    break  # a score is never below the candidate's own cost, and this one's never below ``least`` more
                if not free_only:
                    score = scene.score_below(label, option, low)
                elif scene.free(label, option):  # its score without the conflicts it has not
                    score = option.cost + CROSSING * scene.leader_crossings(label, option)
                else:
                    continue
                if score is not None and score < low:
                    best, low = k, score
            if best >= 0:
                return best
        return 0

    def move(self, label: int, k: int) -> None:
        self.journal.append((label, self.chosen[label]))
        self.chosen[label] = k
        self.scene.put(label, self.candidates[label][k])

    def undo(self, mark: int) -> None:
        while len(self.journal) > mark:
            label, k = self.journal.pop()
            self.chosen[label] = k
            self.scene.put(label, self.candidates[label][k])

    def push_anew(self, label: int) -> bool:
        """``push`` two levels deep, unless it failed before and nothing has moved since in the region it read:
        it reads only the places of labels that meet the candidates of the labels it tries to move."""
        failed = self.failed.get(label)
        if failed is not None and self._placed_in(failed[0]) == failed[1]:
            return False
        self.read = {label}
        if self.push(label, depth=2, fixed=frozenset()):
            return True
        region = _union(self._hull(i) for i in self.read)
        self.failed[label] = region, self._placed_in(region)
        return False

    def _hull(self, label: int) -> Box:
        """The box round a label's candidates and their leaders."""
        hull = self.hulls.get(label)
        if hull is None:
            hull = self.hulls[label] = _union(map(_bounds, self.candidates[label]))
        return hull

    def _placed_in(self, region: Box) -> dict[int, int]:
        """The choice of each label placed in ``region`` (or touching it)."""
        return {i: self.chosen[i] for i in self.scene.placed_in(region)}

    def push(self, label: int, depth: int, fixed: frozenset[int]) -> bool:
        """Move ``label`` to a place only other labels block and move them on; False (nothing moved) if none works.

        A place blocked by a ``walled`` label is passed over: that label would stay in conflict wherever it went.
        """
        scene, options = self.scene, self.candidates[label]
        for k in self.order[label]:
            option = options[k]
            if scene.blocked(label, option):
                continue
            blockers = scene.label_hits(label, option)
            if not blockers or len(blockers) > 3 or fixed.intersection(blockers) or self.walled.intersection(blockers):
                continue
            self.read.update(blockers)
            mark = len(self.journal)
            self.move(label, k)
            held = fixed | {label}
            for blocker in blockers:
                self.move(blocker, self.best(blocker))
                if self.score(blocker) >= 1000 and not (depth > 1 and self.push(blocker, depth - 1, held)):
                    break
            if all(self.score(b) < 1000 for b in (label, *blockers)):
                return True
            self.undo(mark)
        return False
