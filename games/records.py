"""Players' records: what each ended match adds to its players' profiles and to the ratings
(docs/api.md, "Players' records and ratings": fastest wins, forfeited seats, fixed deals)."""

from __future__ import annotations

import enum
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from datetime import datetime

from django.db import connection, transaction
from django.db.models import F, Q, QuerySet

from . import arena_tables, daily, models, ratings
from .engine import MatchState, Phase, Seat, event_from_json, replay
from .engine.events import HandScored
from .engine.state import Occupant

HUMAN = "human"
"""The opponent name of a seat a player holds or left."""
RECORDED_EVENTS = ("match_ended", "match_aborted")
"""The event types that end a match, and so record it."""
# In a command's write order (ratings, then records), so a rebuild's locks never deadlock one.
_PROJECTIONS = (models.Rating, models.PlayerRecord, models.OpponentRecord)


class Outcome(enum.StrEnum):
    """How a match ended for one seat: alone lowest, tied lowest, any other, or no result."""

    WON = "won"
    SHARED = "shared"
    LOST = "lost"
    ABORTED = "aborted"


@dataclass(frozen=True)
class SeatRecord:
    """What an ended match adds to the record of ``player`` (username), who held ``seat``."""

    seat: Seat
    player: str
    opponents: str
    outcome: Outcome
    hands_played: int
    moons_shot: int
    suns_shot: int


def opponents_of(state: MatchState, seat: Seat) -> str:
    """The other seats, ``"human"`` or bot level, sorted and comma-joined: ``"hard,hard,human"``."""
    names = []
    for other in Seat:
        occupant = state.seats[other]
        if other is not seat and occupant is not None:
            names.append(HUMAN if occupant.player or occupant.left_by else occupant.bot_level)
    return ",".join(sorted(name or "" for name in names))


def seat_records(state: MatchState, sun_hands: Collection[int]) -> list[SeatRecord]:
    """The records an ended match adds, one per seat a player holds or left, north to west (none
    if aborted before a deal); ``sun_hands`` are the moons that were suns. ``ValueError``
    for a match not ended."""
    if not state.is_over:
        raise ValueError("only an ended match has a record")
    result = state.result
    if result is None and state.hands_played == 0 and state.hand is None:
        return []
    records = []
    for seat in Seat:
        occupant = state.seats[seat]
        player = occupant and (occupant.player or occupant.left_by)
        if not player:
            continue
        if result is None:
            outcome = Outcome.ABORTED
        elif seat not in result.winners or state.is_forfeited(seat):
            outcome = Outcome.LOST
        else:
            outcome = Outcome.SHARED if result.is_shared else Outcome.WON
        shot = [] if state.is_forfeited(seat) else [
            hand for hand, shooter in state.moons if shooter is seat]
        suns = sum(1 for hand in shot if hand in sun_hands)
        records.append(SeatRecord(seat, player, opponents_of(state, seat), outcome,
                                  state.hands_played, len(shot) - suns, suns))
    return records


def is_recorded(match: models.Match) -> bool:
    """Whether the ended ``match`` counts in records and ratings: not a lesson's, one with
    hints, nor an arena table."""
    return not (match.lesson or match.hints or arena_tables.is_table(match))


def match_recorded(match: models.Match, state: MatchState, ended_at: datetime) -> None:
    """Add the match just ended to its players' records and ratings, in the caller's transaction,
    reading its ``Hand`` and ``Seat`` rows."""
    sun_hands = set(models.Hand.objects.filter(match=match, is_sun=True)
                    .values_list("number", flat=True))
    _write(match, state, sun_hands, ended_at)


