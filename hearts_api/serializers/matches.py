"""Matches' request shapes (create, join, leave, replace, list) and their summary."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from drf_spectacular.utils import (
    PolymorphicProxySerializer,
)
from rest_framework import serializers

from games.bot_accounts import seat_is_bot
from games.bot_levels import DEFAULT_BOT_LEVEL, STAND_IN_LEVEL
from games.engine import MatchState, Seat, SeatView, seat_view
from games.engine.rules import EndedBy
from games.engine.state import MatchResult, Occupant
from games.lessons import lessons
from games.models import TURN_TIMEOUT_S_MAX, TURN_TIMEOUT_S_MIN, Match

from ..accounts import USERNAME_PATTERN
from .fields import (
    BOT_LEVEL_CHOICES,
    SEAT_CHOICES,
    STATUS_CHOICES,
    BoundedListField,
    CardField,
    PageQuerySerializer,
    ResponseSerializer,
    ScoresBySeatSerializer,
    SingleValueField,
    StrictBooleanField,
    StrictIntegerField,
    StrictRegexField,
    StrictSerializer,
    by_seat,
)
from .lessons import LessonPromptSerializer
from .rules import (
    TURN_TIMEOUT_HELP,
    BotOptionsInputSerializer,
    BotOptionsSerializer,
    RuleSetSerializer,
    RulesSerializer,
    rules_body,
)


class PlayerSeatSpecSerializer(StrictSerializer):
    """You sit here (at most one seat of a match; two are 409 already_seated)."""

    kind = SingleValueField("player")


class OpenSeatSpecSerializer(StrictSerializer):
    """Any player may take this seat with join; the match starts when all four are taken."""

    kind = SingleValueField("open")


class BotSeatSpecSerializer(StrictSerializer):
    """A bot sits here."""

    kind = SingleValueField("bot")
    level = serializers.ChoiceField(BOT_LEVEL_CHOICES, default=DEFAULT_BOT_LEVEL)


class InvitedSeatSpecSerializer(StrictSerializer):
    """This seat is held for one player or bot account (GET /invitations shows it to them)
    until they join, decline, or INVITATION_TTL_S passes; then it is open."""

    kind = SingleValueField("invited")
    username = StrictRegexField(USERNAME_PATTERN, help_text="the invited player (404 "
                                                            "not_found for nobody)")


# One seat of a new match, by its kind: these validate it, and the schema's SeatSpec union
# is made of them (hearts_api.schema), so the two cannot drift apart.
SEAT_SPECS: dict[str, type[StrictSerializer]] = {
    "player": PlayerSeatSpecSerializer, "open": OpenSeatSpecSerializer,
    "bot": BotSeatSpecSerializer, "invited": InvitedSeatSpecSerializer}
SEAT_SPEC_SCHEMA = PolymorphicProxySerializer(component_name="SeatSpec",
                                              resource_type_field_name="kind",
                                              serializers=SEAT_SPECS)


class SeatSpecField(serializers.Field):
    """A seat spec, validated by the serializer of its ``kind`` (``SEAT_SPECS``); out,
    ``{"kind"}`` or ``{"kind": "bot", "level"}``."""

    def to_internal_value(self, data: Any) -> Any:
        kind = data.get("kind") if isinstance(data, dict) else None
        spec = SEAT_SPECS.get(kind) if isinstance(kind, str) else None
        if spec is None:
            raise serializers.ValidationError(
                {"kind": [serializers.ErrorDetail(f"must be one of {', '.join(SEAT_SPECS)}",
                                                  code="invalid_choice")]})
        serializer = spec(data=data)
        serializer.is_valid(raise_exception=True)
        return dict(serializer.validated_data)


class SeatSpecListField(BoundedListField):
    """Exactly four seat specs: north, east, south, west."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(child=SeatSpecField(), min_length=4, max_length=4, **kwargs)


HINTS_HELP = (
    "Whether the players may ask for a hint when they are to act (GET "
    "/matches/{id}/hint). A match with hints is unrated and counts in no record.")


