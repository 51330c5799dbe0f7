"""Players' public records, ratings and the leaderboard."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rest_framework import serializers

from games.engine import Seat
from games.models import CONSERVATIVE_SIGMAS, RATING_MU, RATING_SIGMA
from games.selectors import LEADERBOARD_KINDS

if TYPE_CHECKING:
    from games.models import Rating
    from games.selectors import PlayerProfile

from .fields import SEAT_CHOICES, PageQuerySerializer, ResponseSerializer, ScoresBySeatSerializer

KIND_HELP = ("player (a person's account), bot (a bot account: a program plays as a player) "
             "or builtin (one of the server's own bot levels)")
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
    f"The conservative estimate of skill, mu - {CONSERVATIVE_SIGMAS} sigma (openskill, "
    f"Plackett-Luce): {RATING_MU - CONSERVATIVE_SIGMAS * RATING_SIGMA:g} at the start, higher "
    "is stronger; the leaderboard's order.")


class RatingSerializer(ResponseSerializer):
    conservative = serializers.FloatField(help_text=RATING_HELP)
    mu = serializers.FloatField(help_text=f"the estimate of skill ({RATING_MU:g} at the start)")
    sigma = serializers.FloatField(help_text=f"its uncertainty ({RATING_SIGMA:.4g} at the start)")
    matches_rated = serializers.IntegerField(min_value=1)

    @staticmethod
    def body(rating: Rating) -> dict[str, Any]:
        """``conservative`` is the estimate ``mu - CONSERVATIVE_SIGMAS * sigma`` (``games.ratings``)."""
        return {"conservative": rating.ordinal, "mu": rating.mu, "sigma": rating.sigma,
                "matches_rated": rating.matches_rated}


class LeaderboardEntrySerializer(ResponseSerializer):
    rank = serializers.IntegerField(min_value=1, help_text="1 = the highest rating; equal "
                                                           "ratings: the first rated first")
    kind = serializers.ChoiceField(list(LEADERBOARD_KINDS), help_text=KIND_HELP)
    is_bot = serializers.BooleanField(help_text="a program plays: a bot account or a "
                                                "built-in level")
    name = serializers.CharField(help_text="the player's username, or the bot level")
    rating = RatingSerializer()

    @staticmethod
    def body(rating: Rating, rank: int) -> dict[str, Any]:
        player = rating.player
        kind = "builtin" if player is None else "bot" if hasattr(player, "bot_account") else "player"
        return {"rank": rank, "kind": kind, "is_bot": kind != "player",
                "name": player.get_username() if player else rating.bot_level,
                "rating": RatingSerializer.body(rating)}


class LeaderboardQuerySerializer(PageQuerySerializer):
    kind = serializers.ChoiceField(list(LEADERBOARD_KINDS), required=False,
                                   help_text="only entries of this kind: " + KIND_HELP)


class PlayerProfileSerializer(ResponseSerializer):
    """A player's record over the matches they held a seat in when it ended (a seat they
    left to a bot counts as theirs)."""

    username = serializers.CharField()
    is_bot = serializers.BooleanField(help_text="a bot account: a program plays as this player")
    owner = serializers.CharField(allow_null=True, help_text="the player who registered this "
                                                             "bot account; null for a person, "
                                                             "or a bot account nobody owns")
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

    @staticmethod
    def body(profile: PlayerProfile) -> dict[str, Any]:
        record = profile.record
        owner = profile.bot_account.owner if profile.bot_account else None
        return {
            "username": profile.username,
            "is_bot": profile.bot_account is not None,
            "owner": owner.get_username() if owner else None,
            **{field: getattr(record, field) for field in (
                "matches_played", "matches_won", "matches_shared", "matches_lost",
                "matches_aborted", "hands_played", "moons_shot", "suns_shot")},
            "rating": RatingSerializer.body(profile.rating) if profile.rating else None,
            "records": [{
                "opponents": entry.opponents,
                "matches_finished": entry.matches_finished,
                "matches_won": entry.matches_won,
                "matches_shared": entry.matches_shared,
                "fastest_win": None if entry.fastest_win_hands is None else {
                    "hands": entry.fastest_win_hands,
                    "match_id": entry.fastest_win_match_id,
                    "ended_at": entry.fastest_win_ended_at,
                    "seat": Seat(entry.fastest_win_seat).label,
                    # jsonb keeps no key order: the body's is the schema's
                    "scores": {seat.label: entry.fastest_win_scores[seat.label] for seat in Seat},
                    "moons": [{"hand": moon["hand"], "seat": moon["seat"], "sun": moon["sun"]}
                              for moon in entry.fastest_win_moons],
                },
            } for entry in profile.opponents],
        }