def records_rebuild() -> int:
    """Recompute every record, rating and daily result from the logs, in the order matches
    ended, under table locks on PostgreSQL; returns how many matches it recorded."""
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                tables = ", ".join(table._meta.db_table for table in _PROJECTIONS)
                cursor.execute(f"LOCK TABLE {tables} IN EXCLUSIVE MODE")
        for table in _PROJECTIONS:
            table.objects.all().delete()
        ended = (models.Event.objects.filter(type__in=RECORDED_EVENTS)
                 .order_by("created_at", "match_id").values_list("match_id", "created_at"))
        count = 0
        for match_id, ended_at in ended.iterator():
            match = models.Match.objects.get(pk=match_id)
            if not is_recorded(match):
                continue
            events = [event_from_json(payload) for payload in
                      match.events.order_by("seq").values_list("payload", flat=True).iterator()]
            sun_hands = {event.hand_number for event in events
                         if isinstance(event, HandScored) and event.is_sun}
            state = replay(events)
            _write(match, state, sun_hands, ended_at)
            daily.attempt_recorded(match, state, ended_at)
            count += 1
        return count


def _write(match: models.Match, state: MatchState, sun_hands: Collection[int],
           ended_at: datetime) -> None:
    records = seat_records(state, sun_hands)
    if not records:
        return
    users = {}
    for position, player_id, left_by_id in models.Seat.objects.filter(match=match).values_list(
            "position", "player_id", "left_by_id"):
        users[position] = player_id or left_by_id
    subjects = {seat: (users[seat], "") if users.get(seat) else
                (None, (state.seats[seat] or Occupant()).bot_level or "") for seat in Seat}
    if ratings.is_rated(match, state, subjects):
        ratings.match_rated(state, subjects,
                            forfeited=[seat for seat in Seat if state.is_forfeited(seat)])
    # Rows locked in the players' order, so two matches ending at once never deadlock.
    records.sort(key=lambda record: users[record.seat])
    finished = state.phase is Phase.FINISHED
    models.PlayerRecord.objects.bulk_create(
        [models.PlayerRecord(player_id=users[r.seat]) for r in records], ignore_conflicts=True)
    if finished:
        models.OpponentRecord.objects.bulk_create(
            [models.OpponentRecord(player_id=users[r.seat], opponents=r.opponents)
             for r in records], ignore_conflicts=True)
    for record in records:
        player_id = users[record.seat]
        models.PlayerRecord.objects.filter(player_id=player_id).update(
            matches_played=F("matches_played") + 1,
            **{f"matches_{record.outcome.value}": F(f"matches_{record.outcome.value}") + 1},
            hands_played=F("hands_played") + record.hands_played,
            moons_shot=F("moons_shot") + record.moons_shot,
            suns_shot=F("suns_shot") + record.suns_shot)
        if not finished:
            continue
        won, shared = record.outcome is Outcome.WON, record.outcome is Outcome.SHARED
        mine = models.OpponentRecord.objects.filter(player_id=player_id,
                                                    opponents=record.opponents)
        mine.update(matches_finished=F("matches_finished") + 1,
                    matches_won=F("matches_won") + int(won),
                    matches_shared=F("matches_shared") + int(shared))
        if won and not match.fixed_deals:
            _fastest_win(mine, match, state, record, ended_at, sun_hands)


def _fastest_win(mine: QuerySet[models.OpponentRecord], match: models.Match,
                 state: MatchState, record: SeatRecord, ended_at: datetime,
                 sun_hands: Collection[int]) -> None:
    """Make this win the fastest if it took fewer hands (or as many, earlier), in one update."""
    hands = record.hands_played
    slower = (Q(fastest_win_hands__isnull=True) | Q(fastest_win_hands__gt=hands)
              | Q(fastest_win_hands=hands, fastest_win_ended_at__gt=ended_at))
    mine.filter(slower).update(
        fastest_win_hands=hands, fastest_win_match=match, fastest_win_seat=record.seat.value,
        fastest_win_ended_at=ended_at,
        fastest_win_scores={seat.label: state.totals[seat] for seat in Seat},
        fastest_win_moons=_moons(state.moons, sun_hands))


def _moons(moons: Iterable[tuple[int, Seat]], sun_hands: Collection[int]) -> list[dict[str, object]]:
    return [{"hand": hand, "seat": seat.label, "sun": hand in sun_hands} for hand, seat in moons]
