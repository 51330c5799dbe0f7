"""Shared helpers for the API tests: the fixture deals of scenarios.md, card notation,
problem+json assertions and ``Table``, a match whose four seats are driven over HTTP.

Everything here talks to the service through the real URL conf (``APIClient``); the
engine is imported only to read card codes (``10C``) and deals (``parse_deal``).
"""

from __future__ import annotations

import functools
import uuid
from collections.abc import Callable, Iterable, Mapping
from datetime import date, datetime
from typing import Any

from drf_spectacular.utils import PolymorphicProxySerializer
from rest_framework import serializers
from rest_framework.test import APIClient

from games.engine import PLAY_RULES, parse_cards, parse_deal, sort_cards
from games.engine.cards import format_cards
from games.models import Event
from hearts_api.serializers.events import EVENT_SERIALIZERS

# The fixture deals of scenarios.md (and R10's) live with the engine tests; re-exported here.
from ..engine.helpers import D1 as D1
from ..engine.helpers import D1_A as D1_A
from ..engine.helpers import D4 as D4
from ..engine.helpers import D4_A as D4_A
from ..engine.helpers import R10_DEAL as R10_DEAL
from ..engine.helpers import R10_SCRIPT as R10_SCRIPT
from ..engine.helpers import SPLIT_2_24 as SPLIT_2_24

API = "/api/v1"
PROBLEM = "application/problem+json"
SEATS = ("north", "east", "south", "west")
LETTERS = {"N": "north", "E": "east", "S": "south", "W": "west"}

# Every hand is a hold hand: a fixture deal is then "the hands at the start of play".
HOLD = {"pass_rotation": ["hold"]}
# Every hand passes left: a fixture deal is then the deal before the pass (scenarios R08, R09, R15).
LEFT = {"pass_rotation": ["left"]}

DEFAULT_RULES = {
    "target_score": 100,
    "pass_rotation": ["left", "right", "across", "hold"],
    "pass_count": 3,
    "first_trick_points": False,
    "queen_breaks_hearts": False,
    "shoot_the_sun": False,
    "moon_scoring": "add_to_others",
    "jack_of_diamonds": 0,
    "tie_policy": "play_on",
    "max_tiebreak_hands": 5,
    "max_hands": None,
}

# --- notation -------------------------------------------------------------------------------


def codes(text: str | Iterable[str]) -> list[str]:
    """Canonical codes in canonical order (suit C, D, S, H, then rank) from scenario
    notation: ``codes("10S 4S") == ["4S", "TS"]``."""
    texts = text.split() if isinstance(text, str) else list(text)
    return [str(card) for card in sort_cards(parse_cards(texts))]


def holdings(deal_text: str) -> dict[str, list[str]]:
    """A deal in the engine's notation (``parse_deal``) -> canonical sorted codes by seat name."""
    return dict(zip(SEATS, deal(deal_text), strict=True))


def deal(deal_text: str) -> list[list[str]]:
    """A deal as the create request takes it: four lists of 13 codes, north first."""
    return [format_cards(holding) for holding in parse_deal(deal_text)]


def plays(*tricks: str) -> list[tuple[str, str]]:
    """``"N 2C, E 8D"`` -> ``[("north", "2C"), ("east", "8D")]``."""
    return [(LETTERS[letter], card) for trick in tricks
            for letter, card in (play.split() for play in trick.split(","))]


# --- URLs and problems ----------------------------------------------------------------------


def match_url(match_id: str | uuid.UUID, action: str = "") -> str:
    return f"{API}/matches/{match_id}" + (f"/{action}" if action else "")


def assert_problem(response: Any, status: int, code: str,
                   legal_cards: list[str] | None = None) -> dict[str, Any]:
    """Assert an RFC 9457 problem response with ``status`` and ``code``; rule refusals
    also carry exactly ``legal_cards`` (None: the body must have no ``legal_cards``)."""
    assert response.status_code == status, (response.status_code, response.content)
    assert response["Content-Type"] == PROBLEM
    body = response.json()
    assert body["status"] == status
    assert body["code"] == code
    assert body["type"].endswith(f"/problems/{code}")
    assert isinstance(body["title"], str) and body["title"]
    assert isinstance(body["detail"], str) and body["detail"]
    if code in ("invalid_request", "unknown_card"):  # these always name their faults
        assert body["errors"] and all(set(error) == {"field", "code", "detail"}
                                      for error in body["errors"]), body
    if legal_cards is None:
        assert "legal_cards" not in body
    else:
        assert body["legal_cards"] == legal_cards
    return body


