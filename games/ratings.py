"""Ratings: openskill's Plackett-Luce model, one rating per player and one per bot level,
updated once per rated match from its places (docs/api.md, "Players' records").

A rating is a belief about skill: ``mu`` (the estimate) and ``sigma`` (its uncertainty),
starting at 25 and 25/3. The leaderboard orders by the conservative estimate
``mu - 3 * sigma`` (openskill's ``ordinal``, starting at 0), so a newcomer climbs as the
results make the service surer of them, not on one lucky match.

A match is rated when it finished (an aborted match has no places), every hand was
shuffled by the server (``fixed_deals`` 0: a creator who dealt the cards knew them), and
a player held a seat (matches of bots alone would rate the bots against each other
only). Each seat is a team of one, placed by ``MatchResult.standings`` (tied seats share a
place: a tie; openskill's Plackett-Luce gives a tie for first a lift to the seats below
it too). The player of a seat is rated as in ``games.records``: the player who left a
seat to a bot has forfeited it, and is placed last. A bot level holding several seats of
one match plays each of them: its new rating is the mean of the seats' new ratings, and
the match counts once in its ``matches_rated``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection
from statistics import fmean

from django.db.models import Q
from openskill.models import PlackettLuce

from . import models
from .engine import MatchState, Phase, Seat

MODEL = PlackettLuce(mu=models.RATING_MU, sigma=models.RATING_SIGMA)
"""openskill's defaults: mu 25, sigma 25/3, beta 25/6 (the skill gap that wins about 76%
of head-to-heads), tau 25/300 (the uncertainty added before each match)."""

Subject = tuple[int | None, str]
"""A rated subject: ``(player id, "")`` or ``(None, bot level)``."""


def is_rated(match: models.Match, state: MatchState, subjects: dict[Seat, Subject]) -> bool:
    """Whether the ended ``match`` (``state``, seats held by ``subjects``) is rated."""
    return (state.phase is Phase.FINISHED and state.result is not None
            and not match.fixed_deals and any(player for player, _ in subjects.values()))


def match_rated(state: MatchState, subjects: dict[Seat, Subject],
                forfeited: Collection[Seat] = ()) -> None:
    """Update the ratings of the four seats' ``subjects`` from the places of the finished
    match ``state``, in the caller's transaction; the ``forfeited`` seats (their players
    left them to bots, ``games.records``) are placed last, below every other. The rows
    are created when missing and locked (in one order: players by id, then bot levels by
    name, so two matches never wait on each other) before they are read, so matches ending
    at once for one subject both count."""
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
