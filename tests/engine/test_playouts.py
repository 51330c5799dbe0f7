"""Seeded random play-outs checking the property list at the end of scenarios.md.

One module-scoped simulation plays whole matches with random passes and random
legal plays (default rules) until ``HANDS`` hands have been scored. The rules
properties are checked at every step of every hand; the costly projections
(the state's JSON snapshot, every seat's view after every command, every
redacted public event) at every step of one hand in ``DEEP_EVERY``; in the
other hands, every seat's view at the start of play, and every redacted
private event (deal, passes, exchange). Each property has its own
test, which fails with the first few counter-examples found, and also fails if
the property was checked too rarely to mean anything.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field

import pytest

from games.engine import (
    DECK,
    NEW_MATCH,
    Card,
    CreateMatch,
    DealHand,
    IllegalMove,
    MatchState,
    PassCards,
    Phase,
    PlayCard,
    RuleSet,
    Seat,
    Suit,
    TakeSeat,
    decide,
    event_from_json,
    event_to_json,
    evolve,
    legal_cards,
    parse_card,
    redact,
    replay,
    seat_view,
    state_from_json,
    state_to_json,
)
from games.engine.events import (
    CardPlayed,
    CardsExchanged,
    CardsPassed,
    Event,
    HandDealt,
    HandScored,
    MatchCreated,
    TrickTaken,
)
from games.engine.rules import pass_target

HANDS = 2000
DEEP_EVERY = 20
SEED = 20240601
_QUOTED_CODE = re.compile(r'"([2-9TJQKA][CDSH])"')
TWO_OF_CLUBS, QUEEN_OF_SPADES = parse_card("2C"), parse_card("QS")


def expected_legal(holding: tuple[Card, ...], trick: tuple[Card, ...], trick_number: int,
                   hearts_broken: bool) -> set[Card]:
    """docs/rules.md, "A hand", steps 3 to 6, written out again independently of the engine."""
    def is_point(card: Card) -> bool:
        return card.suit is Suit.HEARTS or card == QUEEN_OF_SPADES

    if not trick:
        if trick_number == 1:
            return {TWO_OF_CLUBS}
        if hearts_broken or all(card.suit is Suit.HEARTS for card in holding):
            return set(holding)
        return {card for card in holding if card.suit is not Suit.HEARTS}
    same_suit = {card for card in holding if card.suit is trick[0].suit}
    if same_suit:
        return same_suit
    if trick_number == 1 and not all(is_point(card) for card in holding):
        return {card for card in holding if not is_point(card)}
    return set(holding)


def card_codes(data: object) -> set[str]:
    """Every card code anywhere in a JSON value (which must serialize as JSON)."""
    return set(_QUOTED_CODE.findall(json.dumps(data)))


@dataclass
class Simulation:
    """Counts of checks made and the first failures of each property."""

    checked: Counter[str] = field(default_factory=Counter)
    failures: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    hands: int = 0
    moons: int = 0

    def check(self, prop: str, ok: bool, *context: object) -> None:
        """Count one check of ``prop``; keep ``context`` of its first few failures."""
        self.checked[prop] += 1
        if not ok and len(self.failures[prop]) < 5:
            self.failures[prop].append(" ".join(map(str, context)))


@dataclass
class Knowledge:
    """What each seat may know of the current hand's hidden cards."""

    dealt: dict[Seat, set[str]] = field(default_factory=dict)
    given: dict[Seat, set[str]] = field(default_factory=dict)
    received: dict[Seat, set[str]] = field(default_factory=dict)
    played: set[str] = field(default_factory=set)

    def of(self, seat: Seat) -> set[str]:
        return (self.dealt.get(seat, set()) | self.given.get(seat, set())
                | self.received.get(seat, set()) | self.played)


