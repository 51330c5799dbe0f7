"""The seat view and the commands (pass, play) with their result."""

from __future__ import annotations

from rest_framework import serializers

from .events import _event_list
from .fields import (
    PASS_DIRECTION_CHOICES,
    SEAT_CHOICES,
    STATUS_CHOICES,
    CardCodeField,
    CardField,
    ScoresBySeatSerializer,
    StrictSerializer,
    UniqueListField,
    _cards,
)
from .matches import FIXED_DEALS_HELP, MatchResultSerializer
from .rules import RuleSetSerializer


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
