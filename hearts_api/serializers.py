"""Request and response shapes of docs/api.md. Class names (less "Serializer") become the
OpenAPI components and so the SDKs' type names: name them for SDK users."""

from __future__ import annotations

import json
import re
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError as DjangoValidationError
from drf_spectacular.utils import (
    PolymorphicProxySerializer,
    extend_schema_field,
    extend_schema_serializer,
)
from rest_framework import serializers

from games.bot_levels import BOT_LEVELS, DEFAULT_BOT_LEVEL, STAND_IN_LEVEL
from games.engine import (
    CANONICAL_CARD_CODE_PATTERN,
    CARD_CODE_PATTERN,
    CardSyntaxError,
    RuleSet,
    RuleSetError,
    Seat,
    parse_card,
)
from games.engine.rules import EndedBy, MoonScoring, PassDirection, TiePolicy
from games.engine.variants import BOUNDS, JACK_OF_DIAMONDS_CHOICES
from games.models import (
    BOT_DELAY_MS_DEFAULT,
    BOT_DELAY_MS_MAX,
    BOT_THINK_MS_DEFAULT,
    BOT_THINK_MS_MAX,
    BOT_THINK_MS_MIN,
    TURN_TIMEOUT_S_MAX,
    TURN_TIMEOUT_S_MIN,
    Match,
)

from . import health
from .accounts import PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_PATTERN
from .auth import ACCESS_TOKEN_PATTERN
from .live import WAIT_MAX_SECONDS, WAIT_MIN_SECONDS
from .problem_types import PROBLEMS

SEAT_CHOICES = [seat.label for seat in Seat]
STATUS_CHOICES = list(Match.Status.values)
PASS_DIRECTION_CHOICES = [direction.value for direction in PassDirection]
CARD_HELP = ("Card code: rank (2-9, T or 10, J, Q, K, A) + suit (C, D, H, S or a suit "
             "symbol), either case: 2C, TH, 10h, Q♠. Anything else is 400 unknown_card.")
MAX_INT32 = 2**31 - 1


@extend_schema_field({"type": "string", "pattern": CARD_CODE_PATTERN, "example": "QS",
                      "description": CARD_HELP})
class CardField(serializers.Field):
    """A card code in, the engine's ``Card`` out; an unparseable code is ``unknown_card``."""

    def to_internal_value(self, data: Any) -> Any:
        try:
            return parse_card(data)
        except CardSyntaxError as error:
            raise serializers.ValidationError(str(error), code="unknown_card") from None

    def to_representation(self, value: Any) -> str:
        return str(value)


@extend_schema_field({"type": "string", "pattern": CANONICAL_CARD_CODE_PATTERN, "example": "QS"})
class CardCodeField(serializers.CharField):
    """A card in a response: always its canonical code (rank + suit letter: 2C, TH, QS)."""


def _cards(**kwargs: Any) -> serializers.ListField:
    """A response's list of canonical card codes."""
    return serializers.ListField(child=CardCodeField(), **kwargs)


class UniqueListField(serializers.ListField):
    """A list whose items must differ; the schema says ``uniqueItems`` (see
    ``hearts_api.schema``). The check itself is the caller's: the engine refuses a card
    named twice as ``duplicate_cards`` (422), aliases such as ``TH``/``10H`` included."""


class StrictCharField(serializers.CharField):
    """A JSON string only: no ``0`` or ``true`` turned into ``"0"`` (DRF would coerce them)."""

    def to_internal_value(self, data: Any) -> Any:
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictRegexField(StrictCharField):
    """A JSON string that ``pattern`` (``^…$``, published in the schema) matches as a whole:
    no white space trimmed, no trailing newline let through by ``$``."""

    def __init__(self, pattern: str, **kwargs: Any) -> None:
        self.pattern = pattern
        self._regex = re.compile(pattern)
        super().__init__(trim_whitespace=False, **kwargs)

    def to_internal_value(self, data: Any) -> Any:
        value = super().to_internal_value(data)
        if not self._regex.fullmatch(value):  # fullmatch: "$" lets no trailing newline by
            self.fail("invalid")
        return value


