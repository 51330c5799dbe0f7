"""Players and bearer tokens (docs/api.md, "Auth"): registration (its optional password
stored hashed, weak ones refused), several tokens per player up to a quota, listed in
pages, revocation, and tokens stored only as digests."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import (
    MinimumLengthValidator,
    get_default_password_validators,
)
from knox.crypto import hash_token

from hearts_api.accounts import PASSWORD_MIN_LENGTH
from hearts_api.models import ApiToken

from ..clients import InProcessClient
from .helpers import API, assert_invalid, assert_problem, assert_quota_exceeded

pytestmark = pytest.mark.django_db


PASSWORD = "correct horse battery"
_LEFT_OUT = object()


def _register(username, password=_LEFT_OUT):
    body = {"username": username} | ({} if password is _LEFT_OUT else {"password": password})
    return InProcessClient().post(f"{API}/players", body, format="json")


def _bearer(token):
    client = InProcessClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


def test_register_answers_201_with_a_token_that_works_as_bearer():
    response = _register("carol")
    assert response.status_code == 201
    body = response.json()
    assert set(body) == {"username", "token"} and body["username"] == "carol"
    matches = _bearer(body["token"]).get(f"{API}/matches")
    assert matches.status_code == 200
    assert matches.json()["count"] == 0
    assert get_user_model().objects.filter(username="carol").count() == 1


def test_register_a_taken_username_is_username_taken_409():
    assert _register("carol").status_code == 201
    assert_problem(_register("carol"), 409, "username_taken")
    assert ApiToken.objects.filter(user__username="carol").count() == 1


@pytest.mark.parametrize("username", ["", "has space", "x" * 151, ".", "..", "..."])
def test_register_an_invalid_username_is_invalid_request_400(username):
    assert_invalid(_register(username), "username")
    assert not get_user_model().objects.filter(username=username).exists()


def test_register_when_self_registration_is_off_is_registration_closed_403(settings):
    settings.SELF_REGISTRATION = False
    assert_problem(_register("carol"), 403, "registration_closed")
    assert not get_user_model().objects.filter(username="carol").exists()


def test_a_password_given_at_registration_is_stored_hashed(service_password_hashers):
    response = _register("carol", PASSWORD)
    assert response.status_code == 201
    assert set(response.json()) == {"username", "token"}  # the password is never echoed
    user = get_user_model().objects.get(username="carol")
    assert user.password.startswith("pbkdf2_sha256$1000000$")  # Django 5.2's default hasher
    assert PASSWORD not in user.password
    assert user.check_password(PASSWORD)
    assert not user.check_password("correct horse battery ")


def test_registration_without_a_password_leaves_it_unusable():
    assert _register("carol").status_code == 201
    user = get_user_model().objects.get(username="carol")
    assert not user.has_usable_password()
    assert user.password.startswith("!")  # Django's mark of an unusable password


@pytest.mark.parametrize(("password", "codes"), [
    ("qwertyuiop", ["password_too_common"]),
    ("12345678", ["password_too_common", "password_entirely_numeric"]),
    ("90417362", ["password_entirely_numeric"]),
    ("carolina-xyz", ["password_too_similar"]),
    ("Tr0ub4!", ["min_length"]),
    ("x" * 129, ["max_length"]),
    ("", ["blank"]),
    (12345678, ["invalid"]),
    (None, ["null"]),
])
def test_a_weak_or_malformed_password_is_invalid_request_400_and_registers_nobody(
        password, codes):
    response = _register("carolina", password)
    errors = assert_invalid(response, "password")
    assert [error["code"] for error in errors] == codes
    if isinstance(password, str) and password:
        assert password not in response.content.decode()
    assert not get_user_model().objects.filter(username="carolina").exists()


def test_a_password_of_128_characters_is_accepted():
    password = "Zq8!" * 32
    assert _register("carol", password).status_code == 201
    assert get_user_model().objects.get(username="carol").check_password(password)


def test_the_schemas_shortest_password_is_the_validators():
    [minimum] = [validator for validator in get_default_password_validators()
                 if isinstance(validator, MinimumLengthValidator)]
    assert minimum.min_length == PASSWORD_MIN_LENGTH == 8


def test_tokens_are_listed_by_key_and_name_and_never_in_full(client_a):
    created = client_a.post(f"{API}/tokens", {"name": "phone"}, format="json")
    assert created.status_code == 201
    new = created.json()
    assert set(new) == {"token_key", "name", "created", "token"}
    assert new["name"] == "phone" and new["token"].startswith(new["token_key"])
    assert len(new["token_key"]) < len(new["token"])
    listed = client_a.get(f"{API}/tokens").json()["results"]
    assert [t["name"] for t in listed] == ["", "phone"]  # the fixture's token, then the new one
    assert listed[1] == {k: new[k] for k in ("token_key", "name", "created")}
    assert all(set(t) == {"token_key", "name", "created"} for t in listed)


def test_tokens_are_listed_in_pages_oldest_first(client_a):
    for name in ("a", "b", "c", "d"):
        assert client_a.post(f"{API}/tokens", {"name": name}, format="json").status_code == 201
    first = client_a.get(f"{API}/tokens", {"page_size": 2}).json()
    assert (first["count"], [t["name"] for t in first["results"]]) == (5, ["", "a"])
    assert first["previous"] is None and first["next"].endswith("/api/v1/tokens?page=2&page_size=2")
    last = client_a.get(f"{API}/tokens", {"page": 3, "page_size": 2}).json()
    assert ([t["name"] for t in last["results"]], last["next"]) == (["d"], None)
    past = client_a.get(f"{API}/tokens", {"page": 4, "page_size": 2}).json()
    assert (past["count"], past["results"], past["next"]) == (5, [], None)
    assert [t["name"] for t in client_a.get(f"{API}/tokens").json()["results"]] == [
        "", "a", "b", "c", "d"]  # pages of 20 by default


@pytest.mark.parametrize(("query", "field"), [({"page": 0}, "page"), ({"page": "x"}, "page"),
                                              ({"page_size": 101}, "page_size"),
                                              ({"page_size": "1.0"}, "page_size")])
def test_a_bad_page_of_tokens_is_invalid_request_400(client_a, query, field):
    assert_invalid(client_a.get(f"{API}/tokens", query), field)


def test_a_player_holding_the_quota_of_tokens_gets_no_other_until_one_is_revoked(
        client_a, settings):
    settings.QUOTAS = {**settings.QUOTAS, "tokens": 3}
    made = [client_a.post(f"{API}/tokens", {"name": name}, format="json") for name in "ab"]
    assert [response.status_code for response in made] == [201, 201]
    assert_quota_exceeded(client_a.post(f"{API}/tokens", {"name": "c"}, format="json"),
                          "tokens", 3)
    assert client_a.get(f"{API}/tokens").json()["count"] == 3
    assert client_a.delete(f"{API}/tokens/{made[0].json()['token_key']}").status_code == 204
    again = client_a.post(f"{API}/tokens", {"name": "c"}, format="json")
    assert again.status_code == 201
    assert [t["name"] for t in client_a.get(f"{API}/tokens").json()["results"]] == ["", "b", "c"]


def test_a_player_may_hold_several_working_tokens(client_a):
    token = client_a.post(f"{API}/tokens", {"name": "tablet"}, format="json").json()["token"]
    assert _bearer(token).get(f"{API}/tokens").status_code == 200
    assert client_a.get(f"{API}/tokens").status_code == 200


def test_a_revoked_token_gets_401_and_the_others_still_work(client_a):
    new = client_a.post(f"{API}/tokens", {"name": "old app"}, format="json").json()
    revoked = _bearer(new["token"])
    assert revoked.get(f"{API}/tokens").status_code == 200
    response = client_a.delete(f"{API}/tokens/{new['token_key']}")
    assert response.status_code == 204
    assert_problem(revoked.get(f"{API}/tokens"), 401, "not_authenticated")
    assert [t["name"] for t in client_a.get(f"{API}/tokens").json()["results"]] == [""]


def test_revoking_another_players_token_is_not_found_404(make_client):
    alice, bob = make_client(), make_client()
    bobs = bob.post(f"{API}/tokens", {"name": "bob's"}, format="json").json()
    assert_problem(alice.delete(f"{API}/tokens/{bobs['token_key']}"), 404, "not_found")
    assert _bearer(bobs["token"]).get(f"{API}/tokens").status_code == 200


@pytest.mark.parametrize("key", ["abc%00def", "not-hex", "A" * 65])
def test_revoking_a_malformed_token_key_is_not_found_404(client_a, key):
    response = client_a.delete(f"{API}/tokens/{key}")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_tokens_need_authentication_401(anon_client):
    assert_problem(anon_client.get(f"{API}/tokens"), 401, "not_authenticated")
    assert_problem(anon_client.post(f"{API}/tokens", {"name": "x"}, format="json"), 401,
                   "not_authenticated")


def test_a_token_is_stored_only_as_its_digest():
    token = _register("carol").json()["token"]
    row = ApiToken.objects.get(user__username="carol")
    assert row.digest == hash_token(token)
    assert token.startswith(row.token_key) and row.token_key != token
    stored = [value for row in ApiToken.objects.values() for value in row.values()]
    assert not any(isinstance(value, str) and token in value for value in stored)
