"""Air King's Game: set-up, options and the move notation (the state lives in ``state.py``)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from pnp.errors import NotationError
from pnp.games.air_king import SPEC
from pnp.games.air_king.actions import SLOT
from pnp.games.air_king.field import LETTERS, spot
from pnp.games.air_king.maps import checked_field
from pnp.games.air_king.model import CARD_TYPES, AirKingData, card_names, load_data, load_field
from pnp.games.air_king.notation import AirMove, MoveTable, format_move, parse_move
from pnp.games.air_king.state import AirKingState, Rules
from pnp.games.air_king.texts import as_printed, data_texts
from pnp.games.base import BaseGame, MapCache
from pnp.games.names import Names
from pnp.referee.picking import PickerPath
from pnp.referee.protocol import Move, Option, Reveal, Secret, Setup, State
from pnp.resources import board_file, data_file
from pnp.texts import Catalogue
from pnp.variants.variant import content_key, session_catalogue

MAX_ROUNDS = 1000


def _rules(
    path: Path | None, variant: Path | None = None, _content: str | None = None, language: str | None = None
) -> Rules:
    """What every session on the field at ``path`` (the built-in one by default) with the cards of ``variant``
    (the built-in ones by default) in ``language`` shares; ``_content`` keys the variant's contents in the cache."""
    field, loaded = checked_field(path), load_data(variant).value
    words = session_catalogue("air-king", variant, data_texts(loaded), language)
    data = as_printed(loaded, words)
    homes = tuple(field.airport_names.index(plane.home) for plane in data.aircraft)
    masks = tuple(sum(1 << (n - 1) for n in card) for card in data.goals)
    return Rules(data, field, MoveTable(field, len(data.aircraft)), homes, masks, words, loaded)


FIELDS = MapCache(_rules, board_file("air-king.yaml"))


def _session_rules(setup: Setup) -> Rules:
    """The shared rules of a session: its field and its cards."""
    return FIELDS.get(setup.map_path, setup.variant_path, content_key(setup.variant_path, "air-king"), setup.language)


def _builtin_rules() -> Rules:
    """The built-in field's and cards' rules in English, as every session without a map or variant reads them: what
    unbound rules read and label moves with."""
    return FIELDS.get(None, None, None)


@cache
def _cards() -> Names:
    """The built-in event cards by id and printed title, read once."""
    return card_names(load_data().value)


