"""``pnp ref``: referee a session played at a real table, one command per input.

The referee modules are imported inside the commands, so other commands (``pnp games``,
``pnp build``) never load them.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pnp.cli.output import emit_json, say
from pnp.cli.shared import JsonOpt
from pnp.errors import IllegalMove, PnpError, quote

if TYPE_CHECKING:
    from pnp.referee.session import Session

app = typer.Typer(
    help=(
        "Referee a session: keep the record, check every move, keep secrets, tally scores.\n\n"
        "Example: pnp ref new aloft game.pnp --players ann,bob,cy  then  pnp ref moves game.pnp"
    ),
    no_args_is_help=True,
    add_completion=False,
)

# readable=False: the record is read (and its problems worded) by pnp, not by click's usage check
RecordArg = Annotated[Path, typer.Argument(help="The session's record file.", show_default=False, readable=False)]


@app.command()
def new(
    game: Annotated[str, typer.Argument(help="Game name, as listed by 'pnp games'.")],
    record_file: RecordArg,
    players: Annotated[str, typer.Option(help="Comma-separated player names in turn order.")],
    map_file: Annotated[
        Path | None, typer.Option("--map", help="A custom map (see 'pnp map check').", readable=False)
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed for anything the game generates, such as a map.")] = 0,
    option: Annotated[list[str] | None, typer.Option(help="A game option KEY=VALUE; repeatable.")] = None,
    variant_file: Annotated[
        Path | None,
        typer.Option("--variant", help="A variant file: its deck is dealt (see 'pnp variant check').", readable=False),
    ] = None,
    language: Annotated[
        str | None,
        typer.Option("--lang", help="The language the session speaks, a translation shipped with pnp (e.g. fr)."),
    ] = None,
) -> None:
    """Start a record.  Example: pnp ref new aloft game.pnp --players ann,bob  |  ... --variant stormy.yaml --lang fr"""
    from pnp.referee import session

    names = [p.strip() for p in players.split(",") if p.strip()]
    current = session.new(record_file, game, names, option or [], seed, map_file, variant_file, language)
    current.create()
    say(f"new {current.spec.title} record {record_file} for {', '.join(names)} (seed {seed})")
    if current.spec.seeded and map_file is None:
        table = f" --players {len(names)}" if current.spec.players_in_kit else ""
        say(f"its board is the one 'pnp build {current.spec.name} --seed {seed}{table}' prints")
    say(_to_move_line(current))


# ignore_unknown_options: a move word such as -1 is part of the move, not an unknown option
@app.command(context_settings={"ignore_unknown_options": True})
def play(
    record_file: RecordArg,
    move: Annotated[list[str], typer.Argument(help="The move, in the game's notation (see docs/notation.md).")],
    as_json: JsonOpt = False,
) -> None:
    """Check a move for the player to move and record it; a rejected move changes nothing.

    Example: pnp ref play game.pnp inflate RW 3
    """
    from pnp.referee import record, session

    stray = next((word for word in move if word.startswith("--")), None)  # no notation has one: a mistyped option
    if stray is not None:
        raise PnpError(
            f"'pnp ref play' has no option {quote(stray.partition('=')[0])} (only --json): the words after the record "
            "are the move, e.g. 'pnp ref play game.pnp inflate RW 3'; nothing recorded"
        )
    with record.locked(record_file):
        current = session.load(record_file)
        try:
            recorded = current.play(" ".join(move))
        except IllegalMove as refusal:
            raise _with_next_step(current, refusal) from None
        current.save()
    if as_json:
        emit_json({"recorded": recorded, "to_move": current.state.to_move(), "over": current.state.is_over()})
    else:
        say(f"recorded: {recorded}")
        say(_to_move_line(current))


@app.command()
def moves(
    record_file: RecordArg,
    as_player: Annotated[
        str | None, typer.Option("--as", help="List what this player is offered (nothing until it is their turn).")
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """List every input legal now, chance entries and secrets included, with the game's labels.

    Example: pnp ref moves game.pnp
    """
    from pnp.referee import session
    from pnp.referee.inputs import legal_inputs

    current = session.load(record_file)
    if as_player is not None:
        current.check_player(as_player)
    listed = legal_inputs(current, as_player)
    labels = {i.text: i.label for i in listed if i.label != i.text}
    if as_json:
        chance = {i.text: i.probability for i in listed if i.kind == "chance"}
        texts = [i.text for i in listed]
        inputs = [i.to_json() for i in listed]
        emit_json(
            {"to_move": current.state.to_move(), "moves": texts, "chance": chance, "labels": labels, "inputs": inputs}
        )
    else:
        say(_to_move_line(current))
        width = max(map(len, labels), default=0)
        for i in listed:
            say(f"  {i.text:<{width}}   {i.label}" if i.text in labels else f"  {i.text}")


@app.command()
def hint(record_file: RecordArg, as_json: JsonOpt = False) -> None:
    """Suggest a move for the player to move, from the search bot (seeded: the same position, the same hint).

    It sees what that player sees, their own secrets included.  Example: pnp ref hint game.pnp
    """
    from pnp.referee import session
    from pnp.sim.hint import suggest

    hint = suggest(session.load(record_file))
    if as_json:
        emit_json(vars(hint))
    else:
        label = f" ({hint.label})" if hint.label != hint.move else ""
        say(f"{hint.player}: try '{hint.move}'{label}; weighed {hint.weighed} of {hint.choices} choices")


@app.command()
def undo(record_file: RecordArg) -> None:
    """Take back the last move (recorded as a takeback; history is kept).  Example: pnp ref undo game.pnp"""
    from pnp.referee import record, session

    with record.locked(record_file):
        current = session.load(record_file)
        current.undo()
        current.save()
    say("took back the last move")
    say(_to_move_line(current))


@app.command()
def show(
    record_file: RecordArg,
    svg: Annotated[Path | None, typer.Option(help="Also draw the state into this SVG file.", readable=False)] = None,
    as_player: Annotated[str | None, typer.Option("--as", help="Show what this player may see.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Show the state; other players' secrets are never shown.  Example: pnp ref show game.pnp --as ann"""
    from pnp.referee import keys, session

    if svg is not None and svg.suffix.lower() != ".svg":
        raise PnpError(f"{svg}: --svg writes an .svg file")
    current = session.load(record_file)
    if as_player is not None:
        current.check_player(as_player)
    own = current.own_secrets(as_player) if as_player else {}
    private = current.private_view(as_player, own) if as_player else {}
    notes = []
    if as_player and not own and any(owner == as_player for owner, _slot in current.commitments):
        notes.append(
            f"{keys.key_path(record_file, as_player)} is missing or does not match: your secrets are not shown"
        )
    if svg:
        from pnp.files import write_atomic
        from pnp.printing.render import drawing_to_screen_svg

        write_atomic(svg, drawing_to_screen_svg(current.spec.picture(current.state, as_player)), sync=False)
    text = current.state.render_text(as_player)
    if as_json:
        emit_json(
            {
                **_summary(current),
                "stage": current.state.stage(),
                "viewer": as_player,
                "text": text,
                "secrets": own,
                "private": private,
                "notes": notes,
                "score": current.state.score().to_json(),
            }
        )
        return
    say(text)  # the game's picture names the stage outside play, and the winners at the end
    for name, value in private.items():
        say(current.words("referee.secret.yours", secret=name, value=value))
    for note in notes:
        say(f"note: {note}")
    if svg:
        say(f"wrote {svg}")


