"""The event types of the match log: past-tense facts, frozen, each with a stable JSON form.

Every event's JSON is an object ``{"type": …, "v": FORMAT_VERSION, …fields}``; an
older ``v`` is upcast on reading (``formats.upcast`` with ``UPCASTERS``), so the log is
never rewritten. Seats are written by name, cards by canonical code.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from .cards import Card, Seat, format_cards, parse_card, parse_cards
from .formats import Upcaster, upcast
from .rules import PassDirection, RuleSet, pass_source
from .state import Deal, MatchResult, result_from_json, result_to_json, result_v1_to_v2

FORMAT_VERSION = 2
"""The format every event is written in."""


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2: a ``match_ended`` result says why the match ended (``ended_by``)."""
    if data["type"] == MatchEnded.type:
        return {**data, "v": 2, "result": result_v1_to_v2(data["result"])}
    return {**data, "v": 2}


UPCASTERS: Mapping[int, Upcaster] = {1: _v1_to_v2}
"""``n -> upcaster`` from event format ``n`` to ``n + 1``."""


def _deal_to_json(deal: Deal) -> dict[str, list[str]]:
    return {seat.label: format_cards(deal[seat]) for seat in Seat}


def _deal_from_json(data: dict[str, list[str]]) -> Deal:
    a, b, c, d = (tuple(parse_cards(data[seat.label])) for seat in Seat)
    return (a, b, c, d)


@dataclass(frozen=True, slots=True)
class MatchCreated:
    """A match was created with these rules and (secret) explicit deals for its first hands."""

    type: ClassVar[str] = "match_created"
    rules: RuleSet
    deals: tuple[Deal, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"rules": self.rules.to_json(), "deals": [_deal_to_json(d) for d in self.deals]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MatchCreated:
        return cls(RuleSet.from_json(data["rules"]), tuple(_deal_from_json(d) for d in data["deals"]))


@dataclass(frozen=True, slots=True)
class SeatTaken:
    """A player (by username) or a bot (by level) took a seat."""

    type: ClassVar[str] = "seat_taken"
    seat: Seat
    player: str | None = None
    bot_level: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat.label, "player": self.player, "bot_level": self.bot_level}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatTaken:
        return cls(Seat.from_label(data["seat"]), data["player"], data["bot_level"])


@dataclass(frozen=True, slots=True)
class HandDealt:
    """A hand was dealt: every seat's 13 cards, and the seed they were shuffled from
    (None for an explicit deal)."""

    type: ClassVar[str] = "hand_dealt"
    hand_number: int
    pass_direction: PassDirection
    holdings: Deal
    seed: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"hand_number": self.hand_number, "pass_direction": self.pass_direction.value,
                "holdings": _deal_to_json(self.holdings), "seed": self.seed}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HandDealt:
        return cls(data["hand_number"], PassDirection(data["pass_direction"]),
                   _deal_from_json(data["holdings"]), data["seed"])


def _auto_json(auto: bool) -> dict[str, bool]:
    """``auto`` as stored: written only when true, so every event written before the flag
    existed (all of them moves of the seat's own) writes back byte for byte."""
    return {"auto": True} if auto else {}


@dataclass(frozen=True, slots=True)
class CardsPassed:
    """A seat chose its pass (final); nobody receives anything before all four have.
    ``auto``: a stand-in bot chose it for a seat whose turn timed out."""

    type: ClassVar[str] = "cards_passed"
    seat: Seat
    cards: tuple[Card, ...]
    auto: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat.label, "cards": format_cards(self.cards), **_auto_json(self.auto)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CardsPassed:
        return cls(Seat.from_label(data["seat"]), tuple(parse_cards(data["cards"])),
                   data.get("auto", False))


@dataclass(frozen=True, slots=True)
class CardsExchanged:
    """All four passes changed hands at once; ``passes[s]`` are the cards seat s gave."""

    type: ClassVar[str] = "cards_exchanged"
    hand_number: int
    pass_direction: PassDirection
    passes: Deal

    def received(self, seat: Seat) -> tuple[Card, ...]:
        """The cards ``seat`` received: the pass of the seat that passes to it."""
        return self.passes[pass_source(seat, self.pass_direction)]

    def to_json(self) -> dict[str, Any]:
        return {"hand_number": self.hand_number, "pass_direction": self.pass_direction.value,
                "passes": _deal_to_json(self.passes)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CardsExchanged:
        return cls(data["hand_number"], PassDirection(data["pass_direction"]),
                   _deal_from_json(data["passes"]))


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """A seat played a card to the current trick. ``auto``: a stand-in bot played it for a
    seat whose turn timed out."""

    type: ClassVar[str] = "card_played"
    seat: Seat
    card: Card
    auto: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat.label, "card": str(self.card), **_auto_json(self.auto)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CardPlayed:
        return cls(Seat.from_label(data["seat"]), parse_card(data["card"]), data.get("auto", False))


@dataclass(frozen=True, slots=True)
class TrickTaken:
    """Trick ``number`` (1..13) was won by ``winner`` with ``points`` penalty points in it."""

    type: ClassVar[str] = "trick_taken"
    number: int
    winner: Seat
    points: int

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "winner": self.winner.label, "points": self.points}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TrickTaken:
        return cls(data["number"], Seat.from_label(data["winner"]), data["points"])


