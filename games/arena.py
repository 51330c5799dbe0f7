"""The arena for anyone's bot (docs/api.md, "Arena runs"): a bot account's duplicate run
against a field of built-in bots. Each deal is played at five one-hand tables, created as
matches a few at a time: the bot in each seat (held for it by an invitation) against three
field bots, seat by seat over all the deals, then the field's own tables. The result is
``games.duplicate``'s advantage."""

from __future__ import annotations

import hashlib
import hmac
import math
import secrets
import statistics
import uuid
from collections import defaultdict
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Count, Q, QuerySet
from django.utils import timezone

from . import bot_accounts, duplicate, locks, models, services
from .engine import IllegalMove, RuleSet, Seat
from .engine.decider import shuffled_deal
from .errors import ServiceError, quota_exceeded

Run = models.ArenaRun
TABLES_PER_DEAL = 5  # the bot north, east, south and west, then the field's own table
SEED_BITS = 53  # a seed is exact in every JSON reader (JavaScript's safe integers)
DEALS_MIN = 2  # a run's interval needs two deals
DAY_S = 86_400


def run_create(*, bot: AbstractBaseUser, field: str, deals: int, seed: int | None) -> Run:
    """Start ``bot``'s run of ``deals`` deals (``seed``, else a random one) against ``field``
    and create its first tables. Raises ``bot_account_required``, then ``quota_exceeded``
    (``arena_runs`` running at once, ``arena_deals`` in 24 hours)."""
    if not bot_accounts.is_bot_account(bot):
        raise ServiceError("bot_account_required", "only a bot account may ask for an arena run")
    with transaction.atomic():
        locks.lock_user(bot.pk)
        mine = Run.objects.filter(bot=bot)
        limit = settings.QUOTAS["arena_runs"]
        if mine.filter(status=Run.Status.RUNNING).count() >= limit:
            raise quota_exceeded("arena_runs", limit, f"you have {limit} arena run(s) running, "
                                                      "the most a bot account may: wait for it")
        _check_deals(mine, deals, timezone.now())
        chosen = seed is not None
        seed = seed if chosen else secrets.randbits(SEED_BITS)
        run = Run.objects.create(bot=bot, field=field, deals=deals, seed_chosen=chosen, seed=seed,
                                 dealing_seed=dealing_seed(seed))
    advance(run.id)
    run.refresh_from_db()
    return run


def _check_deals(mine: QuerySet[Run], deals: int, now: datetime) -> None:
    """Raises ``quota_exceeded`` (``arena_deals``, with ``retry_after`` when waiting helps)
    when ``deals`` more would pass ``ARENA_DEALS_PER_DAY`` in the last ``DAY_S``."""
    limit = settings.ARENA_DEALS_PER_DAY
    asked = list(mine.filter(created_at__gt=now - timedelta(seconds=DAY_S))
                 .order_by("created_at").values_list("created_at", "deals"))
    held = sum(count for _, count in asked)
    if held + deals <= limit:
        return
    retry_after = None
    for created_at, count in asked:  # oldest first: when enough of them have left the window
        held -= count
        if held + deals <= limit:
            retry_after = math.ceil((created_at - now).total_seconds()) + DAY_S
            break
    raise quota_exceeded("arena_deals", limit, f"you have asked for {sum(c for _, c in asked)} "
                         f"arena deals in the last {DAY_S // 3600} hours; {deals} more would pass the most "
                         "a bot account may", period_s=DAY_S, retry_after=retry_after)