@app.command()
def score(record_file: RecordArg, as_json: JsonOpt = False) -> None:
    """Tally the scores with a breakdown per player.  Example: pnp ref score game.pnp --json"""
    from pnp.referee import session

    result = session.load(record_file).state.score()
    if as_json:
        emit_json(result.to_json())
        return
    say("final scores" if result.final else "scores so far (the game is not over)")
    for row in result.players:
        parts = ", ".join(f"{k} {v}" for k, v in row.breakdown.items())
        say(f"  {row.name}: {row.score}" + (f"  ({parts})" if parts else ""))
    if result.winners:
        say(f"winner{'s' if len(result.winners) > 1 else ''}: {', '.join(result.winners)}")
    for note in result.notes:
        say(f"note: {note}")


@app.command()
def replay(record_file: RecordArg, as_json: JsonOpt = False) -> None:
    """Re-check every line of a record; exit 1 names the first bad line.  Example: pnp ref replay game.pnp"""
    from pnp.referee import notation, session

    current = session.load(record_file)
    if as_json:
        played = [{"player": p, "move": notation.format(current.game, m)} for p, m in current.played]
        emit_json(
            {
                **_summary(current),
                "events": current.events,
                "moves": played,
                "score": current.state.score().to_json(),
            }
        )
        return
    say(f"{record_file}: {current.events} events replayed, all valid")
    say(_to_move_line(current))


