"""The medium bot's habits, each from a small explicit position (see ``positions``)."""

from __future__ import annotations

from random import Random

from bots.strategies import medium
from games.engine import Card, PassDirection, RuleSet, Seat, parse_card, parse_cards

from .positions import passing_view, position

N, E, S, W = Seat
OPENING = "N 2C, E 3C, S 4C, W AC"


def play(view_seat: Seat, holding: str, script: tuple[str, ...]) -> Card:
    return medium.choose_play(position(view_seat, holding, script), Random(0))


def passed(seat: Seat, holding: str) -> set[str]:
    return {str(card) for card in medium.choose_pass(passing_view(seat, holding), Random(0))}


def test_medium_wins_with_the_highest_card_still_out_when_the_trick_is_safe() -> None:
    # AD is gone; KD beats every diamond still out, and nobody has shown a void.
    card = play(E, "KD 9D 5C 6C 7C 2S 3S 4S 5S 2H 3H", (OPENING, "W 2D, N AD, E 3D, S 4D", "N 8D"))
    assert card == parse_card("KD")


def test_medium_goes_over_with_its_lowest_card_while_a_higher_one_is_still_out() -> None:
    # Same holding, but AD is still out: KD could be beaten, so 9D (and hope to be overtaken).
    card = play(E, "KD 9D 5C 6C 7C 2S 3S 4S 5S 2H 3H", (OPENING, "W 2D, N QD, E 3D, S 4D", "N 8D"))
    assert card == parse_card("9D")


def test_medium_ducks_under_the_current_winner() -> None:
    card = play(S, "5H 8H KH 2S 3S 4S 6C 7C 8C 5D 6D", (OPENING, "W KD, N 2H, E 3D, S 4D",
                                                        "W 9H, N TH, E 3H"))
    assert card == parse_card("5H")


def test_medium_last_to_play_and_made_to_win_wins_with_its_highest_card() -> None:
    card = play(S, "JH QH KH 2S 3S 4S 6C 7C 8C 5D 6D", (OPENING, "W KD, N 2H, E 3D, S 4D",
                                                        "W 9H, N TH, E 3H"))
    assert card == parse_card("KH")


def test_medium_drops_the_queen_under_a_winning_king_of_spades() -> None:
    card = play(S, "QS 4S 9S 5H 8H 6C 7C 8C 5D 6D 7D 8D", (OPENING, "W 3S, N KS, E 5S"))
    assert card == parse_card("QS")


def test_medium_discards_the_queen_when_void_in_the_suit_led() -> None:
    card = play(S, "QS AS KS AH 2S 3S 4S 6C 7C 8C 9C TC", (OPENING, "W 5D, N 7D, E 9D"))
    assert card == parse_card("QS")


def test_medium_void_otherwise_discards_its_highest_card() -> None:
    card = play(S, "KS 4S AH 2H 6C 7C 8C 9C 5S 6S 7S", (OPENING, "W 5D, N 2D, E 9D, S 6D", "E 8D"))
    assert card == parse_card("AH")


def test_medium_never_leads_the_king_of_spades_while_the_queen_is_out() -> None:
    # Hearts are unbroken, so KS or AD. Only KS can be beaten (by AS), but it could catch QS.
    card = play(W, "KS AD 9H TH JH QH KH AH 2H 3H 4H 5H", (OPENING,))
    assert card == parse_card("AD")


def test_medium_leads_its_lowest_card_another_seat_can_beat() -> None:
    card = play(W, "KS 5D 9C 9H TH JH QH KH AH 2H 3H 4H", (OPENING,))
    assert card == parse_card("5D")


def test_medium_passes_a_short_suit_to_void_itself() -> None:
    assert passed(N, "2C 5C 9C JC KC 4D 8D 3S 5S 6S 8S 6H QH") == {"4D", "8D", "QH"}


def test_medium_passes_an_unguarded_queen_and_ace_of_spades() -> None:
    assert passed(N, "QS AS 4S 2C 3C 5C 7C 9C 3D 6D 8D TD 2H") == {"QS", "AS", "TD"}