class SingleValueField(serializers.ChoiceField):
    """A field that always holds one value (an event's ``type``, a seat spec's ``kind``);
    the schema gives it as a one-value enum, inline, so unions discriminate on it."""

    def __init__(self, value: str, **kwargs: Any) -> None:
        super().__init__([value], **kwargs)


class StrictSerializer(serializers.Serializer):
    """A request body; a field it does not name is refused (400 unknown_field)."""

    # The docstring is the schema's description of every subclass without one of its own;
    # hearts_api.schema adds ``additionalProperties: false``. A typo is an error, never a
    # silently ignored field.

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError(
                    {name: [serializers.ErrorDetail("unknown field", code="unknown_field")]
                     for name in unknown})
        return super().to_internal_value(data)


# --- players and tokens -------------------------------------------------------------------


class PlayerCreateSerializer(StrictSerializer):
    username = StrictRegexField(USERNAME_PATTERN, help_text="1 to 150 of: ASCII letters, "
                                                            "digits and @ . + - _")
    # Never echoed: DRF's and Django's messages name the rule broken, not the value.
    password = StrictCharField(
        required=False, write_only=True, trim_whitespace=False,
        min_length=PASSWORD_MIN_LENGTH, max_length=PASSWORD_MAX_LENGTH,
        help_text=f"Optional: lets the player mint tokens with HTTP Basic credentials "
                  f"(POST /tokens). {PASSWORD_MIN_LENGTH} to {PASSWORD_MAX_LENGTH} "
                  f"characters, not entirely numeric, not a common password, not too like "
                  f"the username; else 400 invalid_request with the reason's code "
                  f"(password_too_common, ...). Left out, the player has tokens only.")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """``attrs`` as they are, once a password among them passes Django's validators
        (``settings.AUTH_PASSWORD_VALIDATORS``, the username's similarity included).
        Raises ``ValidationError`` on field ``password``, one error per validator that
        refuses it, each with that validator's code (``password_too_common``,
        ``password_entirely_numeric``, ``password_too_similar``, ...)."""
        if "password" in attrs:
            try:
                validate_password(attrs["password"], get_user_model()(username=attrs["username"]))
            except DjangoValidationError as refused:
                raise serializers.ValidationError({"password": [
                    serializers.ErrorDetail(" ".join(error.messages), code=error.code)
                    for error in refused.error_list]}) from None
        return attrs


class PlayerCreatedSerializer(serializers.Serializer):
    username = serializers.CharField()
    token = serializers.CharField(help_text="Bearer token; shown only this once.")


class TokenCreateSerializer(StrictSerializer):
    # "+": a blank name is the schema's other oneOf member (DRF takes "" before any pattern).
    name = StrictRegexField(r"^[^\x00]+$", max_length=100, required=False,
                            allow_blank=True,
                            help_text="What the token is for, e.g. the app's name (no NUL "
                                      "character); left out, empty.")


class ApiTokenSerializer(serializers.Serializer):
    token_key = serializers.CharField(help_text="The token's first characters.")
    name = serializers.CharField()
    created = serializers.DateTimeField()


class ApiTokenCreatedSerializer(ApiTokenSerializer):
    token = serializers.CharField(help_text="Bearer token; shown only this once.")


# --- rules --------------------------------------------------------------------------------


def json_integer(data: Any) -> int | None:
    """``data`` as an integer if JSON Schema calls it one (``30``, and ``30.0``: a number
    whose fraction is zero), else None (``"30"``, ``30.5``, ``true``)."""
    if type(data) is int:
        return data
    if type(data) is float and data.is_integer():
        return int(data)
    return None


class StrictIntegerField(serializers.IntegerField):
    """A JSON integer only: no ``"30"``, ``30.5`` or ``true`` (DRF would coerce them)."""

    def to_internal_value(self, data: Any) -> Any:
        value = json_integer(data)
        if value is None:
            self.fail("invalid")
        return super().to_internal_value(value)


