"""The Decider: ``step`` checks a command and returns its events with the state after them;
``evolve`` applies one event and never refuses; ``replay`` folds a log from ``NEW_MATCH``.
What ``evolve`` records beyond an event's fields it computes with the same kernel
functions ``step`` applied (docs/architecture.md, "The engine")."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from . import kernel
from .cards import DECK, Card, Seat, sort_cards
from .events import (
    CardPlayed,
    CardsExchanged,
    CardsPassed,
    Event,
    HandDealt,
    HandScored,
    MatchAborted,
    MatchCreated,
    MatchEnded,
    SeatInvited,
    SeatLeft,
    SeatReleased,
    SeatReplaced,
    SeatTaken,
    TrickTaken,
)
from .kernel import SUIT_MASKS, mask_of
from .rules import PassDirection, RuleSet, pass_direction, standings
from .state import NEW_MATCH, Deal, HandState, MatchResult, MatchState, Occupant, Phase, Trick

RULE_CODES: frozenset[str] = frozenset({
    "not_your_turn", "wrong_phase", "card_not_in_hand",
    kernel.MUST_LEAD_TWO_OF_CLUBS, kernel.MUST_FOLLOW_SUIT, kernel.NO_POINTS_ON_FIRST_TRICK,
    kernel.HEARTS_NOT_BROKEN, "wrong_pass_count", "duplicate_cards", "already_passed",
    "match_finished", "seat_taken", "already_seated", "match_full",
})
"""The codes an ``IllegalMove`` carries (docs/rules.md, "Refusals")."""


class IllegalMove(ValueError):
    """A command the rules refuse, by ``code`` (one of ``RULE_CODES``, else ``ValueError``), with
    the cards the seat could have used (``legal_cards``) and JSON-ready ``details``."""

    def __init__(self, code: str, message: str, legal_cards: Sequence[Card] | None = None,
                 **details: object) -> None:
        if code not in RULE_CODES:
            raise ValueError(f"{code!r} is not a rule code")
        super().__init__(message)
        self.code = code
        self.message = message
        self.legal_cards = list(legal_cards) if legal_cards is not None else None
        self.details = details




@dataclass(frozen=True, slots=True)
class CreateMatch:
    """Create a match with these rules and explicit deals for its first hands, which the
    caller deals when due (``DealHand(holdings=…)``)."""

    rules: RuleSet = RuleSet()
    deals: tuple[Deal, ...] = ()


@dataclass(frozen=True, slots=True)
class TakeSeat:
    """Seat a player (``player`` = username) or a bot (``bot_level``); ``seat`` None = first open."""

    seat: Seat | None
    player: str | None = None
    bot_level: str | None = None


@dataclass(frozen=True, slots=True)
class InviteSeat:
    """Hold the open ``seat`` for ``player`` (a username), before the match starts."""

    seat: Seat
    player: str


@dataclass(frozen=True, slots=True)
class ReleaseSeat:
    """Open the invited ``seat`` to anyone again, for ``reason`` (declined, expired)."""

    seat: Seat
    reason: str


@dataclass(frozen=True, slots=True)
class DealHand:
    """Deal the next hand: exactly one of ``holdings`` (north to west) or the shuffle of ``seed``."""

    seed: int | None = None
    holdings: Deal | None = None


@dataclass(frozen=True, slots=True)
class PassCards:
    """``seat`` passes ``cards`` (docs/rules.md, "A hand", 2); ``auto``: chosen by a stand-in."""

    seat: Seat
    cards: tuple[Card, ...]
    auto: bool = False


@dataclass(frozen=True, slots=True)
class PlayCard:
    """``seat`` plays ``card`` to the current trick; ``auto``: chosen by a stand-in."""

    seat: Seat
    card: Card
    auto: bool = False


@dataclass(frozen=True, slots=True)
class LeaveSeat:
    """The player in ``seat`` leaves it to a bot of ``bot_level`` for the rest of the match."""

    seat: Seat
    bot_level: str


@dataclass(frozen=True, slots=True)
class ReplaceSeat:
    """The player in ``seat`` is replaced by a bot of ``bot_level`` for the rest of the match."""

    seat: Seat
    bot_level: str


@dataclass(frozen=True, slots=True)
class AbortMatch:
    """Stop the match for ``reason`` (an operator's words, or the service's: a cancel, a lesson
    or an arena table called off): it ends without a result."""

    reason: str


@dataclass(frozen=True, slots=True)
class EndLesson:
    """End a lesson's match where it stands: finished, the totals so far its standings (the
    hand in play is not scored), ``ended_by`` lesson."""


Command = (CreateMatch | TakeSeat | DealHand | PassCards | PlayCard | LeaveSeat | ReplaceSeat
           | AbortMatch | EndLesson | InviteSeat | ReleaseSeat)


def check_deal(holdings: Sequence[Sequence[Card]]) -> Deal:
    """Four holdings of 13 as a sorted ``Deal``; ``IllegalMove("duplicate_cards")`` when a card
    repeats, ``ValueError`` for another shape."""
    if len(holdings) != 4 or any(len(holding) != 13 for holding in holdings):
        raise ValueError("a deal is four lists of 13 cards (north, east, south, west)")
    if len({card for holding in holdings for card in holding}) != 52:
        raise IllegalMove("duplicate_cards", "a deal must hold each of the 52 cards exactly once")
    a, b, c, d = (tuple(sort_cards(holding)) for holding in holdings)
    return (a, b, c, d)


def shuffled_deal(seed: int) -> Deal:
    """The deal ``seed`` gives, always the same."""
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    return check_deal([deck[i * 13:(i + 1) * 13] for i in range(4)])




def step(state: MatchState, command: Command) -> tuple[list[Event], MatchState]:
    """``(events, state after them)`` for ``command`` on ``state``: the one way a match advances.

    Raises ``IllegalMove`` with the first rule broken in the order of docs/rules.md,
    "Refusals" (``match_finished``, then ``wrong_phase``, first), and ``ValueError`` for a
    command no caller may send (a second ``CreateMatch``, a ``TakeSeat`` or ``DealHand`` naming
    both or neither of its options, a ``LeaveSeat`` of a seat no player holds)."""
    if isinstance(command, PlayCard) and state.phase is Phase.PLAYING:
        return _decide_play(state, command)
    events = _decide(state, command)
    return events, evolve_all(state, events)


def decide(state: MatchState, command: Command) -> list[Event]:
    """The events of ``step(state, command)`` alone."""
    return step(state, command)[0]


def _decide(state: MatchState, command: Command) -> list[Event]:
    """The events of any command but a play in the playing phase."""
    if isinstance(command, CreateMatch):
        if state.phase is not Phase.NEW:
            raise ValueError("the match exists already")
        return [MatchCreated(command.rules, tuple(check_deal(d) for d in command.deals))]
    if state.phase is Phase.NEW:
        raise IllegalMove("wrong_phase", "there is no match yet")
    if isinstance(command, DealHand):
        return _decide_deal(state, command)
    if state.is_over:
        raise IllegalMove("match_finished", f"the match is over ({state.phase.value})")
    if isinstance(command, TakeSeat):
        return _decide_take_seat(state, command)
    if isinstance(command, InviteSeat | ReleaseSeat):
        return _decide_invitation(state, command)
    if isinstance(command, LeaveSeat | ReplaceSeat):
        return _decide_leave(state, command)
    if isinstance(command, AbortMatch):
        return [MatchAborted(command.reason)]
    if isinstance(command, EndLesson):
        return [MatchEnded(_result(state, kernel.EndedBy.LESSON))]
    if isinstance(command, PassCards):
        return _decide_pass(state, command)
    raise IllegalMove("wrong_phase", f"no play now: the match is {state.phase.value}")


def _decide_take_seat(state: MatchState, command: TakeSeat) -> list[Event]:
    if command.player is not None and any(o and o.player == command.player for o in state.seats):
        raise IllegalMove("already_seated", f"{command.player} already has a seat in this match")
    if (command.player is None) == (command.bot_level is None):
        raise ValueError("a seat is taken by a player or by a bot")
    left = next((seat for seat in Seat if (o := state.seats[seat]) and command.player
                 and o.left_by == command.player and not o.replaced), None)
    if left is not None:
        # A player who left comes back to their own seat only.
        if command.seat not in (None, left):
            raise IllegalMove("already_seated", f"you left {left.label}: join it to take it back",
                              seat=left.label)
        return [SeatTaken(left, command.player)]
    invited = state.invited_seat(command.player) if command.player else None
    if invited is not None and command.seat in (None, invited):
        return [SeatTaken(invited, command.player)]
    open_seats = state.open_seats
    if not open_seats:
        raise IllegalMove("match_full", "every seat is taken or held for an invited player")
    seat = command.seat if command.seat is not None else open_seats[0]
    if seat not in open_seats:
        held = state.invited[seat]
        raise IllegalMove("seat_taken", f"{seat.label} is held for {held}" if held
                          and state.seats[seat] is None else f"{seat.label} is taken")
    return [SeatTaken(seat, command.player, command.bot_level)]


def _four(names: list[str | None]) -> tuple[str | None, str | None, str | None, str | None]:
    return (names[0], names[1], names[2], names[3])


def _decide_invitation(state: MatchState, command: InviteSeat | ReleaseSeat) -> list[Event]:
    held = state.invited[command.seat]
    if isinstance(command, ReleaseSeat):
        if held is None:
            raise ValueError(f"{command.seat.label} is held for nobody")
        return [SeatReleased(command.seat, held, command.reason)]
    if state.phase is not Phase.WAITING:
        raise IllegalMove("wrong_phase", "invitations are sent before the match starts")
    if command.seat not in state.open_seats:
        raise IllegalMove("seat_taken", f"{command.seat.label} is taken")
    if state.invited_seat(command.player) is not None or any(
            o and command.player in (o.player, o.left_by) for o in state.seats):
        raise IllegalMove("already_seated", f"{command.player} already has a seat in this match")
    return [SeatInvited(command.seat, command.player)]


def _decide_leave(state: MatchState, command: LeaveSeat | ReplaceSeat) -> list[Event]:
    occupant = state.seats[command.seat]
    if occupant is None or occupant.player is None:
        raise ValueError(f"no player holds {command.seat.label}")
    left = SeatLeft if isinstance(command, LeaveSeat) else SeatReplaced
    return [left(command.seat, occupant.player, command.bot_level)]


def _decide_deal(state: MatchState, command: DealHand) -> list[Event]:
    if (command.seed is None) == (command.holdings is None):
        raise ValueError("a hand is dealt from a seed or from given holdings")
    if state.phase is not Phase.DEALING:
        raise IllegalMove("wrong_phase", "no hand is waiting to be dealt")
    number = state.hands_played + 1
    if command.holdings is not None:
        holdings, seed = check_deal(command.holdings), None
    else:
        assert command.seed is not None
        holdings, seed = shuffled_deal(command.seed), command.seed
    return [HandDealt(number, pass_direction(state.rules, number), holdings, seed)]


def _decide_pass(state: MatchState, command: PassCards) -> list[Event]:
    hand = state.hand
    if state.phase is not Phase.PASSING or hand is None:
        raise IllegalMove("wrong_phase", f"no pass now: the match is {state.phase.value}")
    seat = command.seat
    holding = hand.holdings[seat]
    if hand.passes[seat] is not None:
        raise IllegalMove("already_passed", "this seat has passed; a pass is final")
    missing = [card for card in command.cards if card not in holding]
    if missing:
        raise IllegalMove("card_not_in_hand", f"{missing[0]} is not in your hand", holding)
    count = state.rules.pass_count
    if len(command.cards) != count:
        raise IllegalMove("wrong_pass_count", f"pass exactly {count} cards", holding)
    if len(set(command.cards)) != len(command.cards):
        raise IllegalMove("duplicate_cards", "a pass names each card once", holding)
    events: list[Event] = [CardsPassed(seat, tuple(sort_cards(command.cards)), command.auto)]
    passes = list(hand.passes)
    passes[seat] = events[0].cards  # type: ignore[union-attr]
    if all(p is not None for p in passes):
        given = tuple(p for p in passes if p is not None)
        events.append(CardsExchanged(hand.number, hand.pass_direction, given))  # type: ignore[arg-type]
    return events


def _decide_play(state: MatchState, command: PlayCard) -> tuple[list[Event], MatchState]:
    hand = state.hand
    assert hand is not None and hand.trick is not None  # the playing phase has both
    trick = hand.trick
    if command.seat != trick.to_play:
        raise IllegalMove("not_your_turn", f"it is {trick.to_play.label}'s turn",
                          to_act=[trick.to_play.label])
    holding = hand.holdings[command.seat]
    legal, rule = _legal_play(state, hand, trick, holding)
    card = command.card
    if card not in holding:
        raise IllegalMove("card_not_in_hand", f"{card} is not in your hand", _cards_in(holding, legal))
    if not legal >> card.index & 1:
        assert rule is not None  # a card outside the legal set breaks the rule that set it
        raise IllegalMove(rule, _refusal_message(rule, trick), _cards_in(holding, legal))
    return _consequences(state, CardPlayed(command.seat, card, command.auto))


def _refusal_message(rule: str, trick: Trick) -> str:
    """The message for a play to ``trick`` breaking ``rule``."""
    if rule == kernel.MUST_FOLLOW_SUIT:
        return f"you must follow {trick.cards[0].suit.name.lower()}"
    return {
        kernel.MUST_LEAD_TWO_OF_CLUBS: "the first trick is led with 2C",
        kernel.HEARTS_NOT_BROKEN: "hearts may not be led until a heart has been played",
        kernel.NO_POINTS_ON_FIRST_TRICK: "no heart and not QS on the first trick",
    }[rule]


def _legal_play(state: MatchState, hand: HandState, trick: Trick,
                holding: tuple[Card, ...]) -> tuple[int, str | None]:
    """``kernel.legal_play`` for the seat on turn: the legal card set and the rule behind it."""
    led = SUIT_MASKS[trick.cards[0].suit] if trick.cards else 0
    return kernel.legal_play(mask_of(holding), led, trick.number == 1, hand.hearts_broken,
                             state.rules.first_trick_points)


def _cards_in(holding: tuple[Card, ...], legal: int) -> list[Card]:
    return [card for card in holding if legal >> card.index & 1]


def _consequences(state: MatchState, played: CardPlayed) -> tuple[list[Event], MatchState]:
    """``played`` with what follows (trick taken, hand scored, match ended), and the state after."""
    events: list[Event] = [played]
    after = evolve(state, played)
    hand = after.hand
    assert hand is not None and hand.trick is not None
    trick = hand.trick
    if len(trick.cards) < 4:
        return events, after
    plays = [1 << card.index for card in trick.cards]
    winner = trick.leader.next(kernel.winning_position(plays))
    taken = TrickTaken(trick.number, winner, kernel.penalty_points_of(sum(plays)))
    events.append(taken)
    after = evolve(after, taken)
    if trick.number < 13:
        return events, after
    hand = after.hand
    assert hand is not None
    score = kernel.score_hand([mask_of(cards) for cards in hand.taken], hand.tricks_won(),
                              after.totals, after.rules, hand_number=hand.number,
                              end_started_after=after.end_started_after)
    totals = tuple(t + p for t, p in zip(after.totals, score.points, strict=True))
    scored = HandScored(hand.number, score.points, totals, score.moon_shooter, score.is_sun)  # type: ignore[arg-type]
    events.append(scored)
    after = evolve(after, scored)
    result = match_result(after)
    if result is not None:
        ended = MatchEnded(result)
        events.append(ended)
        after = evolve(after, ended)
    return events, after


def match_result(state: MatchState) -> MatchResult | None:
    """The result if the match ends after the hand just scored, else None."""
    totals = state.totals
    ended_by = kernel.match_ends(totals, state.rules, hand_number=state.hands_played,
                                 end_started_after=state.end_started_after)
    return None if ended_by is None else _result(state, ended_by)


def _result(state: MatchState, ended_by: kernel.EndedBy) -> MatchResult:
    totals = state.totals
    winners = tuple(seat for seat in Seat if totals[seat] == min(totals))
    return MatchResult(tuple(standings(totals)), winners, len(winners) > 1,
                       state.hands_played, state.moons, ended_by)


def legal_cards(state: MatchState, seat: Seat) -> list[Card]:
    """The cards ``seat`` may play, or pass from, now, sorted; empty if it need not act."""
    hand = state.hand
    if hand is not None and state.phase is Phase.PASSING:
        return list(hand.holdings[seat]) if hand.passes[seat] is None else []
    turn = _on_turn(state, seat)
    if turn is None:
        return []
    hand, trick, holding = turn
    return _cards_in(holding, _legal_play(state, hand, trick, holding)[0])


def play_refusal(state: MatchState, seat: Seat) -> tuple[str, str] | None:
    """``(code, message)`` of the ``IllegalMove`` a play by ``seat`` of a card it holds outside
    ``legal_cards`` raises now; None when it must not play now or every card it holds is legal."""
    turn = _on_turn(state, seat)
    if turn is None:
        return None
    hand, trick, holding = turn
    legal, rule = _legal_play(state, hand, trick, holding)
    if legal == mask_of(holding):
        return None
    assert rule is not None  # a card outside the legal set breaks the rule that set it
    return rule, _refusal_message(rule, trick)


def _on_turn(state: MatchState, seat: Seat) -> tuple[HandState, Trick, tuple[Card, ...]] | None:
    """The hand, its trick and ``seat``'s holding when ``seat`` is to play now, else None."""
    hand = state.hand
    if state.phase is not Phase.PLAYING or hand is None or hand.trick is None \
            or hand.trick.to_play != seat:
        return None
    return hand, hand.trick, hand.holdings[seat]


