"""The expert's exact endgame: which cards are worth trying, and paranoid alpha-beta."""

from __future__ import annotations

from bots.strategies.endgame import Solver, distinct
from bots.strategies.policies import avoid_policy
from games.engine import RuleSet, Seat
from games.engine.kernel import mask_of, score_hand
from games.engine.playout import PlayoutHand

from ..engine.helpers import cards

N, E, S, W = Seat


def bits(text: str) -> int:
    return mask_of(cards(text))


def utility_for(seat: int):
    """The expert's utility with match totals of zero: the others' mean points minus its own."""
    def utility(hand: PlayoutHand) -> float:
        points = score_hand(hand.taken, hand.tricks_won, (0, 0, 0, 0), RuleSet(),
                            hand_number=1, end_started_after=None).points
        return sum(points) / 3 - points[seat] * 4 / 3
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
