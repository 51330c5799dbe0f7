"""HTTP Basic credentials (docs/api.md, "Auth"): a player who registered with
a password mints a token at POST /tokens with them, and nowhere else; every other
credential a Basic header can carry is 401 problem+json, and guesses are rate-limited."""

from __future__ import annotations

import base64
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from rest_framework.throttling import SimpleRateThrottle

from hearts_api.models import ApiToken

from ..clients import InProcessClient
from .helpers import API, assert_problem, match_url

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery"
RATES = {**SimpleRateThrottle.THROTTLE_RATES, "anon": "1000/min", "user": "1000/min",
         "login": "1000/min"}


def _register(username, password=None):
    body = {"username": username} | ({} if password is None else {"password": password})
    return InProcessClient().post(f"{API}/players", body, format="json")


def _basic(credentials: bytes) -> str:
    return "Basic " + base64.b64encode(credentials).decode()


def _mint(authorization, name="laptop", **headers):
    return InProcessClient().post(f"{API}/tokens", {"name": name}, format="json",
                                  HTTP_AUTHORIZATION=authorization, **headers)


def _tokens(username):
    return sorted(ApiToken.objects.filter(user__username=username).values_list("name", flat=True))


# --- minting a token with HTTP Basic credentials --------------------------------------------


def test_basic_credentials_mint_a_token_that_works_as_bearer():
    _register("carol", PASSWORD)
    response = _mint(_basic(b"carol:" + PASSWORD.encode()))
    assert response.status_code == 201
    new = response.json()
    assert set(new) == {"token_key", "name", "created", "token"} and new["name"] == "laptop"
    bearer = InProcessClient()
    bearer.credentials(HTTP_AUTHORIZATION=f"Bearer {new['token']}")
    listed = bearer.get(f"{API}/tokens")
    assert listed.status_code == 200
    assert [t["name"] for t in listed.json()["results"]] == ["first token", "laptop"]


def test_a_player_who_lost_every_token_gets_back_in_with_the_password():
    first = _register("carol", PASSWORD).json()["token"]
    ApiToken.objects.filter(user__username="carol").delete()
    lost = InProcessClient()
    lost.credentials(HTTP_AUTHORIZATION=f"Bearer {first}")
    assert_problem(lost.get(f"{API}/tokens"), 401, "not_authenticated")
    assert _mint(_basic(f"carol:{PASSWORD}".encode())).status_code == 201
    assert _tokens("carol") == ["laptop"]


def test_a_password_with_a_colon_and_non_ascii_characters_is_split_at_the_first_colon():
    password = "pâss:wörd ♥ 42"
    _register("carol", password)
    assert _mint(_basic(f"carol:{password}".encode())).status_code == 201


def test_the_basic_scheme_name_is_case_insensitive():
    _register("carol", PASSWORD)
    encoded = base64.b64encode(f"carol:{PASSWORD}".encode()).decode()
    assert _mint(f"bAsIc {encoded}").status_code == 201


@pytest.mark.parametrize("credentials", [
    b"carol:wrong password",
    b"carol:",
    b"Carol:" + PASSWORD.encode(),  # usernames are case-sensitive
    b"nobody:" + PASSWORD.encode(),
    b"dave:" + PASSWORD.encode(),  # registered without a password
    b"erin:" + PASSWORD.encode(),  # inactive
    b"carol:" + b"x" * 129,  # longer than any password stored
])
def test_wrong_credentials_are_not_authenticated_401_and_mint_nothing(credentials):
    _register("carol", PASSWORD)
    _register("dave")
    _register("erin", PASSWORD)
    get_user_model().objects.filter(username="erin").update(is_active=False)
    response = _mint(_basic(credentials))
    body = assert_problem(response, 401, "not_authenticated")
    assert body["detail"] == "Invalid username/password."
    assert response["WWW-Authenticate"] == "Bearer"
    assert PASSWORD not in response.content.decode()
    assert (_tokens("carol"), _tokens("dave"), _tokens("erin")) == (
        ["first token"], ["first token"], ["first token"])


@pytest.mark.parametrize("authorization", [
    "Basic",  # no credentials
    "Basic !!!!",  # not base64
    "Basic Y2Fyb2w6eA",  # base64 with its padding missing
    "Basic Y2Fy b2w6eA==",  # two words
    "Basic Y2Fyb2w6eA==\x00",  # a stray character after it
    _basic(b"carol" + PASSWORD.encode()),  # no colon
    _basic(b"\xff\xfe:" + PASSWORD.encode()),  # not UTF-8
    _basic(b"carol:\xc3\x28"),  # not UTF-8 (a broken two-byte sequence)
    _basic(b"car\x00ol:" + PASSWORD.encode()),  # NUL, which PostgreSQL text cannot hold
    "Basic \xe9\xff\x80",  # not base64: bytes above ASCII
])
def test_a_malformed_basic_header_is_not_authenticated_401(authorization):
    _register("carol", PASSWORD)
    assert_problem(_mint(authorization), 401, "not_authenticated")
    assert _tokens("carol") == ["first token"]