class QueryIntegerField(serializers.IntegerField):
    """An integer query parameter: decimal digits only (DRF would take ``1.0`` and ``+1``),
    at most 10 of them, so no huge number reaches ``int()``."""

    def to_internal_value(self, data: Any) -> Any:
        if not isinstance(data, str) or not re.fullmatch(r"-?[0-9]{1,10}", data):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictBooleanField(serializers.BooleanField):
    """A JSON boolean only: no ``1``, ``"yes"`` or ``"true"`` (DRF would coerce them)."""

    def to_internal_value(self, data: Any) -> Any:
        if type(data) is not bool:
            self.fail("invalid")
        return data


class StrictIntegerChoiceField(serializers.ChoiceField):
    """One of integer ``choices``, given as a JSON integer (``-10`` or ``-10.0``, not
    ``"-10"``)."""

    def to_internal_value(self, data: Any) -> Any:
        value = json_integer(data)
        if value is None:
            self.fail("invalid_choice", input=data)
        return super().to_internal_value(value)


def _rule_fields(required: bool, target_score_max: int | None,
                 pass_rotation_max: int | None) -> dict[str, serializers.Field]:
    """The RuleSet fields, as strict about JSON types as ``RuleSet.from_json``, within its
    ``BOUNDS`` and defaults; ``target_score`` at most ``target_score_max`` (None: the
    rules' own bound), ``pass_rotation`` at most ``pass_rotation_max`` long (None: any)."""
    default = RuleSet().to_json()
    opts: dict[str, Any] = {"required": required}

    def bounded(name: str, most: int | None = None, **kwargs: Any) -> StrictIntegerField:
        least, at_most = BOUNDS[name]
        return StrictIntegerField(min_value=least, max_value=at_most if most is None else most,
                                  **opts, **kwargs)

    def described(name: str) -> str:
        value = default[name]
        return "default " + (", ".join(value) if isinstance(value, list)
                             else json.dumps(value).strip('"'))

    return {
        "target_score": bounded("target_score", target_score_max,
                                help_text=described("target_score")),
        "pass_rotation": serializers.ListField(
            child=serializers.ChoiceField(PASS_DIRECTION_CHOICES, allow_blank=False), min_length=1,
            max_length=pass_rotation_max, **opts, help_text=described("pass_rotation")),
        "pass_count": bounded("pass_count", help_text=described("pass_count")),
        "first_trick_points": StrictBooleanField(**opts, help_text=described("first_trick_points")),
        "queen_breaks_hearts": StrictBooleanField(**opts,
                                                  help_text=described("queen_breaks_hearts")),
        "shoot_the_sun": StrictBooleanField(**opts, help_text=described("shoot_the_sun")),
        "moon_scoring": serializers.ChoiceField([m.value for m in MoonScoring], **opts,
                                                help_text=described("moon_scoring")),
        "jack_of_diamonds": StrictIntegerChoiceField(list(JACK_OF_DIAMONDS_CHOICES), **opts,
                                                     help_text=described("jack_of_diamonds")),
        "tie_policy": serializers.ChoiceField([t.value for t in TiePolicy], **opts,
                                              help_text=described("tie_policy")),
        "max_tiebreak_hands": bounded("max_tiebreak_hands",
                                      help_text=described("max_tiebreak_hands")),
        "max_hands": bounded(
            "max_hands", allow_null=True,
            help_text=described("max_hands") + " (no limit): the match ends after this many "
            "hands at the latest, whatever the totals (a tie is shared, no tiebreak hands)"),
    }


RuleSetSerializer = type("RuleSetSerializer", (serializers.Serializer,), {
    "__doc__": "The rules of a match: every variant, each field's default in its "
               "description.",
    # The rules a match was created with: one created before the limits may say more.
    **_rule_fields(required=True, target_score_max=None, pass_rotation_max=None),
})


def _validate_rules(self: serializers.Serializer, attrs: dict[str, Any]) -> RuleSet:
    try:
        return RuleSet.from_json(attrs)
    except RuleSetError as error:
        raise serializers.ValidationError(error.errors) from None


RulesSerializer = type("RulesSerializer", (StrictSerializer,), {
    "__doc__": "Any RuleSet fields; those left out take their defaults.",
    "validate": _validate_rules,
    **_rule_fields(required=False, target_score_max=settings.TARGET_SCORE_MAX,
                   pass_rotation_max=settings.PASS_ROTATION_MAX),
})


