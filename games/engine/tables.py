"""A table of bots on one given deal (arena, the expert's calibration, benchmarks)."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Seat
from .decider import Command, CreateMatch, DealHand, TakeSeat, step
from .events import Event
from .state import NEW_MATCH, Deal, MatchState
from .variants import RuleSet


def bot_table(rules: RuleSet, deal: Deal, levels: Sequence[str]) -> tuple[MatchState, list[Event]]:
    """``(state, events)`` of a match of ``rules`` with bot ``levels[seat]`` in each seat, ``deal``
    dealt: the state ready for the first pass or lead, the events from ``match_created`` on."""
    commands: list[Command] = [CreateMatch(rules, (deal,)),
                               *(TakeSeat(seat, bot_level=levels[seat]) for seat in Seat),
                               DealHand(holdings=deal)]
    state = NEW_MATCH
    events: list[Event] = []
    for command in commands:
        new, state = step(state, command)
        events += new
    return state, events
