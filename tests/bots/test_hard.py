"""The hard bot's habits, each from a small explicit position (see ``positions``).

Where the hard bot's habit differs from the medium bot's, the test shows the
medium bot's card in the same position too, so each test fails without the habit.
"""

from __future__ import annotations

from random import Random

from bots.strategies import hard, medium
from bots.strategies.memory import Memory
from games.engine import Card, PassDirection, RuleSet, Seat, SeatView, parse_card, parse_cards

from .positions import LEFT, RIGHT, passing_view, position

N, E, S, W = Seat
C = parse_card
OPENING = "N 2C, E 3C, S 4C, W AC"

# East takes every point of the first six tricks, QS and 9 hearts (22 points): a moon in
# progress. North is void in clubs from trick 2.
MOON_TRICKS = (
    "N 2C, E AC, S 3C, W 4C",
    "E KC, S 5C, W 6C, N QS",
    "E QC, S 7C, W 8C, N 2H",
    "E AH, S 4H, W 5H, N 6H",
    "E KH, S 7H, W 8H, N 9H",
    "E JC, S 9C, W TC, N 8S",
)


ACROSS = RuleSet(pass_rotation=(PassDirection.ACROSS,))
JACK = RuleSet(pass_rotation=(PassDirection.HOLD,), jack_of_diamonds=-10)


def hard_pass(holding: str, rules: RuleSet) -> list[Card]:
    return hard.choose_pass(passing_view(N, holding, rules), Random(0))


def hard_play(view: SeatView) -> Card:
    return hard.choose_play(view, Random(0))


def medium_play(view: SeatView) -> Card:
    return medium.choose_play(view, Random(0))


# --- the queen ----------------------------------------------------------------------------


def test_hard_sheds_the_queen_on_a_trick_it_cannot_win_when_void() -> None:
    view = position(S, "QS AS KS AH 2S 3S 4S 6C 7C 8C 9C TC", (OPENING, "W 5D, N 7D, E 9D"))
    assert hard_play(view) == C("QS")


def test_hard_void_discards_its_high_spade_while_the_queen_is_out_elsewhere() -> None:
    view = position(S, "KS 4S AH 2H 6C 7C 8C 9C 5S 6S 7S", (OPENING, "W 5D, N 2D, E 9D, S 6D", "E 8D"))
    assert hard_play(view) == C("KS")
    assert medium_play(view) == C("AH")


def test_hard_void_discards_its_highest_heart_once_the_queen_is_played() -> None:
    view = position(S, "KS 4S AH 2H 6C 7C 8C 9C 5S 6S 7S", (OPENING, "W 5D, N QS, E 9D, S 6D", "E 8D"))
    assert hard_play(view) == C("AH")


def test_hard_void_keeps_the_spades_that_guard_its_queen() -> None:
    # Hearts are unbroken; QS cannot go on trick 1. Its highest other card is JS, a guard.
    view = position(E, "QS JS 3S 4S 2H 3H 4H 5H 6H 7H 8H 9H 5D", ("N 2C",))
    assert hard_play(view) == C("5D")
    assert medium_play(view) == C("JS")


def test_hard_leads_its_highest_spade_below_the_queen_to_flush_her() -> None:
    view = position(W, "JS 4S 5D 9D 6C 7C 8C 2H 8H 9H TH JH", (OPENING,))
    assert hard_play(view) == C("JS")
    assert medium_play(view) == C("4S")


def test_hard_does_not_flush_the_queen_while_it_holds_a_high_spade() -> None:
    view = position(W, "KS 4S 5D 9D 6C 7C 8C 2H 8H 9H TH JH", (OPENING,))
    assert hard_play(view) == C("4S")


