"""Persistence: the append-only event log (the truth), the match snapshot beside it, the
projections and the bots' outbox, all written in the command's transaction."""

from __future__ import annotations

import uuid
from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

from .engine import Phase

# Per-match bot options, in milliseconds.
BOT_DELAY_MS_DEFAULT, BOT_DELAY_MS_MAX = 0, 10_000
BOT_THINK_MS_DEFAULT, BOT_THINK_MS_MIN, BOT_THINK_MS_MAX = 200, 10, 5_000
# How many times its think_ms (CPU time) a search may take by the clock; leases allow for it.
THINK_OVERRUN = 3
# A rating's start (openskill's defaults) and the leaderboard's sigmas below mu.
RATING_MU, RATING_SIGMA, CONSERVATIVE_SIGMAS = 25.0, 25.0 / 3, 3
# A match's turn timeout, in seconds.
TURN_TIMEOUT_S_MIN, TURN_TIMEOUT_S_MAX = 5, 86_400


class Match(models.Model):
    """A match: ``version`` (last event seq), the ``state`` snapshot, and facts kept for queries."""

    class Status(models.TextChoices):
        WAITING = "waiting"
        PASSING = "passing"
        PLAYING = "playing"
        FINISHED = "finished"
        ABORTED = "aborted"

    ENDED = tuple(phase.value for phase in Phase if phase.is_over)  # the statuses of an ended match

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                   related_name="created_matches")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.WAITING)
    version = models.PositiveIntegerField(default=0, help_text="seq of the last event")
    state = models.JSONField(help_text="engine state after the last event (state_to_json)")
    bot_to_act = models.BooleanField(default=False, help_text="a bot seat must act now")
    bot_delay_ms = models.PositiveIntegerField(
        default=BOT_DELAY_MS_DEFAULT, validators=[MaxValueValidator(BOT_DELAY_MS_MAX)],
        help_text="milliseconds a bot waits before each move (with a Celery worker)")
    bot_think_ms = models.PositiveIntegerField(
        default=BOT_THINK_MS_DEFAULT,
        validators=[MinValueValidator(BOT_THINK_MS_MIN), MaxValueValidator(BOT_THINK_MS_MAX)],
        help_text="a searching bot's (expert's) time budget per move, in milliseconds")
    # Set once at creation; the deals themselves are in the log's match_created.
    fixed_deals = models.PositiveIntegerField(
        default=0, help_text="how many of the first hands the creator dealt (0: all shuffled)")
    turn_timeout_s = models.PositiveIntegerField(
        null=True, blank=True,
        validators=[MinValueValidator(TURN_TIMEOUT_S_MIN), MaxValueValidator(TURN_TIMEOUT_S_MAX)],
        help_text="seconds a player's turn may last before a stand-in moves (null: no limit)")
    turn_started_at = models.DateTimeField(
        null=True, blank=True, help_text="when the turn of the seats to act began (games.timeouts)")
    turn_deadline = models.DateTimeField(
        null=True, blank=True,
        help_text="when the stand-in moves for the players to act (games.timeouts)")
    daily_date = models.DateField(
        null=True, blank=True,
        help_text="the UTC date of the daily challenge this match is its creator's attempt at "
                  "(games.daily); null: not a daily")
    hints = models.BooleanField(
        default=False, help_text="its players may ask for hints (unrated, no fastest win)")
    lesson = models.CharField(
        max_length=64, blank=True, default="",
        help_text="the slug of the lesson this match is an attempt at (games.lessons); "
                  "empty: not a lesson")
    bot_accounts = models.JSONField(
        default=list, blank=True,
        help_text="usernames of its players that are bot accounts (games.bot_accounts)")
    hooked = models.BooleanField(
        default=False, help_text="a player of it has a webhook: commands look for deliveries "
                                 "(games.webhooks)")
    open_to_all = models.BooleanField(
        default=True, help_text="a seat nobody holds nor is invited to: the lobby lists it")
    bot_accounts_only = models.BooleanField(
        default=False, help_text="its players, two or more, are all bot accounts "
                                 "(capped per day: games.bot_accounts)")

    class Meta:
        ordering = ["-created_at"]
        # The admin's list, newest first (with the id as tiebreak).
        indexes = [models.Index(fields=["created_at", "id"], name="match_created_at_id")]
        constraints = [
            models.CheckConstraint(condition=models.Q(bot_delay_ms__lte=BOT_DELAY_MS_MAX),
                                   name="bot_delay_ms_in_range"),
            models.CheckConstraint(condition=models.Q(bot_think_ms__gte=BOT_THINK_MS_MIN,
                                                      bot_think_ms__lte=BOT_THINK_MS_MAX),
                                   name="bot_think_ms_in_range"),
            models.CheckConstraint(condition=models.Q(turn_timeout_s__isnull=True) | models.Q(
                turn_timeout_s__gte=TURN_TIMEOUT_S_MIN, turn_timeout_s__lte=TURN_TIMEOUT_S_MAX),
                name="turn_timeout_s_in_range"),
        ]
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        return f"match {self.id} ({self.status}, v{self.version})"


