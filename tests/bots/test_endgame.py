"""The expert's exact endgame: which cards are worth trying, and paranoid alpha-beta."""

from __future__ import annotations

from random import Random

import pytest

from bots.strategies.endgame import Solver, distinct, position_key
from bots.strategies.policies import avoid_policy
from games.engine import RuleSet, Seat
from games.engine.kernel import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    JACK_OF_DIAMONDS_BIT,
    QUEEN_OF_SPADES_BIT,
    SPADES,
    mask_of,
    score_hand,
)
from games.engine.playout import PlayoutHand
from games.engine.variants import MoonScoring

from ..engine.helpers import cards

N, E, S, W = Seat


def bits(text: str) -> int:
    return mask_of(cards(text))


DEFAULT_RULES = RuleSet()


def utility_for(seat: int, rules: RuleSet = DEFAULT_RULES, totals=(0, 0, 0, 0)):
    """The others' mean points minus the seat's, and 40 for winning the match this hand ends."""
    def utility(hand: PlayoutHand) -> float:
        points = score_hand(hand.taken, hand.tricks_won, totals, rules,
                            hand_number=1, end_started_after=None).points
        after = [total + p for total, p in zip(totals, points, strict=True)]
        won = 40 if max(after) >= rules.target_score and after[seat] == min(after) else 0
        return sum(points) / 3 - points[seat] * 4 / 3 + won
    return utility


def test_cards_with_no_other_card_out_between_them_are_tried_once():
    # North holds 9D 10D QD; JD is out, 9D-10D touch. QS and JD always count alone.
    assert distinct(bits("9D 10D QD"), others=bits("JD 2D")) == [bits("9D"), bits("QD")]
    assert distinct(bits("9D 10D QD"), others=bits("2D")) == [bits("9D")]
    assert distinct(bits("JS QS KS"), others=bits("2S")) == [bits("JS"), bits("QS"), bits("KS")]
    assert distinct(bits("10D JD QD"), others=bits("2D")) == [bits("10D"), bits("JD"), bits("QD")]


# West has taken every point so far (7 hearts) and leads to trick 11 with QS AH QH. The
# other six hearts: North KH 6H, East 4H 2H. Nobody else holds a spade, so a QS lead wins
# the queen; the moon then needs the last two heart tricks too. AH then QH takes them only
# if North throws KH under AH, which a defender never does: North keeps it and beats QH.
MOON_TEMPTATION = {N: "7C 6H KH", E: "6C 2H 4H", S: "8C 10C QC", W: "QS QH AH"}


def moon_temptation() -> PlayoutHand:
    holdings = [bits(MOON_TEMPTATION[seat]) for seat in Seat]
    taken = [0, 0, 0, bits("3H 5H 7H 8H 9H 10H JH")]
    return PlayoutHand.at(holdings, RuleSet(), trick_number=11, leader=W, trick_cards=[],
                          taken=taken, tricks_won=[3, 3, 1, 3], hearts_broken=True)


def after(hand: PlayoutHand, card: str) -> PlayoutHand:
    child = hand.copy()
    child.play(bits(card))
    return child


def test_policy_play_outs_see_a_moon_where_the_exact_search_sees_north_keep_its_king():
    hand = moon_temptation()
    utility = utility_for(W)
    played_out = after(hand, "QS")
    played_out.play_out(avoid_policy)  # North throws KH under AH: the moon comes home
    assert played_out.moon_shooter() == W and utility(played_out) == 26
    solver = Solver(W, utility)
    # Exactly: North keeps KH for QH; West keeps QS's 13 and ten hearts, 23 of 26 points.
    assert solver.value(after(hand, "QS")) == -22
    assert solver.value(after(hand, "AH")) > -22  # no queen led into its own hand
    assert solver.nodes > 0 and solver.leaves > 0


def plain_value(hand: PlayoutHand, seat: int, utility, alpha=float("-inf"),
                beta=float("inf")) -> float:
    """Paranoid alpha-beta over every legal card, without table or equivalence."""
    if hand.is_over:
        return utility(hand)
    legal = hand.legal()
    while legal and alpha < beta:
        bit = legal & -legal
        legal ^= bit
        child = hand.copy()
        child.play(bit)
        value = plain_value(child, seat, utility, alpha, beta)
        if hand.to_play == seat:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
    return alpha if hand.to_play == seat else beta