class MatchCreateSerializer(StrictSerializer):
    seats = SeatSpecListField(help_text="north, east, south, west, in order")
    rules = RulesSerializer(required=False, allow_null=True)
    deals = BoundedListField(
        child=BoundedListField(
            child=BoundedListField(child=CardField(), min_length=13, max_length=13),
            min_length=4, max_length=4),
        max_length=settings.FIXED_DEALS_MAX, required=False, allow_null=True,
        help_text="Explicit deals for the first hands: each is four lists of 13 cards "
                  "(north, east, south, west), before passing, holding each of the 52 "
                  "cards once (a card named twice is 422 duplicate_cards).")
    bots = BotOptionsInputSerializer(
        required=False, allow_null=True,
        help_text="How the bots move: a pause before each bot move (delay_ms) and the expert "
                  "bot's thinking time (think_ms). Left out or null: the defaults.")
    turn_timeout_s = StrictIntegerField(
        min_value=TURN_TIMEOUT_S_MIN, max_value=TURN_TIMEOUT_S_MAX, required=False,
        allow_null=True, help_text=TURN_TIMEOUT_HELP)
    hints = StrictBooleanField(required=False, default=False, help_text=HINTS_HELP)


class MatchLeaveSerializer(StrictSerializer):
    bot_level = serializers.ChoiceField(BOT_LEVEL_CHOICES, default=STAND_IN_LEVEL,
                                        help_text="the bot that holds the seat from now on")


class SeatReplaceSerializer(StrictSerializer):
    bot_level = serializers.ChoiceField(BOT_LEVEL_CHOICES, default=STAND_IN_LEVEL,
                                        help_text="the bot that holds the seat from now on")


class MatchJoinSerializer(StrictSerializer):
    seat = serializers.ChoiceField(SEAT_CHOICES, required=False, allow_null=True,
                                   help_text="Leave out to take the first open seat.")


class MatchListQuerySerializer(PageQuerySerializer):
    status = serializers.ChoiceField(STATUS_CHOICES, required=False,
                                     help_text="only matches with this status")


INVITED_HELP = ("the player this open seat is held for (GET /invitations); null when nobody "
                "is invited to it")
IS_BOT_HELP = ("a program holds the seat: a built-in bot (bot_level) or a bot account (a "
               "player registered as a bot)")


class SeatSummarySerializer(serializers.Serializer):
    seat = serializers.ChoiceField(SEAT_CHOICES)
    kind = serializers.ChoiceField(["player", "bot", "open", "invited"])
    name = serializers.CharField(allow_null=True, help_text="The player's username.")
    bot_level = serializers.ChoiceField(BOT_LEVEL_CHOICES, allow_null=True)
    is_bot = serializers.BooleanField(help_text=IS_BOT_HELP)
    invited = serializers.CharField(allow_null=True, help_text=INVITED_HELP)


class StandingSerializer(serializers.Serializer):
    seat = serializers.ChoiceField(SEAT_CHOICES)
    score = serializers.IntegerField()
    place = serializers.IntegerField(help_text="1 = first; tied seats share a place")


class MoonSerializer(serializers.Serializer):
    hand = serializers.IntegerField()
    seat = serializers.ChoiceField(SEAT_CHOICES)


class MatchResultSerializer(serializers.Serializer):
    standings = StandingSerializer(many=True)
    winners = serializers.ListField(child=serializers.ChoiceField(SEAT_CHOICES))
    shared = serializers.BooleanField(help_text="true when several seats share the win")
    hands_played = serializers.IntegerField()
    moons = MoonSerializer(many=True)
    ended_by = serializers.ChoiceField(
        [reason.value for reason in EndedBy], allow_null=True,
        help_text="Why the match ended (docs/rules.md, \"End of the match\"): target_score (a "
                  "total reached it and the tie rule settled the winners), max_hands (the "
                  "rules' last hand), hand_cap (the last hand any match may have) or lesson (a "
                  "lesson's match, ended after the learner's decision); null for a match that "
                  "ended before results said why.")

    @staticmethod
    def body(result: MatchResult) -> dict[str, Any]:
        """The API's result object."""
        return {
            "standings": [{"seat": seat.label, "score": score, "place": place}
                          for seat, score, place in result.standings],
            "winners": [seat.label for seat in result.winners],
            "shared": result.is_shared,
            "hands_played": result.hands_played,
            "moons": [{"hand": hand, "seat": seat.label} for hand, seat in result.moons],
            "ended_by": None if result.ended_by is None else result.ended_by.value,
        }