def advance(run_id: uuid.UUID) -> None:
    """Move the run on: abandon it when a table was aborted, the bot let an invitation
    expire, or no table could be created for ``INVITATION_TTL_S``; else create tables while
    fewer than ``ARENA_TABLES_AT_ONCE`` are unfinished and the bot's quotas allow (a full
    quota waits for the next call); end it when all have finished."""
    with transaction.atomic():
        run = Run.objects.select_for_update().filter(id=run_id, status=Run.Status.RUNNING).first()
        if run is None:
            return
        now = timezone.now()
        playing = list(run.tables.filter(points__isnull=True).select_related("match"))
        reason = _failure(playing, now)
        total = run.deals * TABLES_PER_DEAL
        while not reason and len(playing) < settings.ARENA_TABLES_AT_ONCE and (
                run.tables_created < total) and not _deal_in_play(run, playing):
            try:
                playing.append(_table_create(run))
            except ServiceError as refusal:
                if refusal.code != "quota_exceeded":
                    reason = f"a table could not be created: {refusal}"
                break
            run.tables_created += 1
        idle = not playing and run.tables_created < total
        run.waiting_since = (run.waiting_since or now) if idle else None
        if not reason and run.waiting_since and (
                now - run.waiting_since).total_seconds() >= settings.INVITATION_TTL_S:
            reason = "the bot's match quotas left no room for a table for too long"
        if reason:
            _abandon(run, reason, playing)
        else:
            _finish_if_played(run, playing, now)
        run.save()


def _next_table(run: Run) -> tuple[int, Seat | None]:
    """The deal and the bot's seat (None: the field's own table) of the run's next table:
    seat by seat, each over all the deals, so that the tables played at once show the bot
    different deals; the field's own tables last."""
    slot, deal = divmod(run.tables_created, run.deals)
    return deal, Seat(slot) if slot < len(Seat) else None


def _deal_in_play(run: Run, playing: list[models.ArenaTable]) -> bool:
    """Whether the next table's deal is at an unfinished table: the bot never sees one deal
    at two tables at once."""
    deal, _ = _next_table(run)
    return any(table.deal == deal for table in playing)


def _finish_if_played(run: Run, playing: list[models.ArenaTable], now: datetime) -> None:
    if not playing and run.tables_created == run.deals * TABLES_PER_DEAL:
        run.result = result(run.tables.values_list("deal", "seat", "points"))
        run.status, run.ended_at = Run.Status.FINISHED, now


def run_cancel(*, run_id: uuid.UUID, user: AbstractBaseUser) -> Run:
    """Abandon the run ``run_id`` (its bot's or its owner's, else ``not_found``), aborting its
    unfinished tables; a run that has ended is left as it is, one whose every table has
    finished is finished."""
    with transaction.atomic():
        run_get(run_id=run_id, user=user)
        run = Run.objects.select_for_update().get(id=run_id)
        if run.status == Run.Status.RUNNING:
            playing = list(run.tables.filter(points__isnull=True))
            _finish_if_played(run, playing, timezone.now())
            if run.status == Run.Status.RUNNING:
                _abandon(run, f"cancelled by {user.get_username()}", playing)
            run.save()
    return run_get(run_id=run_id, user=user)


def dealing_seed(seed: int) -> int:
    """What a run seeded ``seed`` deals from (``duplicate.deal_of``): the first 63 bits of
    HMAC-SHA256(``BOT_SECRET``, ``"arena:<seed>"``), so that a seed alone tells no hand.
    Kept on the run as it is created: a later key deals its tables alike."""
    key = hmac.new(settings.BOT_SECRET.encode(), f"arena:{seed}".encode(), hashlib.sha256)
    return int.from_bytes(key.digest()[:8], "big") >> 1


def running() -> list[uuid.UUID]:
    """The runs still running (beat's ``advance_arena_runs`` moves each on)."""
    return list(Run.objects.filter(status=Run.Status.RUNNING).values_list("id", flat=True))


def _table_create(run: Run) -> models.ArenaTable:
    """The run's next table (``_next_table``), as a match."""
    deal, seat = _next_table(run)
    deal_seed, direction = duplicate.deal_of(run.dealing_seed, deal)
    bot = run.bot.get_username()
    created = services.match_create(
        creator=run.bot, rules=RuleSet(pass_rotation=(direction,), max_hands=1),
        seats=[services.SeatSpec("invited", username=bot) if each is seat
               else services.SeatSpec("bot", run.field) for each in Seat],
        deals=[shuffled_deal(deal_seed)], for_arena=True)
    return models.ArenaTable.objects.create(run=run, deal=deal, seat=seat, match=created.match)


