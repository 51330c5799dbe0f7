"""Edges where the server must do exactly what openapi/schema.yaml says: no coercion of
JSON types, whole-string patterns, integers as JSON Schema reads them, pages past the
end, conditional headers, and the status codes every operation documents."""

from __future__ import annotations

import pytest
from rest_framework.throttling import AnonRateThrottle

from games.models import Match

from .helpers import API, D1, PROBLEM, assert_invalid, assert_problem, create_match, match_url

pytestmark = pytest.mark.django_db

BOTS = [{"kind": "player"}] + [{"kind": "bot", "level": "random"}] * 3


@pytest.mark.parametrize("username", [0, True, " alice", "alice\n", "ålice", "", "a" * 151])
def test_username_is_a_whole_json_string_of_the_documented_characters(anon_client, username):
    response = anon_client.post(f"{API}/players", {"username": username}, format="json")
    assert_invalid(response, "username")


@pytest.mark.parametrize("name", [0, False, ["app"], "nul\x00", "n" * 101])
def test_token_name_is_a_json_string_without_nul_of_at_most_100_characters(client_a, name):
    assert_invalid(client_a.post(f"{API}/tokens", {"name": name}, format="json"), "name")


def test_token_name_keeps_its_white_space_and_may_be_empty(client_a):
    named = client_a.post(f"{API}/tokens", {"name": " my app "}, format="json")
    unnamed = client_a.post(f"{API}/tokens", {}, format="json")
    assert (named.status_code, named.json()["name"]) == (201, " my app ")
    assert (unnamed.status_code, unnamed.json()["name"]) == (201, "")


def test_an_integral_number_is_an_integer_as_json_schema_says(client_a):
    summary = create_match(client_a, seats=BOTS,
                           rules={"target_score": 30.0, "jack_of_diamonds": -10.0},
                           bots={"delay_ms": 250.0})
    assert (summary["rules"]["target_score"], summary["rules"]["jack_of_diamonds"]) == (30, -10)
    assert type(summary["rules"]["target_score"]) is int
    assert summary["bots"]["delay_ms"] == 250


@pytest.mark.parametrize("card", [" QS", "QS ", "QS\n", "Qſ", "1H", "QSS", ""])
def test_a_card_code_with_anything_around_or_in_it_is_unknown_card(make_table, card):
    table = make_table(D1)  # north holds 2C and leads
    response = table.clients["north"].post(match_url(table.id, "play"), {"card": card},
                                           format="json")
    body = assert_problem(response, 400, "unknown_card")
    assert [error["field"] for error in body["errors"]] == ["card"]


def test_a_page_past_the_last_is_empty_with_no_next_page(client_a):
    for _ in range(3):
        create_match(client_a, seats=BOTS)
    last = client_a.get(f"{API}/matches", {"page": 2, "page_size": 2}).json()
    past = client_a.get(f"{API}/matches", {"page": 9, "page_size": 2})
    assert (len(last["results"]), last["next"]) == (1, None)
    assert past.status_code == 200
    body = past.json()
    assert (body["count"], body["results"], body["next"]) == (3, [], None)
    assert body["previous"].endswith("/api/v1/matches?page=2&page_size=2")  # the last page


@pytest.mark.parametrize(("path", "query"), [
    ("matches", {"page": "1.0"}), ("matches", {"page": "+1"}), ("matches", {"page": "0"}),
    ("matches", {"page_size": "101"}), ("matches", {"page": "9" * 11}),
    ("events", {"after": "1.0"}), ("events", {"after": "-1"}), ("events", {"limit": "1e3"}),
])
def test_integer_query_parameters_are_plain_digits_in_range(client_a, path, query):
    summary = create_match(client_a, seats=BOTS)
    url = f"{API}/matches" if path == "matches" else match_url(summary["id"], "events")
    assert_invalid(client_a.get(url, query), *query)


@pytest.mark.parametrize("header", ['"1"x', '"1", "2"', '"abc"', '"' + "9" * 19 + '"', "1.0",
                                    '"²"', 'W/"1"'])
def test_if_match_other_than_one_version_is_invalid_request(make_table, header):
    table = make_table(D1)  # north holds 2C and leads
    response = table.play("north", "2C", HTTP_IF_MATCH=header)
    assert [error["field"] for error in assert_invalid(response, "If-Match")] == ["If-Match"]


@pytest.mark.parametrize("form", ['"{v}"', "{v}", "*"])
def test_if_match_takes_a_quoted_or_bare_version_or_any(make_table, form):
    table = make_table(D1)  # north holds 2C and leads
    version = table.view("north")["version"]
    response = table.play("north", "2C", HTTP_IF_MATCH=form.format(v=version))
    assert response.status_code == 200, response.content


def test_if_none_match_star_or_the_current_version_is_not_modified(client_a):
    summary = create_match(client_a, seats=BOTS)
    url = match_url(summary["id"], "view")
    etag = client_a.get(url)["ETag"]
    for header in ("*", etag, f'"0", {etag}'):
        response = client_a.get(url, HTTP_IF_NONE_MATCH=header)
        assert (response.status_code, response["ETag"]) == (304, etag)
    assert client_a.get(url, HTTP_IF_NONE_MATCH='"0"').status_code == 200


def test_accept_without_json_is_not_acceptable_406(client_a):
    response = client_a.get(f"{API}/matches", HTTP_ACCEPT="text/html")
    assert (response.status_code, response["Content-Type"]) == (406, PROBLEM)
    assert response.json()["code"] == "not_acceptable"


def test_a_body_that_is_not_json_is_unsupported_media_type_415_and_creates_nothing(client_a):
    response = client_a.post(f"{API}/matches", "seats=4", content_type="text/plain")
    assert (response.status_code, response["Content-Type"]) == (415, PROBLEM)
    assert response.json()["code"] == "unsupported_media_type"
    assert Match.objects.count() == 0


def test_throttled_answer_says_when_to_retry_in_header_and_body(anon_client, monkeypatch):
    monkeypatch.setattr(AnonRateThrottle, "rate", "1/min", raising=False)
    first = anon_client.post(f"{API}/players", {"username": "first"}, format="json")
    second = anon_client.post(f"{API}/players", {"username": "second"}, format="json")
    assert first.status_code == 201
    body = assert_problem(second, 429, "throttled")
    assert 1 <= body["retry_after"] <= 60
    assert second["Retry-After"] == str(body["retry_after"])


@pytest.mark.parametrize(("body", "field"), [
    ([1, 2], ""), ({"seats": "four"}, "seats"), ({"seats": [[]] + [{"kind": "open"}] * 3}, "seats.0.kind"),
    ({"seats": [{"kind": "bot"}] * 3 + [7]}, "seats.3.kind")])
def test_an_error_about_a_whole_object_names_that_object(client_a, body, field):
    errors = assert_invalid(client_a.post(f"{API}/matches", body, format="json"), field)
    assert len(errors) == 1
