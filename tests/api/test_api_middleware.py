"""config.middleware: the admin's user and messages middleware passes API requests through,
and still runs for the admin's."""

from collections.abc import Callable

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def test_an_api_answer_sets_no_cookie_and_keeps_its_security_headers(
        make_client: Callable[..., APIClient]) -> None:
    client = make_client()
    client.cookies["csrftoken"] = "x" * 32
    response = client.get("/api/v1/tokens")
    assert response.status_code == 200
    assert not response.cookies
    assert response["Vary"] == "origin"
    assert (response["X-Frame-Options"], response["X-Content-Type-Options"],
            response["Referrer-Policy"], response["Cross-Origin-Opener-Policy"]) == (
        "DENY", "nosniff", "same-origin", "same-origin")


def test_the_admin_login_page_still_sets_its_csrf_cookie() -> None:
    response = Client().get(reverse("admin:login"))
    assert response.status_code == 200
    assert "csrftoken" in response.cookies
    assert "Cookie" in response["Vary"]
