"""Fields, choices and base serializers the request and response shapes share."""

from __future__ import annotations

import heapq
import re
from collections.abc import Sequence
from typing import Any

from drf_spectacular.utils import (
    extend_schema_field,
)
from rest_framework import serializers

from games.bot_levels import BOT_LEVELS
from games.engine import (
    CANONICAL_CARD_CODE_PATTERN,
    CARD_CODE_PATTERN,
    PLAY_RULES,
    CardSyntaxError,
    Seat,
    parse_card,
)
from games.engine.rules import PassDirection
from games.models import (
    Match,
)

from ..problem_types import ERRORS_MAX

SEAT_CHOICES = [seat.label for seat in Seat]
STATUS_CHOICES = list(Match.Status.values)
PASS_DIRECTION_CHOICES = [direction.value for direction in PassDirection]
PLAY_RULE_CHOICES = list(PLAY_RULES)
DECISION_KIND_CHOICES = ["pass", "play"]
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


def cards_field(**kwargs: Any) -> serializers.ListField:
    """A response's list of canonical card codes."""
    return serializers.ListField(child=CardCodeField(), **kwargs)


class BoundedListField(serializers.ListField):
    """A request's list whose length is checked before its items: an overlong list is
    refused (``max_length``) without validating any of them."""

    def to_internal_value(self, data: Any) -> Any:
        if self.max_length is not None and isinstance(data, list) and len(data) > self.max_length:
            self.fail("max_length", max_length=self.max_length)
        return super().to_internal_value(data)


class UniqueListField(BoundedListField):
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
        if not self._regex.fullmatch(value):
            raise serializers.ValidationError(f"Does not match the pattern {self.pattern}",
                                              code="invalid")
        return value


class SingleValueField(serializers.ChoiceField):
    """A field that always holds one value (an event's ``type``, a seat spec's ``kind``);
    the schema gives it as a one-value enum, inline, so unions discriminate on it."""

    def __init__(self, value: str, **kwargs: Any) -> None:
        super().__init__([value], **kwargs)


class StrictSerializer(serializers.Serializer):
    """A request body; a field it does not name is refused (400 unknown_field)."""

    # The docstring describes, in the schema, every subclass without one of its own.

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = heapq.nsmallest(ERRORS_MAX, set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError(
                    {name: [serializers.ErrorDetail("unknown field", code="unknown_field")]
                     for name in unknown})
        return super().to_internal_value(data)




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




BOT_LEVEL_CHOICES = list(BOT_LEVELS)


PAGE_SIZE, MAX_PAGE_SIZE = 20, 100  # of every paginated list (views.common.MatchPagination)


class PageQuerySerializer(serializers.Serializer):
    """The query of a paginated list (``MatchPagination``)."""

    page = QueryIntegerField(min_value=1, max_value=MAX_INT32, required=False,
                             help_text="1-based; a page past the last is empty")
    page_size = QueryIntegerField(min_value=1, max_value=MAX_PAGE_SIZE, required=False,
                                  help_text=f"default {PAGE_SIZE}")


class ScoresBySeatSerializer(serializers.Serializer):
    north = serializers.IntegerField()
    east = serializers.IntegerField()
    south = serializers.IntegerField()
    west = serializers.IntegerField()


# A response body's one home (docs/adr/0040): fields describe it, ``body`` builds it as a dict.
# No docstring: the schema would give it to every subclass without one.
class ResponseSerializer(serializers.Serializer):

    @staticmethod
    def body(*args: Any) -> dict[str, Any]:
        raise NotImplementedError


def by_seat(values: Sequence[int]) -> dict[str, int]:
    """Per-seat values (indexed by seat) as ``ScoresBySeatSerializer`` shows them."""
    return {seat.label: values[seat] for seat in Seat}