def assert_quota_exceeded(response: Any, quota: str, limit: int,
                          period_s: int | None = None) -> dict[str, Any]:
    """Assert a 429 ``quota_exceeded`` naming ``quota`` and ``limit`` and no other member;
    for a rate (``period_s``) also ``period_s`` and ``retry_after`` (1..``period_s``
    seconds), which the Retry-After header repeats, and without one, no Retry-After."""
    body = assert_problem(response, 429, "quota_exceeded")
    rate = {} if period_s is None else {"period_s": period_s, "retry_after": body.get("retry_after")}
    assert {k: v for k, v in body.items() if k not in ("type", "title", "status", "detail", "code")} \
        == {"quota": quota, "limit": limit, **rate}
    if period_s is None:
        assert "Retry-After" not in response
    else:
        assert 1 <= body["retry_after"] <= period_s
        assert response["Retry-After"] == str(body["retry_after"])
    return body


def assert_invalid(response: Any, *fields: str) -> list[dict[str, Any]]:
    """Assert a 400 ``invalid_request`` whose ``errors`` name exactly ``fields``."""
    body = assert_problem(response, 400, "invalid_request")
    errors = body["errors"]
    for error in errors:
        assert set(error) == {"field", "code", "detail"}
        assert error["code"] and error["detail"]
    assert sorted({error["field"] for error in errors}) == sorted(fields)
    return errors


# --- matches --------------------------------------------------------------------------------


