"""Invitations in the engine: a seat held for one player (``InviteSeat``) until they take
it, or it is released (``ReleaseSeat``: declined, expired); nobody else may take it."""

from __future__ import annotations

import pytest

from games.engine import (
    NEW_MATCH,
    CreateMatch,
    IllegalMove,
    InviteSeat,
    MatchState,
    Phase,
    ReleaseSeat,
    Seat,
    TakeSeat,
    state_from_json,
    state_to_json,
    step,
)
from games.engine.events import SeatInvited, SeatReleased, SeatTaken


def run(*commands: object, state: MatchState = NEW_MATCH) -> tuple[list[object], MatchState]:
    log: list[object] = []
    for command in commands:
        events, state = step(state, command)  # type: ignore[arg-type]
        log += events
    return log, state


def invited_table() -> MatchState:
    """Ann north, east held for bob, south and west open."""
    return run(CreateMatch(), TakeSeat(Seat.NORTH, player="ann"),
               InviteSeat(Seat.EAST, "bob"))[1]


def test_an_invited_seat_is_not_open_and_the_next_player_takes_another():
    state = invited_table()
    assert state.open_seats == [Seat.SOUTH, Seat.WEST] and state.invited_seat("bob") is Seat.EAST
    log, _ = run(TakeSeat(None, player="cat"), state=state)
    assert log == [SeatTaken(Seat.SOUTH, "cat")]


def test_nobody_but_the_invited_player_takes_the_seat_named():
    with pytest.raises(IllegalMove) as refused:
        run(TakeSeat(Seat.EAST, player="cat"), state=invited_table())
    assert (refused.value.code, str(refused.value)) == ("seat_taken", "east is held for bob")


@pytest.mark.parametrize("asked", [None, Seat.EAST])
def test_the_invited_player_joining_takes_the_seat_held_for_them(asked):
    log, state = run(TakeSeat(asked, player="bob"), state=invited_table())
    assert log == [SeatTaken(Seat.EAST, "bob")]
    assert state.invited == (None, None, None, None)


def test_the_invited_player_may_sit_elsewhere_which_ends_the_invitation():
    _, state = run(TakeSeat(Seat.WEST, player="bob"), state=invited_table())
    assert state.seats[Seat.WEST].player == "bob"  # type: ignore[union-attr]
    assert state.open_seats == [Seat.EAST, Seat.SOUTH]


def test_a_released_seat_is_open_to_anyone_again():
    log, state = run(ReleaseSeat(Seat.EAST, "declined"), TakeSeat(Seat.EAST, player="cat"),
                     state=invited_table())
    assert log == [SeatReleased(Seat.EAST, "bob", "declined"), SeatTaken(Seat.EAST, "cat")]


def test_the_last_seats_held_make_the_match_full_to_others_and_fill_it_when_taken():
    _, state = run(TakeSeat(None, player="cat"), TakeSeat(None, player="dan"),
                   state=invited_table())
    with pytest.raises(IllegalMove) as refused:
        run(TakeSeat(None, player="eve"), state=state)
    assert refused.value.code == "match_full"
    _, started = run(TakeSeat(None, player="bob"), state=state)
    assert started.phase is not Phase.WAITING


@pytest.mark.parametrize(("command", "code"), [
    (InviteSeat(Seat.NORTH, "bob"), "seat_taken"),
    (InviteSeat(Seat.SOUTH, "bob"), "already_seated"),
    (InviteSeat(Seat.SOUTH, "ann"), "already_seated"),
])
def test_an_invitation_needs_a_seat_open_to_all_and_a_player_without_one(command, code):
    with pytest.raises(IllegalMove) as refused:
        run(command, state=invited_table())
    assert refused.value.code == code


def test_releasing_a_seat_held_for_nobody_is_a_programming_error():
    with pytest.raises(ValueError, match="held for nobody"):
        run(ReleaseSeat(Seat.SOUTH, "expired"), state=invited_table())


def test_a_snapshot_keeps_the_invitations_and_one_without_them_reads_as_none():
    state = invited_table()
    assert state_from_json(state_to_json(state)) == state
    plain = run(CreateMatch(), TakeSeat(Seat.NORTH, player="ann"))[1]
    assert "invited" not in state_to_json(plain)
    assert state_from_json(state_to_json(plain)).invited == (None, None, None, None)
    assert run(CreateMatch(), InviteSeat(Seat.EAST, "bob"))[0][1] == SeatInvited(Seat.EAST, "bob")
