"""No request, however malformed, gets a 500 (docs/api.md, "Errors"): random JSON bodies and
query strings, bodies that are not JSON, wrong media types, URLs and methods."""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path

import pytest
import yaml
from django.contrib.auth import get_user_model
from django.db import InterfaceError, OperationalError, connection
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from psycopg.conninfo import make_conninfo
from psycopg_pool import ConnectionPool, PoolTimeout

from games.bot_accounts import is_bot_account
from games.models import Match
from hearts_api import database

from .helpers import API, D1, LEFT, PROBLEM, assert_problem, create_match, match_url

pytestmark = pytest.mark.django_db

# No NUL (PostgreSQL cannot store it; explicit cases below); lone surrogates included.
TEXT = st.text(st.characters(exclude_characters="\x00") | st.sampled_from(["\ud800", "\udfff"]),
               max_size=12)
SCALARS = (st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70)
           | st.floats(allow_nan=False, allow_infinity=False) | TEXT)
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=5)
                    | st.dictionaries(TEXT, inner, max_size=5), max_leaves=20)
CARDISH = st.sampled_from(["2C", "10h", "QS", "q♠", "1X", "", "AS", "2c"]) | JSON
SEAT = st.sampled_from(["north", "east", "south", "west", "middle"]) | JSON


def _partial(required: dict, optional: dict | None = None) -> st.SearchStrategy:
    """Objects with plausible keys (so bodies get past the outer shape) or any JSON at all."""
    return st.fixed_dictionaries(required, optional=optional or {}) | JSON


BODIES = {
    "matches": _partial({"seats": st.lists(_partial(
        {"kind": st.sampled_from(["player", "bot", "open"]) | JSON},
        {"level": st.sampled_from(["easy", "random", "hard"]) | JSON}), max_size=5)},
        {"rules": st.dictionaries(st.sampled_from(["target_score", "pass_rotation", "pass_count",
                                                   "shoot_the_sun", "tie_policy", "bogus"]),
                                  JSON, max_size=4) | JSON,
         "deals": st.lists(st.lists(st.lists(CARDISH, max_size=14), max_size=5), max_size=2) | JSON}),
    "pass": _partial({"cards": st.lists(CARDISH, max_size=5) | JSON}),
    "play": _partial({"card": CARDISH}),
    "join": _partial({}, {"seat": SEAT}),
}
FUZZ = settings(max_examples=60, deadline=None, database=None,
                suppress_health_check=list(HealthCheck))  # a fuzz run, not a property proof


def _assert_handled(response) -> None:
    assert response.status_code < 500, response.content
    if response.status_code >= 400:
        assert response["Content-Type"] == PROBLEM
        body = response.json()
        assert body["status"] == response.status_code and body["code"]


@pytest.mark.parametrize("action", list(BODIES))
def test_random_json_bodies_never_give_a_server_error(make_table, make_client, action):
    table = make_table(D1, rules=LEFT)
    client = table.clients["north"]
    if action == "matches":
        url = f"{API}/matches"
    elif action == "join":
        client = make_client()
        url = match_url(create_match(table.clients["east"], seats=[{"kind": "player"}]
                                     + [{"kind": "open"}] * 3)["id"], "join")
    else:
        url = match_url(table.id, action)

    @FUZZ
    @given(body=BODIES[action])
    def check(body):
        _assert_handled(client.post(url, json.dumps(body), content_type="application/json"))

    check()


def test_random_event_queries_never_give_a_server_error(make_table):
    table = make_table(D1)
    # A query string is bytes on the wire: a lone surrogate cannot be sent at all.
    url_text = st.text(st.characters(exclude_characters="\x00", exclude_categories=["Cs"]),
                       max_size=12)
    keys = st.sampled_from(["after", "limit", "wait", "page"]) | url_text
    values = st.integers().map(str) | url_text

    @FUZZ
    @given(query=st.dictionaries(keys, values, max_size=3))
    def check(query):
        _assert_handled(table.get("north", "events", **query))

    check()


@pytest.mark.parametrize("raw", [
    b"{", b'{"card": }', b"[1, 2", b"\xff\xfe\x00", b'{"card": NaN}', b"null", b'"2C"',
    b"[" * 100_000 + b"]" * 100_000,
    b'{"card": "\\ud800"}', b'{"\\udc00": "2C"}',
], ids=["open_brace", "missing_value", "open_list", "not_utf8", "nan", "null",
        "bare_string", "nested_too_deep", "lone_surrogate_value", "lone_surrogate_key"])
@pytest.mark.parametrize("action", ["play", "pass", "join"])
def test_bodies_that_are_not_a_json_object_are_invalid_request_400(make_table, action, raw):
    table = make_table(D1)
    response = table.clients["north"].post(match_url(table.id, action), raw,
                                           content_type="application/json")
    assert_problem(response, 400, "invalid_request")


