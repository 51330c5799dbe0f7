"""What a request costs the database: the token check, a pass, a play (docs/architecture.md,
"What a command costs").

Committed transactions (``transactional_db``), as in production: the command's
``atomic`` is a real transaction (no savepoint) and its ``on_commit`` work runs and counts.
The notifier is PostgreSQL's, whose ``NOTIFY`` the command's write sends. pytest-django
counts the transaction's ``BEGIN`` and ``COMMIT`` too; the budget of a command is its
statements beside those two.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from knox.models import get_token_model

from games.models import Trick

from .helpers import API, D1, D4, D4_A, LEFT, first_legal, holdings

pytestmark = pytest.mark.usefixtures("transactional_db")


@pytest.fixture(autouse=True)
def _postgresql_notifier(settings: Any) -> None:
    settings.LIVE_NOTIFIER = "postgresql"

TRANSACTION = ("BEGIN", "COMMIT")


def statements(captured: Any) -> list[str]:
    """The captured queries but the one transaction's ``BEGIN`` and ``COMMIT``."""
    sqls = [query["sql"] for query in captured.captured_queries]
    assert [sql for sql in sqls if sql in TRANSACTION] == list(TRANSACTION)
    return [sql for sql in sqls if sql not in TRANSACTION]


# The token's row joined with its user (games.statements.rows_with_related).
TOKEN_SELECT = 'SELECT a."digest", a."token_key"'


def kinds(captured: Any) -> list[str]:
    """Each statement but ``BEGIN``/``COMMIT`` named by what it does."""
    names = {TOKEN_SELECT: "token", 'SELECT "id", "created_by_id"': "match",
             'SELECT "games_event"."payload"': "deals",
             "WITH written_0 AS (INSERT INTO \"games_event\"": "events and match"}
    return [next((name for prefix, name in names.items() if sql.startswith(prefix)), sql[:60])
            for sql in statements(captured)]


def test_the_token_check_is_one_query(client_a, django_assert_num_queries):
    # A second token, expired: knox's own check reads the user's tokens (and deletes that
    # one) on every request.
    user = get_token_model().objects.get().user
    get_token_model().objects.create(user=user, expiry=timedelta(seconds=-1))
    with django_assert_num_queries(3):  # the token with its user, then the page's count and rows
        response = client_a.get(f"{API}/tokens")
    assert response.status_code == 200
    assert len(response.json()["results"]) == 1  # the expired one is not listed


def test_an_expired_token_is_refused_and_deleted(make_client):
    client = make_client()
    token = get_token_model().objects.get()
    token.expiry = timezone.now() - timedelta(seconds=1)
    token.save()
    response = client.get(f"{API}/tokens")
    assert response.status_code == 401
    assert not get_token_model().objects.exists()


def test_a_pass_costs_at_most_five_queries(make_table, django_assert_max_num_queries):
    table = make_table(D1, rules=LEFT)
    hand = table.view("north")["hand"]
    with django_assert_max_num_queries(5 + len(TRANSACTION)) as captured:
        body = table.passed("north", hand[:3])
    assert len(statements(captured)) <= 5
    # The token; the locked row, seat and all; the events' insert with the row's update.
    assert kinds(captured) == ["token", "match", "events and match"]
    assert body["view"]["pass"]["given"] == hand[:3]


def test_a_play_costs_at_most_five_queries(make_table, django_assert_max_num_queries):
    table = make_table(D1)
    view = table.view("north")  # north holds the two of clubs (D1) and leads
    with django_assert_max_num_queries(5 + len(TRANSACTION)) as captured:
        body = table.played(f"N {first_legal(view)}")
    assert len(statements(captured)) <= 5
    assert kinds(captured) == ["token", "match", "events and match"]
    assert body["view"]["seat"] == "north" and body["view"]["trick"]["cards"][0]["seat"] == "north"
    # The write announces the new version itself: no statement after the commit.
    write = statements(captured)[-1]
    assert write.endswith(f"RETURNING pg_notify('hearts_match_advanced', "
                          f"'{table.id} {body['version']}')")
    assert captured.captured_queries[-1]["sql"] == "COMMIT"


def test_a_view_costs_two_queries(make_table, django_assert_num_queries):
    table = make_table(D1)
    with django_assert_num_queries(2) as captured:  # no transaction: a read
        table.view("north")
    token, match = (query["sql"] for query in captured.captured_queries)
    assert token.startswith(TOKEN_SELECT) and match.startswith('SELECT "id", "created_by_id"')


def test_the_play_that_ends_a_trick_costs_the_same(make_table, django_assert_max_num_queries):
    table = make_table(D1)
    played = [first_legal(table.view("north"))]
    table.played(f"N {played[0]}")
    for letter, seat in (("E", "east"), ("S", "south")):
        card = first_legal(table.view(seat))
        table.played(f"{letter} {card}")
        played.append(card)
    last = first_legal(table.view("west"))
    with django_assert_max_num_queries(5 + len(TRANSACTION)) as captured:
        table.played(f"W {last}")
    assert kinds(captured) == ["token", "match", "events and match"]
    trick = Trick.objects.get()  # written in the same statement
    assert (trick.hand_number, trick.number, trick.leader, trick.cards) == (1, 1, 0, played + [last])


def test_the_play_that_deals_a_fixed_hand_reads_the_deals_once(make_table,
                                                                django_assert_max_num_queries):
    table = make_table(D4, D1)
    *tricks, last = D4_A
    table.played(*tricks, last.rsplit(",", 1)[0])
    with django_assert_max_num_queries(6 + len(TRANSACTION)) as captured:
        body = table.played(last.rsplit(",", 1)[1])  # the last card of hand 1
    # The deals, from the log's match_created (seq 1), for hand 2 only.
    assert kinds(captured) == ["token", "match", "deals", "events and match"]
    assert (body["view"]["hand_number"], body["view"]["hand"]) == (2, holdings(D1)["south"])