FIXED_DEALS_HELP = (
    "How many of the first hands were dealt when the match was created, not shuffled as they "
    "came (0: every hand shuffled by the server): the creator's `deals`, every card of which "
    "the creator knows, or a daily challenge's (the summary's `daily` is set), which nobody but the "
    "server knew before the day was over.")
DAILY_HELP = (
    "The UTC date of the daily challenge this match is its creator's one attempt at "
    "(GET /daily/{day}); null: not a daily.")


class MatchSummarySerializer(ResponseSerializer):
    id = serializers.UUIDField()
    status = serializers.ChoiceField(STATUS_CHOICES)
    rules = RuleSetSerializer()
    bots = BotOptionsSerializer(help_text="How the bots move, as set at creation.")
    seats = SeatSummarySerializer(many=True)
    hand_number = serializers.IntegerField(help_text="0 before the first deal")
    scores = ScoresBySeatSerializer(help_text="match totals")
    version = serializers.IntegerField(help_text="seq of the last event")
    created_at = serializers.DateTimeField()
    result = MatchResultSerializer(allow_null=True)
    fixed_deals = serializers.IntegerField(min_value=0, help_text=FIXED_DEALS_HELP)
    turn_timeout_s = serializers.IntegerField(min_value=TURN_TIMEOUT_S_MIN,
                                              max_value=TURN_TIMEOUT_S_MAX, allow_null=True,
                                              help_text=TURN_TIMEOUT_HELP)
    daily = serializers.DateField(allow_null=True, help_text=DAILY_HELP)
    hints = serializers.BooleanField(help_text=HINTS_HELP)
    lesson = LessonPromptSerializer(
        allow_null=True, help_text="the lesson this match is an attempt at (POST "
                                   "/lessons/{slug}/attempts); null: not a lesson")

    @staticmethod
    def body(match: Match, state: MatchState) -> dict[str, Any]:
        view = seat_view(state, None)
        return {
            "id": match.id,
            "status": match.status,
            "rules": rules_body(view.rules),
            "bots": {"delay_ms": match.bot_delay_ms, "think_ms": match.bot_think_ms},
            "seats": seat_bodies(match, view, kind=True),
            "hand_number": view.hand_number,
            "scores": by_seat(view.scores),
            "version": match.version,
            "created_at": match.created_at,
            "result": MatchResultSerializer.body(view.result) if view.result else None,
            "fixed_deals": match.fixed_deals,
            "turn_timeout_s": match.turn_timeout_s,
            "daily": match.daily_date,
            "hints": match.hints,
            "lesson": _lesson(match.lesson),
        }


def _lesson(slug: str) -> dict[str, Any] | None:
    """The summary's ``lesson``: null for none, or for a lesson no longer served."""
    lesson = lessons().get(slug) if slug else None
    return LessonPromptSerializer.body(lesson) if lesson else None


class LobbyEntrySerializer(MatchSummarySerializer):
    """A match you may join: its summary and the seats still open."""

    open_seats = serializers.ListField(child=serializers.ChoiceField(SEAT_CHOICES), min_length=1,
                                       help_text="the seats nobody holds yet nor is invited "
                                                 "to, north to west; join takes one")

    @staticmethod
    def body(match: Match, state: MatchState) -> dict[str, Any]:
        return {**MatchSummarySerializer.body(match, state),
                "open_seats": [seat.label for seat in state.open_seats]}


def seat_bodies(match: Match, view: SeatView, *, kind: bool) -> list[dict[str, Any]]:
    """Each seat of ``view`` as the summary's ``seats`` (``kind``) or the view's ``players``
    show it."""
    return [{"seat": seat.label, **({"kind": seat_kind(occupant, invited)} if kind else {}),
             "name": occupant.player if occupant else None,
             "bot_level": occupant.bot_level if occupant else None,
             "is_bot": seat_is_bot(match, occupant), "invited": invited}
            for seat, occupant, invited in zip(Seat, view.players, view.invited, strict=True)]


def seat_kind(occupant: Occupant | None, invited: str | None) -> str:
    """Who sits in a seat, as the summary's ``kind`` says it: ``player``, ``bot``, ``open``,
    or ``invited`` (held for a player)."""
    if occupant is None:
        return "invited" if invited else "open"
    return "bot" if occupant.is_bot else "player"
