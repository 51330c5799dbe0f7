"""``bot_table``: a match of bots on a given deal, dealt, and the events that made it."""

from games.engine import (
    PassDirection,
    Phase,
    RuleSet,
    Seat,
    bot_table,
    parse_deal,
    replay,
)
from games.engine.events import HandDealt, MatchCreated, SeatTaken

from .helpers import D1, HOLD

N, E, S, W = Seat
LEVELS = ("expert", "hard", "medium", "easy")


def test_a_left_pass_table_waits_for_every_seat_to_pass_the_deal_it_was_given():
    deal = parse_deal(D1)
    state, events = bot_table(RuleSet(pass_rotation=(PassDirection.LEFT,)), deal, LEVELS)
    assert state.phase is Phase.PASSING
    assert state.to_act == [N, E, S, W]
    assert [occupant.bot_level for occupant in state.seats if occupant] == list(LEVELS)
    assert state.hand is not None
    assert state.hand.pass_direction is PassDirection.LEFT
    assert state.hand.holdings == deal
    assert [type(event) for event in events] == [MatchCreated, *[SeatTaken] * 4, HandDealt]
    assert events[0].deals == (deal,)  # the log records the deal, as the service's does
    assert (events[-1].holdings, events[-1].seed) == (deal, None)
    assert replay(events) == state


def test_a_hold_table_waits_for_the_two_of_clubs():
    state, _ = bot_table(HOLD, parse_deal(D1), LEVELS)  # North holds 2C in D1
    assert state.phase is Phase.PLAYING
    assert state.to_act == [N]
