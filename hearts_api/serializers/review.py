"""A hint and a match's analysis (docs/api.md, "Hints and analysis")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rest_framework import serializers

from games.bot_levels import BLUNDER_POINTS
from games.engine import Phase, Seat, SeatView

from .fields import (
    DECISION_KIND_CHOICES,
    SEAT_CHOICES,
    CardCodeField,
    ResponseSerializer,
    cards_field,
)

if TYPE_CHECKING:
    from games.models import Analysis, Match

EXPECTED_POINTS_HELP = ("the mean points of this hand you would take after it, over deals of "
                        "the cards you cannot see played out")
MOON_AGAINST_HELP = "the share of those deals in which another seat shot the moon (or sun)"


class HintOptionSerializer(serializers.Serializer):
    card = CardCodeField()
    expected_points = serializers.FloatField(help_text=EXPECTED_POINTS_HELP)
    moon_against = serializers.FloatField(min_value=0, max_value=1, help_text=MOON_AGAINST_HELP)


class HintPassSerializer(serializers.Serializer):
    cards = cards_field(help_text="the cards to pass")
    expected_points = serializers.FloatField(help_text=EXPECTED_POINTS_HELP)
    moon_against = serializers.FloatField(min_value=0, max_value=1, help_text=MOON_AGAINST_HELP)


class HintSerializer(ResponseSerializer):
    version = serializers.IntegerField(help_text="the match's version the hint is for")
    kind = serializers.ChoiceField(DECISION_KIND_CHOICES, help_text="the decision you are to make")
    options = HintOptionSerializer(
        many=True, help_text="when playing: each legal card, in canonical order; empty when passing")
    recommended = CardCodeField(allow_null=True,
                                help_text="when playing: the card with the fewest expected points")
    effort_ms = serializers.IntegerField(help_text="the CPU budget the search was given")
    deals = serializers.IntegerField(min_value=1, help_text="deals the options were weighed over")
    pass_ = HintPassSerializer(allow_null=True,
                               help_text="when passing: the pass with the fewest expected points, "
                                         "among the likely ones")

    def get_fields(self) -> dict[str, serializers.Field]:
        fields = super().get_fields()
        fields["pass"] = fields.pop("pass_")  # "pass" is a Python keyword
        return fields

    @staticmethod
    def body(match: Match, view: SeatView, appraisal: Any, effort_ms: int) -> dict[str, Any]:
        """``appraisal`` (``bots.appraisal.Appraisal``) of ``view``'s decision in ``match``."""
        passing = view.status is Phase.PASSING
        best = appraisal.best
        return {
            "version": match.version,
            "kind": "pass" if passing else "play",
            "options": [] if passing else [
                {"card": str(option.cards[0]), "expected_points": option.expected_points,
                 "moon_against": option.moon_against} for option in appraisal.options],
            "recommended": None if passing else str(best.cards[0]),
            "effort_ms": effort_ms,
            "deals": appraisal.deals,
            "pass": {"cards": [str(card) for card in best.cards],
                     "expected_points": best.expected_points,
                     "moon_against": best.moon_against} if passing else None,
        }


class AnalysisDecisionSerializer(serializers.Serializer):
    hand = serializers.IntegerField(min_value=1)
    trick = serializers.IntegerField(min_value=1, max_value=13, allow_null=True,
                                     help_text="null for the pass")
    kind = serializers.ChoiceField(DECISION_KIND_CHOICES)
    played = cards_field(help_text="your card, or the cards you passed")
    best = cards_field(help_text="the option with the fewest expected points found")
    loss = serializers.FloatField(min_value=0,
                                  help_text="the expected points of the hand you gave away "
                                            "against the best option")
    blunder = serializers.BooleanField(help_text=f"a loss of {BLUNDER_POINTS:g} points or more")


class AnalysisHandSerializer(serializers.Serializer):
    hand = serializers.IntegerField(min_value=1)
    loss = serializers.FloatField(min_value=0)
    blunders = serializers.IntegerField(min_value=0)


class AnalysisQuerySerializer(serializers.Serializer):
    seat = serializers.ChoiceField(SEAT_CHOICES, required=False,
                                   help_text="your seat (the only one whose analysis you may read)")


class AnalysisEffortSerializer(serializers.Serializer):
    work_per_decision = serializers.IntegerField(
        help_text="search work units each decision was weighed with: the same on every server, "
                  "so an analysis is reproducible")
    cpu_ms = serializers.IntegerField(help_text="CPU milliseconds the analysis has taken so far")


class AnalysisSerializer(ResponseSerializer):
    match_id = serializers.UUIDField()
    seat = serializers.ChoiceField(SEAT_CHOICES)
    status = serializers.ChoiceField(
        ["queued", "running", "done", "failed"],
        help_text="failed: a hand could not be analysed; POST again to retry the hands left")
    progress = serializers.FloatField(min_value=0, max_value=1,
                                      help_text="the share of the match's hands analysed")
    decisions = AnalysisDecisionSerializer(
        many=True, help_text="each pass, and each play with more than one legal card, of the "
                             "hands analysed so far, oldest first; moves a stand-in made for "
                             "the seat are not its decisions")
    hands = AnalysisHandSerializer(many=True, help_text="the hands analysed so far")
    total_loss = serializers.FloatField(min_value=0)
    blunders = serializers.IntegerField(min_value=0)
    effort = AnalysisEffortSerializer()

    @staticmethod
    def body(analysis: Analysis) -> dict[str, Any]:
        decisions = analysis.decisions
        hands = []
        for number in range(1, analysis.hands_done + 1):
            mine = [d for d in decisions if d["hand"] == number]
            hands.append({"hand": number, "loss": round(sum(d["loss"] for d in mine), 2),
                          "blunders": sum(d["blunder"] for d in mine)})
        return {
            "match_id": analysis.match_id,
            "seat": Seat(analysis.seat).label,
            "status": analysis.status,
            "progress": round(analysis.hands_done / analysis.hands, 3),
            "decisions": decisions,
            "hands": hands,
            "total_loss": round(sum(d["loss"] for d in decisions), 2),
            "blunders": sum(d["blunder"] for d in decisions),
            "effort": {"work_per_decision": analysis.work, "cpu_ms": analysis.cpu_ms},
        }
