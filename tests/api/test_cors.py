"""CORS (django-cors-headers): a browser client on an allowed origin may send the API's
request headers and read its response headers, also of the answers made before Django
(``hearts_api.cors``); any other origin gets no CORS header."""

from __future__ import annotations

import asyncio

import pytest
from django.test import override_settings

from hearts_api.body_limit import BodyLimit

from .helpers import API, create_match, match_url

ALLOWED = "https://cards.example"
CORS_HEADERS = ("Access-Control-Allow-Origin", "Access-Control-Allow-Headers",
                "Access-Control-Allow-Methods", "Access-Control-Expose-Headers",
                "Access-Control-Max-Age", "Access-Control-Allow-Credentials")
OPEN_TABLE = [{"kind": "player"}] + [{"kind": "open"}] * 3
REQUEST_HEADERS = "authorization, content-type, if-match, if-none-match, idempotency-key"


def _preflight(client, origin, path=f"{API}/matches"):
    return client.options(path, HTTP_ORIGIN=origin, HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST",
                          HTTP_ACCESS_CONTROL_REQUEST_HEADERS=REQUEST_HEADERS)


@override_settings(CORS_ALLOWED_ORIGINS=[ALLOWED])
def test_a_preflight_from_an_allowed_origin_may_send_the_apis_request_headers(anon_client):
    response = _preflight(anon_client, ALLOWED)
    assert response.status_code == 200
    assert response["Access-Control-Allow-Origin"] == ALLOWED
    assert response["Access-Control-Allow-Headers"].split(", ") == [
        "accept", "authorization", "content-type", "user-agent", "x-csrftoken",
        "x-requested-with", "if-match", "if-none-match", "idempotency-key", "last-event-id"]
    assert "POST" in response["Access-Control-Allow-Methods"].split(", ")
    assert "Access-Control-Allow-Credentials" not in response  # bearer tokens, no cookies


@override_settings(CORS_ALLOWED_ORIGINS=[ALLOWED])
@pytest.mark.django_db
def test_a_response_to_an_allowed_origin_exposes_etag_retry_after_location_and_replayed(
        client_a):
    created = client_a.post(f"{API}/matches", {"seats": OPEN_TABLE}, format="json",
                            HTTP_ORIGIN=ALLOWED)
    assert created.status_code == 201
    assert created["Access-Control-Allow-Origin"] == ALLOWED
    assert created["Access-Control-Expose-Headers"] == (
        "ETag, Retry-After, Location, Idempotent-Replayed")
    view = client_a.get(match_url(created.json()["id"], "view"), HTTP_ORIGIN=ALLOWED)
    assert (view["Access-Control-Allow-Origin"], view["ETag"]) == (ALLOWED, '"2"')
    assert view["Vary"] == "Authorization, origin"  # a cache keeps each origin's answer apart


@override_settings(CORS_ALLOWED_ORIGINS=[ALLOWED])
@pytest.mark.django_db
def test_another_origin_gets_no_cors_header_on_a_preflight_or_a_response(client_a):
    for origin in ("https://evil.example", "http://cards.example", "null"):
        preflight = _preflight(client_a, origin)
        answer = client_a.get(f"{API}/matches", HTTP_ORIGIN=origin)
        assert answer.status_code == 200
        for response in (preflight, answer):
            assert [name for name in CORS_HEADERS if name in response] == [], origin


@pytest.mark.django_db
def test_without_allowed_origins_no_origin_gets_a_cors_header(client_a):
    with override_settings(CORS_ALLOWED_ORIGINS=[]):
        match = create_match(client_a, seats=OPEN_TABLE)
        for response in (_preflight(client_a, ALLOWED),
                         client_a.get(match_url(match["id"]), HTTP_ORIGIN=ALLOWED)):
            assert [name for name in CORS_HEADERS if name in response] == []


def _refused_before_django(*origins: str) -> dict[str, str]:
    """The headers of the body limit's 413 to a POST from ``origins`` (one Origin header each)."""
    sent: list[dict[str, object]] = []

    async def send(message: dict[str, object]) -> None:
        sent.append(message)

    async def unreached(*args: object) -> None:
        raise AssertionError("the body limit answers alone")

    scope = {"type": "http", "method": "POST", "path": f"{API}/players",
             "headers": [*((b"origin", origin.encode()) for origin in origins),
                         (b"content-length", b"101")]}
    asyncio.run(BodyLimit(unreached, 100)(scope, unreached, send))
    assert sent[0]["status"] == 413
    return {name.decode(): value.decode() for name, value in sent[0]["headers"]}  # type: ignore[attr-defined]


@override_settings(CORS_ALLOWED_ORIGINS=[ALLOWED])
def test_an_answer_made_before_django_has_the_cors_headers_of_djangos():
    headers = _refused_before_django(ALLOWED)
    assert (headers["access-control-allow-origin"], headers["vary"]) == (ALLOWED, "origin")
    assert headers["access-control-expose-headers"] == (
        "ETag, Retry-After, Location, Idempotent-Replayed")
    for origins in (["https://evil.example"], ["https://evil.example", ALLOWED]):
        other = _refused_before_django(*origins)  # two Origins read as Django reads them: one
        assert [name for name in other if name.startswith("access-control-")] == [], origins
