"""The lifecycle facts of a match: a seat left to a bot and taken back (``seat_left``), a
player replaced for good by the creator (``seat_replaced``), an operator's abort
(``match_aborted``) and a stand-in's move (``auto``), decided, evolved, redacted and
replayed like every other event (docs/api.md, "Nobody stalls a table")."""

import dataclasses
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import (
    AbortMatch,
    EndLesson,
    IllegalMove,
    LeaveSeat,
    PassCards,
    Phase,
    PlayCard,
    ReplaceSeat,
    RuleSet,
    Seat,
    TakeSeat,
    decide,
    event_from_json,
    event_to_json,
    evolve,
    legal_cards,
    replay,
    seat_view,
    state_from_json,
    state_to_json,
)
from games.engine.events import (
    CardsPassed,
    MatchAborted,
    MatchEnded,
    SeatLeft,
    SeatReplaced,
    SeatTaken,
)
from games.engine.rules import EndedBy
from games.engine.state import Occupant

from .helpers import D1, D4, Table, event_json, first_cards, first_legal
from .test_properties import MATCHES, matches

N, E, S, W = Seat


def played_to_trick_three() -> Table:
    table = Table(D1)  # a hold hand: play starts at once
    while table.now.hand.trick.number < 3:
        seat = table.now.to_act[0]
        table.do(PlayCard(seat, first_legal(table.now, seat)))
    return table


# --- leaving a seat and taking it back ----------------------------------------------------


def test_a_player_who_leaves_is_replaced_by_the_bot_and_the_cards_do_not_change():
    table = played_to_trick_three()
    before = table.now
    assert table.do(LeaveSeat(E, "hard")) == [SeatLeft(E, "player-east", "hard")]
    assert table.now.seats[E] == Occupant(None, "hard", left_by="player-east")
    assert table.now == dataclasses.replace(before, seats=table.now.seats)
    assert table.now.phase is Phase.PLAYING and table.now.hand == before.hand


def test_the_player_who_left_takes_the_seat_back_and_only_that_seat():
    table = played_to_trick_three()
    table.do(LeaveSeat(E, "medium"))
    assert table.refuse(TakeSeat(W, player="player-east")).code == "already_seated"
    assert table.refuse(TakeSeat(E, player="someone-else")).code == "match_full"
    before = table.now
    assert table.do(TakeSeat(None, player="player-east")) == [SeatTaken(E, "player-east")]
    assert table.now.seats[E] == Occupant("player-east")
    assert table.now == dataclasses.replace(before, seats=table.now.seats)


def test_a_replaced_player_gives_the_seat_to_the_bot_for_good():
    table = played_to_trick_three()
    before = table.now
    assert table.do(ReplaceSeat(E, "easy")) == [SeatReplaced(E, "player-east", "easy")]
    assert table.now.seats[E] == Occupant(None, "easy", left_by="player-east", replaced=True)
    assert table.now == dataclasses.replace(before, seats=table.now.seats)
    assert table.refuse(TakeSeat(None, player="player-east")).code == "match_full"
    assert table.refuse(TakeSeat(E, player="player-east")).code == "match_full"
    event = table.log[-1]
    assert event_from_json(json.loads(json.dumps(event_to_json(event)))) == event
    assert event_json(event, None) == {"type": "seat_replaced", "seat": "east",
                                   "player": "player-east", "bot_level": "easy"}
    assert replay(table.log) == table.now
    assert state_from_json(json.loads(json.dumps(state_to_json(table.now)))) == table.now


def test_a_seat_left_before_the_table_fills_stays_a_bots_and_the_match_still_waits():
    table = Table(deal_now=False)
    # Table seats all four at once; build a waiting match with two seats taken instead.
    state = replay(table.log[:3])
    assert state.phase is Phase.WAITING
    state = evolve(state, decide(state, LeaveSeat(N, "hard"))[0])
    assert state.phase is Phase.WAITING and state.seats[N] == Occupant(None, "hard", "player-north")
    events = decide(state, TakeSeat(None, player="player-north"))
    assert events == [SeatTaken(N, "player-north")]
    assert evolve(state, events[0]).phase is Phase.WAITING


def test_leaving_a_seat_no_player_holds_is_a_callers_bug():
    table = played_to_trick_three()
    table.do(LeaveSeat(S, "hard"))
    with pytest.raises(ValueError):
        decide(table.now, LeaveSeat(S, "hard"))


