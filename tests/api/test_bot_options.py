"""Per-match bot options over HTTP: ``bots`` in the create request (``delay_ms``, a pause
before each bot move; ``think_ms``, the expert's time budget per play) is validated field by
field like ``rules``, stored on the match and shown in its summary; and matches against the
searching and the strongest heuristic bots, created through the API, play to the end (the
bots' moves are made inline here, when the command commits).
"""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Event, Match

from .helpers import API, assert_invalid, create_match, match_url

pytestmark = pytest.mark.django_db

OPEN_TABLE = [{"kind": "player"}, {"kind": "open"}, {"kind": "open"}, {"kind": "open"}]
DEFAULTS = {"delay_ms": 0, "think_ms": 200}


def _create(client, bots: Any) -> Any:
    return client.post(f"{API}/matches", {"seats": OPEN_TABLE, "bots": bots}, format="json")


# --- shown and stored -----------------------------------------------------------------------


def test_a_match_created_without_bots_shows_the_default_options(client_a):
    summary = create_match(client_a, seats=OPEN_TABLE)
    assert summary["bots"] == DEFAULTS
    assert client_a.get(match_url(summary["id"])).json()["bots"] == DEFAULTS
    match = Match.objects.get(pk=summary["id"])
    assert (match.bot_delay_ms, match.bot_think_ms) == (0, 200)


@pytest.mark.parametrize(("bots", "shown"), [
    ({"delay_ms": 1500, "think_ms": 750}, {"delay_ms": 1500, "think_ms": 750}),
    ({"delay_ms": 0, "think_ms": 10}, {"delay_ms": 0, "think_ms": 10}),  # the lower bounds
    # The upper bounds: think_ms's is the ceiling, BOT_THINK_MS_CEILING (1000 by default).
    ({"delay_ms": 10_000, "think_ms": 1000}, {"delay_ms": 10_000, "think_ms": 1000}),
    ({"delay_ms": 400}, {"delay_ms": 400, "think_ms": 200}),  # think_ms left out: its default
    ({"think_ms": 20}, {"delay_ms": 0, "think_ms": 20}),
    ({}, DEFAULTS),
    (None, DEFAULTS),  # null, as for rules and deals: the defaults
])
def test_bot_options_are_stored_and_shown_in_the_summary(client_a, bots, shown):
    response = _create(client_a, bots)
    assert response.status_code == 201, response.content
    summary = response.json()
    assert summary["bots"] == shown
    match = Match.objects.get(pk=summary["id"])
    assert (match.bot_delay_ms, match.bot_think_ms) == (shown["delay_ms"], shown["think_ms"])
    assert client_a.get(match_url(summary["id"])).json()["bots"] == shown
    listed = client_a.get(f"{API}/matches").json()["results"]
    assert [m["bots"] for m in listed if m["id"] == summary["id"]] == [shown]


# --- refused --------------------------------------------------------------------------------


@pytest.mark.parametrize(("bots", "errors"), [
    ({"delay_ms": -1}, [("bots.delay_ms", "min_value")]),
    ({"delay_ms": 10_001}, [("bots.delay_ms", "max_value")]),
    ({"think_ms": 9}, [("bots.think_ms", "min_value")]),
    ({"think_ms": 0}, [("bots.think_ms", "min_value")]),
    ({"think_ms": 1001}, [("bots.think_ms", "max_value")]),
    # JSON types are not coerced: a number as text, a float, a boolean, null, a list.
    ({"delay_ms": "400"}, [("bots.delay_ms", "invalid")]),
    ({"delay_ms": 0.5}, [("bots.delay_ms", "invalid")]),
    ({"delay_ms": True}, [("bots.delay_ms", "invalid")]),
    ({"think_ms": "fast"}, [("bots.think_ms", "invalid")]),
    ({"think_ms": [200]}, [("bots.think_ms", "invalid")]),
    ({"delay_ms": None}, [("bots.delay_ms", "null")]),
    ({"think_ms": None}, [("bots.think_ms", "null")]),
    # Unknown fields, alone and beside good ones.
    ({"speed": 1}, [("bots.speed", "unknown_field")]),
    ({"delay_ms": 400, "delay": 400, "level": "expert"},
     [("bots.delay", "unknown_field"), ("bots.level", "unknown_field")]),
    # Both bad: each is named.
    ({"delay_ms": -5, "think_ms": 5.5}, [("bots.delay_ms", "min_value"),
                                         ("bots.think_ms", "invalid")]),
], ids=str)
def test_bad_bot_options_are_invalid_request_400_naming_each_field_and_create_nothing(
    client_a, bots, errors
):
    before = Match.objects.count(), Event.objects.count()
    problem = assert_invalid(_create(client_a, bots), *[field for field, _ in errors])
    assert sorted((e["field"], e["code"]) for e in problem) == errors
    assert (Match.objects.count(), Event.objects.count()) == before


@pytest.mark.parametrize("bots", [400, "fast", ["delay_ms", 400], True])
def test_bot_options_that_are_not_an_object_are_invalid_request_400(client_a, bots):
    before = Match.objects.count()
    problem = assert_invalid(_create(client_a, bots), "bots")
    assert [e["code"] for e in problem] == ["invalid"]
    assert Match.objects.count() == before


# --- matches against the stronger bots play to the end ------------------------------------


def _play_to_the_end(client, match_id: str) -> dict[str, Any]:
    """Drive the caller's seat (pass the first legal cards, play the first legal card) until
    the match is finished; eagerly the bots have moved whenever the caller's command returns."""
    url = match_url(match_id)
    view = client.get(f"{url}/view").json()
    while view["status"] != "finished":
        assert view["is_your_turn"], view  # the bots moved when the last command committed
        if view["status"] == "passing":
            cards = view["legal_cards"][:view["rules"]["pass_count"]]
            response = client.post(f"{url}/pass", {"cards": cards}, format="json")
        else:
            response = client.post(f"{url}/play", {"card": view["legal_cards"][0]}, format="json")
        assert response.status_code == 200, response.content
        view = client.get(f"{url}/view").json()  # the command's own view is from before the bots
    return client.get(url).json()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("levels", [("expert", "expert", "expert"), ("medium", "hard", "medium")],
                         ids="-".join)
def test_a_match_against_three_bots_of_a_level_created_over_http_plays_to_the_end(client_a, levels):
    summary = create_match(client_a, seats=[{"kind": "player"}]
                           + [{"kind": "bot", "level": level} for level in levels],
                           rules={"target_score": 30}, bots={"think_ms": 10})
    assert [seat["bot_level"] for seat in summary["seats"]] == [None, *levels]
    finished = _play_to_the_end(client_a, summary["id"])
    assert finished["status"] == "finished"
    assert max(finished["scores"].values()) >= 30
    assert finished["result"]["hands_played"] >= 1
    assert finished["bots"] == {"delay_ms": 0, "think_ms": 10}
    plays = Event.objects.filter(match_id=summary["id"], type="card_played")
    assert plays.count() == 52 * finished["result"]["hands_played"]