@app.command()
def secret(
    record_file: RecordArg,
    player: Annotated[str, typer.Option(help="Whose secret this is (must be the player to move).")],
    slot: Annotated[str | None, typer.Option(help="Which secret, when the game asks for more than one.")] = None,
) -> None:
    """Enter a secret at a hidden prompt; only a commitment goes into the record.

    Example: pnp ref secret game.pnp --player ann
    """
    import getpass

    from pnp.referee import keys, record, session
    from pnp.referee.protocol import Secret

    # the record is read, and the player waited for, with no lock held: the other terminals and the server
    # write on meanwhile, and the secret is played only if the record is still as it was read
    asked = session.load(record_file)
    asked.check_turn(player)
    wanted = sorted({m.slot for m in asked.state.legal_moves() if isinstance(m, Secret)})
    if not wanted:
        raise PnpError(f"no secret is due from {player} now")
    chosen = slot or wanted[0]
    if chosen not in wanted:  # asked before the prompt, so nobody types a secret in vain
        raise PnpError(f"no secret {quote(chosen)} is due from {player} now (due: {', '.join(wanted)})")
    prompt = f"{player}, enter your {chosen} (hidden): "
    typed = getpass.getpass(prompt) if sys.stdin.isatty() else sys.stdin.readline()
    value = ",".join(item.strip() for item in typed.split(","))  # "blue, green" reads as "blue,green"
    if not value or len(value.split()) > 1:
        raise PnpError(f"the {chosen} must be one word without spaces, e.g. B,G (see 'pnp ref moves')")
    with record.locked(record_file):
        current = session.load(record_file)
        if current.last_hash != asked.last_hash:
            raise PnpError(
                f"{record_file}: nothing recorded: the game moved on while {player} typed (the record was written "
                f"meanwhile); see 'pnp ref moves {record_file}'"
            )
        current.play(f"secret {chosen} {value}", player)
        current.save()
    say(f"recorded {player}'s {chosen} as a commitment; the value is in {keys.key_path(record_file, player)}")


@app.command()
def reveal(
    record_file: RecordArg,
    player: Annotated[str, typer.Option(help="Whose secret to reveal (must be the player to move).")],
    slot: Annotated[str | None, typer.Option(help="Which secret, when the player has more than one.")] = None,
    value: Annotated[str | None, typer.Option(help="The value, if the key file is not at hand.")] = None,
    salt: Annotated[str | None, typer.Option(help="The salt, with --value.")] = None,
) -> None:
    """Reveal a committed secret; it is checked against its commitment.

    Example: pnp ref reveal game.pnp --player ann   (--slot colours when ann has several secrets)
    """
    from pnp.referee import record, session

    if (value is None) != (salt is None):
        raise PnpError("give --value and --salt together, or neither (the key file is used)")
    with record.locked(record_file):
        current = session.load(record_file)
        current.check_turn(player)
        slot = slot or _only_secret(current, player)
        recorded = current.play(f"reveal {slot} {value} {salt}" if value else f"reveal {slot}", player)
        current.save()
    say(f"recorded: {recorded}")


def _with_next_step(current: Session, refusal: IllegalMove) -> IllegalMove:
    """``refusal`` ending with what to do next, unless it says so already (``IllegalMove.guided``), in the
    session's words."""
    if refusal.guided:
        return refusal
    from pnp.referee.wording import worded

    words = current.words
    return worded(words, refusal, words("referee.pointer", refusal=refusal.reason, record=current.path))


def _only_secret(current: Session, player: str) -> str:
    """The slot of ``player``'s one committed secret not yet revealed; an error naming them if not one."""
    unrevealed = current.unrevealed(player)
    if not unrevealed:
        raise PnpError(f"{player} has no committed secret to reveal")
    if len(unrevealed) > 1:
        raise PnpError(f"{player} has {len(unrevealed)} secrets: give --slot, one of {', '.join(unrevealed)}")
    return unrevealed[0]


def _to_move_line(current: Session) -> str:
    who = current.state.to_move()
    return f"to move: {who}" if who else "the game is over: see 'pnp ref score'"


def _summary(current: Session) -> dict[str, object]:
    """What every JSON view of a session starts with."""
    return {
        "game": current.spec.name,
        "players": list(current.setup.players),
        "to_move": current.state.to_move(),
        "over": current.state.is_over(),
    }


from pnp.cli import serve as _serve  # noqa: F401  (registers `pnp ref serve` on this app)