def test_a_body_that_does_not_parse_names_the_body_as_its_fault(make_table):
    table = make_table(D1)
    response = table.clients["north"].post(match_url(table.id, "play"), b'{"card": ',
                                           content_type="application/json")
    body = assert_problem(response, 400, "invalid_request")
    assert body["errors"] == [{"field": "", "code": "parse_error", "detail": body["detail"]}]
    assert body["detail"].startswith("JSON parse error")


@pytest.mark.parametrize(("path", "body", "code"), [
    (f"{API}/tokens", {"name": "app\x00"}, "invalid_request"),
    (f"{API}/players", {"username": "eve\x00"}, "invalid_request"),
    (f"{API}/matches", {"seats": [{"kind": "\x00"}] * 4}, "invalid_request"),
])
def test_text_with_nul_is_refused_400(client_a, path, body, code):
    assert_problem(client_a.post(path, body, format="json"), 400, code)


@pytest.mark.parametrize("action", ["play", "pass"])
def test_an_empty_command_body_is_invalid_request_400(make_table, action):
    table = make_table(D1)
    response = table.clients["north"].post(match_url(table.id, action), b"",
                                           content_type="application/json")
    assert_problem(response, 400, "invalid_request")


@pytest.mark.parametrize("raw", [b"[" * 100_000 + b"]" * 100_000,
                                 b'{"seats": [{"kind": "\\ud800"}]}', b'{"\\ud800": 1}'],
                         ids=["nested_too_deep", "lone_surrogate_value", "lone_surrogate_key"])
def test_create_with_an_unrepresentable_body_is_invalid_request_400(client_a, raw):
    response = client_a.post(f"{API}/matches", raw, content_type="application/json")
    assert_problem(response, 400, "invalid_request")


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded",
                                          "multipart/form-data; boundary=x", "application/xml"])
def test_a_body_that_is_not_json_is_unsupported_media_type_415(make_table, content_type):
    table = make_table(D1)
    response = table.clients["north"].post(match_url(table.id, "play"), b"card=2C",
                                           content_type=content_type)
    assert_problem(response, 415, "unsupported_media_type")
    assert table.view("north")["to_act"] == ["north"]


@pytest.mark.parametrize("path", [f"{API}/nothing", f"{API}/matches/", "/api/v2/matches",
                                  "/", f"{API}/matches/not-a-uuid", f"{API}/matches/123/view",
                                  f"{API}/matches/00000000-0000-0000-0000-00000000000g/play"])
def test_an_unknown_url_is_not_found_404_problem(client_a, path):
    assert_problem(client_a.get(path), 404, "not_found")
    assert_problem(client_a.post(path, {}, format="json"), 404, "not_found")


@pytest.mark.parametrize(("method", "action"), [
    ("get", "play"), ("get", "pass"), ("get", "join"), ("put", "play"), ("delete", ""),
    ("patch", ""), ("post", "view"), ("post", "events"), ("delete", "view"),
])
def test_a_wrong_method_is_method_not_allowed_405(make_table, method, action):
    table = make_table(D1)
    response = getattr(table.clients["north"], method)(match_url(table.id, action))
    assert_problem(response, 405, "method_not_allowed")
    assert "Allow" in response


def test_head_on_the_stream_is_405_not_a_stream_held_open(make_table):
    table = make_table(D1)
    head = table.clients["north"].head(match_url(table.id, "stream"))
    assert (head.status_code, head["Allow"], head.content) == (405, "GET, OPTIONS", b"")


def test_options_on_the_stream_is_json_labelled_as_json(make_table):
    table = make_table(D1)
    for accept in ("*/*", "application/json"):
        options = table.clients["north"].options(match_url(table.id, "stream"), HTTP_ACCEPT=accept)
        assert (options.status_code, options["Content-Type"]) == (200, "application/json")
        assert options.json()["renders"] == ["text/event-stream"]
    refused = Client().options(match_url(table.id, "stream"))
    assert_problem(refused, 401, "not_authenticated")


def test_a_wrong_method_on_the_match_list_is_method_not_allowed_405(client_a):
    response = client_a.delete(f"{API}/matches")
    assert_problem(response, 405, "method_not_allowed")
    assert response["Allow"] == "GET, POST, HEAD, OPTIONS"


# --- oversized bodies, undecodable headers, huge bad values ----------------------------------

OVERSIZED = b'{"username": "' + b"a" * 2_700_000 + b'"}'  # over the 2.5 MiB limit


@pytest.mark.parametrize("path", ["/players", "/matches", "/tokens"])
def test_a_body_over_the_limit_is_payload_too_large_413_and_changes_nothing(client_a, path):
    users = get_user_model().objects.count()
    response = client_a.generic("POST", f"{API}{path}", OVERSIZED, content_type="application/json")
    assert_problem(response, 413, "payload_too_large")
    assert get_user_model().objects.count() == users and not Match.objects.exists()


