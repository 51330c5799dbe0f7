"""Data migrations, run on rows as an older version of the code left them."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games import services, webhooks
from games.engine import PassDirection, RuleSet, parse_deal
from games.models import ArenaRun, BotShare, DueWork, Match

from ..engine.helpers import D1, D4

fixed_deals_0003 = importlib.import_module("games.migrations.0003_match_fixed_deals")


@pytest.mark.django_db
def test_0003_counts_the_fixed_deals_of_matches_created_before_the_field():
    creator = get_user_model().objects.create_user(username="ada")
    seats = [services.SeatSpec("player")] + [services.SeatSpec("open")] * 3
    dealt = services.match_create(creator=creator, seats=seats, rules=RuleSet(),
                                  deals=[parse_deal(D1), parse_deal(D4)]).match
    shuffled = services.match_create(creator=creator, seats=seats, rules=RuleSet()).match
    Match.objects.update(fixed_deals=0)  # as the rows were before the field
    fixed_deals_0003.count_fixed_deals(apps, None)
    assert dict(Match.objects.values_list("id", "fixed_deals")) == {dealt.id: 2, shuffled.id: 0}


due_work_0010 = importlib.import_module("games.migrations.0010_due_work")


arena_dealing_seed_0023 = importlib.import_module("games.migrations.0023_arena_dealing_seed")


@pytest.mark.django_db
def test_0023_lets_runs_made_before_it_deal_from_their_seed_alone_as_they_did():
    bot = get_user_model().objects.create_user(username="robo")
    ArenaRun.objects.bulk_create([ArenaRun(bot=bot, field="easy", deals=2, seed=seed,
                                           dealing_seed=0) for seed in (11, 12)])
    arena_dealing_seed_0023.dealt_from_the_seed(apps, None)
    assert sorted(ArenaRun.objects.values_list("seed", "dealing_seed")) == [(11, 11), (12, 12)]


@pytest.mark.django_db
def test_0010_owes_each_unfinished_match_its_bots_move_or_its_players_deadline():
    creator = get_user_model().objects.create_user(username="ada")
    bots = [services.SeatSpec("player")] + [services.SeatSpec("bot", "easy")] * 3
    owing = services.match_create(creator=creator, seats=bots, rules=RuleSet()).match  # bots pass
    timed = services.match_create(  # ada leads 2C on D1, a hold hand
        creator=creator, seats=bots, rules=RuleSet(pass_rotation=(PassDirection.HOLD,)),
        deals=[parse_deal(D1)], turn_timeout_s=30).match
    waiting = get_user_model().objects.create_user(username="bea")  # owes nothing yet
    idle = services.match_create(creator=waiting, seats=[services.SeatSpec("player")]
                                 + [services.SeatSpec("open")] * 3, rules=RuleSet()).match
    DueWork.objects.all().delete()  # as the rows were before the outbox
    BotShare.objects.all().delete()
    due_work_0010.owed_moves(apps, None)
    rows = {row.match_id: row for row in DueWork.objects.all()}
    assert set(rows) == {owing.id, timed.id} and idle.id not in rows
    assert rows[timed.id].due_at == timed.turn_deadline
    assert {(row.owner_id, row.lane, row.leased_until) for row in rows.values()} == {
        (creator.pk, 0, None)}
    # Every creator of an unfinished match has a place in the round: its moves are claimed.
    assert set(BotShare.objects.values_list("owner_id", flat=True)) == {creator.pk, waiting.pk}


def test_every_model_change_has_its_migration(db):
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)  # exits 1 otherwise


@pytest.mark.django_db(transaction=True)  # it migrates the schema back and forth
def test_0021_seals_each_webhooks_secret_and_opens_it_when_unapplied():
    before, after = [("games", "0020_arena")], [("games", "0021_seal_webhook_secrets")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    owner = old.get_model("auth", "User").objects.create(username="ada")
    old.get_model("games", "Webhook").objects.create(
        owner_id=owner.pk, url="https://example.com/hook", events=["turn"], secret="whsec_c2VjcmV0")
    executor = MigrationExecutor(connection)
    executor.migrate(after)
    hook = executor.loader.project_state(after).apps.get_model("games", "Webhook").objects.get()
    assert b"c2VjcmV0" not in bytes(hook.sealed_secret)
    assert webhooks.signing_secret(hook) == "whsec_c2VjcmV0"
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    assert old.get_model("games", "Webhook").objects.get().secret == "whsec_c2VjcmV0"
    call_command("migrate", verbosity=0)


usernames_0004 = importlib.import_module("hearts_api.migrations.0004_usernames_unique_ignoring_case")


@pytest.mark.django_db
def test_0004_stops_at_usernames_equal_but_for_case_and_names_them():
    for name in ("ada", "bea"):
        get_user_model().objects.create_user(username=name)
    usernames_0004.refuse_clashes(apps, None)
    with connection.cursor() as cursor:  # as the rows could be before the index
        cursor.execute(f'DROP INDEX "{usernames_0004.INDEX}"')
    for name in ("Ada", "ADA", "Bea"):
        get_user_model().objects.create_user(username=name)
    with pytest.raises(RuntimeError, match=r"migrate again\): ADA, Ada, ada; Bea, bea$"):
        usernames_0004.refuse_clashes(apps, None)