def evolve(state: MatchState, event: Event) -> MatchState:
    """``state`` after ``event``, a fact already decided: no rule is checked."""
    if type(event) is CardPlayed:  # most events of a log: first
        assert state.hand is not None, "a card is played in a hand"
        return _with_hand(state, _play(state.hand, event, state.rules))
    if isinstance(event, MatchCreated):
        return MatchState(rules=event.rules, seats=(None, None, None, None), phase=Phase.WAITING)
    assert state.phase is not Phase.NEW, "a log starts with match_created"
    replace = dataclasses.replace
    if isinstance(event, SeatTaken | SeatLeft | SeatReplaced):
        seats = list(state.seats)
        if isinstance(event, SeatLeft | SeatReplaced):
            seats[event.seat] = Occupant(None, event.bot_level, left_by=event.player,
                                         replaced=isinstance(event, SeatReplaced))
        else:
            seats[event.seat] = Occupant(event.player, event.bot_level)
        # Taking a seat ends any invitation of the player and to the seat.
        invited = [None if seat == event.seat or (name and name == event.player) else name
                   for seat, name in zip(Seat, state.invited, strict=True)]
        # Only the fourth seat taken starts the match.
        full = state.phase is Phase.WAITING and all(seats)
        return replace(state, seats=tuple(seats), invited=_four(invited),
                       phase=Phase.DEALING if full else state.phase)
    if isinstance(event, SeatInvited | SeatReleased):
        held = list(state.invited)
        held[event.seat] = event.player if isinstance(event, SeatInvited) else None
        return replace(state, invited=_four(held))
    if isinstance(event, MatchAborted):
        return replace(state, phase=Phase.ABORTED)
    if isinstance(event, HandDealt):
        empty: Deal = ((), (), (), ())
        dealt = HandState(number=event.hand_number, pass_direction=event.pass_direction,
                          holdings=event.holdings, passes=(None, None, None, None),
                          is_exchanged=False, trick=None, tricks=(), hearts_broken=False,
                          taken=empty)
        if event.pass_direction is PassDirection.HOLD:
            return replace(state, hand=_start_play(dealt), phase=Phase.PLAYING)
        return replace(state, hand=dealt, phase=Phase.PASSING)
    hand = state.hand
    assert hand is not None
    if isinstance(event, CardsPassed):
        passes = list(hand.passes)
        passes[event.seat] = event.cards
        return replace(state, hand=replace(hand, passes=tuple(passes)))
    if isinstance(event, CardsExchanged):
        after = kernel.exchange([mask_of(h) for h in hand.holdings],
                                [mask_of(p) for p in event.passes], event.pass_direction)
        a, b, c, d = (tuple(kernel.cards_of(h)) for h in after)
        hand = replace(hand, holdings=(a, b, c, d), passes=event.passes, is_exchanged=True)
        return replace(state, hand=_start_play(hand), phase=Phase.PLAYING)
    if isinstance(event, TrickTaken):
        assert hand.trick is not None
        trick = hand.trick
        done = Trick(number=trick.number, leader=trick.leader, cards=trick.cards,
                     winner=event.winner, points=event.points)
        a, b, c, d = (cards + done.cards if seat == event.winner else cards
                      for seat, cards in enumerate(hand.taken))
        next_trick = Trick(done.number + 1, event.winner) if done.number < 13 else None
        return _with_hand(state, HandState(
            number=hand.number, pass_direction=hand.pass_direction, holdings=hand.holdings,
            passes=hand.passes, is_exchanged=hand.is_exchanged, trick=next_trick,
            tricks=hand.tricks + (done,), hearts_broken=hand.hearts_broken, taken=(a, b, c, d)))
    if isinstance(event, HandScored):
        started = state.end_started_after
        if started is None and kernel.end_begins(event.totals, state.rules):
            started = event.hand_number
        moons = state.moons
        if event.moon_shooter is not None:
            moons = moons + ((event.hand_number, event.moon_shooter),)
        return replace(state, totals=event.totals, hands_played=event.hand_number,
                       phase=Phase.DEALING, end_started_after=started, moons=moons)
    if isinstance(event, MatchEnded):
        return replace(state, phase=Phase.FINISHED, result=event.result)
    raise TypeError(f"not an event: {event!r}")


