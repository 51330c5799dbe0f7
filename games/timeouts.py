"""When a player's turn times out (docs/api.md, "Nobody stalls a table"): the one rule that
both the command's transaction (``Match.turn_deadline``) and the admin's replay of a log
at any event use, so each shows the deadline the other would.

A match with ``turn_timeout_s`` gives the players to act that many seconds from the start
of their turn. A turn starts with the event that made them due: a hand dealt or the
cards exchanged, a card played or a trick taken. Another seat's pass does not restart it
(in the passing phase every seat has been due since the deal), and neither does a seat
changing hands: a player who leaves and takes the seat back finds the clock where it was,
so nobody holds a table by leaving and coming back. Only players have a deadline; bots are
due by their own move (``games.dispatch``).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from .engine import Event, MatchState
from .engine.events import CardsPassed, SeatLeft, SeatReplaced, SeatTaken


def starts_turn(event: Event) -> bool:
    """Whether ``event`` starts the turn of the seats to act after it: every event but a
    pass (``cards_passed``) and a seat changing hands (``seat_taken``, ``seat_left``,
    ``seat_replaced``)."""
    return not isinstance(event, CardsPassed | SeatTaken | SeatLeft | SeatReplaced)


def turn_deadline(state: MatchState, timeout_s: int | None,
                  turn_started_at: datetime | None) -> datetime | None:
    """When the players to act in ``state`` time out: ``turn_started_at`` plus
    ``timeout_s`` seconds; None when the match has no timeout, no player is to act, or
    the start is unknown."""
    if timeout_s is None or turn_started_at is None or not state.players_to_act:
        return None
    return turn_started_at + timedelta(seconds=timeout_s)


def turn_start(logged: Iterable[tuple[Event, datetime]],
               start: datetime | None = None) -> datetime | None:
    """The time the turn standing after these ``(event, written at)`` pairs (oldest first)
    started: that of the last event that ``starts_turn``; ``start`` (the turn's start before
    them) if none does."""
    for event, at in logged:
        if starts_turn(event):
            start = at
    return start