# --- bot options --------------------------------------------------------------------------

# The expert's thinking time a match may ask for: the deployment's ceiling, within the column's.
THINK_MS_MAX = min(settings.BOT_THINK_MS_CEILING, BOT_THINK_MS_MAX)
DELAY_MS_HELP = (
    f"Milliseconds each bot waits before it moves, so people at the table can follow the "
    f"play (0..{BOT_DELAY_MS_MAX}, default {BOT_DELAY_MS_DEFAULT}).")
THINK_MS_HELP = (
    f"The expert bot's thinking time per decision (each pass and each play with a choice), "
    f"in milliseconds of CPU time on the worker ({BOT_THINK_MS_MIN}..{THINK_MS_MAX}, the "
    f"server's ceiling BOT_THINK_MS_CEILING; default {BOT_THINK_MS_DEFAULT}); on a worker "
    f"shared by many searches a decision takes longer by the clock. More means a stronger, "
    f"slower bot. Other levels do not search and ignore it.")


TURN_TIMEOUT_HELP = (
    f"Seconds a player's turn may last ({TURN_TIMEOUT_S_MIN}..{TURN_TIMEOUT_S_MAX}). Null or "
    f"left out: {settings.OPEN_SEAT_TURN_TIMEOUT_S} (OPEN_SEAT_TURN_TIMEOUT_S) when a seat is "
    f"open, so nobody who joins can hold the table; else turns never time out. When it runs "
    f"out (the view's turn_deadline), a stand-in bot ({STAND_IN_LEVEL}) makes that one move "
    f"for each player still to act, marked `auto` in the log, within moments, and the "
    f"player plays on; a move the player sends before then is taken. A pass "
    f"or play that comes in before a stand-in moved for the seat is refused (412 "
    f"stale_version), so it cannot land on the next turn.")
AUTO_HELP = "true: a stand-in bot made this move because the seat's turn timed out"


def _bot_option_fields(required: bool) -> dict[str, serializers.Field]:
    """The bot options, as strict about JSON types as the rules (a JSON integer only)."""
    delay: dict[str, Any] = {"required": True} if required else {
        "required": False, "default": BOT_DELAY_MS_DEFAULT}
    think: dict[str, Any] = {"required": True} if required else {
        "required": False, "default": BOT_THINK_MS_DEFAULT}
    return {
        "delay_ms": StrictIntegerField(min_value=0, max_value=BOT_DELAY_MS_MAX, **delay,
                                       help_text=DELAY_MS_HELP),
        "think_ms": StrictIntegerField(min_value=BOT_THINK_MS_MIN, max_value=THINK_MS_MAX,
                                       **think, help_text=THINK_MS_HELP),
    }


BotOptionsSerializer = type("BotOptionsSerializer", (serializers.Serializer,), {
    "__doc__": "How the match's bots move (milliseconds).",
    **_bot_option_fields(required=True),
})

# The request's shape: the same fields, each optional. Named BotOptions, it becomes the
# ``BotOptionsRequest`` component (COMPONENT_SPLIT_REQUEST adds the suffix).
BotOptionsInputSerializer = extend_schema_serializer(component_name="BotOptions")(
    type("BotOptionsInputSerializer", (StrictSerializer,), {
        "__doc__": "How the match's bots move (milliseconds); fields left out take their "
                   "defaults, unknown fields are refused.",
        **_bot_option_fields(required=False),
    }))


# --- matches ------------------------------------------------------------------------------


BOT_LEVEL_CHOICES = list(BOT_LEVELS)


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


# One seat of a new match, by its kind: these validate it, and the schema's SeatSpec union
# is made of them (hearts_api.schema), so the two cannot drift apart.
SEAT_SPECS: dict[str, type[StrictSerializer]] = {
    "player": PlayerSeatSpecSerializer, "open": OpenSeatSpecSerializer,
    "bot": BotSeatSpecSerializer}
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