class Invitation(models.Model):
    """A seat of a waiting match held for ``player`` until ``expires_at``
    (games.invitations); written by the command that invites, and marked by the one that
    seats the player, releases the seat, or lets it expire."""

    class Status(models.TextChoices):
        PENDING = "pending"
        ACCEPTED = "accepted"
        DECLINED = "declined"
        EXPIRED = "expired"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="invitations")
    seat = models.PositiveSmallIntegerField(help_text="0 north, 1 east, 2 south, 3 west")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                               related_name="invitations")
    created_at = models.DateTimeField()
    expires_at = models.DateTimeField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "seat"],
                                               name="one_invitation_per_seat")]
        indexes = [models.Index(fields=["player", "status", "expires_at"],
                                name="invitation_by_player"),
                   models.Index(fields=["status", "expires_at"], name="invitation_by_expiry")]


class Webhook(models.Model):
    """An endpoint ``owner`` registered for ``events`` (games.webhooks), signed with its secret
    (Standard Webhooks); ``enabled`` until a delivery fails for good."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                              related_name="webhooks")
    url = models.URLField(max_length=2000)
    events = models.JSONField(help_text="the kinds it receives: turn, invitation, match_ended")
    sealed_secret = models.BinaryField(help_text="the signing secret (whsec_ and base64 of 32 "
                                                 "random bytes), sealed (games.webhooks.signing_secret)")
    enabled = models.BooleanField(default=True)
    deliveries_dropped = models.PositiveBigIntegerField(
        default=0, help_text="deliveries owed while it held WEBHOOK_PENDING_MAX pending, "
                             "since it was registered: neither kept nor sent")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]


class WebhookDelivery(models.Model):
    """One message to a webhook, written in the command's transaction; ``id`` is its
    ``webhook-id``. Attempts follow ``games.webhooks.BACKOFF_S``."""

    class Status(models.TextChoices):
        PENDING = "pending"
        DELIVERED = "delivered"
        FAILED = "failed"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    type = models.CharField(max_length=32)
    payload = models.JSONField()
    created_at = models.DateTimeField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_attempt_at = models.DateTimeField()
    last_status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    last_error = models.CharField(max_length=200, blank=True, default="")
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["webhook", "created_at"], name="delivery_by_webhook"),
                   models.Index(fields=["status", "next_attempt_at"], name="delivery_due"),
                   models.Index(fields=["webhook"], condition=models.Q(status="pending"),
                                name="delivery_pending"),
                   models.Index(fields=["webhook", "-created_at", "-id"],
                                condition=~models.Q(status="pending"), name="delivery_finished")]


class BotAccount(models.Model):
    """A player registered as (or turned into) a program that plays; ``owner`` is the player
    who registered it, if one did."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, primary_key=True,
                                on_delete=models.CASCADE, related_name="bot_account")
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                              on_delete=models.SET_NULL, related_name="owned_bots")
    created_at = models.DateTimeField(auto_now_add=True)


