"""The bit-mask playout path plays every hand exactly as ``decide``/``evolve`` do.

Both take their legal cards from ``masks.legal_mask``, so the legal sets compared here
check the playout's bookkeeping (turn, trick, hearts broken), not the rule itself; the
OpenSpiel differential test checks the rule against an independent engine.
"""

from __future__ import annotations

import random

import pytest

from games.engine import PassCards, PassDirection, Phase, PlayCard, RuleSet, Seat, parse_deal
from games.engine.decider import legal_cards
from games.engine.events import TrickTaken
from games.engine.masks import cards_of, mask_of
from games.engine.playout import PlayoutHand, exchange, random_card, random_play

from .helpers import D1, N, Table, cards

VARIANTS = {
    "standard": RuleSet(),
    "queen_breaks_hearts": RuleSet(queen_breaks_hearts=True),
    "first_trick_points": RuleSet(first_trick_points=True),
    "pass_across_4": RuleSet(pass_rotation=(PassDirection.ACROSS,), pass_count=4),
    "hold_queen_breaks": RuleSet(pass_rotation=(PassDirection.HOLD,), queen_breaks_hearts=True),
}


@pytest.mark.parametrize("rules", VARIANTS.values(), ids=VARIANTS.keys())
def test_playout_hand_agrees_with_decide_on_every_legal_set_trick_and_point(rules):
    rng = random.Random(7)
    for hand_index in range(150):
        table = Table(rules=rules, deal_now=False)
        table.deal(seed=hand_index)
        state = table.now
        assert state.hand is not None
        holdings = [mask_of(h) for h in state.hand.holdings]
        if state.phase is Phase.PASSING:
            passes = []
            for seat in Seat:
                given = rng.sample(legal_cards(state, seat), rules.pass_count)
                passes.append(mask_of(given))
                table.do(PassCards(seat, tuple(given)))
            holdings = exchange(holdings, passes, state.hand.pass_direction)
        playout = PlayoutHand(holdings, rules)
        while not playout.is_over:
            state = table.now
            seat = state.to_act[0]
            assert playout.to_play == seat
            legal = legal_cards(state, seat)
            assert cards_of(playout.legal()) == legal
            card = rng.choice(legal)
            events = table.do(PlayCard(seat, card))
            playout.play(1 << card.index)
            for event in events:
                if isinstance(event, TrickTaken):
                    assert playout.to_play == event.winner
                    assert playout.taken == [mask_of(taken) for taken in table.now.hand.taken]
            assert playout.hearts_broken == table.now.hand.hearts_broken
        hand = table.now.hand
        assert hand is not None
        assert playout.tricks_won == list(hand.tricks_won())
        assert sum(playout.points_taken()) == 26


def test_playout_hand_from_a_trick_in_progress_continues_it():
    table = Table(D1)
    table.play("N 2C, E 8D, S 10S, W JC", "W AC, N 3C")  # east is to play to trick 2
    hand = table.now.hand
    playout = PlayoutHand.at([mask_of(h) for h in hand.holdings], table.now.rules,
                             trick_number=2, leader=Seat.WEST,
                             trick_cards=[mask_of(cards("AC")), mask_of(cards("3C"))],
                             taken=[mask_of(t) for t in hand.taken], tricks_won=hand.tricks_won(),
                             hearts_broken=hand.hearts_broken)
    assert playout.to_play == Seat.EAST
    assert playout.trick_number == 2
    east = list(cards("6D 7D 2S 3S QS 2H 3H 4H 5H 6H 7H 8H"))
    assert cards_of(playout.holdings[Seat.EAST]) == east
    assert cards_of(playout.legal()) == east  # void in clubs after trick one: anything goes
    playout.play(mask_of(cards("QS")))
    playout.play(mask_of(cards("AH")))  # south discards; west's AC still wins
    assert playout.trick_number == 3
    assert playout.to_play == Seat.WEST
    assert playout.points_taken() == [0, 0, 0, 14]


def test_copy_of_a_playout_hand_is_independent():
    playout = PlayoutHand([mask_of(h) for h in parse_deal(D1)], RuleSet())
    twin = playout.copy()
    twin.play(twin.legal())
    assert playout.holdings[N] == mask_of(parse_deal(D1)[N])
    assert twin.holdings[N] != playout.holdings[N]
    assert playout.to_play == N and twin.to_play == Seat.EAST


def test_random_play_out_takes_every_card_and_26_points():
    playout = PlayoutHand([mask_of(h) for h in parse_deal(D1)], RuleSet())
    playout.play_out(random_play(random.Random(3).random))
    assert playout.is_over
    assert sum(taken.bit_count() for taken in playout.taken) == 52
    assert sum(playout.points_taken()) == 26
    assert sum(playout.tricks_won) == 13


def test_random_card_draws_every_card_of_the_mask_uniformly():
    mask = mask_of(cards("2C QS AH"))
    rng = random.Random(1)
    counts: dict[int, int] = {}
    for _ in range(3000):
        card = random_card(mask, rng.random)
        counts[card] = counts.get(card, 0) + 1
    assert set(counts) == {1 << c.index for c in cards("2C QS AH")}
    assert all(900 < n < 1100 for n in counts.values())


def test_moon_shooter_is_the_seat_holding_all_hearts_and_the_queen():
    playout = PlayoutHand([mask_of(h) for h in parse_deal(D1)], RuleSet())
    playout.taken = [0, mask_of(cards("QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")), 0, 0]
    assert playout.moon_shooter() == Seat.EAST
    playout.taken = [mask_of(cards("AH")), mask_of(cards("QS 2H 3H")), 0, 0]
    assert playout.moon_shooter() is None
