"""The log's events as the API shows them, and the queries of the event list and stream."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from drf_spectacular.utils import (
    PolymorphicProxySerializer,
)
from rest_framework import serializers

from games.engine import Card, Seat, event_seat, visible
from games.engine.cards import format_cards
from games.engine.events import CardsExchanged
from games.models import Invitation

from ..auth import ACCESS_TOKEN_PATTERN

if TYPE_CHECKING:
    from games.selectors import LoggedEvent

from .fields import (
    BOT_LEVEL_CHOICES,
    PASS_DIRECTION_CHOICES,
    SEAT_CHOICES,
    CardCodeField,
    QueryIntegerField,
    ResponseSerializer,
    ScoresBySeatSerializer,
    SingleValueField,
    by_seat,
    cards_field,
)
from .matches import MatchResultSerializer
from .rules import AUTO_HELP, RuleSetSerializer, rules_body

# GET /events?wait=S: seconds a long poll may hold (docs/api.md, "Events").
WAIT_MIN_SECONDS, WAIT_MAX_SECONDS = 1, 30


class EventBaseSerializer(ResponseSerializer):
    """An event of the log as ``viewer`` may see it (``games.engine.visible``): ``{"seq",
    "type", "seat", "at", ...payload}``, ``seat`` the seat it is about, if any."""

    seq = serializers.IntegerField()
    seat = serializers.ChoiceField(SEAT_CHOICES, allow_null=True)
    at = serializers.DateTimeField()

    @staticmethod
    def payload(event: Any, viewer: Seat | None) -> dict[str, Any]:
        raise NotImplementedError

    @classmethod
    def body(cls, logged: LoggedEvent, viewer: Seat | None) -> dict[str, Any]:
        event = visible(logged.event, viewer)
        about = event_seat(event)
        return {"seq": logged.seq, "type": event.type,
                "seat": about.label if about is not None else None, "at": logged.at,
                **cls.payload(event, viewer)}

    def get_fields(self) -> dict[str, serializers.Field]:
        fields = super().get_fields()
        return {"seq": fields.pop("seq"), "type": fields.pop("type"), **fields}


def _event(name: str, type_: str, doc: str, payload: Callable[[Any, Seat | None], dict[str, Any]],
           **fields: serializers.Field) -> type[EventBaseSerializer]:
    """The serializer of one event type: ``fields`` describe what ``payload(event, viewer)``
    (of the event ``visible`` to ``viewer``) adds after ``at``."""
    attrs: dict[str, Any] = {"__doc__": doc, "type": SingleValueField(type_),
                             "payload": staticmethod(payload), **fields}
    return type(name, (EventBaseSerializer,), attrs)


def _cards_or_none(cards: tuple[Card, ...]) -> list[str] | None:
    return format_cards(cards) if cards else None  # () is what visible() hid


def _seat_change(event: Any, viewer: Seat | None) -> dict[str, Any]:
    return {"player": event.player, "bot_level": event.bot_level}


def _exchange(event: CardsExchanged, viewer: Seat | None) -> dict[str, Any]:
    return {"hand_number": event.hand_number, "pass_direction": event.pass_direction.value,
            "given": None if viewer is None else format_cards(event.passes[viewer]),
            "received": None if viewer is None else format_cards(event.received(viewer))}


EVENT_SERIALIZERS: dict[str, type[EventBaseSerializer]] = {
    "match_created": _event("MatchCreatedEventSerializer", "match_created",
                            "The match was created with these rules.",
                            payload=lambda e, viewer: {"rules": rules_body(e.rules)},
                            rules=RuleSetSerializer()),
    "seat_taken": _event("SeatTakenEventSerializer", "seat_taken", "A seat was taken.",
                         payload=_seat_change,
                         player=serializers.CharField(allow_null=True),
                         bot_level=serializers.ChoiceField(BOT_LEVEL_CHOICES, allow_null=True)),
    "hand_dealt": _event("HandDealtEventSerializer", "hand_dealt",
                         "A hand was dealt; `hand` holds only your 13 cards.",
                         payload=lambda e, viewer: {
                             "hand_number": e.hand_number, "pass_direction": e.pass_direction.value,
                             "hand": [] if viewer is None else format_cards(e.holdings[viewer])},
                         hand_number=serializers.IntegerField(),
                         pass_direction=serializers.ChoiceField(PASS_DIRECTION_CHOICES),
                         hand=cards_field()),
    "cards_passed": _event("CardsPassedEventSerializer", "cards_passed",
                           "A seat passed; `cards` only for the passer.",
                           payload=lambda e, viewer: {"cards": _cards_or_none(e.cards), "auto": e.auto},
                           cards=cards_field(allow_null=True), auto=serializers.BooleanField(
                               help_text=AUTO_HELP)),
    "cards_exchanged": _event("CardsExchangedEventSerializer", "cards_exchanged",
                              "All passes changed hands: your own given and received cards.",
                              payload=_exchange,
                              hand_number=serializers.IntegerField(),
                              pass_direction=serializers.ChoiceField(PASS_DIRECTION_CHOICES),
                              given=cards_field(allow_null=True), received=cards_field(allow_null=True)),
    "card_played": _event("CardPlayedEventSerializer", "card_played", "A card was played.",
                          payload=lambda e, viewer: {"card": str(e.card), "auto": e.auto},
                          card=CardCodeField(), auto=serializers.BooleanField(help_text=AUTO_HELP)),
    "trick_taken": _event("TrickTakenEventSerializer", "trick_taken", "A trick was won.",
                          payload=lambda e, viewer: {"number": e.number, "winner": e.winner.label,
                                                 "points": e.points},
                          number=serializers.IntegerField(),
                          winner=serializers.ChoiceField(SEAT_CHOICES),
                          points=serializers.IntegerField()),
    "hand_scored": _event("HandScoredEventSerializer", "hand_scored",
                          "A hand was scored; `moon` names the shooter if any.",
                          payload=lambda e, viewer: {
                              "hand_number": e.hand_number, "points": by_seat(e.points),
                              "totals": by_seat(e.totals),
                              "moon": e.moon_shooter.label if e.moon_shooter is not None else None,
                              "sun": e.is_sun},
                          hand_number=serializers.IntegerField(),
                          points=ScoresBySeatSerializer(), totals=ScoresBySeatSerializer(),
                          moon=serializers.ChoiceField(SEAT_CHOICES, allow_null=True),
                          sun=serializers.BooleanField()),
    "match_ended": _event("MatchEndedEventSerializer", "match_ended", "The match is over.",
                          payload=lambda e, viewer: {"result": MatchResultSerializer.body(e.result)},
                          result=MatchResultSerializer()),
    "seat_left": _event("SeatLeftEventSerializer", "seat_left",
                        "A player left the seat to a bot for the rest of the match; the "
                        "player may take it back with join.",
                        payload=_seat_change,
                        player=serializers.CharField(help_text="who left"),
                        bot_level=serializers.ChoiceField(BOT_LEVEL_CHOICES,
                                                          help_text="the bot that holds it now")),
    "seat_replaced": _event("SeatReplacedEventSerializer", "seat_replaced",
                            "The match's creator replaced an overdue player with a bot for the "
                            "rest of the match; the player may not take the seat back.",
                            payload=_seat_change,
                            player=serializers.CharField(help_text="who was replaced"),
                            bot_level=serializers.ChoiceField(
                                BOT_LEVEL_CHOICES, help_text="the bot that holds it now")),
    "match_aborted": _event("MatchAbortedEventSerializer", "match_aborted",
                            "The match was stopped (by an operator, its creator before it "
                            "began, a lesson's learner or an arena table's bot; `reason` says "
                            "why); it has no result and takes no more commands.",
                            payload=lambda e, viewer: {"reason": e.reason},
                            reason=serializers.CharField()),
    "seat_invited": _event("SeatInvitedEventSerializer", "seat_invited",
                           "The seat is held for an invited player (GET /invitations): only "
                           "they may take it, until they decline or it expires.",
                           payload=lambda e, viewer: {"player": e.player},
                           player=serializers.CharField(help_text="who is invited")),
    "seat_released": _event("SeatReleasedEventSerializer", "seat_released",
                            "The seat held for an invited player is open to anyone again.",
                            payload=lambda e, viewer: {"player": e.player, "reason": e.reason},
                            player=serializers.CharField(help_text="who was invited"),
                            reason=serializers.ChoiceField([Invitation.Status.DECLINED.value,
                                                           Invitation.Status.EXPIRED.value])),
}

def event_list_field(**kwargs: Any) -> PolymorphicProxySerializer:
    """A list of events, documented as one ``Event`` schema discriminated by ``type``."""
    return PolymorphicProxySerializer(component_name="Event", serializers=EVENT_SERIALIZERS,
                                      resource_type_field_name="type", many=True, **kwargs)


def _message(events: list[str], data: str, description: str) -> dict[str, Any]:
    return {"type": "object", "description": description, "required": ["event", "id", "data"],
            "properties": {
                "event": {"type": "string", "enum": events},
                "id": {"type": "string", "pattern": "^[0-9]+$"},
                "data": {"type": "string", "contentMediaType": "application/json",
                         "contentSchema": {"$ref": f"#/components/schemas/{data}"}}}}


# The stream's messages as an SSE parser gives them (comment lines are not messages): schema
# components the schema's postprocessing adds, and the stream's 200 refers to.
STREAM_MESSAGES: dict[str, dict[str, Any]] = {
    "ViewMessage": _message(["view"], "SeatView", "your seat view; id: its version"),
    "EventMessage": _message(list(EVENT_SERIALIZERS), "Event", "one event of the log, "
                                                               "redacted for you; id: its seq"),
    "StreamMessage": {"oneOf": [{"$ref": "#/components/schemas/ViewMessage"},
                                {"$ref": "#/components/schemas/EventMessage"}]},
}
STREAM_MESSAGE_REF = {"$ref": "#/components/schemas/StreamMessage"}


# The largest seq a resume point may name (?after=, Last-Event-ID: at most nine digits).
SEQ_MAX = 999_999_999


class EventQuerySerializer(serializers.Serializer):
    after = QueryIntegerField(min_value=0, max_value=SEQ_MAX, default=0,
                              help_text="return events with seq > after")
    limit = QueryIntegerField(min_value=1, max_value=1000, default=500,
                              help_text="at most this many events")
    wait = QueryIntegerField(min_value=WAIT_MIN_SECONDS, max_value=WAIT_MAX_SECONDS,
                             required=False,
                             help_text="seconds to hold the request until an event after "
                                       "`after` is committed; then, or when time runs out "
                                       "(no events), the answer")


class StreamQuerySerializer(serializers.Serializer):
    after = QueryIntegerField(min_value=0, max_value=SEQ_MAX, required=False,
                              help_text="resume: the events with seq > after first, then the "
                                        "view, then live (the Last-Event-ID header wins)")
    access_token = serializers.RegexField(ACCESS_TOKEN_PATTERN, required=False, help_text=(
        "the bearer token, for browsers' EventSource, which cannot send headers"))


def event_body(logged: LoggedEvent, viewer: Seat | None) -> dict[str, Any]:
    """The body of a logged event as ``viewer`` may see it (its type's serializer's)."""
    return EVENT_SERIALIZERS[logged.event.type].body(logged, viewer)


def event_bodies(logged: Sequence[LoggedEvent], viewer: Seat | None) -> list[dict[str, Any]]:
    """``event_body`` of each logged event, in order."""
    return [event_body(item, viewer) for item in logged]


class EventListSerializer(ResponseSerializer):
    events = event_list_field()
    version = serializers.IntegerField(help_text="the match's current version")

    @staticmethod
    def body(events: list[dict[str, Any]], version: int) -> dict[str, Any]:
        """``events``: event bodies (``event_bodies``)."""
        return {"events": events, "version": version}
