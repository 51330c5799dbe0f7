"""Dealing a hand (``DealHand``): a given deal or a seed's shuffle. A match's explicit deals
are recorded once, in its ``match_created``; its state and snapshot keep none of them."""

import pytest

from games.engine import (
    DealHand,
    IllegalMove,
    PassDirection,
    Phase,
    decide,
    parse_deal,
    replay,
    state_to_json,
)
from games.engine.decider import shuffled_deal
from games.engine.events import HandDealt, MatchCreated

from .helpers import D1, D4, D5, HOLD, Table


def test_a_given_deal_is_dealt_as_given_with_no_seed():
    table = Table(deal_now=False)
    assert table.do(DealHand(holdings=parse_deal(D4))) == [
        HandDealt(1, PassDirection.HOLD, parse_deal(D4), None)]
    assert table.now.hand.holdings == parse_deal(D4)


def test_a_given_deal_is_sorted_as_the_engine_keeps_holdings():
    table = Table(deal_now=False)
    north, east, south, west = parse_deal(D1)
    table.do(DealHand(holdings=(tuple(reversed(north)), east, south, west)))
    assert table.now.hand.holdings == parse_deal(D1)


def test_a_given_deal_naming_a_card_twice_is_duplicate_cards_and_changes_nothing():
    table = Table(deal_now=False)
    north, east, south, west = parse_deal(D1)
    refusal = table.refuse(DealHand(holdings=((*north[:12], east[0]), east, south, west)))
    assert refusal.code == "duplicate_cards"


@pytest.mark.parametrize("command", [DealHand(), DealHand(7, parse_deal(D1))],
                         ids=["neither", "both"])
def test_a_deal_from_both_or_neither_of_a_seed_and_holdings_is_a_callers_bug(command):
    table = Table(deal_now=False)
    with pytest.raises(ValueError, match="a seed or from given holdings") as raised:
        decide(table.now, command)
    assert not isinstance(raised.value, IllegalMove)


def test_a_match_keeps_its_explicit_deals_in_its_log_only_and_each_is_dealt_as_given():
    table = Table(D1, D4, D5)  # every hand a hold hand: no total reaches 100 in four
    assert table.log[0] == MatchCreated(HOLD, (parse_deal(D1), parse_deal(D4), parse_deal(D5)))
    for _ in range(3):
        table.play_out_hand()
        assert table.now.phase is Phase.DEALING
        assert "deals" not in state_to_json(table.now)
        table.deal(seed=11)
    dealt = [(event.holdings, event.seed) for event in table.log if isinstance(event, HandDealt)]
    assert dealt == [(parse_deal(D1), None), (parse_deal(D4), None), (parse_deal(D5), None),
                     (shuffled_deal(11), 11)]
    assert replay(table.log) == table.now
