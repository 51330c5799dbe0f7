"""The bit-mask playout path plays every hand exactly as ``decide``/``evolve`` do.

Both take their rules from ``games.engine.kernel``, so the legal sets compared here
check the playout's bookkeeping (turn, trick, hearts broken), not the rule itself; the
OpenSpiel differential test checks the rule against an independent engine.
"""

from __future__ import annotations

import random

import pytest

from games.engine import PassCards, PassDirection, Phase, PlayCard, RuleSet, Seat
from games.engine.decider import legal_cards
from games.engine.events import TrickTaken
from games.engine.kernel import cards_of, exchange, mask_of
from games.engine.playout import PlayoutHand

from .helpers import Table

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
