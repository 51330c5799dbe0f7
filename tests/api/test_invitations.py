"""Invitations over HTTP (docs/api.md, "Invitations"): a seat held for one player, listed
in their GET /invitations, taken by their join, opened by their decline or by time."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.utils import timezone

from games import services
from games.models import Invitation
from games.tasks import release_expired_invitations

from .helpers import API, assert_invalid, assert_problem, create_match, match_url

pytestmark = pytest.mark.django_db

EASY = {"kind": "bot", "level": "easy"}


def invite(creator: Any, username: str, *others: dict[str, str]) -> dict[str, Any]:
    """A match: the creator north, east held for ``username``, then ``others`` (default two
    open seats)."""
    rest = list(others) or [{"kind": "open"}, {"kind": "open"}]
    return create_match(creator, seats=[{"kind": "player"},
                                        {"kind": "invited", "username": username}, *rest])


def events_of(client: Any, match_id: str) -> list[dict[str, Any]]:
    return client.get(match_url(match_id, "events")).json()["events"]


def test_an_invited_seat_is_held_listed_to_its_player_and_shown_to_all(client_a, make_client):
    bob = make_client("bob")
    summary = invite(client_a, "bob")
    assert summary["seats"][1] == {"seat": "east", "kind": "invited", "name": None,
                                   "bot_level": None, "is_bot": False, "invited": "bob"}
    [listed] = bob.get(f"{API}/invitations").json()["results"]
    assert {k: listed[k] for k in ("match_id", "seat", "invited_by", "status")} == {
        "match_id": summary["id"], "seat": "east", "invited_by": "alice", "status": "pending"}
    assert client_a.get(f"{API}/invitations").json()["results"] == []
    assert events_of(client_a, summary["id"])[-1] | {"at": None} == {
        "seq": summary["version"], "type": "seat_invited", "seat": "east", "at": None,
        "player": "bob"}
    view = client_a.get(match_url(summary["id"], "view")).json()
    assert [p["invited"] for p in view["players"]] == [None, "bob", None, None]


def test_nobody_else_takes_the_held_seat_and_the_lobby_offers_only_the_open_ones(
        client_a, make_client):
    make_client("bob")
    carol = make_client("carol")
    summary = invite(client_a, "bob")
    [entry] = carol.get(f"{API}/lobby").json()["results"]
    assert entry["open_seats"] == ["south", "west"]
    refused = carol.post(match_url(summary["id"], "join"), {"seat": "east"}, format="json")
    assert_problem(refused, 409, "seat_taken")
    assert "held for bob" in refused.json()["detail"]
    joined = carol.post(match_url(summary["id"], "join"), {}, format="json").json()
    assert joined["seats"][2]["name"] == "carol"


def test_a_match_whose_open_seats_are_all_held_is_not_in_the_lobby(client_a, make_client):
    make_client("bob")
    invite(client_a, "bob", EASY, EASY)
    assert make_client("carol").get(f"{API}/lobby").json()["results"] == []


def test_joining_accepts_the_invitation_and_the_last_seat_starts_the_match(client_a, make_client):
    bob = make_client("bob")
    summary = invite(client_a, "bob", EASY, EASY)
    joined = bob.post(match_url(summary["id"], "join"), {}, format="json")
    assert joined.status_code == 200, joined.content
    assert joined.json()["seats"][1]["name"] == "bob" and joined.json()["status"] != "waiting"
    assert bob.get(f"{API}/invitations").json()["results"] == []
    assert Invitation.objects.get().status == "accepted"


def test_declining_opens_the_seat_with_an_event_and_only_once(client_a, make_client):
    bob = make_client("bob")
    summary = invite(client_a, "bob")
    [listed] = bob.get(f"{API}/invitations").json()["results"]
    url = f"{API}/invitations/{listed['id']}/decline"
    assert_problem(client_a.post(url), 404, "not_found")
    declined = bob.post(url)
    assert declined.status_code == 200, declined.content
    assert declined.json()["status"] == "declined"
    assert events_of(client_a, summary["id"])[-1]["type"] == "seat_released"
    assert events_of(client_a, summary["id"])[-1]["reason"] == "declined"
    seat = client_a.get(f"{API}/matches/{summary['id']}").json()["seats"][1]
    assert (seat["kind"], seat["invited"]) == ("open", None)
    again = assert_problem(bob.post(url), 409, "invitation_closed")
    assert again["invitation_status"] == "declined"


def test_an_expired_invitation_is_not_listed_and_its_seat_opens_to_the_next_join(
        client_a, make_client, settings):
    bob, carol = make_client("bob"), make_client("carol")
    summary = invite(client_a, "bob")
    later = timezone.now() + timedelta(seconds=settings.INVITATION_TTL_S + 1)
    with time_machine.travel(later, tick=False):
        assert bob.get(f"{API}/invitations").json()["results"] == []
        joined = carol.post(match_url(summary["id"], "join"), {"seat": "east"}, format="json")
        assert joined.status_code == 200, joined.content
        [released, taken] = events_of(client_a, summary["id"])[-2:]
        assert (released["type"], released["reason"], taken["type"]) == (
            "seat_released", "expired", "seat_taken")
        invitation = Invitation.objects.get()
        assert invitation.status == "expired"
        refused = bob.post(f"{API}/invitations/{invitation.id}/decline")
        assert assert_problem(refused, 409, "invitation_closed")["invitation_status"] == "expired"


def test_the_sweep_releases_expired_seats(client_a, make_client, settings):
    make_client("bob")
    summary = invite(client_a, "bob")
    later = timezone.now() + timedelta(seconds=settings.INVITATION_TTL_S + 1)
    with time_machine.travel(later, tick=False):
        assert services.invitations_expire(match_id=summary["id"]) == 1
        assert services.invitations_expire(match_id=summary["id"]) == 0
    seat = client_a.get(f"{API}/matches/{summary['id']}").json()["seats"][1]
    assert seat["kind"] == "open"


def test_an_invitation_names_a_player_who_exists(client_a):
    def create(username: str) -> Any:
        return client_a.post(f"{API}/matches", {"seats": [
            {"kind": "player"}, {"kind": "invited", "username": username}, EASY, EASY]},
            format="json")

    assert_problem(create("nobody"), 404, "not_found")
    assert_invalid(create(""), "seats.1.username")
    assert client_a.get(f"{API}/matches").json()["count"] == 0


def test_inviting_yourself_is_already_seated(client_a):
    response = client_a.post(f"{API}/matches", {"seats": [
        {"kind": "player"}, {"kind": "invited", "username": "alice"}, EASY, EASY]},
        format="json")
    assert_problem(response, 409, "already_seated")


def test_the_beat_task_releases_every_expired_invitation(client_a, make_client, settings):
    make_client("bob")
    make_client("carol")
    first, second = invite(client_a, "bob"), invite(client_a, "carol")
    later = timezone.now() + timedelta(seconds=settings.INVITATION_TTL_S + 1)
    with time_machine.travel(later, tick=False):
        assert release_expired_invitations() == 2
    for summary in (first, second):
        assert client_a.get(f"{API}/matches/{summary['id']}").json()["seats"][1]["kind"] == "open"


def test_a_cancelled_matchs_invitation_closes_and_the_sweep_passes_it_by(client_a, make_client,
                                                                         settings):
    bob = make_client("bob")
    summary = invite(client_a, "bob")
    assert client_a.post(match_url(summary["id"], "cancel")).status_code == 200
    assert bob.get(f"{API}/invitations").json()["results"] == []
    invitation = Invitation.objects.get()
    assert invitation.status == "expired"
    refused = bob.post(f"{API}/invitations/{invitation.id}/decline")
    assert assert_problem(refused, 409, "invitation_closed")["invitation_status"] == "expired"
    later = timezone.now() + timedelta(seconds=settings.INVITATION_TTL_S + 1)
    with time_machine.travel(later, tick=False):
        assert release_expired_invitations() == 0


def test_inviting_yourself_to_an_earlier_seat_is_already_seated_too(client_a):
    response = client_a.post(f"{API}/matches", {"seats": [
        {"kind": "invited", "username": "alice"}, {"kind": "player"}, EASY, EASY]},
        format="json")
    assert_problem(response, 409, "already_seated")
