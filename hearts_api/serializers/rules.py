"""A match's rules and bot options, as requests give them and responses show them."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from drf_spectacular.utils import (
    extend_schema_serializer,
)
from rest_framework import serializers

from games import services
from games.bot_levels import STAND_IN_LEVEL
from games.engine import (
    RuleSet,
    RuleSetError,
)
from games.engine.rules import MoonScoring, TiePolicy
from games.engine.variants import BOUNDS, JACK_OF_DIAMONDS_CHOICES
from games.models import (
    BOT_DELAY_MS_DEFAULT,
    BOT_DELAY_MS_MAX,
    BOT_THINK_MS_MAX,
    BOT_THINK_MS_MIN,
    TURN_TIMEOUT_S_MAX,
    TURN_TIMEOUT_S_MIN,
)

from .fields import (
    PASS_DIRECTION_CHOICES,
    BoundedListField,
    StrictBooleanField,
    StrictIntegerChoiceField,
    StrictIntegerField,
    StrictSerializer,
)


def rules_body(rules: RuleSet) -> dict[str, Any]:
    """The API's rules object: every field of ``RuleSetSerializer``, in its order."""
    return {
        "target_score": rules.target_score,
        "pass_rotation": [direction.value for direction in rules.pass_rotation],
        "pass_count": rules.pass_count,
        "first_trick_points": rules.first_trick_points,
        "queen_breaks_hearts": rules.queen_breaks_hearts,
        "shoot_the_sun": rules.shoot_the_sun,
        "moon_scoring": rules.moon_scoring.value,
        "jack_of_diamonds": rules.jack_of_diamonds,
        "tie_policy": rules.tie_policy.value,
        "max_tiebreak_hands": rules.max_tiebreak_hands,
        "max_hands": rules.max_hands,
    }


def _rule_fields(required: bool, target_score_max: int | None,
                 pass_rotation_max: int | None) -> dict[str, serializers.Field]:
    """The RuleSet fields, as strict about JSON types as ``RuleSet.from_json``, within its
    ``BOUNDS`` and defaults; ``target_score`` at most ``target_score_max`` (None: the
    rules' own bound), ``pass_rotation`` at most ``pass_rotation_max`` long (None: any)."""
    default = rules_body(RuleSet())
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
        "pass_rotation": BoundedListField(
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
    "body": staticmethod(rules_body),
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



# The expert's thinking time a match may ask for: the deployment's ceiling, within the column's;
# and what it gets when it does not ask, within the ceiling too.
THINK_MS_MAX = min(settings.BOT_THINK_MS_CEILING, BOT_THINK_MS_MAX)
THINK_MS_DEFAULT = services.default_think_ms()
DELAY_MS_HELP = (
    f"Milliseconds each bot waits before it moves, so people at the table can follow the "
    f"play (0..{BOT_DELAY_MS_MAX}, default {BOT_DELAY_MS_DEFAULT}).")
THINK_MS_HELP = (
    f"The expert bot's thinking time per decision (each pass and each play with a choice), "
    f"in milliseconds of CPU time on the worker ({BOT_THINK_MS_MIN}..{THINK_MS_MAX}, the "
    f"server's ceiling BOT_THINK_MS_CEILING; default {THINK_MS_DEFAULT}); on a worker "
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
        "required": False, "default": THINK_MS_DEFAULT}
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
