"""The user admin and ``createsuperuser`` keep usernames unique ignoring case (docs/adr/0116):
another user's name but for case is refused as a taken one is, not by the database."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.urls import reverse

from hearts_api.admin import UserChangeForm

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("name", "refused"), [("ADA", True), ("Ada", True), ("Bea", False),
                                               ("bea2", False)])
def test_a_rename_to_another_users_name_but_for_case_is_refused(name, refused):
    get_user_model().objects.create_user(username="ada")
    bea = get_user_model().objects.create_user(username="bea")
    form = UserChangeForm(instance=bea, data={"username": name})
    form.is_valid()
    errors = form.errors.get("username", [])
    assert errors == (["A user with that username already exists."] if refused else [])


def test_the_user_admin_changes_users_with_that_form(root_client, superuser):
    page = root_client.get(reverse("admin:auth_user_change", args=[superuser.pk]))
    assert page.status_code == 200 and isinstance(page.context["adminform"].form, UserChangeForm)


@pytest.mark.parametrize(("name", "refusal"), [
    ("ada", "Error: That username is already taken."),
    ("ADA", "Error: That username is already taken, but for case."),
    ("Ada", "Error: That username is already taken, but for case."),
    ("bea", None)])
def test_createsuperuser_refuses_another_users_name_even_but_for_case(name, refusal, monkeypatch):
    get_user_model().objects.create_user(username="ada")
    monkeypatch.setenv("DJANGO_SUPERUSER_PASSWORD", "a-long-enough-password")
    if refusal is None:
        call_command("createsuperuser", "--noinput", "--username", name, "--email", "b@example.org")
    else:
        with pytest.raises(CommandError, match=f"^{refusal}$"):
            call_command("createsuperuser", "--noinput", "--username", name, "--email", "b@example.org")
    assert sorted(get_user_model().objects.values_list("username", "is_superuser")) == (
        [("ada", False)] if refusal else [("ada", False), ("bea", True)])
