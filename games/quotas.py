"""A player's quotas of matches (``settings.QUOTAS``), checked before a match is written."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, Exists, OuterRef, Q

from . import locks, models
from .engine import MatchState
from .errors import quota_exceeded


def check_match_create(creator: AbstractBaseUser, *, expert: bool, open_seat: bool) -> None:
    """Raises ``quota_exceeded`` when a new match by ``creator`` (with an ``expert`` seat, an
    ``open_seat``) would pass ``unfinished_matches``, ``unfinished_expert_matches`` or
    ``open_matches``, checked in that order. Locks ``creator``'s row: call it in the creating
    transaction."""
    locks.lock_user(creator.pk)
    has_expert = Exists(models.Seat.objects.filter(match=OuterRef("pk"), bot_level="expert"))
    held = (models.Match.objects.filter(created_by=creator, lesson="").exclude(status__in=models.Match.ENDED)
            .aggregate(unfinished_matches=Count("pk"),
                       unfinished_expert_matches=Count("pk", filter=Q(has_expert)),
                       open_matches=Count("pk", filter=Q(status=models.Match.Status.WAITING))))
    wanted = {"unfinished_matches": True, "unfinished_expert_matches": expert,
              "open_matches": open_seat}
    for quota, counts in wanted.items():
        limit = settings.QUOTAS[quota]
        if counts and held[quota] >= limit:
            raise quota_exceeded(quota, limit, f"you hold {held[quota]} {_WHAT[quota]}, the most "
                                               f"a player may: end one first")


def check_join(match: models.Match, before: MatchState, player: AbstractBaseUser) -> None:
    """Raises ``quota_exceeded`` (``joined_matches``) when ``player``, just seated in ``match``
    (``before``: its state before), has a seat (or left one to a bot) in more unfinished
    matches others created than ``QUOTAS`` allows; joining one's own match or taking back a
    seat one left is not counted. Call it in the joining transaction, ``player``'s row
    locked first."""
    name = player.get_username()
    if match.created_by_id == player.pk or any(
            o is not None and o.left_by == name and not o.replaced for o in before.seats):
        return
    held = (models.Match.objects.filter(Q(seats__player=player) | Q(seats__left_by=player))
            .exclude(created_by=player).exclude(status__in=models.Match.ENDED)
            .exclude(pk=match.pk).distinct().count())
    limit = settings.QUOTAS["joined_matches"]
    if held >= limit:
        raise quota_exceeded("joined_matches", limit, f"you have seats in {held} unfinished "
                                                      "matches others created, the most a "
                                                      "player may: wait until one ends")


def lock_for_expert_seat(match_id: object, bot_level: str) -> None:
    """Before the match's lock: the creator's row, when seating a ``bot_level`` bot is
    counted by ``check_expert_seat``."""
    if bot_level == "expert":
        locks.lock_match_creator(match_id)


def check_expert_seat(match: models.Match, state: MatchState, bot_level: str) -> None:
    """Raises ``quota_exceeded`` (``unfinished_expert_matches``) when seating a ``bot_level``
    bot in ``match`` would give its creator one expert match more than allowed. Call it in
    the seating transaction, the creator's row locked first (``lock_for_expert_seat``)."""
    if bot_level != "expert" or any(o is not None and o.bot_level == "expert" for o in state.seats):
        return
    limit = settings.QUOTAS["unfinished_expert_matches"]
    held = (models.Match.objects.filter(created_by_id=match.created_by_id, lesson="")
            .exclude(status__in=models.Match.ENDED)
            .filter(Exists(models.Seat.objects.filter(match=OuterRef("pk"), bot_level="expert")))
            .count())
    if held >= limit:
        raise quota_exceeded("unfinished_expert_matches", limit,
                             f"the match's creator holds {held} unfinished matches with an expert "
                             f"seat, the most a player may: choose another level")


_WHAT = {"unfinished_matches": "unfinished matches you created",
         "unfinished_expert_matches": "unfinished matches you created with an expert seat",
         "open_matches": "matches you created that wait for a player"}