def test_hard_goes_over_with_its_highest_spade_once_the_queen_is_known_behind_it() -> None:
    # North passed QS. Passed left, East holds her and plays after North: go over low.
    # Passed right, West holds her and has already played: the trick is safe, go over high.
    script = (OPENING, "W 5S")
    left = position(N, "9S TS 5C 6C 7C 4D 5D 6D 7D 8D 9D JD", script, rules=LEFT, passed="QS 2H 3H")
    right = position(N, "9S TS 5C 6C 7C 4D 5D 6D 7D 8D 9D JD", script, rules=RIGHT, passed="QS 2H 3H")
    assert hard_play(left) == C("9S")
    assert hard_play(right) == C("TS")


# --- the highest card it can spare -----------------------------------------------------------


def test_hard_plays_its_highest_card_under_the_current_winner() -> None:
    view = position(E, "2D 9D JD 5C 6C 7C 2S 3S 4S 5S 2H 3H", (OPENING, "W 5D, N KD"))
    assert hard_play(view) == C("JD")
    assert medium_play(view) == C("2D")


def test_hard_ducks_a_heart_trick_with_its_highest_heart_under_the_winner() -> None:
    view = position(S, "5H 8H KH 2S 3S 4S 6C 7C 8C 5D 6D", (OPENING, "W KD, N 2H, E 3D, S 4D",
                                                            "W 9H, N TH, E 3H"))
    assert hard_play(view) == C("8H")
    assert medium_play(view) == C("5H")


def test_hard_last_to_a_pointless_trick_wins_with_its_highest_card() -> None:
    view = position(S, "3D JD AD 6C 7C 8C 2S 3S 4S 5S 2H 3H", (OPENING, "W 5D, N 7D, E 9D"))
    assert hard_play(view) == C("AD")
    assert medium_play(view) == C("3D")


def test_hard_last_to_a_pointless_spade_trick_never_wins_it_with_the_queen() -> None:
    view = position(S, "QS 3S 6C 7C 8C 5D 6D 7D 2H 3H 4H 5H", (OPENING, "W 5S, N 7S, E JS"))
    assert hard_play(view) == C("3S")


# --- the moon --------------------------------------------------------------------------------


def test_moon_shooter_is_the_seat_holding_every_point_late_in_the_hand() -> None:
    late = position(S, "3H QH 2D 3D 5S 6S 7S", (*MOON_TRICKS, "E TH"))
    early = position(S, "3H QH 9C 2D 3D 5S 6S 7S", (*MOON_TRICKS[:5], "E TH"))
    assert late.hand_points == (0, 22, 0, 0)
    assert hard.moon_shooter(late, Memory.from_view(late)) == E
    assert hard.moon_shooter(early, Memory.from_view(early)) is None


def test_hard_breaks_a_moon_by_taking_a_heart_trick() -> None:
    view = position(S, "3H QH 2D 3D 5S 6S 7S", (*MOON_TRICKS, "E TH"))
    assert hard_play(view) == C("QH")
    assert medium_play(view) == C("3H")


def test_hard_before_a_moon_shows_ducks_the_same_heart_trick() -> None:
    view = position(S, "3H QH 9C 2D 3D 5S 6S 7S", (*MOON_TRICKS[:5], "E TH"))
    assert hard_play(view) == C("3H")


def test_hard_void_feeds_a_heart_to_a_trick_the_shooter_cannot_win() -> None:
    # East led and West is winning; North, void in diamonds, gives West a heart.
    view = position(N, "JH 3H 2S 3S 4S 9S KS", (*MOON_TRICKS, "E 2D, S 5D, W 9D"))
    assert hard_play(view) == C("JH")
    assert medium_play(view) == C("KS")


def test_hard_void_keeps_its_hearts_from_a_trick_the_shooter_may_win() -> None:
    view = position(S, "3H QH 5S 6S 7S 9S TS", (*MOON_TRICKS, "E 2D"))
    assert hard_play(view) == C("TS")
    assert medium_play(view) == C("QH")


# --- passing by direction ---------------------------------------------------------------------

# An unguarded queen (one spade below her) with the ace, a short diamond suit and KH.
SHORT_QUEEN_WITH_ACE = "AS QS 2S 3C 5C 6C 8C 9C 4D 7D 3H 5H KH"


