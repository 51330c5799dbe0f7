"""Card counting from a seat's view: cards played and out, voids, the queen's holders."""

from __future__ import annotations

from bots.strategies.memory import Memory, TrickSoFar, can_be_overtaken, candidates, is_sure_winner
from games.engine import Seat, Suit, parse_card
from games.engine.kernel import cards_of

from .positions import LEFT, RIGHT, position

N, E, S, W = Seat
C = parse_card

OPENING = "N 2C, E 3C, S 4C, W AC"


def test_memory_knows_every_card_played_and_the_highest_card_still_out() -> None:
    view = position(E, "KD 9D 5C 6C 7C 2S 3S 4S 5S 2H 3H",
                    (OPENING, "W 2D, N AD, E 3D, S 4D", "N 8D"))
    memory = Memory.from_view(view)
    assert memory.played == {C(code) for code in "2C 3C 4C AC 2D AD 3D 4D 8D".split()}
    by_seat = {seat: {str(card) for card in cards_of(mask)}
               for seat, mask in zip(Seat, memory.played_by, strict=True)}
    assert by_seat == {N: {"2C", "AD", "8D"}, E: {"3C", "3D"}, S: {"4C", "4D"}, W: {"AC", "2D"}}
    # East holds KD itself and AD is gone: the highest diamond out is QD, and KD is boss.
    assert memory.highest_out(Suit.DIAMONDS) == C("QD")
    assert memory.is_boss(C("KD")) and not memory.is_boss(C("9D"))
    assert [str(card) for card in memory.cards_out(Suit.DIAMONDS)] == [
        "QD", "JD", "TD", "7D", "6D", "5D"]
    assert len(memory.out) == 52 - 11 - 9


def test_memory_finds_no_card_out_in_a_suit_nobody_else_holds() -> None:
    view = position(E, "KD 9D 5C 6C 7C 2S 3S 4S 5S 2H 3H",
                    (OPENING, "W 2D, N AD, E 3D, S 4D", "N 8D"))
    memory = Memory.from_view(view)
    assert memory.highest_out(Suit.CLUBS) == C("KC")
    assert memory.highest_out(Suit.HEARTS) == C("AH")


def test_a_seat_that_does_not_follow_suit_is_void_in_it() -> None:
    view = position(S, "QS 9S 4H 4D 5D 6D 7D 8D 9D 6C 7C",
                    (OPENING, "W 5S, N 3S, E 2H, S 2S", "W 3D, N 2D, E 3H"))
    memory = Memory.from_view(view)
    assert memory.voids[E] == {Suit.SPADES, Suit.DIAMONDS}
    assert memory.voids[N] == frozenset() and memory.voids[W] == frozenset()


def test_the_queen_can_be_with_any_other_seat_not_void_in_spades() -> None:
    view = position(S, "9S 8H 4D 5D 6D 7D 8D 9D 6C 7C 5H",
                    (OPENING, "W 5S, N 3S, E 2H, S 2S", "W 3D, N 2D, E 3H"))
    memory = Memory.from_view(view)
    assert memory.queen_holders() == {N, W}
    assert memory.is_queen_out_elsewhere()


def test_the_queen_is_with_the_seat_it_was_passed_to() -> None:
    left = position(N, "9S TS 5C 6C 7C 4D 5D 6D 7D 8D 9D JD", (OPENING, "W 5S"),
                    rules=LEFT, passed="QS 2H 3H")
    right = position(N, "9S TS 5C 6C 7C 4D 5D 6D 7D 8D 9D JD", (OPENING, "W 5S"),
                     rules=RIGHT, passed="QS 2H 3H")
    assert Memory.from_view(left).queen_holders() == {E}
    assert Memory.from_view(right).queen_holders() == {W}
    assert Memory.from_view(left).known_holder(C("2H")) == E


def test_nobody_holds_the_queen_once_it_is_played_and_the_holder_knows_it_has_her() -> None:
    played = position(S, "KS 4S AH 2H 6C 7C 8C 9C 5S 6S 7S",
                      (OPENING, "W 5D, N QS, E 9D, S 6D", "E 8D"))
    assert Memory.from_view(played).queen_holders() == frozenset()
    held = position(S, "QS 4S AH 2H 6C 7C 8C 9C 5S 6S 7S", (OPENING, "W 5D, N 2D, E 9D, S 6D", "E 8D"))
    assert Memory.from_view(held).queen_holders() == {S}
    assert not Memory.from_view(held).is_queen_out_elsewhere()


def test_trick_so_far_reads_the_winner_the_points_and_the_seats_still_to_play() -> None:
    view = position(S, "5H 8H KH 2S 3S 4S 6C 7C 8C 5D 6D",
                    (OPENING, "W KD, N 2H, E 3D, S 4D", "W 9H, N TH, E 3H"))
    trick = TrickSoFar.from_view(view)
    assert (trick.led_suit, trick.winner, trick.winning_card, trick.points) == (
        Suit.HEARTS, N, C("TH"), 3)
    assert trick.played_by == (W, N, E) and trick.later == () and trick.is_last
    assert candidates(view) == [C("5H"), C("8H"), C("KH")]


def test_a_card_is_a_sure_winner_only_when_no_later_seat_can_hold_a_higher_one() -> None:
    view = position(E, "KD 9D 5C 6C 7C 2S 3S 4S 5S 2H 3H",
                    (OPENING, "W 2D, N AD, E 3D, S 4D", "N 8D"))
    memory, trick = Memory.from_view(view), TrickSoFar.from_view(view)
    assert is_sure_winner(memory, trick, C("KD"))
    assert can_be_overtaken(memory, trick, C("9D")) and not is_sure_winner(memory, trick, C("9D"))