class SeatSpecListField(serializers.ListField):
    """Exactly four seat specs: north, east, south, west."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(child=SeatSpecField(), min_length=4, max_length=4, **kwargs)


class MatchCreateSerializer(StrictSerializer):
    seats = SeatSpecListField(help_text="north, east, south, west, in order")
    rules = RulesSerializer(required=False, allow_null=True)
    deals = serializers.ListField(
        child=serializers.ListField(
            child=UniqueListField(child=CardField(), min_length=13, max_length=13),
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



class MatchLeaveSerializer(StrictSerializer):
    bot_level = serializers.ChoiceField(BOT_LEVEL_CHOICES, default=STAND_IN_LEVEL,
                                        help_text="the bot that holds the seat from now on")


class SeatReplaceSerializer(StrictSerializer):
    bot_level = serializers.ChoiceField(BOT_LEVEL_CHOICES, default=STAND_IN_LEVEL,
                                        help_text="the bot that holds the seat from now on")


class MatchJoinSerializer(StrictSerializer):
    seat = serializers.ChoiceField(SEAT_CHOICES, required=False, allow_null=True,
                                   help_text="Leave out to take the first open seat.")


class PageQuerySerializer(serializers.Serializer):
    """The query of a paginated list (``MatchPagination``)."""

    page = QueryIntegerField(min_value=1, max_value=MAX_INT32, required=False,
                             help_text="1-based; a page past the last is empty")
    page_size = QueryIntegerField(min_value=1, max_value=100, required=False,
                                  help_text="default 20")


class MatchListQuerySerializer(PageQuerySerializer):
    status = serializers.ChoiceField(STATUS_CHOICES, required=False,
                                     help_text="only matches with this status")


class ScoresBySeatSerializer(serializers.Serializer):
    north = serializers.IntegerField()
    east = serializers.IntegerField()
    south = serializers.IntegerField()
    west = serializers.IntegerField()


class SeatSummarySerializer(serializers.Serializer):
    seat = serializers.ChoiceField(SEAT_CHOICES)
    kind = serializers.ChoiceField(["player", "bot", "open"])
    name = serializers.CharField(allow_null=True, help_text="The player's username.")
    bot_level = serializers.CharField(allow_null=True)


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
                  "rules' last hand) or hand_cap (the last hand any match may have); null "
                  "for a match that ended before results said why.")


OPPONENTS_HELP = (
    'The other three seats, each "human" (a player, or the bot holding a seat a player '
    'left) or its bot level, sorted and joined by commas: "easy,easy,easy", "hard,hard,human".')


class RecordMoonSerializer(serializers.Serializer):
    hand = serializers.IntegerField(min_value=1)
    seat = serializers.ChoiceField(SEAT_CHOICES)
    sun = serializers.BooleanField(help_text="true: the shooter took every trick (shoot_the_sun)")


class FastestWinSerializer(serializers.Serializer):
    hands = serializers.IntegerField(min_value=1, help_text="hands the match lasted")
    match_id = serializers.UUIDField()
    ended_at = serializers.DateTimeField()
    seat = serializers.ChoiceField(SEAT_CHOICES, help_text="the player's seat in it")
    scores = ScoresBySeatSerializer(help_text="the final totals")
    moons = RecordMoonSerializer(many=True, help_text="every moon and sun shot in that match")


class OpponentRecordSerializer(serializers.Serializer):
    opponents = serializers.CharField(help_text=OPPONENTS_HELP)
    matches_finished = serializers.IntegerField(min_value=0,
                                                help_text="finished against these opponents")
    matches_won = serializers.IntegerField(min_value=0, help_text="with the only lowest total")
    matches_shared = serializers.IntegerField(min_value=0,
                                              help_text="with a lowest total tied with others")
    fastest_win = FastestWinSerializer(
        allow_null=True, help_text="The won match that took the fewest hands (the earlier of "
                                   "two as fast); null until a win with deals the server "
                                   "shuffled (fixed deals set none).")


RATING_HELP = (
    "The conservative estimate of skill, mu - 3 sigma (openskill, Plackett-Luce): 0 at the "
    "start, higher is stronger; the leaderboard's order.")


class RatingSerializer(serializers.Serializer):
    conservative = serializers.FloatField(help_text=RATING_HELP)
    mu = serializers.FloatField(help_text="the estimate of skill (25 at the start)")
    sigma = serializers.FloatField(help_text="its uncertainty (25/3 at the start)")
    matches_rated = serializers.IntegerField(min_value=1)


class LeaderboardEntrySerializer(serializers.Serializer):
    rank = serializers.IntegerField(min_value=1, help_text="1 = the highest rating; equal "
                                                           "ratings: the first rated first")
    kind = serializers.ChoiceField(["player", "bot"])
    name = serializers.CharField(help_text="the player's username, or the bot level")
    rating = RatingSerializer()


class PlayerProfileSerializer(serializers.Serializer):
    """A player's record over the matches they held a seat in when it ended (a seat they
    left to a bot counts as theirs)."""

    username = serializers.CharField()
    matches_played = serializers.IntegerField(min_value=0,
                                              help_text="won, shared, lost and aborted")
    matches_won = serializers.IntegerField(min_value=0, help_text="with the only lowest total")
    matches_shared = serializers.IntegerField(min_value=0,
                                              help_text="with a lowest total tied with others")
    matches_lost = serializers.IntegerField(min_value=0)
    matches_aborted = serializers.IntegerField(min_value=0, help_text="ended with no result")
    hands_played = serializers.IntegerField(min_value=0)
    moons_shot = serializers.IntegerField(min_value=0)
    suns_shot = serializers.IntegerField(min_value=0)
    rating = RatingSerializer(allow_null=True, help_text="null before the first rated match "
                                                         "(finished, deals shuffled by the "
                                                         "server, a player seated)")
    records = OpponentRecordSerializer(many=True, help_text="one per set of opponents met in "
                                                            "a finished match, by opponents")


# --- the daily challenge ------------------------------------------------------------------


class DailyBotLevelsSerializer(serializers.Serializer):
    """The day's bot in each seat but the player's (south): chosen from the date by a fixed
    public rotation (README, "The daily challenge")."""

    west = serializers.ChoiceField(BOT_LEVEL_CHOICES)
    north = serializers.ChoiceField(BOT_LEVEL_CHOICES)
    east = serializers.ChoiceField(BOT_LEVEL_CHOICES)


class DailyDealSerializer(serializers.Serializer):
    """One deal of a daily challenge, before passing: each seat's 13 cards, sorted."""

    north = _cards(min_length=13, max_length=13)
    east = _cards(min_length=13, max_length=13)
    south = _cards(min_length=13, max_length=13)
    west = _cards(min_length=13, max_length=13)


