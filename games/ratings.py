"""Ratings: openskill's Plackett-Luce model, one rating per player and one per bot level,
updated once per rated match from its places (the rules: docs/api.md, "Players' records").
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection
from statistics import fmean

from django.db.models import Q
from openskill.models import PlackettLuce

from . import models
from .engine import MatchState, Phase, Seat

MODEL = PlackettLuce(mu=models.RATING_MU, sigma=models.RATING_SIGMA)  # openskill's defaults
Subject = tuple[int | None, str]  # ``(player id, "")`` or ``(None, bot level)``


def is_rated(match: models.Match, state: MatchState, subjects: dict[Seat, Subject]) -> bool:
    """Whether the ended ``match`` (``state``, seats held by ``subjects``) is rated."""
    return (state.phase is Phase.FINISHED and state.result is not None
            and not match.fixed_deals and any(player for player, _ in subjects.values()))


def match_rated(state: MatchState, subjects: dict[Seat, Subject],
                forfeited: Collection[Seat] = ()) -> None:
    """Update the ratings of the four seats' ``subjects`` from the places of the finished
    match ``state`` (``forfeited`` seats last), in the caller's transaction; the rows are
    created if missing and locked in one order (players by id, then levels) before reading."""
    assert state.result is not None
    rows = _locked(sorted(set(subjects.values()),
                          key=lambda subject: (subject[0] is None, subject[0] or 0, subject[1])))
    last = len(Seat) + 1
    places = {seat: last if seat in forfeited else place
              for seat, _, place in state.result.standings}
    seats = list(Seat)
    teams = [[MODEL.rating(mu=rows[subjects[seat]].mu, sigma=rows[subjects[seat]].sigma)]
             for seat in seats]
    rated = MODEL.rate(teams, ranks=[places[seat] for seat in seats])
    updates: dict[Subject, list[tuple[float, float]]] = defaultdict(list)
    for seat, (rating,) in zip(seats, rated, strict=True):
        updates[subjects[seat]].append((rating.mu, rating.sigma))
    for subject, seen in updates.items():
        row = rows[subject]
        row.mu = fmean(mu for mu, _ in seen)
        row.sigma = fmean(sigma for _, sigma in seen)
        row.matches_rated += 1
        row.ordinal = row.mu - models.CONSERVATIVE_SIGMAS * row.sigma
        row.save(update_fields=["mu", "sigma", "ordinal", "matches_rated"])


def _locked(subjects: list[Subject]) -> dict[Subject, models.Rating]:
    models.Rating.objects.bulk_create(
        [models.Rating(player_id=player, bot_level=level) for player, level in subjects],
        ignore_conflicts=True)
    players = [player for player, _ in subjects if player]
    levels = [level for player, level in subjects if not player]
    found = (models.Rating.objects.select_for_update().order_by("id")
             .filter(Q(player_id__in=players) | Q(bot_level__in=levels, player__isnull=True)))
    return {(row.player_id, row.bot_level): row for row in found}
