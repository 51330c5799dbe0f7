"""Problem details (RFC 9457): the body of every error."""

from __future__ import annotations

from collections.abc import Callable

from rest_framework import serializers

from ..problem_types import ERRORS_MAX, MEMBERS, PROBLEMS
from .fields import SEAT_CHOICES, cards_field


class FieldErrorSerializer(serializers.Serializer):
    field = serializers.CharField(help_text="dotted path of the field, e.g. rules.pass_count; or "
                                            "the header at fault, e.g. If-Match; empty for the "
                                            "request as a whole (a body that is not JSON)")
    code = serializers.CharField(help_text="e.g. required, invalid, unknown_field, unknown_card, "
                                           "parse_error")
    detail = serializers.CharField()


# The schema of each kind of extension member (``field`` in the catalog), given its summary.
_MEMBER_FIELDS: dict[str, Callable[[str], serializers.Field]] = {
    "cards": lambda summary: cards_field(required=False, help_text=summary),
    "field_errors": lambda summary: serializers.ListField(
        child=FieldErrorSerializer(), max_length=ERRORS_MAX, required=False, help_text=summary),
    "seats": lambda summary: serializers.ListField(child=serializers.ChoiceField(SEAT_CHOICES),
                                                   required=False, help_text=summary),
    "seat": lambda summary: serializers.ChoiceField(SEAT_CHOICES, required=False, help_text=summary),
    "integer": lambda summary: serializers.IntegerField(required=False, help_text=summary),
    "string": lambda summary: serializers.CharField(required=False, help_text=summary),
    "uuid": lambda summary: serializers.UUIDField(required=False, help_text=summary),
}


class _ProblemMembers(serializers.Serializer):
    """The members every problem body has."""

    type = serializers.CharField(help_text="/problems/<code>")
    title = serializers.CharField()
    status = serializers.IntegerField()
    detail = serializers.CharField()
    code = serializers.CharField(help_text=(
        "stable machine-readable code, one page each at /problems/<code>; today one of "
        + ", ".join(PROBLEMS) + " (a client should expect new ones)"))


# Then every extension member of the catalog, in its order, optional.
ProblemSerializer = type("ProblemSerializer", (_ProblemMembers,), {
    "__module__": __name__,
    "__doc__": """An RFC 9457 problem details object (``application/problem+json``). ``type`` resolves
    to a page about the code (``GET /problems/<code>``).""",
    **{member.name: _MEMBER_FIELDS[member.field](member.summary) for member in MEMBERS.values()},
})
