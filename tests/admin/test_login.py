"""The admin's login: its password attempts are counted per address, as HTTP Basic ones are,
before any password is checked."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from hearts_api.throttling import LoginThrottle
from tests.api.conftest import forget_throttle_counts

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_counts():
    forget_throttle_counts()
    yield
    forget_throttle_counts()


def test_password_attempts_past_the_login_rate_are_refused_with_when_to_retry(superuser,
                                                                             monkeypatch):
    monkeypatch.setattr(LoginThrottle, "THROTTLE_RATES",
                        {**LoginThrottle.THROTTLE_RATES, "login": "3/min"})
    client = Client()
    url = reverse("admin:login")
    assert client.get(url).status_code == 200  # the page itself is not counted
    for _ in range(3):
        assert client.post(url, {"username": "root", "password": "wrong"}).status_code == 200
    refused = client.post(url, {"username": "root", "password": "root-pass-1"})
    assert refused.status_code == 429 and 1 <= int(refused["Retry-After"]) <= 60
    assert "_auth_user_id" not in client.session  # the right password was never checked