def test_an_oversized_command_is_413_before_its_match_or_seat_is_looked_at(make_table):
    table = make_table(D1)
    response = table.clients["north"].generic("POST", match_url(table.id, "play"), OVERSIZED,
                                              content_type="application/json")
    assert_problem(response, 413, "payload_too_large")


@pytest.mark.parametrize("credential", [b"\xff\xfe\xfd", b"caf\xc3\xa9", b"ab\x00cd", b"g" * 64])
def test_a_bearer_token_that_cannot_be_ours_is_401_not_a_server_error(anon_client, credential):
    response = anon_client.get(f"{API}/matches",
                               HTTP_AUTHORIZATION="Bearer " + credential.decode("latin-1"))
    assert_problem(response, 401, "not_authenticated")


@pytest.mark.parametrize("header", ['"' + "9" * 4301 + '"', '"²"', "9" * 19, '"1', "\u0661"])
def test_absurd_if_match_and_if_none_match_headers_are_bounded(make_table, header):
    table = make_table(D1)
    play = table.clients["north"].post(match_url(table.id, "play"), {"card": "2C"}, format="json",
                                       HTTP_IF_MATCH=header)
    assert_problem(play, 400, "invalid_request")
    # If-None-Match names no current version: the view as usual.
    view = table.clients["north"].get(match_url(table.id, "view"), HTTP_IF_NONE_MATCH=header)
    assert view.status_code == 200 and view.json()["seat"] == "north"


@pytest.mark.parametrize(("header", "status"), [
    ("{}", 304), ("W/{}", 304), ('"1", {} ', 304), ("*", 304), ('"1",, {},', 304),
    ("{}x", 200), ("x{}", 200), ('{}, "1', 200), ("{};", 200), ('{}, "a b"', 200)])
def test_if_none_match_is_a_list_of_entity_tags_else_ignored(make_table, header, status):
    table = make_table(D1)
    url = match_url(table.id, "view")
    etag = table.clients["north"].get(url)["ETag"]
    response = table.clients["north"].get(url, HTTP_IF_NONE_MATCH=header.format(etag))
    assert response.status_code == status and response["ETag"] == etag


@pytest.mark.parametrize(("action", "body"), [
    ("play", {"card": "X" * 2_000_000}),
    ("join", {"seat": "x" * 2_000_000}),
    ("pass", {"cards": ["Y" * 1_000_000, "2C", "3C"]}),
])
def test_a_huge_bad_value_is_not_echoed_back(make_table, action, body):
    table = make_table(D1)
    response = table.clients["east"].post(match_url(table.id, action), body, format="json")
    assert response.status_code == 400 and response["Content-Type"] == PROBLEM
    assert len(response.content) < 2_000


BOT_SEATS = [{"kind": "player"}] + [{"kind": "bot", "level": "random"}] * 3


@pytest.mark.parametrize(("action", "body", "field"), [
    ("matches", {"seats": BOT_SEATS, "deals": [[]] * 300_000}, "deals"),
    ("matches", {"seats": BOT_SEATS, "deals": [[[]] * 300_000]}, "deals.0"),
    ("matches", {"seats": [{}] * 300_000}, "seats"),
    ("matches", {"seats": BOT_SEATS, "rules": {"pass_rotation": [1] * 300_000}}, "rules.pass_rotation"),
    ("pass", {"cards": [1] * 300_000}, "cards"),
    ("webhooks", {"url": "https://hooks.example.com/in", "events": ["turn"] * 300_000}, "events"),
])
def test_an_overlong_list_is_refused_for_its_length_before_any_item_is_validated(
        make_table, action, body, field):
    table = make_table(D1)
    url = f"{API}/{action}" if action in ("matches", "webhooks") else match_url(table.id, action)
    response = table.clients["north"].post(url, body, format="json")
    assert_problem(response, 400, "invalid_request")
    assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [(field, "max_length")]
    assert Match.objects.count() == 1  # the table's


def test_unknown_card_is_the_code_only_when_every_fault_is_one_not_only_the_first_20(client_a):
    holdings = [["ZZ"] * 13, ["ZZ"] * 12 + [None], ["ZZ"] * 13, ["ZZ"] * 13]
    response = client_a.post(f"{API}/matches", {"seats": BOT_SEATS, "deals": [holdings]},
                             format="json")
    assert_problem(response, 400, "invalid_request")
    assert len(response.json()["errors"]) == 20