def random_endgame(rng: Random, rules: RuleSet, cards_left: int) -> PlayoutHand:
    cards = [1 << i for i in range(52)]
    rng.shuffle(cards)
    hand = PlayoutHand([sum(cards[seat::4]) for seat in range(4)], rules)
    while sum(holding.bit_count() for holding in hand.holdings) > cards_left:
        legal = hand.legal()
        hand.play(avoid_policy(hand, legal) if rng.random() < 0.5 else legal & -legal)
    return hand


def reranked(hand: PlayoutHand, suit: int, special: int, rng: Random) -> PlayoutHand:
    """``hand`` (at a trick's start) with the cards of ``suit`` still out moved to other
    ranks, ``special`` (QS or JD) among them: each seat holds the same places in the suit."""
    out = sum(hand.holdings) & suit
    owners = []
    while out:
        bit = out & -out
        out ^= bit
        owners.append(next(seat for seat in range(4) if hand.holdings[seat] & bit))
    suit_cards = [suit & 1 << i for i in range(52) if suit & 1 << i]
    others = [card for card in suit_cards if card != special]
    ranks = sorted(rng.sample(others, len(owners) - 1) + [special]) if owners else []
    other = hand.copy()
    other.holdings = [holding & ~suit for holding in hand.holdings]
    for seat, card in zip(owners, ranks, strict=True):
        other.holdings[seat] |= card
    other.taken = [taken & ~special for taken in hand.taken]
    return other


def swapped_with_a_played_card(hand: PlayoutHand, rng: Random) -> PlayoutHand:
    """``hand`` (at a trick's start) with a card out (not QS or JD) and a taken card of its
    suit with no card out between them changing places: the same position up to rank."""
    out = sum(hand.holdings)
    special = QUEEN_OF_SPADES_BIT | JACK_OF_DIAMONDS_BIT
    pairs = []
    for suit in (CLUBS, DIAMONDS, SPADES, HEARTS):
        for i in range(52):
            x = 1 << i
            for y in (x >> 1, x << 1):
                if x & suit & out & ~special and y & suit & sum(hand.taken) & ~special:
                    pairs.append((x, y))
    other = hand.copy()
    if pairs:
        x, y = rng.choice(pairs)
        other.holdings = [holding ^ (x | y) if holding & x else holding for holding in hand.holdings]
        other.taken = [taken ^ (x | y) if taken & y else taken for taken in hand.taken]
    return other


def variants_of(hand: PlayoutHand, rng: Random) -> list[PlayoutHand]:
    """``hand``; the same cards with hearts broken the other way; with one seat having
    won every trick so far (a sun possible); at a trick's start, a card out swapped with a
    played one of the same rank class (the same key) and QS and JD at other places among
    the spades and diamonds out: positions the table must tell apart, or must not."""
    unbroken = hand.copy()
    unbroken.hearts_broken = not hand.hearts_broken
    sweeping = hand.copy()
    sweeping.tricks_won = [0, 0, 0, 0]
    sweeping.tricks_won[rng.randrange(4)] = hand.trick_number - 1
    variants = [hand, unbroken, sweeping]
    if not hand.led_suit_mask:
        variants += [swapped_with_a_played_card(hand, rng) for _ in range(2)]
        variants += [reranked(hand, SPADES, QUEEN_OF_SPADES_BIT, rng) for _ in range(4)]
        variants += [reranked(hand, DIAMONDS, JACK_OF_DIAMONDS_BIT, rng) for _ in range(4)]
    return variants


@pytest.mark.parametrize("rules", [
    RuleSet(),
    RuleSet(jack_of_diamonds=-10, shoot_the_sun=True, queen_breaks_hearts=True,
            moon_scoring=MoonScoring.SUBTRACT_FROM_SHOOTER),
])
def test_the_solver_values_random_endgames_as_plain_alpha_beta_does(rules):
    rng = Random(7)
    totals = (40, 85, 60, 70)  # a hand that can end the match: a moon can decide it
    solvers = {}
    for _ in range(30):
        for hand in variants_of(random_endgame(rng, rules, rng.randrange(8, 14)), rng):
            seat = hand.to_play
            utility = utility_for(seat, rules, totals)
            solver = solvers.setdefault(seat, Solver(seat, utility))  # one table, many deals
            assert solver.value(hand) == plain_value(hand, seat, utility)


def test_a_card_out_swapped_with_a_played_neighbour_keeps_the_key():
    rng = Random(11)
    swaps = 0
    for _ in range(40):
        hand = random_endgame(rng, DEFAULT_RULES, 12)
        swapped = swapped_with_a_played_card(hand, rng)
        swaps += swapped.holdings != hand.holdings
        assert position_key(swapped) == position_key(hand)
    assert swaps > 30