class DailyAttemptSerializer(serializers.Serializer):
    """Your attempt at the day's challenge: its match and that match's status."""

    match_id = serializers.UUIDField()
    status = serializers.ChoiceField(STATUS_CHOICES)


class DailyChallengeSerializer(serializers.Serializer):
    """A day's daily challenge: the same rules, bots and deals for every player."""

    date = serializers.DateField(help_text="the UTC date")
    closes_at = serializers.DateTimeField(help_text="the day's end (UTC): attempts close, the "
                                                    "deals are shown, the matches may be watched")
    rules = RuleSetSerializer(help_text="the default rules, with max_hands 4")
    seat = serializers.ChoiceField(SEAT_CHOICES, help_text="your seat: always south")
    bot_levels = DailyBotLevelsSerializer()
    hands = serializers.IntegerField(min_value=1, help_text="hands played: 4, whatever the totals")
    deals = DailyDealSerializer(many=True, allow_null=True, help_text=(
        "null until the day is over (closes_at); then the day's 4 deals, hand 1 first"))
    attempt = DailyAttemptSerializer(allow_null=True, help_text=(
        "your attempt at it; null without one, and without a token"))


class DailyLeaderboardEntrySerializer(serializers.Serializer):
    rank = serializers.IntegerField(min_value=1, help_text="1 = the fewest points; equal points "
                                                           "and seconds share a rank")
    username = serializers.CharField()
    points = serializers.IntegerField(min_value=0, help_text="the player's total after the 4 "
                                                             "hands (fewest is best)")
    seconds = serializers.IntegerField(min_value=0, help_text="whole seconds from the match's "
                                                              "creation to its end")
    finished_at = serializers.DateTimeField()


