"""What one seat may see of the state (``seat_view``) and of each event (``visible``):
docs/rules.md, "Public during a hand": each seat's holding and its pass are private."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .cards import Card, Seat
from .decider import legal_cards, play_refusal
from .events import (
    CardsExchanged,
    CardsPassed,
    Event,
    HandDealt,
    MatchCreated,
)
from .rules import PassDirection, RuleSet, pass_source
from .state import Deal, MatchResult, MatchState, Occupant, Phase, Trick


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's view of a match (a spectator's, with no cards, when ``seat`` is None);
    ``pass_given``/``pass_received`` are None until it passes / the exchange; tuples of four
    are indexed by seat; ``end_started_after`` is the hand after which the end began;
    ``refusal`` is ``(code, message)`` of a play of a held card outside ``legal_cards``."""

    seat: Seat | None
    status: Phase
    rules: RuleSet
    hand_number: int
    pass_direction: PassDirection | None
    hand: tuple[Card, ...]
    to_act: tuple[Seat, ...]
    legal_cards: tuple[Card, ...]
    refusal: tuple[str, str] | None
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
    invited: tuple[str | None, str | None, str | None, str | None]

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
                        None, None, None, None, (), False, (0, 0, 0, 0), (0, 0, 0, 0), state.totals,
                        state.seats, state.result, state.end_started_after, state.invited)
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
        refusal=play_refusal(state, seat) if mine else None,  # type: ignore[arg-type]
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
        invited=state.invited,
    )


def visible(event: Event, seat: Seat | None) -> Event:
    """``event`` as ``seat`` (None: a spectator) may see it: explicit deals and seeds hidden,
    and every holding or pass but the seat's own (and the pass it received) emptied to ``()``."""
    if isinstance(event, MatchCreated):
        return replace(event, deals=()) if event.deals else event
    if isinstance(event, HandDealt):
        return replace(event, holdings=_only(event.holdings, (seat,)), seed=None)
    if isinstance(event, CardsPassed):
        return event if seat == event.seat else replace(event, cards=())
    if isinstance(event, CardsExchanged):
        kept = () if seat is None else (seat, pass_source(seat, event.pass_direction))
        return replace(event, passes=_only(event.passes, kept))
    return event


def _only(deal: Deal, seats: tuple[Seat | None, ...]) -> Deal:
    a, b, c, d = (cards if seat in seats else () for seat, cards in zip(Seat, deal, strict=True))
    return (a, b, c, d)
