"""The questions the engine answers about a match (docs/adr/0030): ``step`` is ``decide``
then ``evolve`` in one pass, and the state says who must act, which of them are bots,
which seats are open, where a player sits, whether a seat is forfeited and whether the
match is over. ``variants.BOUNDS`` are the bounds ``RuleSet.from_json`` enforces."""

from __future__ import annotations

import pytest

from games.engine import (
    NEW_MATCH,
    AbortMatch,
    CreateMatch,
    DealHand,
    IllegalMove,
    LeaveSeat,
    Phase,
    PlayCard,
    RuleSet,
    RuleSetError,
    Seat,
    TakeSeat,
    decide,
    evolve_all,
    parse_deal,
    seat_view,
    step,
)
from games.engine.variants import BOUNDS

from .helpers import D1, HOLD, first_legal


def seated(*commands: TakeSeat):
    state = step(NEW_MATCH, CreateMatch(HOLD))[1]
    for command in commands:
        state = step(state, command)[1]
    return state


def test_step_returns_decides_events_and_the_state_they_lead_to() -> None:
    state = seated(TakeSeat(Seat.NORTH, player="ann"), TakeSeat(Seat.EAST, bot_level="easy"),
                   TakeSeat(Seat.SOUTH, bot_level="hard"), TakeSeat(Seat.WEST, player="bob"))
    state = step(state, DealHand(holdings=parse_deal(D1)))[1]
    for _ in range(4):  # a whole trick: the fourth card also yields trick_taken
        seat = state.to_act[0]
        command = PlayCard(seat, first_legal(state, seat))
        events, after = step(state, command)
        assert events == decide(state, command)
        assert after == evolve_all(state, events)
        state = after
    assert [event.type for event in events] == ["card_played", "trick_taken"]


def test_the_state_names_the_bots_and_the_players_to_act() -> None:
    state = seated(TakeSeat(Seat.NORTH, player="ann"), TakeSeat(Seat.EAST, bot_level="easy"),
                   TakeSeat(Seat.SOUTH, bot_level="hard"), TakeSeat(Seat.WEST, player="bob"))
    state = step(state, DealHand(holdings=parse_deal(D1)))[1]
    assert state.to_act == [Seat.NORTH]  # north holds 2C in D1 and leads
    assert state.players_to_act == [Seat.NORTH] and state.bots_to_act == []
    state = step(state, PlayCard(Seat.NORTH, first_legal(state, Seat.NORTH)))[1]
    assert state.bots_to_act == [(Seat.EAST, "easy")] and state.players_to_act == []


def test_open_seats_a_players_seat_and_a_forfeited_seat() -> None:
    state = seated(TakeSeat(Seat.EAST, player="ann"))
    assert state.open_seats == [Seat.NORTH, Seat.SOUTH, Seat.WEST]
    assert state.seat_of("ann") is Seat.EAST and state.seat_of("bob") is None
    assert state.has_players and not state.is_forfeited(Seat.EAST)
    state = step(state, LeaveSeat(Seat.EAST, "easy"))[1]
    assert state.seat_of("ann") is None  # the seat is its bot's now
    assert state.is_forfeited(Seat.EAST) and not state.has_players
    assert not seated(TakeSeat(Seat.NORTH, bot_level="easy")).has_players


def test_a_match_is_over_once_aborted_and_not_before() -> None:
    state = seated()
    assert not state.is_over and state.phase is Phase.WAITING
    assert step(state, AbortMatch("stop"))[1].is_over


def test_the_rules_bounds_are_those_of_docs_rules() -> None:
    assert BOUNDS == {"target_score": (1, 2**31 - 1), "pass_count": (1, 4),
                      "max_tiebreak_hands": (0, 10), "max_hands": (1, 100)}


@pytest.mark.parametrize("name", sorted(BOUNDS))
def test_the_rules_accept_their_bounds_and_refuse_one_past_them(name: str) -> None:
    least, most = BOUNDS[name]
    assert getattr(RuleSet.from_json({name: least}), name) == least
    assert getattr(RuleSet.from_json({name: most}), name) == most
    for outside in (least - 1, most + 1):
        with pytest.raises(RuleSetError) as refused:
            RuleSet.from_json({name: outside})
        assert set(refused.value.errors) == {name}


def test_a_seats_view_names_the_refusal_a_play_outside_its_legal_cards_meets() -> None:
    state = seated(*(TakeSeat(seat, bot_level="easy") for seat in Seat))
    state = step(state, DealHand(holdings=parse_deal(D1)))[1]
    assert seat_view(state, Seat.NORTH).refusal == ("must_lead_two_of_clubs",
                                                    "the first trick is led with 2C")
    assert seat_view(state, Seat.EAST).refusal is None  # not its turn
    assert seat_view(state, None).refusal is None
    met = set()
    while state.phase is Phase.PLAYING:  # the view agrees with decide at every turn of the hand
        seat = state.to_act[0]
        view = seat_view(state, seat)
        others = [card for card in view.hand if card not in view.legal_cards]
        if others:
            with pytest.raises(IllegalMove) as refused:
                decide(state, PlayCard(seat, others[-1]))
            assert view.refusal == (refused.value.code, refused.value.message)
            met.add(refused.value.code)
        else:
            assert view.refusal is None
        state = step(state, PlayCard(seat, first_legal(state, seat)))[1]
    assert {"must_lead_two_of_clubs", "must_follow_suit", "no_points_on_first_trick"} <= met