def test_medium_keeps_a_guarded_queen_and_voids_a_short_suit_instead() -> None:
    assert passed(N, "QS AS 2S 3S 4S 2C 3C 4C 5C 6C 7D 8D AH") == {"7D", "8D", "AH"}


def test_medium_passes_its_ace_and_king_of_spades_without_the_queen_or_guards() -> None:
    assert passed(N, "AS KS 5S 2C 3C 4C 5C 6C 2D 3D 4D 5D 6H") == {"AS", "KS", "6H"}


def test_medium_passes_the_number_of_cards_the_rules_ask() -> None:
    for count in (1, 2, 3, 4):
        rules = RuleSet(pass_rotation=(PassDirection.LEFT,), pass_count=count)
        view = passing_view(N, "QS AS 4S 2C 3C 5C 7C 9C 3D 6D 8D TD 2H", rules)
        cards = medium.choose_pass(view, Random(0))
        assert len(set(cards)) == count and set(cards) <= set(view.hand)
        assert cards == parse_cards(["QS", "AS", "TD", "9C"])[:count]


# --- the jack of diamonds variant ---------------------------------------------------------

JACK = RuleSet(pass_rotation=(PassDirection.HOLD,), jack_of_diamonds=-10)


def play_jack(view_seat: Seat, holding: str, script: tuple[str, ...]) -> Card:
    return medium.choose_play(position(view_seat, holding, script, rules=JACK), Random(0))


def test_medium_takes_the_jack_of_diamonds_with_a_card_that_surely_wins() -> None:
    # North dropped JD; AD beats every diamond out and the trick holds no points.
    holding = "AD 3D 5C 6C 7C 2S 3S 4S 5S 2H 3H 4H"
    script = (OPENING, "W 5D, N JD")
    assert play_jack(E, holding, script) == parse_card("AD")
    assert play(E, holding, script) == parse_card("3D")


def test_medium_leaves_the_jack_of_diamonds_in_a_trick_carrying_the_queen() -> None:
    # 13 points for the queen outweigh the jack's 10: duck as usual.
    holding = "AD 3D 5C 6C 7C 2S 3S 4S 5S 2H 3H 4H"
    assert play_jack(S, holding, (OPENING, "W 5D, N JD, E QS")) == parse_card("3D")


def test_medium_never_discards_the_jack_of_diamonds_when_void() -> None:
    holding = "JD 2D 3D 4D 2S 3S 4S 5S 6S 2H 3H 4H"
    script = (OPENING, "W KC, N 5C, E 6C")
    assert play_jack(S, holding, script) == parse_card("6S")
    assert play(S, holding, script) == parse_card("JD")


def test_medium_leads_a_diamond_no_card_out_beats_while_the_jack_is_out() -> None:
    holding = "AD 5D 9D 6C 7C 8C 2S 3S 4S 2H 8H 9H"
    assert play_jack(W, holding, (OPENING,)) == parse_card("AD")
    assert play(W, holding, (OPENING,)) == parse_card("2S")


def test_medium_never_passes_the_jack_of_diamonds_when_it_is_a_prize() -> None:
    holding = "2C 5C 9C JC KC 4D JD 3S 5S 6S 8S 6H QH"
    rules = RuleSet(pass_rotation=(PassDirection.LEFT,), jack_of_diamonds=-10)
    chosen = medium.choose_pass(passing_view(N, holding, rules), Random(0))
    assert chosen == parse_cards(["QH", "KC", "JC"])
    assert passed(N, holding) == {"4D", "JD", "QH"}


def test_medium_cashes_the_jack_of_diamonds_once_no_card_out_beats_it() -> None:
    # AD, KD and QD are gone and West is on lead.
    holding = "JD 3D 6C 7C 8C 2S 3S 4S 5S 8H 9H"
    script = (OPENING, "W AD, N KD, E QD, S 5D")
    assert play_jack(W, holding, script) == parse_card("JD")
    assert play(W, holding, script) == parse_card("2S")
