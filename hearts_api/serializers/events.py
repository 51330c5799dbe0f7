"""The log's events as the API shows them, and the queries of the event list and stream."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import (
    PolymorphicProxySerializer,
)
from rest_framework import serializers

from ..auth import ACCESS_TOKEN_PATTERN
from ..live import WAIT_MAX_SECONDS, WAIT_MIN_SECONDS
from .fields import (
    BOT_LEVEL_CHOICES,
    MAX_INT32,
    PASS_DIRECTION_CHOICES,
    SEAT_CHOICES,
    CardCodeField,
    QueryIntegerField,
    ScoresBySeatSerializer,
    SingleValueField,
    _cards,
)
from .matches import MatchResultSerializer
from .rules import AUTO_HELP, RuleSetSerializer


class EventBaseSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    seat = serializers.ChoiceField(SEAT_CHOICES, allow_null=True)
    at = serializers.DateTimeField()


def _event(name: str, type_: str, doc: str, **fields: serializers.Field) -> type[serializers.Serializer]:
    attrs: dict[str, Any] = {"__doc__": doc, "type": SingleValueField(type_), **fields}
    return type(name, (EventBaseSerializer,), attrs)


EVENT_SERIALIZERS: dict[str, type[serializers.Serializer]] = {
    "match_created": _event("MatchCreatedEventSerializer", "match_created",
                            "The match was created with these rules.", rules=RuleSetSerializer()),
    "seat_taken": _event("SeatTakenEventSerializer", "seat_taken", "A seat was taken.",
                         player=serializers.CharField(allow_null=True),
                         bot_level=serializers.CharField(allow_null=True)),
    "hand_dealt": _event("HandDealtEventSerializer", "hand_dealt",
                         "A hand was dealt; `hand` holds only your 13 cards.",
                         hand_number=serializers.IntegerField(),
                         pass_direction=serializers.ChoiceField(PASS_DIRECTION_CHOICES),
                         hand=_cards()),
    "cards_passed": _event("CardsPassedEventSerializer", "cards_passed",
                           "A seat passed; `cards` only for the passer.",
                           cards=_cards(allow_null=True), auto=serializers.BooleanField(
                               help_text=AUTO_HELP)),
    "cards_exchanged": _event("CardsExchangedEventSerializer", "cards_exchanged",
                              "All passes changed hands: your own given and received cards.",
                              hand_number=serializers.IntegerField(),
                              pass_direction=serializers.ChoiceField(PASS_DIRECTION_CHOICES),
                              given=_cards(allow_null=True), received=_cards(allow_null=True)),
    "card_played": _event("CardPlayedEventSerializer", "card_played", "A card was played.",
                          card=CardCodeField(), auto=serializers.BooleanField(help_text=AUTO_HELP)),
    "trick_taken": _event("TrickTakenEventSerializer", "trick_taken", "A trick was won.",
                          number=serializers.IntegerField(),
                          winner=serializers.ChoiceField(SEAT_CHOICES),
                          points=serializers.IntegerField()),
    "hand_scored": _event("HandScoredEventSerializer", "hand_scored",
                          "A hand was scored; `moon` names the shooter if any.",
                          hand_number=serializers.IntegerField(),
                          points=ScoresBySeatSerializer(), totals=ScoresBySeatSerializer(),
                          moon=serializers.ChoiceField(SEAT_CHOICES, allow_null=True),
                          sun=serializers.BooleanField()),
    "match_ended": _event("MatchEndedEventSerializer", "match_ended", "The match is over.",
                          result=MatchResultSerializer()),
    "seat_left": _event("SeatLeftEventSerializer", "seat_left",
                        "A player left the seat to a bot for the rest of the match; the "
                        "player may take it back with join.",
                        player=serializers.CharField(help_text="who left"),
                        bot_level=serializers.ChoiceField(BOT_LEVEL_CHOICES,
                                                          help_text="the bot that holds it now")),
    "seat_replaced": _event("SeatReplacedEventSerializer", "seat_replaced",
                            "The match's creator replaced an overdue player with a bot for the "
                            "rest of the match; the player may not take the seat back.",
                            player=serializers.CharField(help_text="who was replaced"),
                            bot_level=serializers.ChoiceField(
                                BOT_LEVEL_CHOICES, help_text="the bot that holds it now")),
    "match_aborted": _event("MatchAbortedEventSerializer", "match_aborted",
                            "An operator stopped the match; it has no result and takes no "
                            "more commands.", reason=serializers.CharField()),
}

def _event_list(**kwargs: Any) -> PolymorphicProxySerializer:
    """A list of events, documented as one ``Event`` schema discriminated by ``type``."""
    return PolymorphicProxySerializer(component_name="Event", serializers=EVENT_SERIALIZERS,
                                      resource_type_field_name="type", many=True, **kwargs)


class EventQuerySerializer(serializers.Serializer):
    after = QueryIntegerField(min_value=0, max_value=MAX_INT32, default=0,
                              help_text="return events with seq > after")
    limit = QueryIntegerField(min_value=1, max_value=1000, default=500,
                              help_text="at most this many events")
    wait = QueryIntegerField(min_value=WAIT_MIN_SECONDS, max_value=WAIT_MAX_SECONDS,
                             required=False,
                             help_text="seconds to hold the request until an event after "
                                       "`after` is committed; then, or when time runs out "
                                       "(no events), the answer")


class StreamQuerySerializer(serializers.Serializer):
    after = QueryIntegerField(min_value=0, max_value=MAX_INT32, required=False,
                              help_text="resume: the events with seq > after first, then the "
                                        "view, then live (the Last-Event-ID header wins)")
    access_token = serializers.RegexField(ACCESS_TOKEN_PATTERN, required=False, help_text=(
        "the bearer token, for browsers' EventSource, which cannot send headers"))


class EventListSerializer(serializers.Serializer):
    events = _event_list()
    version = serializers.IntegerField(help_text="the match's current version")