@hypothesis_settings(max_examples=60, deadline=None)
@given(credentials=st.binary(max_size=40), encoded=st.booleans())
def test_any_bytes_in_a_basic_header_are_401_never_a_server_error(credentials, encoded):
    value = base64.b64encode(credentials).decode() if encoded else credentials.decode("latin-1")
    with mock.patch.object(SimpleRateThrottle, "THROTTLE_RATES", RATES):
        response = _mint(f"Basic {value}")
    assert_problem(response, 401, "not_authenticated")


def test_a_retried_basic_request_with_an_idempotency_key_shows_the_same_token():
    _register("carol", PASSWORD)
    authorization = _basic(f"carol:{PASSWORD}".encode())
    first = _mint(authorization, HTTP_IDEMPOTENCY_KEY="mint-1")
    again = _mint(authorization, HTTP_IDEMPOTENCY_KEY="mint-1")
    assert (first.status_code, again.status_code) == (201, 201)
    assert again["Idempotent-Replayed"] == "true" and "Idempotent-Replayed" not in first
    assert again.json() == first.json()
    assert _tokens("carol") == ["first token", "laptop"]
    other = _mint(authorization, name="phone", HTTP_IDEMPOTENCY_KEY="mint-1")
    assert_problem(other, 422, "idempotency_key_reused")


# --- nowhere else ---------------------------------------------------------------------------


def test_basic_credentials_authenticate_nothing_but_minting_a_token(make_client):
    first = _register("carol", PASSWORD).json()["token"]
    bearer = InProcessClient()
    bearer.credentials(HTTP_AUTHORIZATION=f"Bearer {first}")
    match = bearer.post(f"{API}/matches", {"seats": [{"kind": "player"}, {"kind": "open"},
                                                     {"kind": "open"}, {"kind": "open"}]},
                        format="json").json()
    token_key = ApiToken.objects.get(user__username="carol").token_key
    basic = InProcessClient()
    basic.credentials(HTTP_AUTHORIZATION=_basic(f"carol:{PASSWORD}".encode()))
    refused = [basic.get(f"{API}/tokens"), basic.delete(f"{API}/tokens/{token_key}"),
               basic.get(f"{API}/matches"), basic.get(match_url(match["id"])),
               basic.get(match_url(match["id"], "view")), basic.get(f"{API}/lobby"),
               basic.post(f"{API}/matches", {"seats": []}, format="json"),
               basic.post(match_url(match["id"], "join"), {}, format="json")]
    for response in refused:
        body = assert_problem(response, 401, "not_authenticated")
        assert body["detail"] == "Authentication credentials were not provided."
    assert _tokens("carol") == ["first token"]


# --- guessing -------------------------------------------------------------------------------


def test_basic_attempts_over_the_login_rate_are_throttled_429_before_the_password_is_checked(
        monkeypatch):
    _register("carol", PASSWORD)
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {**RATES, "login": "3/hour"})
    wrong = [_mint(_basic(f"carol:guess {n}".encode())).status_code for n in range(3)]
    assert wrong == [401, 401, 401]
    with mock.patch("django.contrib.auth.hashers.PBKDF2PasswordHasher.verify") as verify:
        right = _mint(_basic(f"carol:{PASSWORD}".encode()))
        malformed = _mint("Basic !!!!")
    body = assert_problem(right, 429, "throttled")
    assert 3500 < body["retry_after"] <= 3600 and right["Retry-After"] == str(body["retry_after"])
    assert_problem(malformed, 429, "throttled")
    assert verify.call_count == 0
    assert _tokens("carol") == ["first token"]
    # Per address: another one still gets in.
    elsewhere = _mint(_basic(f"carol:{PASSWORD}".encode()), REMOTE_ADDR="192.0.2.7")
    assert elsewhere.status_code == 201


def test_a_forged_x_forwarded_for_does_not_give_a_guesser_a_fresh_address(monkeypatch):
    _register("carol", PASSWORD)
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {**RATES, "login": "3/hour"})
    guesses = [_mint(_basic(f"carol:guess {n}".encode()),
                     HTTP_X_FORWARDED_FOR=f"198.51.100.{n}").status_code for n in range(5)]
    assert guesses == [401, 401, 401, 429, 429]  # all from REMOTE_ADDR, whatever they say


def test_bearer_requests_do_not_count_against_the_login_rate(client_a, monkeypatch):
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {**RATES, "login": "1/hour"})
    created = [client_a.post(f"{API}/tokens", {"name": f"app {n}"}, format="json").status_code
               for n in range(3)]
    assert created == [201, 201, 201]
    _register("carol", PASSWORD)
    assert _mint(_basic(f"carol:{PASSWORD}".encode())).status_code == 201