@MATCHES
@given(matches(), st.data())
def test_leaving_and_coming_back_at_any_point_changes_no_rule(match, data):
    """From any point, with a seat left to a bot, every later command of the match is
    decided into the same events, and taking the seat back restores the state exactly."""
    steps = match.steps[5:]  # after the match is created and seated
    cut = data.draw(st.integers(0, len(steps) - 1))
    seat = data.draw(st.sampled_from(Seat))
    state = steps[cut].before
    player = state.seats[seat].player
    state = evolve(state, decide(state, LeaveSeat(seat, "hard"))[0])
    for step in steps[cut:]:
        assert decide(state, step.command) == [t.event for t in step.transitions]
        for t in step.transitions:
            state = evolve(state, t.event)
    assert state.seats[seat] == Occupant(None, "hard", left_by=player)
    if not state.phase.is_over:
        state = evolve(state, decide(state, TakeSeat(None, player=player))[0])
        assert state == match.now


# --- aborting ----------------------------------------------------------------------------


def test_an_aborted_match_refuses_every_command_as_over():
    table = played_to_trick_three()
    before = table.now
    assert table.do(AbortMatch("the client is broken")) == [MatchAborted("the client is broken")]
    assert table.now == dataclasses.replace(before, phase=Phase.ABORTED)
    assert table.now.to_act == [] and table.now.result is None
    assert all(legal_cards(table.now, seat) == [] for seat in Seat)
    seat = before.to_act[0]
    for command in (PlayCard(seat, first_legal(before, seat)), LeaveSeat(seat, "hard"),
                    TakeSeat(None, player="newcomer"), AbortMatch("again")):
        assert table.refuse(command).code == "match_finished"
    view = seat_view(table.now, seat)
    assert view.status is Phase.ABORTED and view.to_act == () and not view.is_your_turn


def test_a_lesson_ends_its_match_where_it_stands_with_the_totals_so_far():
    table = played_to_trick_three()
    before = table.now
    [ended] = table.do(EndLesson())
    assert isinstance(ended, MatchEnded)
    result = ended.result
    assert result.ended_by is EndedBy.LESSON and result.hands_played == 0
    assert result.standings == ((0, 0, 1), (1, 0, 1), (2, 0, 1), (3, 0, 1))  # no hand scored
    assert result.winners == tuple(Seat) and result.is_shared
    assert table.now.phase is Phase.FINISHED and table.now.hand == before.hand
    assert table.refuse(EndLesson()).code == "match_finished"


def test_a_finished_match_cannot_be_aborted_or_joined():
    match = Table(D1)
    while match.now.phase is not Phase.FINISHED:
        seat = match.now.to_act[0]
        match.do(PlayCard(seat, first_legal(match.now, seat)))
        if match.now.phase is Phase.DEALING:
            match.deal()
        if match.now.phase is Phase.PASSING:
            for seat in Seat:
                match.do(PassCards(seat, first_cards(match.now, seat)))
    for command in (AbortMatch("late"), TakeSeat(None, player="late"), LeaveSeat(N, "hard")):
        assert match.refuse(command).code == "match_finished"


@MATCHES
@given(matches(), st.data())
def test_an_abort_at_any_point_stops_the_match_where_it_stands(match, data):
    steps = match.steps[5:]
    cut = data.draw(st.integers(0, len(steps) - 1))
    before = steps[cut].before
    if before.phase.is_over:
        return
    after = evolve(before, decide(before, AbortMatch("stopped"))[0])
    assert after == dataclasses.replace(before, phase=Phase.ABORTED)
    for step in steps[cut:]:
        with pytest.raises(IllegalMove) as refusal:
            decide(after, step.command)
        assert refusal.value.code in ("match_finished", "wrong_phase")  # wrong_phase: a deal


# --- a stand-in's move -------------------------------------------------------------------


def test_a_stand_ins_move_is_marked_auto_and_an_own_move_writes_as_before():
    table = Table(D1)
    seat = table.now.to_act[0]
    card = first_legal(table.now, seat)
    [own] = decide(table.now, PlayCard(seat, card))
    [auto] = decide(table.now, PlayCard(seat, card, auto=True))
    assert event_to_json(own) == {"type": "card_played", "v": 2, "seat": "north", "card": "2C"}
    assert event_to_json(auto) == {**event_to_json(own), "auto": True}
    assert evolve(table.now, own) == evolve(table.now, auto)
    assert event_from_json(json.loads(json.dumps(event_to_json(auto)))) == auto
    # What a client reads carries the flag either way.
    assert event_json(own, E)["auto"] is False and event_json(auto, None)["auto"] is True


def test_a_stand_ins_pass_is_marked_auto_and_still_hidden_from_the_other_seats():
    table = Table(D4, rules=RuleSet())
    cards = first_cards(table.now, W)
    [passed] = table.do(PassCards(W, cards, auto=True))
    assert passed == CardsPassed(W, cards, auto=True)
    assert event_json(passed, W) == {"type": "cards_passed", "seat": "west",
                                 "cards": [str(c) for c in cards], "auto": True}
    assert event_json(passed, N) == {"type": "cards_passed", "seat": "west",
                                 "cards": None, "auto": True}