def test_an_invalid_request_names_its_first_20_faults(client_a):
    response = client_a.post(f"{API}/matches", {f"x{i:03}": 1 for i in range(100)}, format="json")
    assert_problem(response, 400, "invalid_request")
    errors = response.json()["errors"]
    assert [e["field"] for e in errors] == [f"x{i:03}" for i in range(20)]
    assert len(response.content) < 5_000


@pytest.mark.parametrize(("raw", "content_type", "status"), [
    (b"[[[[not json", "application/json", 400),
    (b'{"unknown": 1}', "application/json", 400),
    (b"null", "application/json", 400),
    (b"garbage", "text/plain", 415),
])
def test_a_body_sent_where_none_is_taken_is_refused_and_changes_nothing(client_a, raw,
                                                                     content_type, status):
    match = create_match(client_a, seats=[{"kind": "player"}] + [{"kind": "open"}] * 3)
    for url in (match_url(match["id"], "cancel"), f"{API}/players/alice/bot"):
        response = client_a.generic("POST", url, raw, content_type=content_type)
        assert response.status_code == status and response["Content-Type"] == PROBLEM, url
    assert Match.objects.get().status == "waiting"
    assert is_bot_account(get_user_model().objects.get(username="alice")) is False


SCHEMA = yaml.safe_load((Path(__file__).parents[2] / "openapi" / "schema.yaml").read_text())
BODYLESS_POSTS = sorted(path for path, operations in SCHEMA["paths"].items()
                        if "post" in operations and "requestBody" not in operations["post"])
PATH_VALUES = {"day": "2026-01-01", "slug": "queen-of-spades", "username": "alice"}


def test_the_schema_has_bodyless_posts_and_every_post_but_registration_takes_a_key():
    assert len(BODYLESS_POSTS) == 8
    keyless = [operations["post"]["operationId"] for operations in SCHEMA["paths"].values()
               if "post" in operations and "Idempotency-Key" not in
               [p.get("name") for p in operations["post"].get("parameters", [])]]
    assert keyless == ["players_create"]


@pytest.mark.parametrize("path", BODYLESS_POSTS)
def test_every_post_without_a_body_in_the_schema_refuses_one_before_anything_else(client_a, path):
    url = re.sub(r"{(\w+)}", lambda m: PATH_VALUES.get(m[1], str(uuid.uuid4())), path)
    response = client_a.generic("POST", url, b"garbage", content_type="text/plain")
    assert_problem(response, 415, "unsupported_media_type")


@pytest.mark.parametrize("raw", [b"", b"{}"])
def test_no_body_or_an_empty_object_is_taken_where_none_is(client_a, raw):
    match = create_match(client_a, seats=[{"kind": "player"}] + [{"kind": "open"}] * 3)
    response = client_a.generic("POST", match_url(match["id"], "cancel"), raw,
                                content_type="application/json")
    assert response.status_code == 200 and response.json()["status"] == "aborted"


@pytest.mark.parametrize("error", [OperationalError("the server closed the connection"),
                                   InterfaceError("connection already closed")])
def test_a_database_that_does_not_answer_is_unavailable_503_with_retry_after(
        make_table, monkeypatch, error):
    """The failure itself, on a cluster that is really stopped: tests/e2e/test_database_outage.py."""
    table = make_table(D1)

    def down(**kwargs):
        raise error

    monkeypatch.setattr("games.selectors.match_seat_get", down)
    client = table.clients["north"]
    client.raise_request_exception = False  # a 5xx is reported (logged) as well as answered
    response = client.get(match_url(table.id, "view"))
    body = assert_problem(response, 503, "unavailable")
    assert response["Retry-After"] == "3" and body["retry_after"] == 3


def _timed_out(pool: ConnectionPool) -> OperationalError:
    """The error Django raises when ``pool`` lends no connection in time."""
    with pytest.raises(PoolTimeout) as timeout:
        pool.getconn(timeout=0.5)
    error = OperationalError(str(timeout.value))
    error.__cause__ = timeout.value
    return error


@pytest.mark.parametrize("reachable", [True, False])
def test_a_pool_that_timed_out_is_closed_only_when_it_could_not_connect(monkeypatch, reachable):
    """All connections busy: the pool (and its connections) stay. The database away: the pool
    goes, so the next request connects at once (tests/e2e/test_database_outage.py)."""
    params = connection.settings_dict
    conninfo = make_conninfo(dbname=params["NAME"], user=params["USER"], host=params["HOST"],
                             port=params["PORT"] if reachable else 1, connect_timeout=1)
    with ConnectionPool(conninfo, min_size=1, max_size=1, open=True) as pool:
        held = pool.getconn() if reachable else None
        error = _timed_out(pool)
        monkeypatch.setitem(connection._connection_pools, connection.alias, pool)
        database.forget_pool(error)
        assert (connection._connection_pools.get(connection.alias) is pool) is reachable
        assert pool.closed is not reachable
        if held is not None:
            pool.putconn(held)
