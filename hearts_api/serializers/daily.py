"""The daily challenge and its leaderboard."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from rest_framework import serializers

from games import daily
from games.engine import Seat
from games.engine.cards import format_cards

if TYPE_CHECKING:
    from games.daily import Challenge
    from games.engine.state import Deal
    from games.models import DailyAttempt

from .fields import BOT_LEVEL_CHOICES, SEAT_CHOICES, STATUS_CHOICES, ResponseSerializer, cards_field
from .rules import RuleSetSerializer, rules_body


class DailyBotLevelsSerializer(serializers.Serializer):
    """The day's bot in each seat but the player's (south): chosen from the date by a fixed
    public rotation (README, "The daily challenge")."""

    west = serializers.ChoiceField(BOT_LEVEL_CHOICES)
    north = serializers.ChoiceField(BOT_LEVEL_CHOICES)
    east = serializers.ChoiceField(BOT_LEVEL_CHOICES)


class DailyDealSerializer(serializers.Serializer):
    """One deal of a daily challenge, before passing: each seat's 13 cards, sorted."""

    north = cards_field(min_length=13, max_length=13)
    east = cards_field(min_length=13, max_length=13)
    south = cards_field(min_length=13, max_length=13)
    west = cards_field(min_length=13, max_length=13)


class DailyAttemptSerializer(serializers.Serializer):
    """Your attempt at the day's challenge: its match and that match's status."""

    match_id = serializers.UUIDField()
    status = serializers.ChoiceField(STATUS_CHOICES)


class DailyChallengeSerializer(ResponseSerializer):
    """A day's daily challenge: the same rules, bots and deals for every player."""

    date = serializers.DateField(help_text="the UTC date")
    closes_at = serializers.DateTimeField(help_text="the day's end (UTC): attempts close, the "
                                                    "deals are shown, the matches may be watched")
    rules = RuleSetSerializer(help_text=f"the default rules, with max_hands {daily.HANDS}")
    seat = serializers.ChoiceField(SEAT_CHOICES,
                                   help_text=f"your seat: always {daily.PLAYER_SEAT.label}")
    bot_levels = DailyBotLevelsSerializer()
    hands = serializers.IntegerField(min_value=1, help_text=f"hands played: {daily.HANDS}, "
                                                            "whatever the totals")
    deals = DailyDealSerializer(many=True, allow_null=True, help_text=(
        f"null until the day is over (closes_at); then the day's {daily.HANDS} deals, hand 1 "
        "first"))
    attempt = DailyAttemptSerializer(allow_null=True, help_text=(
        "your attempt at it; null without one, and without a token"))

    @staticmethod
    def body(challenge: Challenge, closes_at: datetime, deals: Sequence[Deal] | None,
             attempt: DailyAttempt | None) -> dict[str, Any]:
        """``deals`` None until the day is over; ``attempt`` the caller's, if any."""
        return {
            "date": challenge.day.isoformat(),
            "closes_at": closes_at,
            "rules": rules_body(challenge.rules),
            "seat": challenge.seat.label,
            "bot_levels": {seat.label: level for seat, level in challenge.bot_levels.items()},
            "hands": challenge.hands,
            "deals": None if deals is None else [
                {seat.label: format_cards(deal[seat]) for seat in Seat} for deal in deals],
            "attempt": None if attempt is None else {"match_id": attempt.match_id,
                                                     "status": attempt.match.status},
        }


class DailyLeaderboardEntrySerializer(ResponseSerializer):
    rank = serializers.IntegerField(min_value=1, help_text="1 = the fewest points; equal points "
                                                           "and seconds share a rank")
    username = serializers.CharField()
    points = serializers.IntegerField(min_value=0, help_text="the player's total after the "
                                                             f"{daily.HANDS} hands (fewest is "
                                                             "best)")
    seconds = serializers.IntegerField(min_value=0, help_text="whole seconds from the match's "
                                                              "creation to its end")
    finished_at = serializers.DateTimeField()

    @staticmethod
    def body(attempt: DailyAttempt) -> dict[str, Any]:
        """``rank`` is annotated by ``selectors.daily_leaderboard_list``."""
        return {"rank": attempt.rank,  # type: ignore[attr-defined]
                "username": attempt.player.get_username(), "points": attempt.points,
                "seconds": attempt.seconds, "finished_at": attempt.finished_at}