class AirKing(BaseGame):
    """Air King for 2 to 4 players; the first seat listed starts."""

    name = "air-king"
    title = "Air King"
    dealt_secrets = (SLOT,)  # each player's goal card is dealt from the ten: a playout never deals one twice
    min_players = SPEC.traits.min_players
    max_players = SPEC.traits.max_players
    options = (
        Option(
            "rounds",
            40,
            "Rounds after which the game ends if no one has won; then every goal is revealed and the most "
            f"goal aircraft landed wins (1-{MAX_ROUNDS}).",
            minimum=1,
            maximum=MAX_ROUNDS,
            name="Round limit",
        ),
    )

    def __init__(self, rules: Rules | None = None) -> None:
        self._bound = rules  # the field and cards of the setup these rules are bound to; None: the built-in ones
        self._cards = card_names(rules.data) if rules else _cards()  # what moves name the cards by

    def bind(self, setup: Setup) -> AirKing:
        """These rules with the session's cards: moves are read and labelled with their printed titles."""
        return type(self)(_session_rules(setup))

    @property
    def data(self) -> AirKingData:
        """The card data moves are read and labelled with."""
        return self._bound.data if self._bound else load_data().value

    @property
    def words(self) -> Catalogue:
        """The words moves are labelled with: the session's catalogue (the built-in one in English, unbound)."""
        return (self._bound or _builtin_rules()).words

    def new_state(self, setup: Setup) -> AirKingState:
        return AirKingState(_session_rules(setup), setup.players, self.number(setup, "rounds"))

    def rules_inputs(self, setup: Setup) -> dict[Path | str, object]:
        """The cards (the variant's, when the session has one) as the data has them, whatever language they print in
        (a French session's record is an English one's), and the field."""
        return _inputs(setup, _session_rules(setup).loaded)

    def former_inputs(self, setup: Setup) -> tuple[dict[Path | str, object], ...]:
        """The cards with their titles as the session prints them (a variant's language or texts), as pnp digested
        them before the session's words followed its language."""
        rules = _session_rules(setup)
        return () if rules.data == rules.loaded else (_inputs(setup, rules.data),)

    def parse_move(self, text: str) -> AirMove:
        return parse_move(text, self._cards)

    def format_move(self, move: Move) -> str:
        if not isinstance(move, AirMove):
            raise NotationError(f"{move!r} is not an Air King move")
        return format_move(move)

    def secret_name(self, slot: str) -> str:
        return self.words("play.secret.goal") if slot == SLOT else slot

    def label(self, move: Move) -> str | None:
        """A move as a button reads: card titles as printed, goal cards with their aircraft."""
        data, t = self.data, self.words
        if isinstance(move, (Secret, Reveal)) and move.slot == SLOT:
            goal = data.goal_index(move.value)
            if goal is None:
                return t("play.goal.reveal_yours") if isinstance(move, Reveal) else None
            card = t("play.goal", number=goal + 1, aircraft=", ".join(map(str, data.goals[goal])))
            return card if isinstance(move, Secret) else t("play.goal.reveal", goal=card)
        return label(t, data, move) if isinstance(move, AirMove) else None

    def picker_path(self, state: State, move: Move) -> PickerPath | None:
        """An aircraft first, then what it does; a space is tapped on a grid of the field (lanes as rows)."""
        if not isinstance(move, AirMove) or not isinstance(state, AirKingState):
            return None
        t = self.words
        words = label(t, self.data, move)
        steps = ((t("play.picker.aircraft"), t("play.aircraft", number=move.aircraft)),) if move.aircraft else ()
        if not move.cell:
            return PickerPath((*steps, (t("play.picker.move"), words))) if steps else None
        field = state.rules.field
        column, lane = spot(move.cell)
        asked = words.removesuffix(move.cell).rstrip()  # the label names the space last: "fly aircraft 3 to"
        return PickerPath(
            (*steps, (asked, move.cell)),
            cell=(lane, column),
            rows=tuple(str(n + 1) for n in range(field.lanes)),
            columns=tuple(LETTERS[: field.columns]),
        )

    def public_text(self, move: Move) -> str | None:
        """A drawn card goes into a hidden hand: the others see only that a card was drawn."""
        if isinstance(move, AirMove) and move.action == "draw":
            return self.words("play.public.draw")
        return None


def _inputs(setup: Setup, cards: AirKingData) -> dict[Path | str, object]:
    """What a session's record digests: ``cards`` under the data file they come from, and the field."""
    return {
        setup.variant_path or data_file("air-king.yaml"): cards,
        setup.map_path or board_file("air-king.yaml"): load_field(setup.map_path).value,
    }


def label(t: Catalogue, data: AirKingData, move: AirMove) -> str:
    """``move`` in the words of ``t`` (keys ``play.move.*``), with the event cards' printed titles: 'Holding on
    aircraft 8'."""
    home = {plane.number: plane.home for plane in data.aircraft}.get(move.aircraft, "")
    away = next((port.name for port in data.airports if port.name != home), "")
    words = t(
        f"play.move.{move.action}",
        card=_card_title(t, data, move),
        aircraft=t("play.aircraft", number=move.aircraft),
        space=move.cell,
        airport=home if move.action == "return" else away,
        other=move.other,
    )
    return t("play.move.extra", card=data.event("extra").title, move=words) if move.extra else words


def _card_title(t: Catalogue, data: AirKingData, move: AirMove) -> str:
    """The printed title of the card ``move`` draws, discards or plays ('' for an aircraft move or the end)."""
    if move.card:
        return data.event(move.card).title
    if move.action == "return":
        return t("card.return.title")
    return data.event(move.action).title if move.action in CARD_TYPES else ""