class DueWork(models.Model):
    """The move a match's bots or a stand-in owe, one row at most per match, charged to
    ``owner`` and held by a worker while ``leased_until`` is ahead (``games.dispatch``)."""

    match = models.OneToOneField(Match, primary_key=True, on_delete=models.CASCADE,
                                 related_name="due_work")
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+",
                              db_index=False)  # due_work_by_owner leads with it
    lane = models.PositiveSmallIntegerField(help_text="0: a player is seated; 1: bots only")
    search = models.BooleanField(default=False, help_text="the move is a search (an expert's): "
                                                          "while a lease is live, the leased one")
    version = models.PositiveIntegerField(help_text="the match version the move is owed at")
    due_at = models.DateTimeField()
    lease_ms = models.PositiveIntegerField(help_text="how long a worker may hold it")
    leased_until = models.DateTimeField(null=True, blank=True)
    lease = models.UUIDField(null=True, blank=True, help_text="the holder's claim")

    class Meta:
        indexes = [models.Index(fields=["owner", "lane", "due_at"], name="due_work_by_owner"),
                   models.Index(fields=["due_at"], name="due_work_by_time")]


class BotShare(models.Model):
    """A player's place in the dispatcher's round: when their bot work was last served."""

    owner = models.OneToOneField(settings.AUTH_USER_MODEL, primary_key=True,
                                 on_delete=models.CASCADE, related_name="+")
    served_at = models.DateTimeField()


class Seat(models.Model):
    """Who sits where; a player's seat links the user, a bot's names its level, and a bot
    holding a seat a player left (or was replaced in) links that player in ``left_by``."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField(help_text="0 north, 1 east, 2 south, 3 west")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                               on_delete=models.PROTECT, related_name="seats")
    bot_level = models.CharField(max_length=16, blank=True, default="")
    left_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                on_delete=models.PROTECT, related_name="left_seats",
                                help_text="the player who left this seat to its bot, or was replaced")

    class Meta:
        ordering = ["match", "position"]
        constraints = [
            models.UniqueConstraint(fields=["match", "position"], name="one_occupant_per_seat"),
            models.UniqueConstraint(fields=["match", "player"], name="one_seat_per_player"),
        ]


class EventQuerySet(models.QuerySet["Event"]):
    def update(self, **kwargs: Any) -> int:
        raise TypeError("the event log is append-only")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise TypeError("the event log is append-only")


class Event(models.Model):
    """One fact of a match's log: ``payload`` is the engine event's JSON form."""

    # PROTECT: deleting a match must not delete its log behind the append-only guards.
    match = models.ForeignKey(Match, on_delete=models.PROTECT, related_name="events",
                              db_index=False)  # unique_event_seq leads with it
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=32)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    payload = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    objects = EventQuerySet.as_manager()

    class Meta:
        ordering = ["match", "seq"]
        constraints = [models.UniqueConstraint(fields=["match", "seq"], name="unique_event_seq")]
        # For counting a player's leaves.
        indexes = [models.Index(fields=["match"], condition=models.Q(type="seat_left"),
                                name="event_seat_left")]

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise TypeError("the event log is append-only")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise TypeError("the event log is append-only")


class Hand(models.Model):
    """Projection: one scored hand."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    pass_direction = models.CharField(max_length=8)
    points = models.JSONField(help_text="hand points by seat name")
    totals = models.JSONField(help_text="match totals after this hand, by seat name")
    moon_shooter = models.PositiveSmallIntegerField(null=True, blank=True)
    is_sun = models.BooleanField(default=False, help_text="the shooter took every trick")

    class Meta:
        ordering = ["match", "number"]
        constraints = [models.UniqueConstraint(fields=["match", "number"], name="unique_hand")]