FIXED_DEALS_HELP = (
    "How many of the first hands were dealt when the match was created, not shuffled as they "
    "came (0: every hand shuffled by the server): the creator's `deals`, every card of which "
    "the creator knows, or a daily challenge's (the summary's `daily` is set), which nobody but the "
    "server knew before the day was over.")
DAILY_HELP = (
    "The UTC date of the daily challenge this match is its creator's one attempt at "
    "(GET /daily/{day}); null: not a daily.")


class MatchSummarySerializer(serializers.Serializer):
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


class LobbyEntrySerializer(MatchSummarySerializer):
    """A match you may join: its summary and the seats still open."""

    open_seats = serializers.ListField(child=serializers.ChoiceField(SEAT_CHOICES), min_length=1,
                                       help_text="the seats nobody holds yet, north to west; "
                                                 "join takes one")


# --- the seat view ------------------------------------------------------------------------


class PlayedCardSerializer(serializers.Serializer):
    seat = serializers.ChoiceField(SEAT_CHOICES)
    card = CardCodeField()


class CurrentTrickSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="1..13")
    leader = serializers.ChoiceField(SEAT_CHOICES)
    cards = PlayedCardSerializer(many=True)


class CompletedTrickSerializer(CurrentTrickSerializer):
    winner = serializers.ChoiceField(SEAT_CHOICES)
    points = serializers.IntegerField()


class PassInfoSerializer(serializers.Serializer):
    given = _cards(allow_null=True, help_text="your pass, once submitted")
    received = _cards(allow_null=True, help_text="what you received, once all four passed")
    waiting_for = serializers.ListField(child=serializers.ChoiceField(SEAT_CHOICES))


class PlayerSerializer(serializers.Serializer):
    seat = serializers.ChoiceField(SEAT_CHOICES)
    name = serializers.CharField(allow_null=True)
    bot_level = serializers.CharField(allow_null=True)


class SeatViewSerializer(serializers.Serializer):
    """What the caller's seat may see (a spectator's view when the caller has no seat)."""

    match_id = serializers.UUIDField()
    version = serializers.IntegerField()
    status = serializers.ChoiceField(STATUS_CHOICES)
    seat = serializers.ChoiceField(SEAT_CHOICES, allow_null=True)
    hand_number = serializers.IntegerField()
    pass_direction = serializers.ChoiceField(PASS_DIRECTION_CHOICES, allow_null=True)
    hand = _cards(help_text="your cards, sorted")
    to_act = serializers.ListField(child=serializers.ChoiceField(SEAT_CHOICES))
    is_your_turn = serializers.BooleanField()
    turn_deadline = serializers.DateTimeField(
        allow_null=True, help_text="when a stand-in bot moves for the players (not the bots) in "
                                   "to_act if they have not: the match's turn_timeout_s after "
                                   "their turn began (a deal, the exchange, a card played or a "
                                   "trick taken). Null: no timeout set, or only bots to act")
    legal_cards = _cards(help_text="what you may play now, or pass from")
    pass_ = PassInfoSerializer(allow_null=True, help_text="your pass; null on a hold hand "
                                                          "and for a spectator")
    trick = CurrentTrickSerializer(allow_null=True)
    tricks = CompletedTrickSerializer(many=True, help_text="this hand's tricks, oldest first")
    hearts_broken = serializers.BooleanField()
    tricks_won = ScoresBySeatSerializer()
    hand_points = ScoresBySeatSerializer()
    scores = ScoresBySeatSerializer()
    players = PlayerSerializer(many=True)
    rules = RuleSetSerializer()
    result = MatchResultSerializer(allow_null=True)
    fixed_deals = serializers.IntegerField(min_value=0, help_text=FIXED_DEALS_HELP)
    end_started_after = serializers.IntegerField(
        allow_null=True, min_value=1,
        help_text="the hand after which some total first reached the target score, so the "
                  "end of the match began: every hand after it is a tiebreak hand (at most "
                  "rules.max_tiebreak_hands of them under tie_policy play_on). Null while "
                  "no total has reached the target")

    def get_fields(self) -> dict[str, serializers.Field]:
        fields = super().get_fields()
        fields["pass"] = fields.pop("pass_")  # "pass" is a Python keyword
        return fields


# --- events -------------------------------------------------------------------------------


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