def create_match(client: APIClient, *, seats: list[dict[str, Any]],
                 rules: Mapping[str, Any] | None = None,
                 deals: list[list[list[str]]] | None = None,
                 bots: Mapping[str, Any] | None = None, **fields: Any) -> dict[str, Any]:
    """POST /matches (with any other ``fields``, e.g. ``turn_timeout_s``); assert 201 and
    return the summary."""
    body: dict[str, Any] = {"seats": seats, **fields}
    if rules is not None:
        body["rules"] = dict(rules)
    if deals is not None:
        body["deals"] = deals
    if bots is not None:
        body["bots"] = dict(bots)
    response = client.post(f"{API}/matches", body, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def first_legal(view: Mapping[str, Any]) -> str:
    """The lowest legal card in canonical order (the lists are sorted that way)."""
    return view["legal_cards"][0]


class Table:
    """A match whose four seats are human players, each with its own client, so a test
    can drive (and watch) every seat. ``clients`` maps seat names to clients."""

    def __init__(self, match_id: str, clients: dict[str, APIClient]) -> None:
        self.id = match_id
        self.clients = clients

    def names(self) -> dict[str, str]:
        return {seat: client.username for seat, client in self.clients.items()}  # type: ignore[attr-defined]

    def get(self, seat: str, action: str = "", **query: Any) -> Any:
        return self.clients[seat].get(match_url(self.id, action), query)

    def view(self, seat: str) -> dict[str, Any]:
        response = self.get(seat, "view")
        assert response.status_code == 200, response.content
        return response.json()

    def views(self) -> dict[str, dict[str, Any]]:
        return {seat: self.view(seat) for seat in SEATS}

    def events(self, seat: str, after: int = 0) -> list[dict[str, Any]]:
        response = self.get(seat, "events", after=after)
        assert response.status_code == 200, response.content
        return response.json()["events"]

    def play(self, seat: str, card: str, **headers: str) -> Any:
        """POST /play for ``seat`` (no assertion: refusals are tested with this too)."""
        return self.clients[seat].post(match_url(self.id, "play"), {"card": card},
                                       format="json", **headers)

    def pass_cards(self, seat: str, cards: str | list[str], **headers: str) -> Any:
        """POST /pass for ``seat``; ``cards`` as a list of codes or ``"10C 9C 5D"``."""
        listed = cards.split() if isinstance(cards, str) else cards
        return self.clients[seat].post(match_url(self.id, "pass"), {"cards": listed},
                                       format="json", **headers)

    def played(self, *tricks: str) -> dict[str, Any]:
        """Play a script (``"N 2C, E 8D, S 10S, W JC"``), asserting every card is accepted;
        returns the last command's response body."""
        body: dict[str, Any] = {}
        for seat, card in plays(*tricks):
            response = self.play(seat, card)
            assert response.status_code == 200, (seat, card, response.content)
            body = response.json()
        return body

    def passed(self, seat: str, cards: str | list[str]) -> dict[str, Any]:
        response = self.pass_cards(seat, cards)
        assert response.status_code == 200, (seat, cards, response.content)
        return response.json()

    def snapshot(self) -> dict[str, Any]:
        """Every seat's view (each carries the version) and the stored event count."""
        return {"views": self.views(), "events": Event.objects.filter(match_id=self.id).count()}

    def play_out_hand(self) -> None:
        """Finish the current hand: every seat passes and plays its first legal cards."""
        view = self.view("north")
        hand_number = view["hand_number"]
        while view["hand_number"] == hand_number and view["status"] != "finished":
            for seat in view["to_act"]:
                seat_view = self.view(seat)
                if seat_view["status"] == "passing":
                    body = self.passed(seat, seat_view["legal_cards"][:seat_view["rules"]["pass_count"]])
                else:
                    response = self.play(seat, first_legal(seat_view))
                    assert response.status_code == 200, response.content
                    body = response.json()
            view = body["view"]  # the actor's view: to_act, hand_number and status are public

    def play_to_hand(self, number: int) -> dict[str, Any]:
        """Play hands out until hand ``number`` is dealt; returns north's view."""
        while self.view("north")["hand_number"] < number:
            self.play_out_hand()
        view = self.view("north")
        assert view["hand_number"] == number
        return view


def assert_refused(table: Table, request: Callable[[], Any], status: int, code: str,
                   legal_cards: list[str] | None = None) -> dict[str, Any]:
    """Send ``request`` and assert it is refused with ``status``/``code`` (and exactly
    ``legal_cards``) while every seat's view, the version and the event log stay as they were;
    a play rule's refusal is the one the seat's view announced in ``refusal``."""
    before = table.snapshot()
    body = assert_problem(request(), status, code, legal_cards)
    assert table.snapshot() == before
    if code in PLAY_RULES:
        announced = [view["refusal"] for view in before["views"].values() if view["is_your_turn"]]
        assert announced == [{"code": code, "detail": body["detail"]}]
    return body


@functools.cache
def shape_of(serializer_class: type[serializers.Serializer]) -> serializers.Serializer:
    """One instance of ``serializer_class`` for ``assert_shaped``: DRF builds an instance's
    nested fields once, on first use."""
    return serializer_class()


def assert_shaped(field, body):
    """``body`` has exactly ``field``'s declared fields in their order, nested ones too, null
    only where the field allows it, and each leaf of the field's JSON type (a choice one of
    its choices)."""
    if body is None:
        assert field.allow_null, f"{field.field_name or type(field).__name__} is not nullable"
        return
    if isinstance(field, PolymorphicProxySerializer):  # an event: by its type
        assert_shaped(shape_of(EVENT_SERIALIZERS[body["type"]]), body)
    elif isinstance(field, serializers.ListSerializer):
        for item in body:
            assert_shaped(field.child, item)
    elif isinstance(field, serializers.Serializer):
        fields = field.fields
        assert list(body) == list(fields), type(field).__name__
        for name, value in body.items():
            assert_shaped(fields[name], value)
    elif isinstance(field, serializers.ListField):
        assert isinstance(body, list), field.field_name
        for item in body:
            assert_shaped(field.child, item)
    elif isinstance(field, serializers.ChoiceField):
        assert body in field.choices, (field.field_name, body)
    else:
        assert isinstance(body, _leaf_types(field)), (field.field_name, body)


def _leaf_types(field) -> tuple[type, ...]:
    """What a body may hold for a leaf ``field`` before rendering (any value for a field of
    no fixed type)."""
    for kind, types in ((serializers.BooleanField, (bool,)), (serializers.IntegerField, (int,)),
                        (serializers.FloatField, (int, float)),
                        (serializers.UUIDField, (uuid.UUID, str)),
                        (serializers.DateTimeField, (datetime, str)),
                        (serializers.DateField, (date, str)), (serializers.CharField, (str,))):
        if isinstance(field, kind):
            return types
    return (object,)
