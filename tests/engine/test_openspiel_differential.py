"""Differential test: our engine against OpenSpiel's Hearts on seeded random hands.

For every comparable combination of variants, ``HANDS_PER_COMBINATION`` hands, and on
until each situation in which the variants matter has come up (``MAX_HANDS_PER_COMBINATION``
at most), are dealt from a seeded ``random.Random`` and played with random passes and uniformly
random legal cards, through our public engine API (``CreateMatch`` with an explicit
deal, four bot ``TakeSeat``, ``DealHand``, ``PassCards``, ``PlayCard``, ``step``,
``legal_cards``) and through ``pyspiel.load_game("hearts", ...)`` side by
side. At every decision both must name the same seat and the same set of legal cards
(pass decisions included); after every play the same hearts-broken flag; after every
trick the same winner and the same points taken by each seat; at the end of the hand
the same moon-adjusted score. ``PENALTY_HEAVY_HANDS_PER_COMBINATION`` more hands deal
one seat 13 of the 14 penalty cards, so that the first-trick exception (a seat
holding only hearts and QS) is reached, which random deals practically never do.
OpenSpiel's source is open_spiel/games/hearts/hearts.h and hearts.cc (shipped in
the open-spiel 2.0.2 wheel).

How the two engines differ by design, and how this test maps one onto the other (the
numbers and parameters are in ``tests.engine.openspiel_map``, which
benchmarks/ismcts_duplicate.py shares):

- Seats. Both number the seats north 0, east 1, south 2, west 3 and play clockwise
  (OpenSpiel: ``(player + 1) % 4``; ours: ``Seat.next``), so seat s is player s.
- Cards. OpenSpiel's card (= action) number is ``rank * 4 + suit``, rank 0 = 2 ... 12 =
  A, suits C 0, D 1, H 2, S 3 (hearts before spades); ours is ``Card.index`` =
  ``suit_order * 13 + rank - 2`` with suits in our sort order C, D, S, H. Both spell
  a card the same way (``TH``, ``QS``), which
  ``test_card_numbers_map_to_openspiel_cards_of_the_same_name`` checks against
  OpenSpiel's own names. The two list legal cards in different orders (OpenSpiel
  by its number, rank first), so the test compares them as sets.
- The deal. OpenSpiel deals with 52 chance actions, the k-th card to player k % 4;
  ours shuffles from a seed or takes an explicit deal. The test shuffles a deck,
  gives our engine the explicit deal ``deck[s::4]`` for seat s and OpenSpiel the same
  holdings (``openspiel_deal_actions``: seat s's cards at positions s, s + 4, ...).
- Pass direction. OpenSpiel draws it by the first chance action: 0 no pass, 1 left,
  2 across, 3 right, all four equally likely ("no pass" included) when
  ``pass_cards`` is true; when it is false, 0 is the only legal action (though
  ``chance_outcomes`` still lists all four). Player p passes to ``(p + direction) % 4``.
  Ours takes the direction from the rotation by hand number (default left, right,
  across, hold), with left = s+1, across = s+2, right = s+3: the same receivers.
  The test draws left, right or across from the hand's seed and gives our match
  ``pass_rotation=(direction,)``, so that hand 1 passes that way; with passing off,
  OpenSpiel gets ``pass_cards=false`` and action 0, ours a ``hold`` hand (neither
  then has a passing phase).
- Passing. OpenSpiel always passes 3 cards (``kNumCardsInPass``), player 0 to 3 in
  turn, one card per action, its legal actions being the player's cards not yet
  chosen; ours passes ``pass_count`` (1 to 4, here 3) cards in one command per seat,
  in any order, from the whole holding. Both exchange only once all four have
  passed. The test compares OpenSpiel's legal actions with our ``legal_cards`` less
  the cards already chosen, then checks every holding after the exchange.
- First lead. Both: 2C. OpenSpiel's ``can_lead_any_club`` (we have no such variant)
  is false.
- First trick. OpenSpiel's ``no_pts_on_first_trick`` (default true) is the negation
  of our ``first_trick_points`` (default false); both lift the ban for a seat holding
  only hearts and QS.
- Leading hearts. OpenSpiel's ``must_break_hearts=false`` (hearts may be led at any
  time) and ``can_lead_hearts_instead_of_qs=true`` (a leader holding only QS and
  hearts may lead a heart) have no counterpart here: we always need hearts broken,
  and such a leader must lead QS (docs/rules.md, "Leading hearts"). The test sets
  ``must_break_hearts`` true and ``can_lead_hearts_instead_of_qs`` false. Both let a
  hearts-only leader lead a heart.
- Hearts broken. Both break hearts on any heart played (a lead from a hearts-only
  holding and a heart on the first trick included). QS breaks them too with
  OpenSpiel's ``qs_breaks_hearts``, default TRUE, and with our
  ``queen_breaks_hearts``, default FALSE; the test sets both the same way.
- Points and JD. Both: 1 per heart, 13 for QS, 26 in all. OpenSpiel's ``jd_bonus``
  (bool) counts -10 for JD inside the trick's points as it is taken, so
  ``state.points(p)`` includes it during play; our ``jack_of_diamonds`` (0 or -10) is
  added to the taker's hand score only when the hand is scored, and
  ``TrickTaken.points`` / ``points_taken()`` never include it. The test compares
  OpenSpiel's points with ours plus JD. Neither counts JD towards a moon.
- The moon. OpenSpiel: one player won every trick whose points are neither 0 nor
  exactly -10 (JD alone), i.e. took all 13 hearts and QS; that player's points drop
  by 26 and every other player's rise by 26, always. Ours finds the moon by the
  cards taken and scores it per ``moon_scoring``: ``add_to_others`` (shooter 0,
  others 26, JD added after) gives the same numbers; ``subtract_from_shooter`` and
  ``shooters_choice`` (which looks at the match totals) have no OpenSpiel
  counterpart. Our ``shoot_the_sun`` (all 13 tricks: others 52) has none either;
  OpenSpiel scores such a hand as a moon. The test uses ``add_to_others`` without
  the sun.
- Avoiding all tricks. OpenSpiel's ``avoid_all_tricks_bonus`` (-5 to a player who
  takes no trick, when nobody shot the moon) has no counterpart; it is false.
- Returns. OpenSpiel's returns are ``26 - points`` (higher is better, 0 to 36), so
  our hand score is ``26 - return``. Before the end OpenSpiel returns zeros.
- One hand, no match. An OpenSpiel game is one hand: no totals, no target score,
  no pass rotation, no tie policy; each test hand is a new match of ours, of which
  only hand 1 is played.
- Refusals. OpenSpiel only lists legal actions; its ``apply_action`` accepts any
  card the player holds, legal or not (``apply_action_with_legality_check`` checks).
  Ours refuses an illegal command with a rule code. Only the legal sets are compared.
- What OpenSpiel shows. The winner of tricks 1 to 12 is OpenSpiel's next player;
  the winner of trick 13 shows only through the points it carries, in the final
  score (the game is then over). The points taken per seat are compared after
  tricks 1 to 12; after trick 13 OpenSpiel exposes only the moon-adjusted score,
  which equals the raw points (plus JD) unless a moon was shot, and that is
  compared with our ``HandScored.points``.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest

from games.engine import (
    DECK,
    NEW_MATCH,
    Card,
    Command,
    CreateMatch,
    DealHand,
    Event,
    MatchState,
    PassCards,
    PassDirection,
    Phase,
    PlayCard,
    RuleSet,
    Seat,
    Suit,
    TakeSeat,
    check_deal,
    legal_cards,
    parse_card,
    step,
)
from games.engine.events import HandScored, TrickTaken

from .openspiel_map import (
    CARD_OF_OPENSPIEL,
    OPENSPIEL_CARD,
    OPENSPIEL_PASS_DIRECTION,
    openspiel_deal_actions,
    openspiel_parameters,
)

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel (PyPI open-spiel) is not installed; it has no wheel for this platform")

HANDS_PER_COMBINATION = 1000
MAX_HANDS_PER_COMBINATION = 5000
PENALTY_HEAVY_HANDS_PER_COMBINATION = 200

JACK_OF_DIAMONDS, QUEEN_OF_SPADES = parse_card("JD"), parse_card("QS")

PASSING_DIRECTIONS = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS)


@dataclass(frozen=True)
class Combination:
    """One combination of the variants both engines have."""

    queen_breaks_hearts: bool
    first_trick_points: bool
    jack_of_diamonds: int
    is_passing: bool

    @property
    def id(self) -> str:
        return "-".join((
            "queen_breaks" if self.queen_breaks_hearts else "queen_silent",
            "first_trick_points" if self.first_trick_points else "first_trick_clean",
            f"jd{self.jack_of_diamonds}",
            "pass" if self.is_passing else "hold",
        ))

    def rules(self, direction: PassDirection) -> RuleSet:
        """Our rules for a hand passing in ``direction`` (a match's hand 1)."""
        return RuleSet(pass_rotation=(direction,), pass_count=3,
                       first_trick_points=self.first_trick_points,
                       queen_breaks_hearts=self.queen_breaks_hearts,
                       jack_of_diamonds=self.jack_of_diamonds)

    def openspiel_parameters(self) -> dict[str, Any]:
        """The same variants as OpenSpiel game parameters, every one of them set."""
        direction = PassDirection.LEFT if self.is_passing else PassDirection.HOLD
        return openspiel_parameters(self.rules(direction))


COMBINATIONS = [
    Combination(queen, first_trick, jack, passing)
    for queen, first_trick, jack, passing in itertools.product(
        (False, True), (False, True), (0, -10), (True, False))
]


def _do(state: MatchState, command: Command) -> tuple[MatchState, list[Event]]:
    events, state = step(state, command)
    return state, events


def _openspiel_numbers(cards: list[Card]) -> list[int]:
    """OpenSpiel's numbers for ``cards``, ascending (the order of its legal actions)."""
    return sorted([OPENSPIEL_CARD[card.index] for card in cards])


def _openspiel_legal(state: Any) -> list[str]:
    """OpenSpiel's legal actions as our card codes, in our order (for failure messages)."""
    return _codes(sorted(CARD_OF_OPENSPIEL[action] for action in state.legal_actions()))


def _codes(cards: list[Card] | tuple[Card, ...]) -> list[str]:
    return [str(card) for card in cards]


def is_penalty_card(card: Card) -> bool:
    """A heart or QS."""
    return card.suit is Suit.HEARTS or card is QUEEN_OF_SPADES


def shuffled_deck(rng: random.Random, *, is_penalty_heavy: bool) -> list[Card]:
    """The 52 cards in OpenSpiel's dealing order (the k-th card to seat k % 4), shuffled.

    With ``is_penalty_heavy``, a seat drawn from ``rng`` is dealt 13 of the 14 penalty
    cards (every heart and QS), a deal random shuffles practically never give.
    """
    deck = list(DECK)
    rng.shuffle(deck)
    if not is_penalty_heavy:
        return deck
    heavy_seat = rng.choice(tuple(Seat))
    penalty = [card for card in deck if is_penalty_card(card)]
    others = penalty[13:] + [card for card in deck if not is_penalty_card(card)]
    rng.shuffle(others)
    heavy, rest = iter(penalty[:13]), iter(others)
    return [next(heavy) if k % 4 == heavy_seat else next(rest) for k in range(52)]


def play_both(combination: Combination, game: Any, seed: str, seen: Counter[str], *,
              is_penalty_heavy: bool = False) -> None:
    """Play one seeded random hand in both engines, asserting agreement at every step.

    ``seen`` counts the situations the hand reached in which the variants matter.
    """
    rng = random.Random(seed)
    where = f"{combination.id}, seed {seed!r}"
    direction = rng.choice(PASSING_DIRECTIONS) if combination.is_passing else PassDirection.HOLD
    deck = shuffled_deck(rng, is_penalty_heavy=is_penalty_heavy)
    deal = check_deal([deck[seat::4] for seat in Seat])

    ours, _ = _do(NEW_MATCH, CreateMatch(combination.rules(direction), (deal,)))
    for seat in Seat:
        ours, _ = _do(ours, TakeSeat(seat, bot_level="random"))
    ours, _ = _do(ours, DealHand(holdings=deal))
    theirs = game.new_initial_state()
    theirs.apply_action(OPENSPIEL_PASS_DIRECTION[direction])
    for action in openspiel_deal_actions(deal):
        theirs.apply_action(action)

    if combination.is_passing:
        assert ours.phase is Phase.PASSING, where
        for seat in Seat:
            holding = legal_cards(ours, seat)
            chosen = rng.sample(holding, 3)
            for count, card in enumerate(chosen):
                assert theirs.current_player() == seat, f"{where}: pass by {seat.label}"
                expected = [c for c in holding if c not in chosen[:count]]
                assert theirs.legal_actions() == _openspiel_numbers(expected), (
                    f"{where}: {seat.label}'s pass card {count + 1}: OpenSpiel "
                    f"{_openspiel_legal(theirs)}, ours {_codes(expected)}")
                theirs.apply_action(OPENSPIEL_CARD[card.index])
            ours, _ = _do(ours, PassCards(seat, tuple(chosen)))
        assert ours.hand is not None
        hands = theirs.to_struct().hands
        for seat in Seat:
            assert sorted(hands[seat]) == sorted(_codes(ours.hand.holdings[seat])), (
                f"{where}: {seat.label}'s holding after passing {direction.value}")

    assert ours.phase is Phase.PLAYING and ours.hand is not None, where
    jack = combination.jack_of_diamonds
    for _ in range(52):
        hand = ours.hand
        assert hand is not None and hand.trick is not None
        trick = hand.trick
        seat = trick.to_play
        decision = f"{where}, trick {trick.number} card {len(trick.cards) + 1} ({seat.label})"
        assert theirs.current_player() == seat, f"{decision}: OpenSpiel's player {theirs.current_player()}"
        legal = legal_cards(ours, seat)
        assert theirs.legal_actions() == _openspiel_numbers(legal), (
            f"{decision}: legal cards: OpenSpiel {_openspiel_legal(theirs)}, "
            f"ours {_codes(legal)}; holding {_codes(hand.holdings[seat])}, "
            f"trick {_codes(trick.cards)}, hearts broken {hand.hearts_broken}")
        if not trick.cards and not hand.hearts_broken:
            if all(c.suit is Suit.HEARTS for c in legal):
                seen["hearts-only lead, hearts unbroken"] += 1
            elif legal == [QUEEN_OF_SPADES] and len(hand.holdings[seat]) > 1:
                seen["QS-and-hearts-only lead, hearts unbroken"] += 1
        if trick.number == 1 and trick.cards and all(map(is_penalty_card, hand.holdings[seat])):
            seen["first trick, only hearts and QS held"] += 1
        card = rng.choice(legal)
        if card is QUEEN_OF_SPADES and not hand.hearts_broken:
            seen["QS played, hearts unbroken"] += 1
        if trick.number == 1 and is_penalty_card(card):
            seen["heart or QS on the first trick"] += 1

        ours, events = _do(ours, PlayCard(seat, card))
        theirs.apply_action(OPENSPIEL_CARD[card.index])
        assert ours.hand is not None
        assert theirs.hearts_broken() == ours.hand.hearts_broken, (
            f"{decision} played {card}: hearts broken: OpenSpiel {theirs.hearts_broken()}, "
            f"ours {ours.hand.hearts_broken}")
        taken = [event for event in events if isinstance(event, TrickTaken)]
        if taken and taken[0].number < 13:
            winner = taken[0].winner
            assert theirs.current_player() == winner, (
                f"{decision}: trick winner: OpenSpiel {theirs.current_player()}, ours {winner.label}")
            points = ours.hand.points_taken()
            jack_taker = next((t.winner for t in ours.hand.tricks if JACK_OF_DIAMONDS in t.cards), None)
            expected_points = [points[s] + (jack if s == jack_taker else 0) for s in Seat]
            assert [theirs.points(s) for s in Seat] == expected_points, (
                f"{decision}: points taken (JD included): OpenSpiel "
                f"{[theirs.points(s) for s in Seat]}, ours {expected_points}")

    scored = [event for event in events if isinstance(event, HandScored)]
    assert theirs.is_terminal() and scored, f"{where}: the hand did not end in both engines"
    openspiel_score = tuple(26 - int(value) for value in theirs.returns())
    assert scored[0].points == openspiel_score, (
        f"{where}: hand score: OpenSpiel {openspiel_score}, ours {scored[0].points}, "
        f"moon shooter {scored[0].moon_shooter}")
    if scored[0].moon_shooter is not None:
        seen["moon"] += 1


def test_card_numbers_map_to_openspiel_cards_of_the_same_name() -> None:
    state = pyspiel.load_game("hearts").new_initial_state()
    state.apply_action(0)  # past the pass-direction node, actions are named as cards
    names = {str(card): state.action_to_string(0, OPENSPIEL_CARD[card.index]) for card in DECK}
    assert names == {str(card): str(card) for card in DECK}
    assert sorted(OPENSPIEL_CARD) == list(range(52))


def test_pass_directions_map_to_openspiel_pass_actions_of_the_same_name() -> None:
    state = pyspiel.load_game("hearts").new_initial_state()
    names = {direction: state.action_to_string(0, action)
             for direction, action in OPENSPIEL_PASS_DIRECTION.items()}
    assert names == {PassDirection.HOLD: "No Pass", PassDirection.LEFT: "Left",
                     PassDirection.ACROSS: "Across", PassDirection.RIGHT: "Right"}


@pytest.mark.parametrize("combination", COMBINATIONS, ids=lambda combination: combination.id)
def test_engines_agree_on_legal_cards_tricks_and_scores_of_random_hands(
    combination: Combination,
) -> None:
    game = pyspiel.load_game("hearts", combination.openspiel_parameters())
    seen: Counter[str] = Counter()
    # The situations in which the variants matter: played until each has come up, within
    # MAX_HANDS_PER_COMBINATION (how soon they do: benchmarks/README.md, "The suite's time").
    wanted = ["moon", "hearts-only lead, hearts unbroken",
              "QS-and-hearts-only lead, hearts unbroken", "QS played, hearts unbroken"]
    if combination.first_trick_points:
        wanted.append("heart or QS on the first trick")
    for hand_index in range(MAX_HANDS_PER_COMBINATION):
        if hand_index >= HANDS_PER_COMBINATION and all(seen[situation] for situation in wanted):
            break
        play_both(combination, game, f"openspiel-differential/{combination.id}/{hand_index}", seen)
    assert all(seen[situation] for situation in wanted), seen
    assert (seen["heart or QS on the first trick"] >= 1) is combination.first_trick_points, seen


@pytest.mark.parametrize("combination", COMBINATIONS, ids=lambda combination: combination.id)
def test_engines_agree_on_hands_where_one_seat_is_dealt_only_hearts_and_the_queen(
    combination: Combination,
) -> None:
    game = pyspiel.load_game("hearts", combination.openspiel_parameters())
    seen: Counter[str] = Counter()
    for hand_index in range(PENALTY_HEAVY_HANDS_PER_COMBINATION):
        seed = f"openspiel-differential/penalty-heavy/{combination.id}/{hand_index}"
        play_both(combination, game, seed, seen, is_penalty_heavy=True)
    # On a hold hand the heavy seat keeps its cards: void in clubs and holding only
    # hearts and QS on the first trick, it may discard any of them under both rules.
    if not combination.is_passing:
        assert seen["first trick, only hearts and QS held"] >= 1, seen
        assert seen["heart or QS on the first trick"] >= 1, seen


def test_default_rules_map_to_openspiel_parameters() -> None:
    parameters = openspiel_parameters(RuleSet())
    assert parameters == {
        "pass_cards": True, "no_pts_on_first_trick": True, "jd_bonus": False,
        "qs_breaks_hearts": False, "must_break_hearts": True, "can_lead_any_club": False,
        "can_lead_hearts_instead_of_qs": False, "avoid_all_tricks_bonus": False,
    }
    assert pyspiel.load_game("hearts", parameters).get_parameters() == parameters
    for rules in (RuleSet(shoot_the_sun=True), RuleSet(pass_count=2)):
        with pytest.raises(ValueError):
            openspiel_parameters(rules)
