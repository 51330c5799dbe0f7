"""``GET /players/{username}``: a player's public record, open to anyone, as the schema
describes it (docs/api.md, "Players' records and ratings")."""

from __future__ import annotations

import pytest

from games.models import Match
from hearts_api.serializers.records import PlayerProfileSerializer

from .helpers import API, D4, D4_A, HOLD, assert_problem, assert_shaped

pytestmark = pytest.mark.django_db

ONE_HAND = {**HOLD, "target_score": 1}  # the first hand ends the match


def test_a_players_record_after_a_moon_that_won_the_match(make_table, anon_client):
    table = make_table(D4, rules=ONE_HAND)
    Match.objects.filter(pk=table.id).update(fixed_deals=0)  # as if the server had dealt it
    table.played(*D4_A)  # west takes every trick
    west = table.names()["west"]

    response = anon_client.get(f"{API}/players/{west}")

    assert response.status_code == 200, response.content
    body = response.json()
    ended_at = body["records"][0]["fastest_win"]["ended_at"]
    assert body == {
        "username": west, "is_bot": False, "owner": None,
        "matches_played": 1, "matches_won": 1, "matches_shared": 0,
        "matches_lost": 0, "matches_aborted": 0, "hands_played": 1, "moons_shot": 1,
        "suns_shot": 0,
        # openskill's Plackett-Luce for a new player placed first of four, alone
        "rating": {"conservative": pytest.approx(3.0045372987228873),
                   "mu": pytest.approx(27.795252672501135),
                   "sigma": pytest.approx(8.263571791259416), "matches_rated": 1},
        "records": [{
            "opponents": "human,human,human", "matches_finished": 1, "matches_won": 1,
            "matches_shared": 0,
            "fastest_win": {"hands": 1, "match_id": table.id, "ended_at": ended_at,
                            "seat": "west",
                            "scores": {"north": 26, "east": 26, "south": 26, "west": 0},
                            "moons": [{"hand": 1, "seat": "west", "sun": False}]}}]}
    assert_shaped(PlayerProfileSerializer(), body)


def test_a_player_with_no_ended_match_has_a_record_of_zeros(make_client):
    client = make_client("newcomer")

    body = client.get(f"{API}/players/newcomer").json()

    assert body == {"username": "newcomer", "is_bot": False, "owner": None,
                    "matches_played": 0, "matches_won": 0,
                    "matches_shared": 0, "matches_lost": 0, "matches_aborted": 0,
                    "hands_played": 0, "moons_shot": 0, "suns_shot": 0, "rating": None,
                    "records": []}


def test_an_unknown_player_is_not_found(anon_client):
    assert_problem(anon_client.get(f"{API}/players/nobody"), 404, "not_found")


def test_the_leaderboard_ranks_players_and_bot_levels_by_the_conservative_rating(
        make_table, make_client):
    table = make_table(D4, rules=ONE_HAND)
    Match.objects.filter(pk=table.id).update(fixed_deals=0)
    table.played(*D4_A)  # west first; the other three tied second
    names = table.names()
    reader = make_client()

    page = reader.get(f"{API}/leaderboard", {"page_size": 2}).json()

    assert [(entry["rank"], entry["kind"], entry["name"]) for entry in page["results"]] == [
        (1, "player", names["west"]), (2, "player", names["north"])]
    assert page["results"][0]["rating"]["conservative"] == pytest.approx(3.0045372987228873)
    assert page["count"] == 4
    second = reader.get(page["next"]).json()
    assert [(entry["rank"], entry["name"]) for entry in second["results"]] == [
        (3, names["east"]), (4, names["south"])]
    assert_problem(reader.get(f"{API}/leaderboard", {"page": "0"}), 400, "invalid_request")
