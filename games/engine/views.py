"""What one seat may see: ``seat_view`` of the state and ``redact`` of each event.

docs/rules.md, "Public during a hand": every card played, who took each trick
and each seat's points are public; each seat's holding and its pass are private.
These two functions are the only projections of the engine for anyone outside it
(API and bots alike).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import Card, Seat, format_cards
from .decider import legal_cards
from .events import (
    CardPlayed,
    CardsExchanged,
    CardsPassed,
    Event,
    HandDealt,
    MatchCreated,
    event_to_json,
)
from .rules import PassDirection, RuleSet, pass_source
from .state import MatchResult, MatchState, Occupant, Phase, Trick


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's view of a match (a spectator's when ``seat`` is None: no cards at all).

    ``hand`` is the seat's holding; ``pass_given``/``pass_received`` its own
    pass (None before it passes / before the exchange); ``trick`` the trick in
    progress; ``tricks`` this hand's completed tricks, oldest first; points
    and scores are indexed by seat. ``end_started_after`` is the hand after which some
    total first reached the target (docs/rules.md, "End of the match"), so every hand
    after it is a tiebreak hand; None while no total has.
    """

    seat: Seat | None
    status: Phase
    rules: RuleSet
    hand_number: int
    pass_direction: PassDirection | None
    hand: tuple[Card, ...]
    to_act: tuple[Seat, ...]
    legal_cards: tuple[Card, ...]
    pass_given: tuple[Card, ...] | None
    pass_received: tuple[Card, ...] | None
    trick: Trick | None
    tricks: tuple[Trick, ...]
    hearts_broken: bool
    tricks_won: tuple[int, int, int, int]
    hand_points: tuple[int, int, int, int]
    scores: tuple[int, int, int, int]
    players: tuple[Occupant | None, Occupant | None, Occupant | None, Occupant | None]
    result: MatchResult | None
    end_started_after: int | None

    @property
    def is_your_turn(self) -> bool:
        """Whether this seat must act now (pass, or play to the trick)."""
        return self.seat is not None and self.seat in self.to_act


def seat_view(state: MatchState, seat: Seat | None) -> SeatView:
    """Project ``state`` for ``seat`` (None: a spectator, who sees no seat's cards)."""
    hand = state.hand
    to_act = tuple(state.to_act)
    if hand is None:
        return SeatView(seat, state.phase, state.rules, state.hands_played, None, (), to_act, (),
                        None, None, None, (), False, (0, 0, 0, 0), (0, 0, 0, 0), state.totals,
                        state.seats, state.result, state.end_started_after)
    mine = seat is not None
    return SeatView(
        seat=seat,
        status=state.phase,
        rules=state.rules,
        hand_number=hand.number,
        pass_direction=hand.pass_direction,
        hand=hand.holdings[seat] if mine else (),  # type: ignore[index]
        to_act=to_act,
        legal_cards=tuple(legal_cards(state, seat)) if mine else (),  # type: ignore[arg-type]
        pass_given=hand.passes[seat] if mine else None,  # type: ignore[index]
        pass_received=hand.received(seat) if mine else None,  # type: ignore[arg-type]
        trick=hand.trick,
        tricks=hand.tricks,
        hearts_broken=hand.hearts_broken,
        tricks_won=hand.tricks_won(),
        hand_points=hand.points_taken(),
        scores=state.totals,
        players=state.seats,
        result=state.result,
        end_started_after=state.end_started_after,
    )


def redact(event: Event, seat: Seat | None) -> dict[str, Any]:
    """The event's JSON form as ``seat`` may see it (None: a spectator).

    Hidden: explicit deals and seeds; other seats' dealt cards; other seats'
    passes. ``hand_dealt`` carries ``hand`` (the seat's 13 cards) instead of all
    holdings; ``cards_exchanged`` carries the seat's own ``given`` and ``received``.
    ``card_played`` and ``cards_passed`` always carry ``auto`` (the log writes it only when
    true), so a client reads a boolean, never a missing key.
    """
    data = event_to_json(event)
    if isinstance(event, CardPlayed):
        data["auto"] = event.auto
    elif isinstance(event, MatchCreated):
        del data["deals"]
        data["rules"] = event.rules.to_json()  # every field, max_hands too
    elif isinstance(event, HandDealt):
        del data["holdings"], data["seed"]
        data["hand"] = format_cards(event.holdings[seat]) if seat is not None else []
    elif isinstance(event, CardsPassed):
        if seat != event.seat:
            data["cards"] = None
        data["auto"] = event.auto
    elif isinstance(event, CardsExchanged):
        del data["passes"]
        if seat is None:
            data["given"] = data["received"] = None
        else:
            source = pass_source(seat, event.pass_direction)
            data["given"] = format_cards(event.passes[seat])
            data["received"] = format_cards(event.passes[source])
    return data