def test_hard_passing_right_sends_the_queen_alone_and_voids_a_suit_with_the_room() -> None:
    # Right plays before North: North keeps AS behind her and 2S to duck under her.
    assert hard_pass(SHORT_QUEEN_WITH_ACE, RIGHT) == parse_cards(["QS", "4D", "7D"])
    medium_pass = medium.choose_pass(passing_view(N, SHORT_QUEEN_WITH_ACE, RIGHT), Random(0))
    assert medium_pass == parse_cards(["QS", "AS", "KH"])


def test_hard_passing_left_or_across_sends_the_ace_with_the_queen() -> None:
    # Left plays after North: a kept AS would be played in front of the queen and catch her.
    assert hard_pass(SHORT_QUEEN_WITH_ACE, LEFT) == parse_cards(["QS", "AS", "KH"])
    assert hard_pass(SHORT_QUEEN_WITH_ACE, ACROSS) == parse_cards(["QS", "AS", "KH"])


def test_hard_passing_right_keeps_one_high_spade_per_spade_below_the_queen() -> None:
    # One guard (2S): KS stays, AS goes with the queen, then the highest card left.
    holding = "AS KS QS 2S 3C 5C 6C 8C 9C 4D 7D 3H 5H"
    assert hard_pass(holding, RIGHT) == parse_cards(["QS", "AS", "9C"])
    assert hard_pass(holding, LEFT) == parse_cards(["QS", "AS", "KS"])


def test_hard_passing_right_without_a_spade_below_the_queen_sends_the_ace_too() -> None:
    holding = "AS QS 2C 3C 5C 6C 8C 9C 4D 7D 3H 5H KH"
    assert hard_pass(holding, RIGHT) == parse_cards(["QS", "AS", "KH"])


def test_hard_keeps_a_guarded_queen_in_every_direction() -> None:
    holding = "QS AS 2S 3S 4S 2C 3C 4C 5C 6C 7D 8D AH"
    for rules in (LEFT, RIGHT, ACROSS):
        assert set(hard_pass(holding, rules)) == set(parse_cards(["7D", "8D", "AH"]))


# --- the jack of diamonds variant ---------------------------------------------------------------


def test_hard_takes_the_jack_of_diamonds_with_a_card_that_surely_wins() -> None:
    holding = "AD 3D 5C 6C 7C 2S 3S 4S 5S 2H 3H 4H"
    jack = position(E, holding, (OPENING, "W 5D, N JD"), rules=JACK)
    usual = position(E, holding, (OPENING, "W 5D, N JD"))
    assert hard_play(jack) == C("AD")
    assert hard_play(usual) == C("3D")


def test_hard_never_plays_the_jack_of_diamonds_under_another_seats_winning_card() -> None:
    holding = "2D 9D JD 5C 6C 7C 2S 3S 4S 5S 2H 3H"
    jack = position(E, holding, (OPENING, "W 5D, N KD"), rules=JACK)
    usual = position(E, holding, (OPENING, "W 5D, N KD"))
    assert hard_play(jack) == C("9D")
    assert hard_play(usual) == C("JD")


def test_hard_never_discards_the_jack_of_diamonds_when_void() -> None:
    holding = "JD 2D 3D 4D 2S 3S 4S 5S 6S 2H 3H 4H"
    jack = position(S, holding, (OPENING, "W KC, N 5C, E 6C"), rules=JACK)
    usual = position(S, holding, (OPENING, "W KC, N 5C, E 6C"))
    assert hard_play(jack) == C("6S")
    assert hard_play(usual) == C("JD")


def test_hard_wins_its_own_jack_of_diamonds_once_no_card_out_beats_it() -> None:
    # AD, KD and QD are gone: JD surely wins West's diamond lead.
    holding = "JD 3D 6C 7C 8C 2S 3S 4S 5S 2H 3H"
    script = (OPENING, "W AD, N KD, E QD, S 5D", "W 7D")
    assert hard_play(position(N, holding, script, rules=JACK)) == C("JD")
    assert hard_play(position(N, holding, script)) == C("3D")