def _failure(playing: list[models.ArenaTable], now: datetime) -> str:
    """Why the run cannot finish: a table aborted, or an invitation not taken in time."""
    aborted = [table.match_id for table in playing
               if table.match.status == models.Match.Status.ABORTED]
    if aborted:
        why = (models.Event.objects.filter(match_id=aborted[0], type="match_aborted")
               .values_list("payload", flat=True).first() or {}).get("reason", "")
        return f"a table was aborted: {why}"[:200]
    waiting = [table.match_id for table in playing
               if table.match.status == models.Match.Status.WAITING]
    if models.Invitation.objects.filter(match_id__in=waiting, expires_at__lte=now).exists():
        return "the bot did not join a table before its invitation expired"
    return ""


def _abandon(run: Run, reason: str, playing: list[models.ArenaTable]) -> None:
    """Mark ``run`` abandoned for ``reason`` and abort its ``playing`` tables (the caller
    saves the run)."""
    for table in playing:
        try:
            services.match_abort(match_id=table.match_id, reason="its arena run was abandoned")
        except IllegalMove:  # it had ended already
            continue
    run.status, run.reason, run.ended_at = Run.Status.ABANDONED, reason[:200], timezone.now()


def result(tables: Iterable[tuple[int, int | None, list[int]]]) -> dict[str, Any]:
    """The figures of a run's finished ``tables`` (deal, the bot's seat or None for the
    field's, points by seat): the advantage (points per hand the field took more than the
    bot at the same seat of the same deal) with its 95% interval, and by seat the advantage
    and both mean points."""
    by_deal: dict[int, dict[int | None, list[int]]] = defaultdict(dict)
    for deal, seat, points in tables:
        by_deal[deal][seat] = points
    per_deal, per_seat = [], defaultdict(list)
    for seats in by_deal.values():
        bot_points = [seats[seat][seat] for seat in Seat]
        gains = duplicate.gains(seats[None], bot_points)
        per_deal.append(statistics.fmean(gains))
        for seat in Seat:
            per_seat[seat].append((gains[seat], bot_points[seat], seats[None][seat]))
    advantage, low, high = duplicate.mean_ci95(per_deal)
    return {"advantage": round(advantage, 3), "ci95": [round(low, 3), round(high, 3)],
            "deals": len(per_deal),
            "per_seat": [{"seat": seat.label,
                          "advantage": round(statistics.fmean(g for g, _, _ in per_seat[seat]), 3),
                          "points": round(statistics.fmean(p for _, p, _ in per_seat[seat]), 3),
                          "field_points": round(statistics.fmean(f for _, _, f in per_seat[seat]),
                                                3)}
                         for seat in Seat]}


def visible(user: AbstractBaseUser) -> QuerySet[Run]:
    """The runs ``user`` may see, its own and its bot accounts', newest first, each with
    ``tables_finished``."""
    return (Run.objects.filter(Q(bot=user) | Q(bot__bot_account__owner=user))
            .annotate(tables_finished=Count("tables", filter=Q(tables__points__isnull=False)))
            .select_related("bot").order_by("-created_at", "-id"))


def tables(run: Run) -> list[models.ArenaTable]:
    """The tables of ``run`` created so far, by deal, each with its match's status."""
    return list(run.tables.select_related("match").only(
        "deal", "seat", "points", "match_id", "match__status").order_by("deal", "id"))


def run_get(*, run_id: uuid.UUID, user: AbstractBaseUser) -> Run:
    """The run ``run_id`` if ``user`` may see it, else ``not_found``."""
    found = visible(user).filter(id=run_id).first()
    if found is None:
        raise ServiceError("not_found", "no arena run of yours or your bots' has that id")
    return found