class Trick(models.Model):
    """Projection: one completed trick."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="tricks")
    hand_number = models.PositiveIntegerField()
    number = models.PositiveSmallIntegerField()
    leader = models.PositiveSmallIntegerField()
    winner = models.PositiveSmallIntegerField()
    points = models.SmallIntegerField()
    cards = models.JSONField(help_text="card codes in play order, the leader's first")

    class Meta:
        ordering = ["match", "hand_number", "number"]
        constraints = [models.UniqueConstraint(fields=["match", "hand_number", "number"],
                                               name="unique_trick")]


class PlayerRecord(models.Model):
    """Projection (``games.records``): a player's totals over the ended matches they held a seat in."""

    player = models.OneToOneField(settings.AUTH_USER_MODEL, primary_key=True,
                                  on_delete=models.CASCADE, related_name="record")
    matches_played = models.PositiveIntegerField(default=0)
    matches_won = models.PositiveIntegerField(default=0, help_text="the only lowest total")
    matches_shared = models.PositiveIntegerField(default=0,
                                                 help_text="a lowest total tied with others")
    matches_lost = models.PositiveIntegerField(default=0)
    matches_aborted = models.PositiveIntegerField(default=0)
    hands_played = models.PositiveIntegerField(default=0)
    moons_shot = models.PositiveIntegerField(default=0)
    suns_shot = models.PositiveIntegerField(default=0)


class OpponentRecord(models.Model):
    """Projection (``games.records``): a player's finished matches against one set of
    ``opponents``, and the fastest win among them."""

    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                               related_name="opponent_records")
    opponents = models.CharField(max_length=64, help_text='e.g. "easy,hard,human"')
    matches_finished = models.PositiveIntegerField(default=0)
    matches_won = models.PositiveIntegerField(default=0)
    matches_shared = models.PositiveIntegerField(default=0)
    fastest_win_hands = models.PositiveIntegerField(null=True, blank=True)
    fastest_win_match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.PROTECT,
                                          related_name="+")
    fastest_win_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    fastest_win_ended_at = models.DateTimeField(null=True, blank=True)
    fastest_win_scores = models.JSONField(null=True, blank=True,
                                          help_text="final totals by seat name")
    fastest_win_moons = models.JSONField(null=True, blank=True,
                                         help_text='[{"hand", "seat", "sun"}] of that match')

    class Meta:
        ordering = ["player", "opponents"]
        constraints = [models.UniqueConstraint(fields=["player", "opponents"],
                                               name="one_record_per_opponent_set")]


class Rating(models.Model):
    """Projection (``games.ratings``): the rating of a ``player`` or a ``bot_level``;
    ``ordinal`` is ``mu - CONSERVATIVE_SIGMAS * sigma``."""

    player = models.OneToOneField(settings.AUTH_USER_MODEL, null=True, blank=True,
                                  on_delete=models.CASCADE, related_name="rating")
    bot_level = models.CharField(max_length=16, blank=True, default="")
    mu = models.FloatField(default=RATING_MU)
    sigma = models.FloatField(default=RATING_SIGMA)
    ordinal = models.FloatField(default=RATING_MU - CONSERVATIVE_SIGMAS * RATING_SIGMA)
    matches_rated = models.PositiveIntegerField(default=0)

    class Meta:
        indexes = [models.Index(fields=["-ordinal", "id"], name="rating_leaderboard")]
        constraints = [
            models.UniqueConstraint(fields=["bot_level"], condition=models.Q(player__isnull=True),
                                    name="one_rating_per_bot_level"),
            models.CheckConstraint(
                condition=models.Q(player__isnull=True, bot_level__gt="")
                | models.Q(player__isnull=False, bot_level=""),
                name="rating_of_a_player_or_a_bot_level"),
        ]


class DailyAttempt(models.Model):
    """A player's one attempt at the daily challenge of ``date``; once its match finishes, the
    player's ``points`` and the ``seconds`` it took (``games.daily``)."""

    date = models.DateField(help_text="the challenge's UTC date")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                               related_name="daily_attempts")
    match = models.OneToOneField(Match, on_delete=models.PROTECT, related_name="daily_attempt")
    points = models.IntegerField(null=True, blank=True,
                                         help_text="the player's final total (null: unfinished)")
    seconds = models.PositiveIntegerField(null=True, blank=True,
                                          help_text="whole seconds from creation to the end")
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-date", "points", "seconds"]
        indexes = [models.Index(fields=["date", "points", "seconds"], name="daily_leaderboard")]
        constraints = [models.UniqueConstraint(fields=["date", "player"],
                                               name="one_daily_attempt_per_player")]

    def __str__(self) -> str:
        return f"{self.player_id} on {self.date}"