# --- commands -----------------------------------------------------------------------------


class CardsPassSerializer(StrictSerializer):
    cards = UniqueListField(child=CardField(), min_length=1, max_length=4,
                            help_text="The cards you pass: the rules' pass_count of them (3 "
                                      "by default; another count is 422 wrong_pass_count).")


class CardPlaySerializer(StrictSerializer):
    card = CardField()


class CommandResultSerializer(serializers.Serializer):
    version = serializers.IntegerField(help_text="the match version after your command")
    events = _event_list(help_text="the events your command caused, redacted for you")
    view = SeatViewSerializer()


class HealthSerializer(serializers.Serializer):
    status = serializers.CharField(help_text='"ok": the database answers, and the broker and Redis '
                                             "where there are; else the answer is 503 unavailable "
                                             "problem+json, its members naming each part")
    database = serializers.CharField(help_text=f'"{health.OK}" or "error: <exception class>"')
    broker = serializers.CharField(help_text=f'"{health.OK}", "error: <exception class>", or '
                                             f'"{health.NO_BROKER}" without a broker')
    redis = serializers.CharField(help_text="REDIS_URL's Redis (match notifications, rate-limit "
                                            f'counters): "{health.OK}", "error: <exception class>", '
                                            f'or "{health.NO_REDIS}"')


class FieldErrorSerializer(serializers.Serializer):
    field = serializers.CharField(help_text="dotted path of the field, e.g. rules.pass_count; or "
                                            "the header at fault, e.g. If-Match; empty for the "
                                            "request as a whole (a body that is not JSON)")
    code = serializers.CharField(help_text="e.g. required, invalid, unknown_field, unknown_card, "
                                           "parse_error")
    detail = serializers.CharField()


class ProblemSerializer(serializers.Serializer):
    """An RFC 9457 problem details object (``application/problem+json``). ``type`` resolves
    to a page about the code (``GET /problems/<code>``)."""

    type = serializers.CharField(help_text="/problems/<code>")
    title = serializers.CharField()
    status = serializers.IntegerField()
    detail = serializers.CharField()
    code = serializers.CharField(help_text=(
        "stable machine-readable code, one page each at /problems/<code>; today one of "
        + ", ".join(PROBLEMS) + " (a client should expect new ones)"))
    legal_cards = _cards(required=False, help_text="with rule refusals: what you may play or "
                                                   "pass")
    errors = FieldErrorSerializer(many=True, required=False,
                                  help_text="always with invalid_request and unknown_card: each "
                                            "fault")
    to_act = serializers.ListField(child=serializers.ChoiceField(SEAT_CHOICES), required=False,
                                   help_text="with not_your_turn: the seats to act")
    version = serializers.IntegerField(required=False,
                                       help_text="with stale_version: the current version")
    seat = serializers.ChoiceField(SEAT_CHOICES, required=False,
                                   help_text="with already_seated, to a player who left a "
                                             "seat: that seat")
    retry_after = serializers.IntegerField(required=False,
                                           help_text="with throttled, unavailable and a rate's "
                                                     "quota_exceeded: seconds to wait")
    quota = serializers.CharField(required=False,
                                  help_text="with quota_exceeded: the quota's name (tokens, "
                                            "match_creations, idempotency_keys, ...)")
    limit = serializers.IntegerField(required=False,
                                     help_text="with quota_exceeded: how many may be held, or "
                                               "with period_s, how many a window allows")
    period_s = serializers.IntegerField(required=False,
                                        help_text="with quota_exceeded for a rate: its window, "
                                                  "in seconds")
    match_id = serializers.UUIDField(required=False,
                                     help_text="with daily_attempted: the match of your attempt")
    database = serializers.CharField(required=False, help_text=(
        f'with unavailable at /healthz: "{health.OK}" or "error: <exception class>"'))
    broker = serializers.CharField(required=False, help_text=(
        f'with unavailable at /healthz: "{health.OK}", "error: <exception class>", or '
        f'"{health.NO_BROKER}"'))
    redis = serializers.CharField(required=False, help_text=(
        f'with unavailable at /healthz: "{health.OK}", "error: <exception class>", or '
        f'"{health.NO_REDIS}"'))
