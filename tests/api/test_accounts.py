"""The accounts services (``hearts_api.accounts``): registration issues a first token in
the same transaction, each refusal is its own service error, and a player revokes and
lists only its own tokens."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from knox.crypto import hash_token

from games.errors import ServiceError
from hearts_api import accounts
from hearts_api.models import ApiToken

from .helpers import API, assert_problem

pytestmark = pytest.mark.django_db


def test_player_create_registers_the_player_with_its_first_token():
    issued = accounts.player_create(username="carol")
    assert issued.row.user.get_username() == "carol"
    assert issued.row.name == "first token"
    assert issued.row.expiry is None
    assert issued.row.digest == hash_token(issued.token)


def test_player_create_with_a_password_stores_its_hash_and_without_one_an_unusable_one(
        service_password_hashers):
    carol = accounts.player_create(username="carol", password="correct horse").row.user
    dave = accounts.player_create(username="dave").row.user
    carol.refresh_from_db()
    dave.refresh_from_db()
    assert carol.password.startswith("pbkdf2_sha256$") and carol.check_password("correct horse")
    assert not dave.has_usable_password() and not dave.check_password("")


def test_a_taken_username_is_username_taken_and_issues_no_token():
    accounts.player_create(username="carol")
    with pytest.raises(ServiceError) as caught:
        accounts.player_create(username="carol")
    assert (caught.value.code, caught.value.details) == ("username_taken", {})
    assert ApiToken.objects.filter(user__username="carol").count() == 1


def test_a_username_equal_to_anothers_but_for_case_is_taken():
    accounts.player_create(username="carol")
    for name in ("Carol", "CAROL"):
        with pytest.raises(ServiceError) as caught:
            accounts.player_create(username=name)
        assert caught.value.code == "username_taken"
    assert list(get_user_model().objects.values_list("username", flat=True)) == ["carol"]


def test_closed_registration_is_registration_closed_and_creates_nobody(settings):
    settings.SELF_REGISTRATION = False
    with pytest.raises(ServiceError) as caught:
        accounts.player_create(username="carol")
    assert caught.value.code == "registration_closed"
    assert not get_user_model().objects.filter(username="carol").exists()


def test_closed_registration_is_refused_before_the_body_is_read(settings, anon_client):
    settings.SELF_REGISTRATION = False
    for body in ({"username": "has space"}, {"unknown": 1}):
        assert_problem(anon_client.post(f"{API}/players", body, format="json"), 403,
                       "registration_closed")
    refused = anon_client.post(f"{API}/players", "not json", content_type="text/plain")
    assert_problem(refused, 403, "registration_closed")


def test_tokens_are_listed_oldest_first_and_revoked_only_by_their_owner():
    carol = accounts.player_create(username="carol").row.user
    dave = accounts.player_create(username="dave").row.user
    phone = accounts.token_create(user=carol, name="phone")
    assert [t.name for t in accounts.token_list(user=carol)] == ["first token", "phone"]
    with pytest.raises(ServiceError) as caught:
        accounts.token_revoke(user=dave, token_key=phone.row.token_key)
    assert (caught.value.code, caught.value.message) == ("not_found", "You have no token with that key.")
    accounts.token_revoke(user=carol, token_key=phone.row.token_key)
    assert [t.name for t in accounts.token_list(user=carol)] == ["first token"]
    assert [t.name for t in accounts.token_list(user=dave)] == ["first token"]