class Analysis(models.Model):
    """One seat's decisions in a finished match weighed by ``bots.analysis``, hand by hand
    (``decisions``: ``Decision``s as JSON, oldest first; ``hands_done`` of ``hands``); a hand
    being weighed is leased (``games.review.analysis_claim``)."""

    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="analyses")
    seat = models.PositiveSmallIntegerField(help_text="0 north, 1 east, 2 south, 3 west")
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                     related_name="+")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    hands = models.PositiveIntegerField(help_text="hands of the match to analyse")
    hands_done = models.PositiveIntegerField(default=0)
    decisions = models.JSONField(default=list)
    work = models.PositiveIntegerField(help_text="search work units a decision")
    cpu_ms = models.PositiveIntegerField(default=0, help_text="CPU spent so far")
    leased_until = models.DateTimeField(null=True, blank=True,
                                        help_text="a worker weighs its next hand until then")
    attempts = models.PositiveSmallIntegerField(default=0,
                                                help_text="claims of its next hand, unsaved")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["created_at"]
        indexes = [models.Index(fields=["requested_by", "-updated_at"], name="analysis_by_requester"),
                   models.Index(fields=["created_at"], condition=models.Q(status__in=["queued", "running"]),
                                name="analysis_unfinished")]
        constraints = [models.UniqueConstraint(fields=["match", "seat"],
                                               name="one_analysis_per_seat")]
        verbose_name_plural = "analyses"


class ArenaRun(models.Model):
    """A bot account's duplicate run against ``field`` bots over ``deals`` deals of ``seed``
    (games.arena): five one-hand tables a deal, created a few at a time; ``result`` once done."""

    class Status(models.TextChoices):
        RUNNING = "running"
        FINISHED = "finished"
        ABANDONED = "abandoned"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    bot = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                            related_name="arena_runs")
    field = models.CharField(max_length=16, help_text="the field's bot level")
    deals = models.PositiveIntegerField()
    seed = models.BigIntegerField(help_text="the seed asked for or chosen: the same seed "
                                            "deals alike (games.arena.dealing_seed)")
    dealing_seed = models.BigIntegerField(help_text="what its deals come from "
                                                    "(games.duplicate.deal_of), fixed as it "
                                                    "was created")
    seed_chosen = models.BooleanField(default=False,
                                      help_text="the bot gave the seed (else shown once ended)")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.RUNNING)
    tables_created = models.PositiveIntegerField(default=0)
    waiting_since = models.DateTimeField(
        null=True, blank=True, help_text="since when no table is unfinished and the bot's "
                                         "quotas let none be created")
    result = models.JSONField(null=True, blank=True,
                              help_text="advantage, ci95, per_seat (games.arena.result)")
    reason = models.CharField(max_length=200, blank=True, default="",
                              help_text="why it was abandoned")
    created_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["bot", "-created_at"], name="arena_run_by_bot"),
                   models.Index(fields=["status"], name="arena_run_by_status")]


class ArenaTable(models.Model):
    """One table of an arena run: deal ``deal`` (0-based) with the bot in ``seat`` (null:
    the field's own table), played as ``match``; ``points`` by seat once it has finished."""

    run = models.ForeignKey(ArenaRun, on_delete=models.CASCADE, related_name="tables")
    deal = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField(null=True, blank=True,
                                            help_text="the bot's: 0 north .. 3 west")
    match = models.OneToOneField(Match, on_delete=models.PROTECT, related_name="arena_table")
    points = models.JSONField(null=True, blank=True, help_text="the hand's points by seat")

    class Meta:
        ordering = ["deal", "id"]
        constraints = [
            models.UniqueConstraint(fields=["run", "deal", "seat"], name="one_arena_table"),
            models.UniqueConstraint(fields=["run", "deal"], condition=models.Q(seat__isnull=True),
                                    name="one_field_table"),
        ]