def evolve_all(state: MatchState, events: Iterable[Event]) -> MatchState:
    """``state`` after ``events``, oldest first."""
    for event in events:
        state = evolve(state, event)
    return state


def _start_play(hand: HandState) -> HandState:
    leader = Seat(kernel.first_leader([mask_of(h) for h in hand.holdings]))
    return dataclasses.replace(hand, trick=Trick(1, leader))


# A card played's states are built by keyword rather than dataclasses.replace, for replay's
# speed; tests/engine/test_rules.py checks they keep every field.


def _with_hand(state: MatchState, hand: HandState) -> MatchState:
    """``state`` with ``hand`` as its current hand."""
    return MatchState(rules=state.rules, seats=state.seats, phase=state.phase,
                      totals=state.totals, hands_played=state.hands_played, hand=hand,
                      end_started_after=state.end_started_after, moons=state.moons,
                      result=state.result, invited=state.invited)


def _play(hand: HandState, event: CardPlayed, rules: RuleSet) -> HandState:
    trick = hand.trick
    assert trick is not None
    holdings = list(hand.holdings)
    holdings[event.seat] = tuple(card for card in holdings[event.seat] if card is not event.card)
    a, b, c, d = holdings
    broken = hand.hearts_broken or kernel.breaks_hearts(1 << event.card.index,
                                                         rules.queen_breaks_hearts)
    played = Trick(number=trick.number, leader=trick.leader, cards=trick.cards + (event.card,),
                   winner=trick.winner, points=trick.points)
    return HandState(number=hand.number, pass_direction=hand.pass_direction,
                     holdings=(a, b, c, d), passes=hand.passes, is_exchanged=hand.is_exchanged,
                     trick=played, tricks=hand.tricks, hearts_broken=broken, taken=hand.taken)


def replay(events: Iterable[Event]) -> MatchState:
    """The state a whole log (oldest first) describes; ``ValueError`` for an empty one."""
    state = evolve_all(NEW_MATCH, events)
    if state is NEW_MATCH:
        raise ValueError("an empty log describes no match")
    return state

