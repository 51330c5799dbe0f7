"""The superusers' actions on the match page (verify, wake bots, abort): POST with CSRF,
each recorded in the admin's log with who ran it and what came of it; a staff member who
is not a superuser sees no buttons and is refused."""

from __future__ import annotations

import pytest
from django.contrib.admin.models import CHANGE, LogEntry
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Event, Match

pytestmark = pytest.mark.django_db

PLAYER_AND_BOTS = [services.SeatSpec("player"), services.SeatSpec("bot", "easy"),
                   services.SeatSpec("bot", "random"), services.SeatSpec("bot", "easy")]
ACTIONS = ("verify", "wake", "abort")


def _post(client, match, action, **data):
    return client.post(reverse(f"admin:games_match_{action}", args=[match.pk]), data)


def _log(match) -> list[tuple[str, str, int]]:
    return [(entry.user.username, entry.change_message, entry.action_flag)
            for entry in LogEntry.objects.filter(object_id=str(match.pk)).order_by("id")]


def _messages(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def test_verify_reports_ok_and_is_logged(root_client, finished_match):
    response = _post(root_client, finished_match, "verify")
    assert response.status_code == 302
    assert response["Location"] == reverse("admin:games_match_change", args=[finished_match.pk])
    version = finished_match.version
    outcome = f"verify: ok ({version} events, version {version})"
    assert _log(finished_match) == [("root", outcome, CHANGE)]
    assert _messages(root_client.get(response["Location"])) == [outcome]


def test_verify_reports_a_snapshot_that_differs_and_a_gap_in_the_seqs(root_client, finished_match):
    Match.objects.filter(pk=finished_match.pk).update(
        state={**finished_match.state, "totals": [0, 0, 0, 0]})
    _post(root_client, finished_match, "verify")
    version = finished_match.version
    Event.objects.create(match=finished_match, seq=version + 2, type="match_ended",
                         payload=Event.objects.get(match=finished_match, seq=version).payload)
    _post(root_client, finished_match, "verify")
    assert [message for _, message, _ in _log(finished_match)] == [
        f"verify: MISMATCH ({version} events, version {version}, replay differs from the snapshot)",
        f"verify: MISMATCH ({version + 1} events, version {version}, seqs not contiguous, "
        "replay differs from the snapshot)"]


def test_wake_bots_makes_the_move_a_bot_owes_due_now_and_is_logged(root_client, make_match):
    owed = make_match(seats=PLAYER_AND_BOTS, play=False)  # the three bots owe their pass
    assert owed.bot_to_act
    _post(root_client, owed, "wake")
    after = Match.objects.get(pk=owed.pk)
    # Moves are made inline here: the three bots passed; north (the player) is left to pass.
    assert (after.version, after.bot_to_act) == (owed.version + 3, False)
    assert list(Event.objects.filter(match=owed, seq__gt=owed.version).values_list(
        "type", flat=True)) == ["cards_passed"] * 3
    _post(root_client, after, "wake")
    assert _log(owed) == [
        ("root", f"wake: the move due at version {owed.version} is due now", CHANGE),
        ("root", f"wake: no bot move is owed at version {after.version} (a stand-in waits for "
                 "its deadline); nothing to do", CHANGE)]


def test_a_staff_member_who_is_not_a_superuser_gets_no_buttons_and_a_403(staff_client, make_match):
    match = make_match(seats=PLAYER_AND_BOTS, play=False)
    html = staff_client.get(reverse("admin:games_match_change", args=[match.pk])).content.decode()
    assert 'id="actions"' not in html and 'name="reason"' not in html
    for action in ACTIONS:
        assert _post(staff_client, match, action, reason="testing").status_code == 403
    assert Match.objects.get(pk=match.pk).version == match.version
    assert _log(match) == []


def test_a_superuser_sees_the_three_buttons(root_client, finished_match):
    html = root_client.get(reverse("admin:games_match_change", args=[finished_match.pk])).content.decode()
    for action in ACTIONS:
        assert f'action="{reverse(f"admin:games_match_{action}", args=[finished_match.pk])}"' in html
    assert 'name="csrfmiddlewaretoken"' in html


def test_actions_take_only_a_post_with_a_csrf_token(superuser, finished_match):
    client = Client(enforce_csrf_checks=True)
    client.force_login(superuser)
    url = reverse("admin:games_match_verify", args=[finished_match.pk])
    assert client.get(url).status_code == 405
    assert client.post(url).status_code == 403
    assert _log(finished_match) == []


def test_abort_without_a_reason_is_refused_and_changes_nothing(root_client, make_match):
    match = make_match(seats=PLAYER_AND_BOTS, play=False)
    _post(root_client, match, "abort", reason="  ")
    assert Match.objects.get(pk=match.pk).version == match.version
    assert _log(match) == [("root", "abort: refused: a reason is required", CHANGE)]


def test_abort_ends_the_match_with_its_reason_and_is_logged(root_client, make_match):
    match = make_match(seats=PLAYER_AND_BOTS, play=False)
    _post(root_client, match, "abort", reason="stuck table")
    after = Match.objects.get(pk=match.pk)
    last = Event.objects.get(match=match, seq=after.version)
    assert (after.status, last.type, last.payload["reason"]) == ("aborted", "match_aborted",
                                                                  "stuck table")
    assert _log(match) == [("root", f"abort: aborted at version {after.version}: stuck table",
                            CHANGE)]


def test_abort_of_a_finished_match_is_refused_and_logged(root_client, finished_match):
    _post(root_client, finished_match, "abort", reason="too late")
    assert Match.objects.get(pk=finished_match.pk).version == finished_match.version
    [(_, message, _)] = _log(finished_match)
    assert message.startswith("abort: refused: match_finished")


def test_actions_on_an_unknown_match_are_404(root_client, db):
    url = reverse("admin:games_match_verify", args=["00000000-0000-0000-0000-000000000000"])
    assert root_client.post(url).status_code == 404