class Playout:
    """One match played at random through ``decide`` and ``evolve``, every step checked."""

    def __init__(self, sim: Simulation, rng: random.Random) -> None:
        self.sim, self.rng = sim, rng
        self.state: MatchState = NEW_MATCH
        self.log: list[Event] = []
        self.known = Knowledge()
        self.checkpoint: tuple[int, MatchState] | None = None
        self.deep = True

    def run(self) -> None:
        """Play the match until it ends or the simulation has scored ``HANDS`` hands."""
        self.command(CreateMatch(RuleSet()))
        for seat in Seat:
            self.command(TakeSeat(seat, bot_level="random"))
        checkpoint_at = self.rng.randrange(60, 600)
        while self.state.phase is Phase.DEALING and self.sim.hands < HANDS:
            self.deep = self.sim.hands % DEEP_EVERY == 0
            self.command(DealHand(self.rng.randrange(2**32)))
            while self.state.phase is Phase.PASSING:
                seat = self.rng.choice(self.state.to_act)
                self.command(PassCards(seat, tuple(self.rng.sample(self.holding(seat), 3))))
            while self.state.phase is Phase.PLAYING:
                self.command(PlayCard(self.state.to_act[0], self.choose_play()))
                if len(self.log) >= checkpoint_at and self.checkpoint is None:
                    self.checkpoint = (len(self.log), self.state)
        self.check_replay()

    def holding(self, seat: Seat) -> tuple[Card, ...]:
        return self.state.hand.holdings[seat]

    def command(self, command: object) -> None:
        events = decide(self.state, command)
        for event in events:
            before, self.state = self.state, evolve(self.state, event)
            self.log.append(event)
            self.check_event(before, event, self.state)
        hand = self.state.hand
        starts_play = hand is not None and hand.trick is not None and hand.trick.cards == ()
        if self.deep or (starts_play and hand.trick.number == 1):
            self.check_views()

    # --- plays -------------------------------------------------------------------------

    def choose_play(self) -> Card:
        """Check the legal set of the seat on turn, then pick one of its cards at random."""
        hand, seat = self.state.hand, self.state.to_act[0]
        holding, trick = self.holding(seat), hand.trick
        legal = legal_cards(self.state, seat)
        expected = expected_legal(holding, trick.cards, trick.number, hand.hearts_broken)
        self.sim.check("legal_sets", set(legal) == expected,
                       "trick", trick.number, trick.cards, holding, legal)
        points_held = [card for card in holding if card.suit is Suit.HEARTS
                       or card == QUEEN_OF_SPADES]
        is_void = trick.cards and not any(card.suit is trick.cards[0].suit for card in holding)
        if is_void and points_held and len(points_held) < len(holding):
            # A void follower holding point cards and others: the case the ban is about.
            points_allowed = any(card in legal for card in points_held)
            prop = (f"first_trick_ban_position_{len(trick.cards) + 1}" if trick.number == 1
                    else "no_ban_after_trick_one")
            self.sim.check(prop, points_allowed is (trick.number > 1),
                           "trick", trick.number, holding, legal)
        # One card outside the legal set, held if there is one, must be refused.
        illegal = ([card for card in holding if card not in legal]
                   or [card for card in DECK if card not in holding])
        card = self.rng.choice(illegal)
        try:
            decide(self.state, PlayCard(seat, card))
        except IllegalMove:
            refused = True
        else:
            refused = False
        self.sim.check("illegal_play_refused", refused, seat, card, "accepted")
        return self.rng.choice(legal)

    # --- per event -----------------------------------------------------------------------

    def check_event(self, before: MatchState | None, event: Event, after: MatchState) -> None:
        sim = self.sim
        data = event_to_json(event)
        sim.check("event_json", event_from_json(json.loads(json.dumps(data))) == event,
                  event)
        if self.deep:
            snapshot = json.loads(json.dumps(state_to_json(after)))
            sim.check("state_json", state_from_json(snapshot) == after, event)
        self.learn(event)
        if self.deep or not isinstance(event, CardPlayed | TrickTaken):
            self.check_redaction(event)
        hand = after.hand
        if isinstance(event, HandDealt):
            sim.check("hearts_reset", not hand.hearts_broken, event)
            self.check_sizes(after, 13)
        if isinstance(event, CardPlayed):
            was, now = before.hand.hearts_broken, hand.hearts_broken
            sim.check("hearts_flag", now is (was or event.card.suit is Suit.HEARTS),
                      event.card, was, now)
            self.check_sizes(after, 14 - hand.trick.number)
        if isinstance(event, CardsExchanged):
            self.check_exchange(before, event, after)
        if isinstance(event, TrickTaken):
            self.check_trick(after)
        if isinstance(event, HandScored):
            self.check_score(before, event, after)
        if hand is not None and after.phase in (Phase.PASSING, Phase.PLAYING):
            self.check_cards(after)

    def learn(self, event: Event) -> None:
        known = self.known
        if isinstance(event, HandDealt):
            self.known = Knowledge({seat: {str(c) for c in event.holdings[seat]} for seat in Seat})
        elif isinstance(event, CardsPassed):
            known.given[event.seat] = {str(c) for c in event.cards}
        elif isinstance(event, CardsExchanged):
            for passer in Seat:
                target = pass_target(passer, event.pass_direction)
                known.received[target] = {str(c) for c in event.passes[passer]}
        elif isinstance(event, CardPlayed):
            known.played.add(str(event.card))

    def check_redaction(self, event: Event) -> None:
        """Private events show a seat exactly its own cards; the rest only played cards."""
        known = self.known
        for seat in (*Seat, None):
            data = redact(event, seat)
            shown = card_codes(data)
            exact: set[str] | None = None
            if isinstance(event, MatchCreated):
                exact = set()
            elif isinstance(event, HandDealt):
                exact = known.dealt[seat] if seat is not None else set()
                self.sim.check("redacted_deal_has_no_seed", "seed" not in data, data)
            elif isinstance(event, CardsPassed):
                exact = known.given[seat] if seat == event.seat else set()
            elif isinstance(event, CardsExchanged):
                exact = known.given[seat] | known.received[seat] if seat is not None else set()
            if exact is not None:
                self.sim.check("redacted_private_event_exact", shown == exact,
                               seat, data)
            else:
                self.sim.check("redaction_hides_cards", shown <= known.played,
                               seat, "sees", shown - known.played, data)

    def check_views(self) -> None:
        state = self.state
        for seat in (*Seat, None):
            view = seat_view(state, seat).to_json()
            allowed = self.known.of(seat) if seat is not None else self.known.played
            shown = card_codes(view)
            self.sim.check("view_hides_cards", shown <= allowed,
                           seat, "sees", shown - allowed)
            if seat is not None and state.hand is not None:
                own = [str(card) for card in state.hand.holdings[seat]]
                self.sim.check("view_hand_is_own_holding", view["hand"] == own,
                               seat, view["hand"], own)

    def check_exchange(self, before: MatchState, event: CardsExchanged, after: MatchState) -> None:
        for passer in Seat:
            given = event.passes[passer]
            target = pass_target(passer, event.pass_direction)
            ok = (len(given) == 3 == len(set(given))
                  and set(given) <= set(before.hand.holdings[passer])
                  and set(given) <= set(after.hand.holdings[target])
                  and not set(given) & set(after.hand.holdings[passer]))
            self.sim.check("pass_is_three_held_cards", ok, passer, given)
        self.check_sizes(after, 13)

    def check_sizes(self, state: MatchState, size: int) -> None:
        """Each holding has ``size`` cards, one fewer for seats that played to this trick."""
        hand = state.hand
        played = {seat for seat, _ in hand.trick.plays} if hand.trick else set()
        got = [len(hand.holdings[s]) for s in Seat]
        want = [size - 1 if s in played else size for s in Seat]
        self.sim.check("hand_sizes", got == want, hand.trick, got, want)

    def check_trick(self, after: MatchState) -> None:
        hand = after.hand
        done = hand.tricks[-1]
        led = done.cards[0].suit
        best = max((card for card in done.cards if card.suit is led), key=lambda c: c.rank)
        points = sum(1 for card in done.cards if card.suit is Suit.HEARTS) + (
            13 if QUEEN_OF_SPADES in done.cards else 0)
        winner_card = dict((seat, card) for seat, card in done.plays)[done.winner]
        next_leader = hand.trick.leader if hand.trick else done.winner
        self.sim.check("trick_winner", winner_card == best and done.points == points
                       and next_leader == done.winner, done)
        self.check_sizes(after, 13 - done.number)

    def check_score(self, before: MatchState, event: HandScored, after: MatchState) -> None:
        self.sim.hands += 1
        taken = after.hand.taken
        shooter = next((seat for seat in Seat if QUEEN_OF_SPADES in taken[seat]
                        and sum(c.suit is Suit.HEARTS for c in taken[seat]) == 13), None)
        if shooter is None:
            expected = tuple(sum(1 for c in taken[s] if c.suit is Suit.HEARTS)
                             + (13 if QUEEN_OF_SPADES in taken[s] else 0) for s in Seat)
        else:
            self.sim.moons += 1
            expected = tuple(0 if s == shooter else 26 for s in Seat)
        totals = tuple(t + p for t, p in zip(before.totals, expected, strict=True))
        self.sim.check("hand_score", event.points == expected and event.moon_shooter == shooter
                       and sum(event.points) == (78 if shooter is not None else 26)
                       and event.totals == totals == after.totals,
                       event, "taken", taken)

    def check_cards(self, state: MatchState) -> None:
        hand = state.hand
        cards = [c for h in hand.holdings for c in h] + [c for h in hand.taken for c in h]
        cards += list(hand.trick.cards) if hand.trick else []
        self.sim.check("cards_conserved", len(cards) == 52 == len(set(cards)),
                       len(cards), "cards", len(set(cards)), "distinct")

    def check_replay(self) -> None:
        self.sim.check("replay", replay(self.log) == self.state, "whole log")
        if self.checkpoint is not None:
            length, state = self.checkpoint
            self.sim.check("replay", replay(self.log[:length]) == state,
                           "first", length, "events")


