"""A search bot for any game: information-set Monte Carlo tree search (single observer, open loop).

Each iteration deals one determinisation of what the bot cannot know, then walks the tree of
player choices from the position it was asked about:

- what other players hold but only they see (``State.private``: a hand) is re-dealt by the state's
  ``determinise``; another player's secret is drawn from the values the bot was offered for the same
  slot, and one entered during the search is picked at random, then committed as the referee would;
- chance (a roll, a draw) is one option of the player who may take it; taking it draws an outcome
  by the probabilities the state gives, afresh each iteration, so one tree covers every outcome;
- below the root, choices are picked by UCB1 among the options available in this determinisation
  (each option's availability is counted, as information-set MCTS requires), each player maximising
  its own reward; at most ``walk`` choices are made in the tree.

The root's options are tried in turn, each round in a *world* of its own: a seed for the
determinisation, chance and the playout bot, so options tried in the same world meet the same luck
(common random numbers) and compare in pairs. Below the tree a playout bot (random, or the game's
greedy bot) finishes the game, or stops after ``depth`` inputs, when the leaders of the game's rating
(or of the score) count as winners; a player's reward is mostly its share of the win, partly its
margin. The root's options are compared by the searcher's value of each world's end: its rating's lead
over the others' where the game has a rating, else its reward. With a playout bot, the search plays that
bot's own pick unless another option clearly did better in the same worlds (:func:`_verdict`). The bot's
randomness comes from the seeded source it is made with and its work per choice is a number of
iterations, so it plays the same game for the same seed on any machine, however fast.

:func:`weigh` compares given options the same way within a budget of work (the inputs its playouts are
offered) rather than of iterations, so that a choice costs about as much however many options each
step offers: *Suggest a move* (:mod:`pnp.sim.hint`) answers with it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field

from pnp.errors import IllegalMove
from pnp.games.bots import Rater
from pnp.games.spec import BotFactory
from pnp.referee import secrets as commitments
from pnp.referee.driver import Chooser
from pnp.referee.protocol import Commit, Move, Reveal, Secret, State

CHANCE: Hashable = ("chance",)  # the option of letting the dice or the deck decide
EXPLORATION = 0.7  # UCB1's constant, rewards being win shares in [0, 1]
ROLLOUT_LIMIT = 2_000  # inputs of one playout at most
SURE = 1.0  # standard errors by which another option must beat the playout bot's own pick
MIN_VISITS = 4  # and iterations it must have had
WIN_WEIGHT = 0.7  # of a reward: the rest is the score margin


@dataclass
class _Node:
    """One option in the tree: who chose it, how often it was tried and available, and its reward."""

    player: str = ""
    visits: int = 0
    available: int = 0
    reward: float = 0.0
    worlds: dict[int, float] = field(default_factory=dict)  # a root option's value in each world, by world

    def mean(self) -> float:
        return self.reward / self.visits if self.visits else 0.0

    children: dict[Hashable, _Node] = field(default_factory=dict)


def ismcts_bot(
    iterations: int = 200,
    playout: BotFactory | None = None,
    depth: int = ROLLOUT_LIMIT,
    rater: Rater | None = None,
    walk: int = ROLLOUT_LIMIT,
    worlds: int | None = None,
) -> BotFactory:
    """A bot factory: ``iterations`` search iterations per choice (a lone legal move is played at once).

    With ``worlds``, the options are tried in turn, an even share of ``iterations`` each but in at least
    ``worlds`` worlds, and judged in pairs by the searcher's value of each world's end. Each iteration
    chooses at most ``walk`` options in the tree; then ``playout``, the bot that finishes the game (default:
    uniformly random inputs), plays at most ``depth`` inputs. With ``rater`` (a game's rating hook, as the greedy
    bot uses), a playout stopped short counts as won by its leaders, and a world's end is valued by how far the
    searcher's rating leads the others' mean; else by the score and the reward.
    """

    def factory(rng: random.Random) -> Chooser:
        policy = playout(rng) if playout else None  # for the pick the search must beat
        seen: dict[str, list[str]] = {}  # secret values offered per slot, for determinising others' secrets

        def choose(state: State, moves: list[Move], own: Mapping[str, str]) -> Move:
            for move in moves:
                if isinstance(move, Secret):
                    seen.setdefault(move.slot, [])
                    if move.value not in seen[move.slot]:
                        seen[move.slot].append(move.value)
            options = _options(state, moves)
            if len(options) == 1:
                return options[0] if options[0] is not CHANCE else next(iter(state.chance()))
            search = _Search(state.to_move() or "", own, seen, rng, playout, depth, rater, walk)
            root = _Node()
            rounds = max(worlds, iterations // len(options)) if worlds else 0
            for i in range(rounds * len(options) if worlds else iterations):
                # the options in turn, each round in a world of its own
                search.iterate(state, root, options[i % len(options)], i // len(options))
            best = _verdict(root, options, _pick_to_beat(policy, state, moves, own, rng) if policy else None)
            return next(iter(state.chance())) if best is CHANCE else best

        return choose

    return factory


def weigh(
    state: State,
    options: list[Move],
    own: Mapping[str, str],
    rng: random.Random,
    playout: BotFactory | None,
    depth: int,
    rater: Rater | None,
    work: int,
    least: int,
    favourite: Move | None,
) -> Move:
    """The best of ``options`` for the player to move within a work budget: ``favourite`` unless beaten.

    The options are tried in turn, each round in a world of its own, for at least ``least`` rounds and
    until the search has been offered ``work`` inputs (a playout's step costs as many as it is offered, as
    a greedy bot weighs each): the budget counts work, not time, so the same seed gives the same answer
    on any machine. Judged as :func:`_verdict` judges, ``favourite`` (one of ``options``, or None: the best
    mean wins) standing for the playout bot's pick.
    """
    search = _Search(state.to_move() or "", own, {}, rng, playout, depth, rater, walk=1)
    root = _Node()
    world = 0
    while world < least or search.work < work:
        for option in options:
            search.iterate(state, root, option, world)
        world += 1
    return _verdict(root, options, favourite)


def _pick_to_beat(
    policy: Chooser, state: State, moves: list[Move], own: Mapping[str, str], rng: random.Random
) -> Hashable:
    """The playout bot's own option, picked in a world the bot may see (another player's hand re-dealt).

    Any chance outcome, the world's or the real one, is CHANCE: a card drawn in that world may be in no
    pile but that world's.
    """
    world = state.determinise(state.to_move() or "", rng)
    pick = policy(world, moves, own)
    return CHANCE if pick in world.chance() or pick in state.chance() else pick


def _verdict(root: _Node, options: list[Hashable], pick: Hashable | None) -> Hashable:
    """The best option by mean reward; with a playout bot, its own pick unless another did clearly better.

    Clearly: over the worlds both were tried in, the other's values beat the pick's by ``SURE``
    standard errors of their paired differences, in at least ``MIN_VISITS`` worlds (when every world
    differs alike, by any margin). This keeps the search from trading a sound pick for luck.
    """
    tried = [o for o in options if o in root.children and root.children[o].visits]
    best = max(tried, key=lambda o: root.children[o].mean())
    if pick is None:
        return best
    mine = root.children.get(pick)
    if mine is None or not mine.visits:
        return pick
    chosen, margin = pick, 0.0
    for option in tried:
        other = root.children[option].worlds
        diffs = [other[w] - mine.worlds[w] for w in other if w in mine.worlds]
        if option == pick or len(diffs) < MIN_VISITS:
            continue
        mean = sum(diffs) / len(diffs)
        variance = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
        if mean > SURE * math.sqrt(variance / len(diffs)) and mean > margin:
            chosen, margin = option, mean
    return chosen


def _options(state: State, moves: list[Move]) -> list[Hashable]:
    """The mover's options: each choice, and chance as one more when it may be taken."""
    chances = state.chance()
    if not chances:  # most steps: every move is a choice
        return list(moves)
    choices: list[Hashable] = [move for move in moves if move not in chances]
    return choices + [CHANCE]


