"""The admin's table at any event: replayed from the log, every seat's holding and pass
as the replay has them, the trick in progress and the tricks taken, navigation, jumps to a
hand and trick, and "as seen by" one seat showing exactly that seat's API view and no
other seat's card."""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from games.engine import RuleSet, Seat
from games.models import Event, Match

from ..api.helpers import match_url
from .conftest import logged_in
from .helpers import cards_shown, replayed, table_url, trick_taken_seq

pytestmark = pytest.mark.django_db

SEATS = [seat.label for seat in Seat]


def _html(client, match, **query) -> str:
    response = client.get(table_url(match, **query))
    assert response.status_code == 200, response.content
    return response.content.decode()


def _after_exchange_mid_trick(match: Match) -> int:
    """A seq in hand 1 after the exchange with two cards of trick 3 played."""
    trick = trick_taken_seq(match, 1, 2)
    return trick + 2


def test_every_seat_holding_and_pass_is_the_replay_at_that_event(staff_client, finished_match):
    at = _after_exchange_mid_trick(finished_match)
    hand = replayed(finished_match, at).hand
    assert hand is not None and hand.is_exchanged
    shown = cards_shown(_html(staff_client, finished_match, at=at))
    for seat in Seat:
        assert shown[("holding", seat.label)] == [str(card) for card in hand.holdings[seat]]
        assert shown[("pass-given", seat.label)] == [str(card) for card in hand.passes[seat]]
        assert shown[("pass-received", seat.label)] == [str(card) for card in hand.received(seat)]
    assert [(seat, card) for (role, seat), cards in shown.items() if role == "trick"
            for card in cards] == [(seat.label, str(card)) for seat, card in hand.trick.plays]
    assert len(hand.trick.cards) == 2
    taken = [card for (role, _), cards in shown.items() if role == "taken" for card in cards]
    assert sorted(taken) == sorted(str(card) for trick in hand.tricks for card in trick.cards)


def test_the_table_is_replayed_from_the_log_not_read_from_the_snapshot(staff_client, finished_match):
    version = finished_match.version
    truth = cards_shown(_html(staff_client, finished_match, at=version))
    state = dict(finished_match.state)
    state["hand"] = {**state["hand"], "tricks": []}  # a snapshot gone wrong
    Match.objects.filter(pk=finished_match.pk).update(state=state)
    assert cards_shown(_html(staff_client, finished_match, at=version)) == truth
    assert len([card for (role, _), cards in truth.items() if role == "taken" for card in cards]) == 52


def test_navigation_steps_one_event_and_goes_to_either_end(staff_client, finished_match):
    html = _html(staff_client, finished_match, at=10, **{"as": "east"})
    base = table_url(finished_match)
    for name, at in (("first", 1), ("previous", 9), ("next", 11), ("last", finished_match.version)):
        assert re.search(rf'href="{re.escape(base)}\?at={at}&amp;as=east" id="{name}"', html), name
    assert f"event 10 of {finished_match.version}" in html
    first = _html(staff_client, finished_match, at=1)
    assert 'id="previous"' not in first and "before the first hand" in first
    assert 'id="next"' not in _html(staff_client, finished_match, at=finished_match.version)
    assert f"event {finished_match.version} of" in _html(staff_client, finished_match, at=10**6)


def test_a_jump_to_hand_2_trick_5_lands_where_that_trick_is_complete(staff_client, finished_match):
    seq = trick_taken_seq(finished_match, 2, 5)
    response = staff_client.get(table_url(finished_match, hand=2, trick=5, **{"as": "west"}))
    assert response.status_code == 302
    assert response["Location"] == table_url(finished_match, **{"as": "west", "at": seq})
    assert "hand 2, 5 tricks complete" in _html(staff_client, finished_match, at=seq)
    dealt = Event.objects.filter(match=finished_match, type="hand_dealt").order_by("seq")[1].seq
    response = staff_client.get(table_url(finished_match, hand=2))
    assert response["Location"] == table_url(finished_match, **{"as": "all", "at": dealt})
    response = staff_client.get(table_url(finished_match, hand=99, trick=1, at=7))
    assert response["Location"] == table_url(finished_match, **{"as": "all", "at": 7})


def _hidden_from(match: Match, at: int, viewer: Seat) -> set[str]:
    """Cards at ``at`` that ``viewer`` may not see: other seats' holdings and passes, less
    what it holds, gave, received or saw played."""
    hand = replayed(match, at).hand
    others = {str(card) for seat in Seat if seat != viewer
              for card in hand.holdings[seat] + (hand.passes[seat] or ())}
    own = {str(card) for card in hand.holdings[viewer] + (hand.passes[viewer] or ())
           + (hand.received(viewer) or ())}
    played = {str(card) for trick in hand.tricks + ((hand.trick,) if hand.trick else ())
              for card in trick.cards}
    return others - own - played


def test_as_seen_by_east_the_page_holds_no_other_seat_card(staff_client, finished_match):
    at = _after_exchange_mid_trick(finished_match)
    html = _html(staff_client, finished_match, at=at, **{"as": "east"})
    shown = cards_shown(html)
    assert {seat for role, seat in shown if role in ("holding", "pass-given", "pass-received")} == {
        "east"}
    hand = replayed(finished_match, at).hand
    assert shown[("holding", "east")] == [str(card) for card in hand.holdings[Seat.EAST]]
    hidden = _hidden_from(finished_match, at, Seat.EAST)
    assert len(hidden) >= 13
    assert not {card for card in hidden if re.search(rf"\b{card}\b", html)}


def test_a_spectator_sees_no_holding_and_no_pass(staff_client, finished_match):
    at = _after_exchange_mid_trick(finished_match)
    shown = cards_shown(_html(staff_client, finished_match, at=at, **{"as": "spectator"}))
    assert {role for role, _ in shown} == {"trick", "taken"}


def test_as_seen_by_a_seat_the_page_holds_the_view_the_api_serves_that_seat(staff_client,
                                                                             make_client):
    client = make_client("carol")
    carol = get_user_model().objects.get(username="carol")
    seats = [services.SeatSpec("player")] + [services.SeatSpec("bot", "easy")] * 3
    # With a turn timeout: the deadline on the page is the replay's, the API's the row's.
    match = services.match_create(creator=carol, seats=seats, rules=RuleSet(),
                                  turn_timeout_s=60).match
    served = client.get(match_url(match.id, "view"))
    assert served.status_code == 200 and served.json()["turn_deadline"] is not None
    html = _html(staff_client, match, at=match.version, **{"as": "north"})
    shown = re.search(r'<pre id="view-json">(.*?)</pre>', html, re.S).group(1)
    assert json.loads(shown.replace("&quot;", '"')) == served.json()


def _queries(client, match, at) -> int:
    with CaptureQueriesContext(connection) as queries:
        _html(client, match, at=at, **{"as": "east"})
    return len(queries.captured_queries)


def test_the_page_costs_the_same_queries_early_and_late_in_the_log(root_client, finished_match):
    # Session, user, match with its creator, the events up to the one shown.
    assert _queries(root_client, finished_match, 5) == _queries(
        root_client, finished_match, finished_match.version) == 4


def test_staff_may_look_and_others_are_sent_to_the_login_page(staff_client, player, finished_match):
    assert staff_client.get(table_url(finished_match, at=3)).status_code == 200
    response = logged_in(player).get(table_url(finished_match, at=3))
    assert response.status_code == 302 and "/login/" in response["Location"]
