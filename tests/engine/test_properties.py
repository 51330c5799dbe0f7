"""Property-based tests (hypothesis) of the engine over drawn variants, deals and plays.

Each property of the engine is checked here, once. Hypothesis draws the ``RuleSet``
(pass rotation and count, first-trick points, QS breaking hearts, moon scoring, shoot
the sun, the jack of diamonds, a target small enough that matches end), the deals (any
permutation of the pack, deals with a seat void in clubs, and deals on which one seat
takes every trick), and every pass and play (an index into the holding or into the
sorted ``legal_cards``), and shrinks any failure to a minimal match. The properties are
those of scenarios.md ("Property checks") under every variant, with the legal cards of
every play against an independent reading of the rules, plus what the Decider promises:
``decide`` changes nothing it is given, ``replay`` rebuilds the state, events and states
survive their JSON forms, and ``seat_view``/``visible`` (in the API's JSON) show a seat nothing of another
seat's hidden cards (nor any seed). The OpenSpiel differential
(test_openspiel_differential.py) plays tens of thousands of random hands against an
independent engine.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import (
    DECK,
    NEW_MATCH,
    AbortMatch,
    Card,
    Command,
    CreateMatch,
    DealHand,
    IllegalMove,
    InviteSeat,
    LeaveSeat,
    MatchState,
    PassCards,
    PassDirection,
    Phase,
    PlayCard,
    ReleaseSeat,
    ReplaceSeat,
    RuleSet,
    Seat,
    Suit,
    TakeSeat,
    check_deal,
    decide,
    event_from_json,
    event_to_json,
    evolve,
    legal_cards,
    parse_card,
    parse_deal,
    replay,
    state_from_json,
    state_to_json,
)
from games.engine import step as step_of
from games.engine.cards import format_cards
from games.engine.events import (
    EVENT_TYPES,
    CardPlayed,
    CardsExchanged,
    CardsPassed,
    Event,
    HandDealt,
    HandScored,
    MatchCreated,
    MatchEnded,
    TrickTaken,
)
from games.engine.rules import MoonScoring, TiePolicy, pass_target
from games.engine.state import Deal, HandState

from .helpers import (
    D1,
    D4,
    Table,
    event_json,
    first_cards,
    first_legal,
    next_deal,
    rotate_deal,
    view_text,
)

TWO_OF_CLUBS, QUEEN_OF_SPADES, JACK_OF_DIAMONDS = (parse_card(c) for c in ("2C", "QS", "JD"))
_QUOTED_CODE = re.compile(r'"([2-9TJQKA][CDSH])"')

# Each test builds 60 whole matches of one to three hands; the file stays well
# under a minute (deadline off: a match is many engine calls).
MATCHES = settings(max_examples=60, deadline=None)


# --- strategies -----------------------------------------------------------------------------

# Strategies built once: building one per draw costs more than the draw.
SEATS = st.sampled_from(Seat)
SEEDS = st.integers(0, 2**32 - 1)
INDEXES = {size: st.integers(0, size - 1) for size in range(1, 53)}
PASS_PICKS = {count: st.lists(INDEXES[13], min_size=count, max_size=count, unique=True)
              for count in range(1, 5)}


def rule_sets(
    pass_rotation: st.SearchStrategy[tuple[PassDirection, ...]] | None = None,
) -> st.SearchStrategy[RuleSet]:
    """Every variant of docs/rules.md drawn at random, with a target of 1 to 60 points."""
    rotations = st.lists(st.sampled_from(PassDirection), min_size=1, max_size=4).map(tuple)
    return st.builds(
        RuleSet,
        target_score=st.integers(1, 60),
        pass_rotation=pass_rotation if pass_rotation is not None else rotations,
        pass_count=st.integers(1, 4),
        first_trick_points=st.booleans(),
        queen_breaks_hearts=st.booleans(),
        shoot_the_sun=st.booleans(),
        moon_scoring=st.sampled_from(MoonScoring),
        jack_of_diamonds=st.sampled_from((0, -10)),
        tie_policy=st.sampled_from(TiePolicy),
        max_tiebreak_hands=st.integers(0, 3),
    )


any_rules = rule_sets()

# A hold hand first: the deal is then the holdings at the start of play.
hold_first_rules = rule_sets(
    st.lists(st.sampled_from(PassDirection), max_size=3).map(lambda r: (PassDirection.HOLD, *r)))


def deal_of(cards: Sequence[Card]) -> Deal:
    """Cards 0-12 to north, 13-25 to east, 26-38 to south, 39-51 to west."""
    return check_deal([cards[i * 13:(i + 1) * 13] for i in range(4)])


# Shuffled from a drawn seed: a permutation drawn card by card cost most of the draws.
shuffled_deals = SEEDS.map(lambda seed: deal_of(random.Random(seed).sample(DECK, 52)))


@st.composite
def deals_with_a_seat_void_in_clubs(draw: st.DrawFn) -> Deal:
    """A deal where one seat (never the 2C holder) has no club: it discards on trick 1."""
    void = draw(st.sampled_from(Seat))
    shuffle = random.Random(draw(SEEDS)).sample
    non_clubs = shuffle([card for card in DECK if card.suit is not Suit.CLUBS], 39)
    clubs = [card for card in DECK if card.suit is Suit.CLUBS]
    rest = shuffle([*non_clubs[13:], *clubs], 39)
    holdings = [rest[0:13], rest[13:26], rest[26:39]]
    holdings.insert(void, non_clubs[:13])
    return check_deal(holdings)


# D4 turned to each seat: on a hold hand that seat (west in D4) takes all 13 tricks
# whatever anyone plays, since it holds the top cards of every suit it can lead.
SWEEPS = {rotate_deal(parse_deal(D4), steps): Seat.WEST.next(steps) for steps in range(4)}
sweep_deals = st.sampled_from(list(SWEEPS))

# The deck in order turned to each seat: every seat holds one whole suit (north's the clubs).
suit_deals = st.sampled_from([rotate_deal(deal_of(DECK), steps) for steps in range(4)])

any_deals = st.one_of(shuffled_deals, deals_with_a_seat_void_in_clubs(), sweep_deals, suit_deals)


@dataclass(frozen=True)
class Transition:
    """One event applied: the state before it, the event, the state after it."""

    before: MatchState
    event: Event
    after: MatchState


@dataclass(frozen=True)
class Step:
    """One accepted command and the events it caused, applied in order."""

    before: MatchState
    command: Command
    transitions: tuple[Transition, ...]

    @property
    def after(self) -> MatchState:
        return self.transitions[-1].after


class Match:
    """A match driven through ``decide`` and ``evolve``; every step is kept."""

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self.state: MatchState = NEW_MATCH

    def do(self, command: Command) -> None:
        before = self.state
        transitions = []
        for event in decide(before, command):
            after = evolve(self.state, event)
            transitions.append(Transition(self.state, event, after))
            self.state = after
        self.steps.append(Step(before, command, tuple(transitions)))

    @property
    def now(self) -> MatchState:
        assert self.state is not None
        return self.state

    @property
    def log(self) -> list[Event]:
        return [t.event for t in self.transitions]

    @property
    def transitions(self) -> list[Transition]:
        return [t for step in self.steps for t in step.transitions]

    @property
    def plays(self) -> list[Step]:
        return [step for step in self.steps if isinstance(step.command, PlayCard)]

    def __repr__(self) -> str:
        """The commands, one a line (what hypothesis prints for a failing example)."""
        lines = []
        for step in self.steps:
            command = step.command
            if isinstance(command, CreateMatch):
                lines.append(f"rules {json.dumps(command.rules.to_json())}")
                lines += [f"deal {[format_cards(h) for h in deal]}" for deal in command.deals]
            elif isinstance(command, DealHand):
                given = "the given deal" if command.holdings is not None else command.seed
                lines.append(f"DealHand({given}) -> hand {step.after.hand.number}"
                             f" from totals {list(step.before.totals)}")
            elif isinstance(command, PassCards):
                lines.append(f"{command.seat.label} passes {format_cards(command.cards)}")
            elif isinstance(command, PlayCard):
                # One trick a line, as the fixture scripts write it: "N 2C, E 8D, ...".
                play = f"{command.seat.label[0].upper()} {command.card}"
                trick = step.before.hand.trick
                lines.append(f"{lines.pop()}, {play}" if trick.cards else f"trick {play}")
            if step.before is not None and step.before.totals != step.after.totals:
                lines.append(f"totals {list(step.after.totals)}")
        return "Match(\n  " + "\n  ".join(lines) + "\n)"


@st.composite
def matches(draw: st.DrawFn, rules: st.SearchStrategy[RuleSet] = any_rules,
            deals: st.SearchStrategy[Deal] = any_deals, max_hands: int = 3,
            start_totals: bool = False) -> Match:
    """A match of up to ``max_hands`` hands (fewer if it ends first): the first hands from
    drawn explicit deals, any later ones shuffled from a drawn seed; passes are drawn
    positions in the holding (seats in a drawn order); plays are uniform among
    ``legal_cards``, from a seed drawn for each hand (one draw a play cost most of the
    test's time), so a failing example shows its plays but does not shrink them.

    With ``start_totals`` the match starts from drawn totals below the target (set on
    the state the way ``Table.set_totals`` does: the log then no longer replays to it)."""
    ruleset = draw(rules)
    hands = draw(INDEXES[max_hands]) + 1
    explicit = tuple(draw(deals) for _ in range(draw(INDEXES[hands]) + 1))
    match = Match()
    match.do(CreateMatch(ruleset, explicit))
    for seat in Seat:
        match.do(TakeSeat(seat, player=f"player-{seat.label}"))
    if start_totals:
        total = st.integers(min(-30, ruleset.target_score - 1), ruleset.target_score - 1)
        match.state = replace(match.now, totals=draw(st.tuples(total, total, total, total)))
    while match.now.phase is Phase.DEALING and match.now.hands_played < hands:
        match.do(next_deal(match.now, explicit, draw(SEEDS)))
        plays = random.Random(draw(SEEDS))
        if match.now.phase is Phase.PASSING:
            for seat in draw(st.permutations(list(Seat))):
                holding = match.now.hand.holdings[seat]
                picks = draw(PASS_PICKS[ruleset.pass_count])
                match.do(PassCards(seat, tuple(holding[i] for i in picks)))
        while match.now.phase is Phase.PLAYING:
            seat = match.now.to_act[0]
            legal = legal_cards(match.now, seat)
            match.do(PlayCard(seat, plays.choice(legal)))
    return match


# --- an independent reading of the rules -------------------------------------------------


def penalty(cards: Sequence[Card]) -> int:
    return sum(card.suit is Suit.HEARTS for card in cards) + 13 * (QUEEN_OF_SPADES in cards)


def is_point_card(card: Card) -> bool:
    return card.suit is Suit.HEARTS or card == QUEEN_OF_SPADES


def match_would_end(totals: Sequence[int], rules: RuleSet, hand_number: int,
                    end_started_after: int | None) -> bool:
    """docs/rules.md, "End of the match", after hand ``hand_number`` left ``totals``: the end
    begins with the first hand that brings a total to the target; from then on a seat
    alone at the lowest total wins, ``share`` ends a tie at once, and ``play_on`` ends it
    as a shared result when the last allowed extra hand is done."""
    if end_started_after is not None:
        first = end_started_after
    elif any(total >= rules.target_score for total in totals):
        first = hand_number
    else:
        return False
    tied_lowest = sorted(totals)[0] == sorted(totals)[1]
    if not tied_lowest or rules.tie_policy is TiePolicy.SHARE:
        return True
    return hand_number - first == rules.max_tiebreak_hands


def expected_score(before: MatchState, hand: HandState) -> tuple[tuple[int, ...], Seat | None, bool]:
    """The hand's points by seat, the shooter (moon or sun) and whether it was a sun.

    ``before`` is the state before ``hand_scored`` (its totals are the match totals
    before this hand). The shooter is found by the cards taken (26 penalty points is
    all 13 hearts and QS), or with ``shoot_the_sun`` by all 13 tricks; JD is added last.
    """
    rules = before.rules
    points = [penalty(hand.taken[seat]) for seat in Seat]
    jack = [rules.jack_of_diamonds * (JACK_OF_DIAMONDS in hand.taken[seat]) for seat in Seat]
    tricks = [sum(trick.winner == seat for trick in hand.tricks) for seat in Seat]
    shooter, amount, is_sun = None, 0, False
    if rules.shoot_the_sun and 13 in tricks:
        shooter, amount, is_sun = Seat(tricks.index(13)), 52, True
    elif 26 in points:
        shooter, amount = Seat(points.index(26)), 26
    if shooter is not None:
        added = [0 if seat == shooter else amount for seat in Seat]
        subtract = rules.moon_scoring is MoonScoring.SUBTRACT_FROM_SHOOTER
        if rules.moon_scoring is MoonScoring.SHOOTERS_CHOICE:
            after = [t + a + j for t, a, j in zip(before.totals, added, jack, strict=True)]
            alone = all(after[shooter] < after[seat] for seat in Seat if seat != shooter)
            subtract = not alone and match_would_end(after, rules, hand.number,
                                                     before.end_started_after)
        points = [-amount if seat == shooter else 0 for seat in Seat] if subtract else added
    return tuple(p + j for p, j in zip(points, jack, strict=True)), shooter, is_sun


def card_codes(data: object) -> set[str]:
    """Every card code anywhere in a JSON value (which must serialize as JSON)."""
    return codes_in(json.dumps(data))


def codes_in(text: str) -> set[str]:
    """Every card code quoted in a JSON text."""
    return set(_QUOTED_CODE.findall(text))


def hidden_cards(state: MatchState, seat: Seat, other: Seat) -> set[str]:
    """``other``'s unplayed cards that ``seat`` may not know: all of its holding except,
    after the exchange, the cards ``seat`` passed to it."""
    hand = state.hand
    assert hand is not None
    hidden = {str(card) for card in hand.holdings[other]}
    own_pass = hand.passes[seat]
    if hand.is_exchanged and own_pass is not None and pass_target(
            seat, hand.pass_direction) == other:
        hidden -= {str(card) for card in own_pass}
    return hidden


def is_first_lead(state: MatchState) -> bool:
    """Whether play has just started: trick 1 waits for its lead."""
    trick = state.hand.trick if state.hand is not None else None
    return state.phase is Phase.PLAYING and trick is not None and trick.number == 1 \
        and not trick.cards


def played_cards(state: MatchState) -> set[str]:
    hand = state.hand
    assert hand is not None
    cards = [card for taken in hand.taken for card in taken]
    cards += hand.trick.cards if hand.trick is not None else ()
    return {str(card) for card in cards}


# --- 1. the property checks of scenarios.md, under every variant ---------------------------


@MATCHES
@given(matches())
def test_hand_points_sum_to_26_or_the_moon_or_sun_amount_then_the_jack(match):
    """Points of a hand sum to J + 26 (no shooter), J + 78 or J - 26 (moon, added to the
    others or taken from the shooter), J + 156 or J - 52 (sun); J is ``jack_of_diamonds``
    (0 or -10, JD is always taken). ``shooters_choice`` scores the moon added to the
    others unless that ends the match with the shooter not alone lowest. Each seat's
    points and the totals are those expected too."""
    scored = [t for t in match.transitions if isinstance(t.event, HandScored)]
    for t in scored:
        event, rules, taken = t.event, t.before.rules, t.before.hand.taken
        points, shooter, is_sun = expected_score(t.before, t.before.hand)
        if shooter is None:
            total = 26
        else:
            amount = 52 if is_sun else 26
            jack = rules.jack_of_diamonds * (JACK_OF_DIAMONDS in taken[shooter])
            subtracted = points[shooter] - jack == -amount
            if rules.moon_scoring is not MoonScoring.SHOOTERS_CHOICE:
                assert subtracted is (rules.moon_scoring is MoonScoring.SUBTRACT_FROM_SHOOTER)
            total = -amount if subtracted else 3 * amount
        assert sum(event.points) == total + rules.jack_of_diamonds
        assert (event.points, event.moon_shooter, event.is_sun) == (points, shooter, is_sun)
        assert event.totals == tuple(
            b + p for b, p in zip(t.before.totals, points, strict=True)) == t.after.totals
    assert len(scored) == match.now.hands_played >= 1


@MATCHES
@given(matches(rules=hold_first_rules, deals=sweep_deals, max_hands=1, start_totals=True))
def test_a_seat_taking_every_trick_shoots_the_sun_with_the_variant_and_the_moon_without(match):
    """From drawn totals, so that ``shooters_choice`` goes both ways."""
    scored = next(t for t in match.transitions if isinstance(t.event, HandScored))
    rules, event, totals = scored.before.rules, scored.event, scored.before.totals
    sweeper = SWEEPS[match.steps[0].command.deals[0]]
    assert scored.before.hand.tricks_won()[sweeper] == 13
    amount = 52 if rules.shoot_the_sun else 26
    added = [0 if seat == sweeper else amount for seat in Seat]
    added[sweeper] += rules.jack_of_diamonds  # the sweeper took JD too
    subtracted = [-amount if seat == sweeper else 0 for seat in Seat]
    subtracted[sweeper] += rules.jack_of_diamonds
    if rules.moon_scoring is MoonScoring.SHOOTERS_CHOICE:
        # Adding ends the match if a total reaches the target and some seat is alone
        # lowest (or ties share, or no tiebreak hand is allowed): this is hand 1.
        after = [t + p for t, p in zip(totals, added, strict=True)]
        shooter_alone_lowest = all(after[sweeper] < after[s] for s in Seat if s != sweeper)
        ends = max(after) >= rules.target_score and (
            after.count(min(after)) == 1 or rules.tie_policy is TiePolicy.SHARE
            or rules.max_tiebreak_hands == 0)
        expected = subtracted if ends and not shooter_alone_lowest else added
    else:
        expected = subtracted if rules.moon_scoring is MoonScoring.SUBTRACT_FROM_SHOOTER else added
    assert event.moon_shooter == sweeper and event.is_sun is rules.shoot_the_sun
    assert event.points == tuple(expected)
    assert event.points == expected_score(scored.before, scored.before.hand)[0]


@MATCHES
@given(matches())
def test_52_distinct_cards_are_in_holdings_trick_and_taken_after_every_event(match):
    checked = 0
    for t in match.transitions:
        hand = t.after.hand
        if hand is None:
            continue
        cards = [card for holding in hand.holdings for card in holding]
        cards += [card for taken in hand.taken for card in taken]
        cards += hand.trick.cards if hand.trick is not None else ()
        assert len(cards) == 52 and set(cards) == set(DECK)
        checked += 1
    assert checked >= 53 * match.now.hands_played


@MATCHES
@given(matches())
def test_holdings_are_13_at_start_of_play_and_drop_by_one_per_trick(match):
    starts = 0
    for t in match.transitions:
        hand = t.after.hand
        if isinstance(t.event, HandDealt | CardsExchanged):
            assert [len(holding) for holding in hand.holdings] == [13] * 4
        if t.after.phase is Phase.PLAYING or isinstance(t.event, TrickTaken | HandScored):
            in_trick = {seat for seat, _ in hand.trick.plays} if hand.trick else set()
            assert [len(hand.holdings[seat]) for seat in Seat] == [
                13 - len(hand.tricks) - (seat in in_trick) for seat in Seat]
        if is_first_lead(t.after):
            starts += 1
    assert starts == match.now.hands_played


@MATCHES
@given(matches())
def test_trick_winner_played_the_highest_card_of_the_led_suit_and_leads_next(match):
    taken = [t for t in match.transitions if isinstance(t.event, TrickTaken)]
    for t in taken:
        trick = t.after.hand.tricks[-1]
        led = trick.cards[0].suit
        best = max((card for card in trick.cards if card.suit is led), key=lambda c: c.rank)
        assert dict(trick.plays)[t.event.winner] == best
        assert t.event.points == trick.points == penalty(trick.cards)
        if trick.number < 13:
            assert t.after.hand.trick.leader == t.event.winner
            assert t.after.hand.trick.cards == ()
    assert len(taken) == 13 * match.now.hands_played


@MATCHES
@given(matches())
def test_hearts_broken_flips_only_on_a_heart_or_a_breaking_queen_and_never_back(match):
    for t in match.transitions:
        if t.before.hand is None or isinstance(t.event, HandDealt):
            continue
        was, now = t.before.hand.hearts_broken, t.after.hand.hearts_broken
        if isinstance(t.event, CardPlayed):
            card = t.event.card
            breaks = card.suit is Suit.HEARTS or (
                card == QUEEN_OF_SPADES and t.after.rules.queen_breaks_hearts)
            assert now is (was or breaks)
        else:
            assert now is was


@MATCHES
@given(matches())
def test_hearts_are_unbroken_at_every_deal_and_at_the_first_lead(match):
    dealt = [t for t in match.transitions if isinstance(t.event, HandDealt)]
    for t in dealt:
        assert t.after.hand.hearts_broken is False
    first_leads = [t.after for t in match.transitions if is_first_lead(t.after)]
    for state in first_leads:
        assert state.hand.hearts_broken is False
    assert len(dealt) == len(first_leads) == match.now.hands_played


def expected_follow(holding: Sequence[Card], led: Suit, trick_number: int,
                    rules: RuleSet) -> set[Card]:
    """docs/rules.md, "A hand", steps 4 and 5: follow suit; void, anything but points on
    trick 1 only."""
    same = {card for card in holding if card.suit is led}
    if same:
        return same
    if trick_number == 1 and not rules.first_trick_points:
        return {card for card in holding if not is_point_card(card)} or set(holding)
    return set(holding)


def check_plays_against_the_first_trick_ban(match: Match) -> int:
    """Check every play's legal set against the ban; return how many trick-1 void
    followers held both point cards and others (the case the ban is about)."""
    banned_cases = 0
    for step in match.plays:
        state, seat = step.before, step.command.seat
        hand, trick = state.hand, state.hand.trick
        holding = hand.holdings[seat]
        legal = set(legal_cards(state, seat))
        if not trick.cards:
            if trick.number == 1:
                assert legal == {TWO_OF_CLUBS}
            continue
        led = trick.cards[0].suit
        assert legal == expected_follow(holding, led, trick.number, state.rules)
        is_void = all(card.suit is not led for card in holding)
        mixed = any(map(is_point_card, holding)) and not all(map(is_point_card, holding))
        if trick.number == 1 and is_void and mixed:
            banned_cases += 1
            point = next(card for card in holding if is_point_card(card))
            if state.rules.first_trick_points:
                assert point in legal
            else:
                try:
                    decide(state, PlayCard(seat, point))
                except IllegalMove as refusal:
                    assert refusal.code == "no_points_on_first_trick"
                else:
                    raise AssertionError(f"{point} accepted on trick 1")
    return banned_cases


@MATCHES
@given(matches())
def test_first_trick_ban_applies_to_every_play_of_trick_one_and_no_later_trick(match):
    check_plays_against_the_first_trick_ban(match)
    assert len(match.plays) >= 52 * match.now.hands_played


def expected_lead(holding: Sequence[Card], hearts_broken: bool) -> set[Card]:
    """docs/rules.md, "A hand", step 6, for the leads after the first trick: no heart
    until hearts are broken, unless the leader holds nothing else."""
    if hearts_broken or all(card.suit is Suit.HEARTS for card in holding):
        return set(holding)
    return {card for card in holding if card.suit is not Suit.HEARTS}


@MATCHES
@given(matches())
def test_legal_leads_match_an_independent_reading_of_the_rules(match):
    """The first lead is checked with the first trick's rules, above."""
    leads = [step for step in match.plays
             if not step.before.hand.trick.cards and step.before.hand.trick.number > 1]
    for step in leads:
        state, seat = step.before, step.command.seat
        expected = expected_lead(state.hand.holdings[seat], state.hand.hearts_broken)
        assert set(legal_cards(state, seat)) == expected, (seat, state.hand.holdings[seat])
    assert len(leads) == 12 * match.now.hands_played


@MATCHES
@given(matches(rules=hold_first_rules, deals=deals_with_a_seat_void_in_clubs(), max_hands=1))
def test_first_trick_ban_binds_a_seat_void_in_clubs_holding_points_and_others(match):
    deal = match.steps[0].command.deals[0]
    void = next(seat for seat in Seat if all(card.suit is not Suit.CLUBS for card in deal[seat]))
    mixed = any(map(is_point_card, deal[void])) and not all(map(is_point_card, deal[void]))
    # Another seat may be void in clubs too; this one surely is.
    assert check_plays_against_the_first_trick_ban(match) >= int(mixed)


@MATCHES
@given(matches())
def test_each_accepted_pass_is_pass_count_distinct_held_cards_moved_to_its_receiver(match):
    for step in match.steps:
        if isinstance(step.command, PassCards):
            before, seat = step.before, step.command.seat
            count = before.rules.pass_count
            passed = step.transitions[0].event
            assert isinstance(passed, CardsPassed) and passed.seat == seat
            assert len(passed.cards) == len(set(passed.cards)) == count
            assert set(passed.cards) <= set(before.hand.holdings[seat])
    for t in match.transitions:
        if isinstance(t.event, CardsExchanged):
            before, after, event = t.before.hand, t.after.hand, t.event
            assert event.pass_direction is before.pass_direction is not PassDirection.HOLD
            for passer in Seat:
                cards = set(event.passes[passer])
                receiver = pass_target(passer, event.pass_direction)
                assert cards == set(before.passes[passer])
                assert len(cards) == t.after.rules.pass_count
                assert cards <= set(before.holdings[passer]) and cards <= set(after.holdings[receiver])
                assert not cards & set(after.holdings[passer])


# --- 2. decide changes nothing it is given ------------------------------------------------


PROBE_KINDS = ("play", "pass", "deal", "seat", "create")


@st.composite
def probe_commands(draw: st.DrawFn, state: MatchState, moves_only: bool = False) -> Command:
    """Any command, legal or not (only plays and passes with ``moves_only``); the cards
    come from the seat's own holding half the time, else from the whole pack."""
    kind = draw(st.sampled_from(PROBE_KINDS[:2] if moves_only else PROBE_KINDS))
    seat = draw(SEATS)
    holding = state.hand.holdings[seat] if state.hand is not None else ()
    pool = holding if holding and draw(st.booleans()) else DECK
    if kind == "play":
        return PlayCard(seat, pool[draw(INDEXES[len(pool)])])
    if kind == "pass":
        return PassCards(seat, tuple(pool[draw(INDEXES[len(pool)])]
                                     for _ in range(draw(st.integers(0, 5)))))
    if kind == "deal":
        return DealHand(draw(SEEDS))
    if kind == "seat":
        return TakeSeat(seat if draw(st.booleans()) else None,
                        player=draw(st.sampled_from(("player-north", "newcomer"))))
    return CreateMatch()


def decide_unchanged(state: MatchState, command: Command) -> list[Event] | ValueError:
    """``decide(state, command)``, asserting it left both arguments as they were (the
    state compared with one rebuilt from its snapshot taken before the call). A refusal
    (``IllegalMove``) or a command no caller may send (``ValueError``) is returned."""
    snapshot = state_to_json(state)
    command_copy = copy.deepcopy(command)
    try:
        result: list[Event] | ValueError = decide(state, command)
    except ValueError as refusal:
        result = refusal
    assert command == command_copy
    assert state_to_json(state) == snapshot and state == state_from_json(snapshot)
    return result


@MATCHES
@given(matches(max_hands=2), st.data())
def test_decide_changes_neither_state_nor_command_whether_it_accepts_or_refuses(match, data):
    refused = 0
    for step in match.steps:
        assert decide_unchanged(step.before, step.command) == [t.event for t in step.transitions]
        probe = data.draw(probe_commands(step.before))
        refused += isinstance(decide_unchanged(step.before, probe), ValueError)
    assert refused >= 1  # CreateMatch, at least, is refused once the match exists


@MATCHES
@given(matches(max_hands=2), st.data())
def test_decide_accepts_a_play_or_pass_exactly_when_the_rules_allow_it(match, data):
    for step in match.steps:
        state = step.before
        if state.hand is None:
            continue
        probe = data.draw(probe_commands(state, moves_only=True))
        try:
            result: list[Event] | IllegalMove = decide(state, probe)
        except IllegalMove as refusal:
            result = refusal
        seat, hand = probe.seat, state.hand
        if isinstance(probe, PlayCard):
            allowed = (state.phase is Phase.PLAYING and state.to_act == [seat]
                       and probe.card in legal_cards(state, seat))
        else:
            count = state.rules.pass_count
            allowed = (state.phase is Phase.PASSING and hand.passes[seat] is None
                       and len(probe.cards) == len(set(probe.cards)) == count
                       and set(probe.cards) <= set(hand.holdings[seat]))
        assert isinstance(result, list) is allowed, (probe, result)


# --- 3. replay and snapshots ----------------------------------------------------------------


@MATCHES
@given(matches(), st.data())
def test_replay_of_the_log_equals_the_state_built_step_by_step(match, data):
    cut = data.draw(st.integers(1, len(match.steps)), label="steps replayed")
    log = [t.event for step in match.steps[:cut] for t in step.transitions]
    assert replay(log) == match.steps[cut - 1].after
    assert replay(match.log) == match.now


@MATCHES
@given(matches())
def test_every_state_survives_its_json_snapshot(match):
    for t in match.transitions:
        snapshot = json.loads(json.dumps(state_to_json(t.after)))
        assert state_from_json(snapshot) == t.after


# --- 4. events and their JSON form ---------------------------------------------------------


def round_trip(event: Event) -> Event:
    data = json.loads(json.dumps(event_to_json(event)))
    assert data["type"] == event.type and data["v"] == 2
    return event_from_json(data)


@MATCHES
@given(matches())
def test_every_event_of_a_drawn_match_survives_its_json_round_trip(match):
    for event in match.log:
        assert round_trip(event) == event


def test_a_short_match_logs_every_event_type_each_surviving_its_json_round_trip():
    # Target 1 with shared ties: the first hand (passed left, from deal D1) ends the match.
    # North leaves and comes back after its pass, and west is replaced after its own; east's
    # plays are a stand-in's; a second match is aborted.
    table = Table(D1, rules=RuleSet(target_score=1, tie_policy=TiePolicy.SHARE))
    while table.now.phase is not Phase.FINISHED:
        seat = table.now.to_act[0]
        if table.now.phase is Phase.PASSING:
            table.do(PassCards(seat, first_cards(table.now, seat)))
            if seat is Seat.NORTH:
                table.do(LeaveSeat(Seat.NORTH, "hard"))
                table.do(TakeSeat(None, player="player-north"))
            if seat is Seat.WEST:
                table.do(ReplaceSeat(Seat.WEST, "easy"))
        else:
            table.do(PlayCard(seat, first_legal(table.now, seat), auto=seat is Seat.EAST))
    aborted = Table(D1)
    aborted.do(AbortMatch("a test"))
    state, invitations = NEW_MATCH, []
    for command in (CreateMatch(), InviteSeat(Seat.EAST, "player-east"),
                    ReleaseSeat(Seat.EAST, "declined")):
        events, state = step_of(state, command)
        invitations += events
    log = table.log + aborted.log + invitations
    assert {event.type for event in log} == set(EVENT_TYPES) and len(EVENT_TYPES) == 14
    assert isinstance(table.log[-1], MatchEnded) and table.now.hands_played == 1
    assert {e.auto for e in table.log if isinstance(e, CardPlayed) and e.seat is Seat.EAST} == {True}
    for event in log:
        assert round_trip(event) == event


# --- 5. what a seat may see ------------------------------------------------------------------


@MATCHES
@given(matches())
def test_seat_view_never_shows_another_seats_unplayed_cards_or_pass(match):
    for t in match.transitions:
        state, hand = t.after, t.after.hand
        if hand is None:
            continue
        for seat in Seat:
            text = view_text(state, seat)
            shown = codes_in(text)
            assert json.loads(text)["hand"] == [str(card) for card in hand.holdings[seat]]
            for other in Seat:
                if other == seat:
                    continue
                assert not shown & hidden_cards(state, seat, other), (seat, other)
                if not hand.is_exchanged and hand.passes[other] is not None:
                    assert not shown & {str(card) for card in hand.passes[other]}
        spectator = codes_in(view_text(state, None))
        assert spectator <= played_cards(state)


@MATCHES
@given(matches())
def test_redacted_events_never_show_another_seats_unplayed_cards_or_pass(match):
    for t in match.transitions:
        state, event, hand = t.after, t.event, t.after.hand
        for seat in Seat:
            shown = card_codes(event_json(event, seat))
            if isinstance(event, MatchCreated):
                assert shown == set()  # the explicit deals are everyone's future holdings
                continue
            if hand is None:
                assert shown == set()
                continue
            for other in Seat:
                if other != seat:
                    assert not shown & hidden_cards(state, seat, other), (event, seat, other)
            if isinstance(event, HandDealt):
                assert shown == {str(card) for card in event.holdings[seat]}
                assert "seed" not in event_json(event, seat)
            if isinstance(event, CardsPassed):
                assert shown == ({str(c) for c in event.cards} if seat == event.seat else set())
            if isinstance(event, CardsExchanged):  # the seat's own pass and the one it received
                source = next(s for s in Seat if pass_target(s, event.pass_direction) == seat)
                assert shown == {str(card) for card in (*event.passes[seat], *event.passes[source])}
        if isinstance(event, HandDealt):
            assert "seed" not in event_json(event, None)
        if hand is not None:
            assert card_codes(event_json(event, None)) <= played_cards(state)