@pytest.fixture(scope="module")
def simulation() -> Simulation:
    sim = Simulation()
    rng = random.Random(SEED)
    while sim.hands < HANDS:
        Playout(sim, rng).run()
    return sim


def assert_holds(sim: Simulation, prop: str, at_least: int) -> None:
    assert sim.failures[prop] == []
    assert sim.checked[prop] >= at_least, f"{prop} checked only {sim.checked[prop]} times"


def test_simulation_scored_the_planned_number_of_hands_with_some_moons(simulation):
    assert simulation.hands == HANDS
    assert simulation.moons > 0


def test_each_hand_scores_26_or_78_for_a_moon_by_the_cards_taken(simulation):
    assert_holds(simulation, "hand_score", HANDS)


def test_52_distinct_cards_are_conserved_at_every_step(simulation):
    assert_holds(simulation, "cards_conserved", HANDS * 56)


def test_holdings_are_13_at_start_of_play_and_drop_by_one_per_trick(simulation):
    assert_holds(simulation, "hand_sizes", HANDS * 13)


def test_trick_winner_played_the_highest_led_suit_card_and_leads_next(simulation):
    assert_holds(simulation, "trick_winner", HANDS * 13)


def test_hearts_broken_flips_only_on_a_heart_and_never_back(simulation):
    assert_holds(simulation, "hearts_flag", HANDS * 52)


