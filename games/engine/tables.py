"""A table of bots on one given deal, built by ``step``: the start of the
hands the arena plays, the expert calibrates on and the benchmarks time.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Seat
from .decider import Command, CreateMatch, DealHand, TakeSeat, step
from .events import Event
from .state import NEW_MATCH, Deal, MatchState
from .variants import RuleSet


def bot_table(rules: RuleSet, deal: Deal, levels: Sequence[str]) -> tuple[MatchState, list[Event]]:
    """A match of ``rules`` whose first hand is ``deal``, with the bot ``levels[seat]`` in
    each seat, dealt: ``(state, events)``, the state ready for the first pass (or the first
    lead of a hold hand) and the events from ``match_created`` on that made it, for callers
    that read the hand's log when it is played out (``HandScored``, ``TrickTaken``)."""
    commands: list[Command] = [CreateMatch(rules, (deal,)),
                               *(TakeSeat(seat, bot_level=levels[seat]) for seat in Seat),
                               DealHand(holdings=deal)]
    state = NEW_MATCH
    events: list[Event] = []
    for command in commands:
        new, state = step(state, command)
        events += new
    return state, events