class _Search:
    """The iterations of one choice: who searches, what it knows, and the random source."""

    def __init__(
        self,
        me: str,
        own: Mapping[str, str],
        seen: Mapping[str, list[str]],
        rng: random.Random,
        playout: BotFactory | None,
        depth: int,
        rater: Rater | None = None,
        walk: int = ROLLOUT_LIMIT,
    ) -> None:
        self.me, self.own, self.seen, self.rng = me, own, seen, rng
        self.playout, self.depth, self.rater, self.walk = playout, depth, rater, walk
        self.base = rng.getrandbits(64)  # the worlds' seeds
        self.policy = playout(rng) if playout else None
        self.work = 0  # the inputs offered in this search's walks and playouts, counted as the search goes

    def iterate(self, start: State, root: _Node, first: Hashable | None = None, world: int | None = None) -> None:
        """One determinisation, one walk down the tree (from ``first``, if given), one playout, one update.

        A ``world`` seeds the determinisation, chance and the playout bot, so that every option tried in
        the same world meets the same luck (common random numbers): their rewards compare in pairs.
        """
        if world is not None:
            self.rng = random.Random(f"{self.base}:{world}")
            self.policy = self.playout(random.Random(f"{self.base}:{world}:playout")) if self.playout else None
        state = start.determinise(self.me, self.rng)
        secrets = self._deal(state)
        node, path = root, [root]
        while not state.is_over():
            player = state.to_move() or ""
            moves = state.legal_moves()
            if not moves:
                break
            if isinstance(moves[0], Secret) and player != self.me:
                self._play(state, self.rng.choice(moves), player, secrets)
                continue
            options = _options(state, moves)
            self.work += len(moves)
            for option in options:
                node.children.setdefault(option, _Node(player)).available += 1
            untried = [o for o in options if not node.children[o].visits]
            if node is root and first in options:
                option = first
            else:
                option = self.rng.choice(untried) if untried else self._ucb(node, options)
            node = node.children[option]
            path.append(node)
            if not self._take(state, option, player, secrets):
                break
            if untried or len(path) > self.walk:
                break
        shares, value = self._playout(state, secrets)
        if world is not None and len(path) > 1:
            path[1].worlds[world] = value
        for visited in path:
            reward = shares.get(visited.player, 0.0)
            visited.visits += 1
            visited.reward += reward

    def _deal(self, state: State) -> dict[tuple[str, str], str]:
        """Everyone's secrets in this determinisation: the bot's own; for each other player, in each slot
        the bot holds, a value drawn from those the bot was offered for it (another than its own, if any)."""
        secrets = {(self.me, slot): value for slot, value in self.own.items()}
        for player in state.players:
            if player == self.me:
                continue
            for slot, mine in self.own.items():
                offered = [value for value in self.seen.get(slot, ()) if value != mine]
                if offered:
                    secrets[(player, slot)] = self.rng.choice(offered)
        return secrets

    def _ucb(self, node: _Node, options: list[Hashable]) -> Hashable:
        def bound(option: Hashable) -> tuple[float, float]:
            child = node.children[option]
            explore = EXPLORATION * math.sqrt(math.log(child.available) / child.visits)
            return child.reward / child.visits + explore, self.rng.random()

        return max(options, key=bound)

    def _take(self, state: State, option: Hashable, player: str, secrets: dict[tuple[str, str], str]) -> bool:
        """Play ``option``: a choice as it is, chance as a drawn outcome; False if it cannot be played."""
        if option is CHANCE:
            chances = state.chance()
            outcome = self.rng.choices(list(chances), weights=list(chances.values()))[0]
            return self._play(state, outcome, player, secrets)
        return self._play(state, option, player, secrets)

    def _play(self, state: State, move: Hashable, player: str, secrets: dict[tuple[str, str], str]) -> bool:
        if isinstance(move, Secret):  # committed as the referee would (the state never holds a secret)
            secrets[(player, move.slot)] = move.value
            move = Commit(move.slot, commitments.digest(player, move.slot, move.value, ""))
        elif isinstance(move, Reveal) and not move.value:
            value = secrets.get((player, move.slot))
            if value is None:
                offered = self.seen.get(move.slot)
                if not offered:
                    return False  # a secret the bot knows nothing about: stop here
                value = secrets[(player, move.slot)] = self.rng.choice(offered)
            move = Reveal(move.slot, value)
        try:
            state.apply(move)
        except IllegalMove:
            return False
        return True

    def _pick(self, state: State, moves: list[Move], player: str, secrets: dict[tuple[str, str], str]) -> Hashable:
        """The playout's option: the playout bot's, or a uniformly random one."""
        if self.policy is None:
            return self.rng.choice(_options(state, moves))
        known = {slot: value for (owner, slot), value in secrets.items() if owner == player}
        move = self.policy(state, moves, known)
        return CHANCE if move in state.chance() else move

    def _playout(self, state: State, secrets: dict[tuple[str, str], str]) -> tuple[dict[str, float], float]:
        """The playout bot's inputs to the end (or ``depth`` inputs); each player's reward, and the searcher's
        value of the end: its rating less the others' mean (the ratings of one player compare alike in every
        world, however small the difference), or else its reward."""
        rng = self.rng
        for _ in range(self.depth):
            if state.is_over():
                break
            moves = state.legal_moves()
            if not moves:
                break
            player = state.to_move() or ""
            options = _options(state, moves)
            self.work += len(moves)
            if not self._take(state, self._pick(state, moves, player, secrets), player, secrets):
                untried = [o for o in options if o is not CHANCE and not isinstance(o, Reveal)]
                if not untried or not self._take(state, rng.choice(untried), player, secrets):
                    break
        if self.rater is None:
            shares = rewards(state)
            return shares, shares.get(self.me, 0.0)
        rater = self.rater
        known = {
            player: {slot: v for (owner, slot), v in secrets.items() if owner == player} for player in state.players
        }
        ratings = {player: rater.rate(state, player, known[player]) for player in state.players}
        others = [value for player, value in ratings.items() if player != self.me]
        lead = ratings[self.me] - sum(others) / max(1, len(others))
        return rewards(state, None if state.is_over() else ratings), lead


def rewards(state: State, ratings: Mapping[str, float] | None = None) -> dict[str, float]:
    """Each player's reward in [0, 1]: mostly its share of the win, partly its score margin.

    The margin (own score less the others' mean, over the sum of the scores' sizes) tells a near miss
    from a rout, which steadies the search's estimates. A game stopped early is judged by ``ratings``
    when given (each player's rating of the position), else by the score: its leaders count as winners.
    """
    score = state.score()
    winners = score.winners
    points: Mapping[str, float] = {p.name: p.score for p in score.players}
    if not winners:
        points = ratings or points
        best = max(points.values())
        winners = tuple(name for name, value in points.items() if value == best)
    size = sum(abs(v) for v in points.values()) + 1
    others = max(1, len(points) - 1)
    out = {}
    for name, value in points.items():
        margin = (value - (sum(points.values()) - value) / others) / size
        share = 1 / len(winners) if name in winners else 0.0
        out[name] = WIN_WEIGHT * share + (1 - WIN_WEIGHT) * (0.5 + 0.5 * margin)
    return out