def test_hearts_broken_resets_at_each_new_hand(simulation):
    assert_holds(simulation, "hearts_reset", HANDS)


def test_legal_sets_match_an_independent_reading_of_the_rules(simulation):
    assert_holds(simulation, "legal_sets", HANDS * 52)


@pytest.mark.parametrize("position", [2, 3, 4])
def test_first_trick_ban_applies_to_every_follower_of_trick_one(simulation, position):
    assert_holds(simulation, f"first_trick_ban_position_{position}", 10)


def test_first_trick_ban_does_not_apply_after_trick_one(simulation):
    assert_holds(simulation, "no_ban_after_trick_one", 1000)


def test_every_card_outside_the_legal_set_is_refused(simulation):
    assert_holds(simulation, "illegal_play_refused", HANDS * 52)


def test_each_pass_is_three_distinct_cards_the_passer_held(simulation):
    assert_holds(simulation, "pass_is_three_held_cards", HANDS * 3)


def test_seat_views_show_no_other_seats_hidden_cards(simulation):
    assert_holds(simulation, "view_hides_cards", HANDS * 5)
    assert_holds(simulation, "view_hand_is_own_holding", HANDS * 4)


def test_redacted_events_show_no_other_seats_hidden_cards(simulation):
    assert_holds(simulation, "redaction_hides_cards", HANDS // DEEP_EVERY * 52 * 5)
    assert_holds(simulation, "redacted_private_event_exact", HANDS * 5)
    assert_holds(simulation, "redacted_deal_has_no_seed", HANDS * 5)


def test_replay_of_the_log_equals_the_state_built_step_by_step(simulation):
    assert_holds(simulation, "replay", 2)


def test_every_event_survives_its_json_round_trip(simulation):
    assert_holds(simulation, "event_json", HANDS * 60)


def test_every_state_survives_its_json_round_trip(simulation):
    assert_holds(simulation, "state_json", HANDS // DEEP_EVERY * 60)