@dataclass(frozen=True, slots=True)
class HandScored:
    """A hand's score by seat, the match totals after it, and who shot the moon (or sun)."""

    type: ClassVar[str] = "hand_scored"
    hand_number: int
    points: tuple[int, int, int, int]
    totals: tuple[int, int, int, int]
    moon_shooter: Seat | None = None
    is_sun: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "hand_number": self.hand_number,
            "points": {seat.label: self.points[seat] for seat in Seat},
            "totals": {seat.label: self.totals[seat] for seat in Seat},
            "moon": self.moon_shooter.label if self.moon_shooter is not None else None,
            "sun": self.is_sun,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HandScored:
        points = tuple(data["points"][seat.label] for seat in Seat)
        totals = tuple(data["totals"][seat.label] for seat in Seat)
        moon = Seat.from_label(data["moon"]) if data["moon"] else None
        return cls(data["hand_number"], points, totals, moon, data["sun"])


@dataclass(frozen=True, slots=True)
class MatchEnded:
    """The match is over, with this result."""

    type: ClassVar[str] = "match_ended"
    result: MatchResult

    def to_json(self) -> dict[str, Any]:
        return {"result": result_to_json(self.result)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MatchEnded:
        return cls(result_from_json(data["result"]))


@dataclass(frozen=True, slots=True)
class SeatLeft:
    """``player`` (a username) left ``seat``; a bot of ``bot_level`` holds it from now on,
    until the player takes it back (a ``seat_taken``)."""

    type: ClassVar[str] = "seat_left"
    seat: Seat
    player: str
    bot_level: str

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat.label, "player": self.player, "bot_level": self.bot_level}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatLeft:
        return cls(Seat.from_label(data["seat"]), data["player"], data["bot_level"])


@dataclass(frozen=True, slots=True)
class SeatReplaced:
    """The match's creator replaced ``player`` (a username), overdue in ``seat``, with a bot
    of ``bot_level`` for the rest of the match; the player may not take the seat back."""

    type: ClassVar[str] = "seat_replaced"
    seat: Seat
    player: str
    bot_level: str

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat.label, "player": self.player, "bot_level": self.bot_level}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatReplaced:
        return cls(Seat.from_label(data["seat"]), data["player"], data["bot_level"])


@dataclass(frozen=True, slots=True)
class SeatInvited:
    """``seat`` is held for ``player`` (a username): only they may take it, until it is
    released."""

    type: ClassVar[str] = "seat_invited"
    seat: Seat
    player: str

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat.label, "player": self.player}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatInvited:
        return cls(Seat.from_label(data["seat"]), data["player"])


@dataclass(frozen=True, slots=True)
class SeatReleased:
    """``seat``, held for ``player``, is open to anyone again: the invitation was
    ``declined`` or ``expired``."""

    type: ClassVar[str] = "seat_released"
    seat: Seat
    player: str
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat.label, "player": self.player, "reason": self.reason}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatReleased:
        return cls(Seat.from_label(data["seat"]), data["player"], data["reason"])


@dataclass(frozen=True, slots=True)
class MatchAborted:
    """An operator stopped the match, for ``reason``; it has no result."""

    type: ClassVar[str] = "match_aborted"
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"reason": self.reason}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MatchAborted:
        return cls(data["reason"])


Event = (MatchCreated | SeatTaken | HandDealt | CardsPassed | CardsExchanged | CardPlayed
         | TrickTaken | HandScored | MatchEnded | SeatLeft | SeatReplaced | MatchAborted
         | SeatInvited | SeatReleased)
EVENT_TYPES: dict[str, type[Event]] = {
    cls.type: cls
    for cls in (MatchCreated, SeatTaken, HandDealt, CardsPassed, CardsExchanged, CardPlayed,
                TrickTaken, HandScored, MatchEnded, SeatLeft, SeatReplaced, MatchAborted,
                SeatInvited, SeatReleased)
}


def event_to_json(event: Event) -> dict[str, Any]:
    """The event's stored JSON form: ``{"type", "v", …fields}``."""
    return {"type": event.type, "v": FORMAT_VERSION, **event.to_json()}


def event_from_json(data: dict[str, Any]) -> Event:
    """Inverse of ``event_to_json``, for any format version an event was written in.
    Raises ``ValueError`` for an unknown type or version."""
    if data.get("type") not in EVENT_TYPES:
        raise ValueError(f"unknown event type: {data.get('type')!r}")
    data = upcast(data, FORMAT_VERSION, UPCASTERS, f"{data['type']} event")
    return EVENT_TYPES[data["type"]].from_json(data)


def event_seat(event: Event) -> Seat | None:
    """The seat an event is about (who sat, passed, played, left, was replaced or won the
    trick), if any."""
    if isinstance(event, SeatTaken | CardsPassed | CardPlayed | SeatLeft | SeatReplaced
                  | SeatInvited | SeatReleased):
        return event.seat
    if isinstance(event, TrickTaken):
        return event.winner
    return None
