"""``PlayoutHand``, the bit-mask play-out path, on its own: a trick in progress, copies,
random play-outs, random cards and the moon. test_playout_agreement.py checks that it
plays every hand as ``decide``/``evolve`` do."""

from __future__ import annotations

import random

from games.engine import RuleSet, Seat, parse_deal
from games.engine.kernel import cards_of, mask_of
from games.engine.playout import PlayoutHand, random_card, random_play

from .helpers import D1, N, Table, cards


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


def test_a_copy_holds_every_field_of_its_original():
    playout = PlayoutHand([mask_of(h) for h in parse_deal(D1)],
                          RuleSet(queen_breaks_hearts=True, first_trick_points=True,
                                  jack_of_diamonds=-10))
    playout.play(playout.legal() & -playout.legal())  # a trick under way
    twin = playout.copy()
    assert all(getattr(twin, name) == getattr(playout, name) for name in PlayoutHand.__slots__)


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
