"""The seat view and the commands (pass, play) with their result."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from rest_framework import serializers

from games.engine import PassDirection, Phase, RuleSet, SeatView
from games.engine.cards import format_cards
from games.engine.state import Trick
from games.engine.variants import BOUNDS

if TYPE_CHECKING:
    from games.models import Match
    from games.selectors import LoggedEvent

from .events import event_bodies, event_list_field
from .fields import (
    BOT_LEVEL_CHOICES,
    PASS_DIRECTION_CHOICES,
    PLAY_RULE_CHOICES,
    SEAT_CHOICES,
    STATUS_CHOICES,
    CardCodeField,
    CardField,
    ResponseSerializer,
    ScoresBySeatSerializer,
    StrictSerializer,
    UniqueListField,
    by_seat,
    cards_field,
)
from .lessons import LESSON_VERDICT_CHOICES
from .matches import (
    FIXED_DEALS_HELP,
    HINTS_HELP,
    INVITED_HELP,
    IS_BOT_HELP,
    MatchResultSerializer,
    seat_bodies,
)
from .rules import RuleSetSerializer, rules_body


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
    given = cards_field(allow_null=True, help_text="your pass, once submitted")
    received = cards_field(allow_null=True, help_text="what you received, once all four passed")
    waiting_for = serializers.ListField(child=serializers.ChoiceField(SEAT_CHOICES))


class PlayRefusalSerializer(serializers.Serializer):
    code = serializers.ChoiceField(PLAY_RULE_CHOICES)
    detail = serializers.CharField()


class PlayerSerializer(serializers.Serializer):
    seat = serializers.ChoiceField(SEAT_CHOICES)
    name = serializers.CharField(allow_null=True)
    bot_level = serializers.ChoiceField(BOT_LEVEL_CHOICES, allow_null=True)
    is_bot = serializers.BooleanField(help_text=IS_BOT_HELP)
    invited = serializers.CharField(allow_null=True, help_text=INVITED_HELP)


class SeatViewSerializer(ResponseSerializer):
    """What the caller's seat may see (a spectator's view when the caller has no seat)."""

    match_id = serializers.UUIDField()
    version = serializers.IntegerField()
    status = serializers.ChoiceField(STATUS_CHOICES)
    seat = serializers.ChoiceField(SEAT_CHOICES, allow_null=True)
    hand_number = serializers.IntegerField()
    pass_direction = serializers.ChoiceField(PASS_DIRECTION_CHOICES, allow_null=True)
    hand = cards_field(help_text="your cards, sorted")
    to_act = serializers.ListField(child=serializers.ChoiceField(SEAT_CHOICES))
    is_your_turn = serializers.BooleanField()
    turn_deadline = serializers.DateTimeField(
        allow_null=True, help_text="when a stand-in bot moves for the players (not the bots) in "
                                   "to_act if they have not: the match's turn_timeout_s after "
                                   "their turn began (a deal, the exchange, a card played or a "
                                   "trick taken). Null: no timeout set, or only bots to act")
    legal_cards = cards_field(help_text="what you may play now, or pass from")
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
    hints = serializers.BooleanField(help_text=HINTS_HELP)
    end_started_after = serializers.IntegerField(
        allow_null=True, min_value=1,
        help_text="the hand after which some total first reached the target score, so the "
                  "end of the match began: every hand after it is a tiebreak hand (at most "
                  "rules.max_tiebreak_hands of them under tie_policy play_on). Null while "
                  "no total has reached the target")
    refusal = PlayRefusalSerializer(
        allow_null=True, help_text="while you are to play and hold a card not in legal_cards: the "
                                   "code and detail of the 422 that playing it is refused with "
                                   "(docs/api.md, \"Errors\"); null otherwise")

    def get_fields(self) -> dict[str, serializers.Field]:
        fields = super().get_fields()
        fields["pass"] = fields.pop("pass_")  # "pass" is a Python keyword
        return fields

    @staticmethod
    def body(view: SeatView, match: Match, version: int,
             turn_deadline: datetime | None) -> dict[str, Any]:
        """``view`` of ``match`` at ``version`` (with the row's ``fixed_deals`` and ``hints``),
        ``turn_deadline`` when a stand-in moves for the players to act (``games.timeouts``)."""
        has_pass = view.seat is not None and view.pass_direction not in (None, PassDirection.HOLD)
        return {
            "match_id": match.id,
            "version": version,
            "status": view.status.value,
            "seat": view.seat.label if view.seat is not None else None,
            "hand_number": view.hand_number,
            "pass_direction": view.pass_direction.value if view.pass_direction else None,
            "hand": format_cards(view.hand),
            "to_act": [seat.label for seat in view.to_act],
            "is_your_turn": view.is_your_turn,
            "turn_deadline": turn_deadline,
            "legal_cards": format_cards(view.legal_cards),
            "trick": _trick(view.trick) if view.trick else None,
            "tricks": [_trick(trick) for trick in view.tricks],
            "hearts_broken": view.hearts_broken,
            "tricks_won": by_seat(view.tricks_won),
            "hand_points": by_seat(view.hand_points),
            "scores": by_seat(view.scores),
            "players": seat_bodies(match, view, kind=False),
            "rules": rules_body(view.rules),
            "result": MatchResultSerializer.body(view.result) if view.result else None,
            "fixed_deals": match.fixed_deals,
            "hints": match.hints,
            "end_started_after": view.end_started_after,
            "refusal": ({"code": view.refusal[0], "detail": view.refusal[1]}
                        if view.refusal else None),
            "pass": {
                "given": format_cards(view.pass_given) if view.pass_given else None,
                "received": format_cards(view.pass_received) if view.pass_received else None,
                "waiting_for": ([seat.label for seat in view.to_act]
                                if view.status is Phase.PASSING else []),
            } if has_pass else None,
        }


def _trick(trick: Trick) -> dict[str, Any]:
    data: dict[str, Any] = {
        "number": trick.number,
        "leader": trick.leader.label,
        "cards": [{"seat": seat.label, "card": str(card)} for seat, card in trick.plays],
    }
    if trick.winner is not None:
        data["winner"] = trick.winner.label
        data["points"] = trick.points
    return data




class CardsPassSerializer(StrictSerializer):
    cards = UniqueListField(child=CardField(), min_length=BOUNDS["pass_count"][0],
                            max_length=BOUNDS["pass_count"][1],
                            help_text="The cards you pass: the rules' pass_count of them "
                                      f"({RuleSet().pass_count} by default; another count is "
                                      "422 wrong_pass_count).")


class CardPlaySerializer(StrictSerializer):
    card = CardField()


class LessonVerdictSerializer(serializers.Serializer):
    verdict = serializers.ChoiceField(
        LESSON_VERDICT_CHOICES, help_text="right: what the lesson wanted; legal_not_wanted: a "
                                          "legal move, not the one the lesson teaches")
    explanation = serializers.CharField()


class CommandResultSerializer(ResponseSerializer):
    version = serializers.IntegerField(help_text="the match version after your command")
    events = event_list_field(help_text="the events your command caused, redacted for you")
    view = SeatViewSerializer()
    lesson = LessonVerdictSerializer(
        allow_null=True, help_text="in a lesson's match, the lesson's verdict on your move (the "
                                   "match then ends: ended_by lesson); null otherwise")

    @staticmethod
    def body(match: Match, logged: Sequence[LoggedEvent], view: SeatView,
             lesson: tuple[str, str] | None = None) -> dict[str, Any]:
        """The events a command appended and the caller's view after them, both for the
        caller's seat (``view.seat``), and a lesson's ``(verdict, explanation)``."""
        return {"version": match.version, "events": event_bodies(logged, view.seat),
                "view": SeatViewSerializer.body(view, match, match.version, match.turn_deadline),
                "lesson": {"verdict": lesson[0], "explanation": lesson[1]} if lesson else None}
