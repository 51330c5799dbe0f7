"""GET /lobby: the matches a player may join, as seats fill, in order, in pages, and at a
fixed cost in queries however many matches a page holds."""

from __future__ import annotations

import pytest

from .helpers import API, assert_invalid, create_match, match_url

LOBBY = f"{API}/lobby"
OPEN_TABLE = [{"kind": "player"}, {"kind": "open"}, {"kind": "open"}, {"kind": "open"}]


def _ids(client, **query):
    response = client.get(LOBBY, query)
    assert response.status_code == 200, response.content
    return [entry["id"] for entry in response.json()["results"]]


def _join(client, match_id, seat):
    response = client.post(match_url(match_id, "join"), {"seat": seat}, format="json")
    assert response.status_code == 200, response.content


@pytest.mark.django_db
def test_lobby_shows_a_match_with_an_open_seat_to_others_until_the_last_seat_is_taken(
        make_client):
    alice, bob, carol, dave = (make_client() for _ in range(4))
    match = create_match(alice, seats=OPEN_TABLE)
    assert _ids(bob) == _ids(carol) == [match["id"]]
    assert _ids(alice) == []  # the creator sits north
    _join(bob, match["id"], "east")
    assert (_ids(alice), _ids(bob), _ids(carol)) == ([], [], [match["id"]])
    _join(carol, match["id"], "west")
    assert _ids(dave) == [match["id"]]
    _join(dave, match["id"], "south")
    assert [_ids(player) for player in (alice, bob, carol, dave, make_client())] == [[]] * 5


@pytest.mark.django_db
def test_a_lobby_entry_is_the_summary_plus_the_open_seats_north_to_west(make_client):
    alice, bob = make_client(), make_client()
    match = create_match(alice, seats=[{"kind": "open"}, {"kind": "bot", "level": "hard"},
                                       {"kind": "player"}, {"kind": "open"}])
    [entry] = bob.get(LOBBY).json()["results"]
    assert entry == {**match, "open_seats": ["north", "west"]}
    _join(bob, match["id"], "west")
    [entry] = make_client().get(LOBBY).json()["results"]
    assert entry == {**bob.get(match_url(match["id"])).json(), "open_seats": ["north"]}


@pytest.mark.django_db
def test_lobby_shows_a_creator_without_a_seat_the_match_it_may_still_join(make_client):
    alice = make_client()
    match = create_match(alice, seats=[{"kind": "open"}] + [{"kind": "bot", "level": "easy"}] * 3)
    assert _ids(alice) == [match["id"]]


@pytest.mark.django_db
def test_lobby_leaves_out_full_tables(make_client):
    alice, bob = make_client(), make_client()
    create_match(alice, seats=[{"kind": "player"}] + [{"kind": "bot", "level": "easy"}] * 3)
    create_match(alice, seats=[{"kind": "bot", "level": "easy"}] * 4)
    assert _ids(bob) == []


@pytest.mark.django_db
def test_lobby_is_newest_first_and_paginated(make_client):
    bob = make_client()  # each match by another creator: a player lists few open matches
    created = [create_match(make_client(), seats=OPEN_TABLE)["id"] for _ in range(5)]
    page_1 = bob.get(LOBBY, {"page_size": 2}).json()
    assert (page_1["count"], page_1["previous"]) == (5, None)
    assert [entry["id"] for entry in page_1["results"]] == created[::-1][:2]
    page_2 = bob.get(page_1["next"]).json()
    assert [entry["id"] for entry in page_2["results"]] == created[::-1][2:4]
    page_3 = bob.get(page_2["next"]).json()
    assert ([entry["id"] for entry in page_3["results"]], page_3["next"]) == (created[:1], None)
    past = bob.get(LOBBY, {"page": 4, "page_size": 2}).json()
    assert (past["results"], past["next"]) == ([], None)


@pytest.mark.django_db
@pytest.mark.parametrize(("query", "field"), [({"page": "0"}, "page"),
                                              ({"page_size": "101"}, "page_size"),
                                              ({"page": "1.0"}, "page")])
def test_lobby_with_a_bad_page_is_invalid_request_400(client_a, query, field):
    assert_invalid(client_a.get(LOBBY, query), field)


@pytest.mark.django_db
def test_lobby_page_costs_the_same_queries_for_one_match_as_for_twenty(
        make_client, django_assert_num_queries):
    bob = make_client()
    create_match(make_client(), seats=OPEN_TABLE)
    # One for the bearer token, the count, the page: none per match.
    with django_assert_num_queries(3):
        assert len(_ids(bob)) == 1
    for _ in range(19):
        create_match(make_client(), seats=OPEN_TABLE)
    with django_assert_num_queries(3):
        assert len(_ids(bob)) == 20


def test_lobby_needs_a_token(anon_client):
    response = anon_client.get(LOBBY)
    assert (response.status_code, response.json()["code"]) == (401, "not_authenticated")
