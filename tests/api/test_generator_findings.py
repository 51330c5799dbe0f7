"""What client generators found in the schema, fixed: each finding held to the server
(content negotiation, names, deals, bot levels, password rules, the stream's messages)."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from django.conf import settings

from .helpers import API, PROBLEM, assert_problem, match_url
from .test_live import ONE_HAND, SeatClient, _open_stream

pytestmark = pytest.mark.django_db

SCHEMA = yaml.safe_load((Path(settings.BASE_DIR) / "openapi" / "schema.yaml").read_text())
COMPONENTS = SCHEMA["components"]["schemas"]


def _component(name: str) -> dict[str, Any]:
    return {**COMPONENTS[name], "components": SCHEMA["components"]}


def test_a_client_accepting_only_problem_json_is_answered_not_refused_406(client_a):
    """OpenAPI Generator sends the one media type an operation declares (DELETE /tokens
    declares only refusals): the server answers as it would to */*."""
    key = client_a.post(f"{API}/tokens", {"name": "x"}, format="json").json()["token_key"]
    accept = {"HTTP_ACCEPT": PROBLEM}
    assert client_a.delete(f"{API}/tokens/{key}", **accept).status_code == 204
    listed = client_a.get(f"{API}/tokens", **accept)
    assert (listed.status_code, listed["Content-Type"]) == (200, "application/json")
    assert_problem(client_a.delete(f"{API}/tokens/{key}", **accept), 404, "not_found")
    assert client_a.get(f"{API}/tokens", HTTP_ACCEPT="text/html").status_code == 406


def test_a_token_name_is_one_string_whose_pattern_takes_the_empty_name():
    name = COMPONENTS["TokenCreateRequest"]["properties"]["name"]
    assert "oneOf" not in name and name["type"] == "string" and name["maxLength"] == 100
    assert re.fullmatch(name["pattern"], "") and not re.fullmatch(name["pattern"], "a\x00")


def test_deals_name_no_set_inside_a_list_and_the_server_refuses_a_card_twice(client_a):
    deals = COMPONENTS["MatchCreateRequest"]["properties"]["deals"]
    hand = deals["items"]["items"]
    assert "uniqueItems" not in json.dumps(deals) and hand["minItems"] == hand["maxItems"] == 13
    cards = [f"{rank}{suit}" for suit in "CDHS" for rank in "23456789TJQKA"]
    twice = [cards[:13], cards[13:26], cards[26:39], cards[39:51] + ["2C"]]
    seats = [{"kind": "player"}] + [{"kind": "bot", "level": "random"}] * 3
    response = client_a.post(f"{API}/matches", {"seats": seats, "deals": [twice]}, format="json")
    assert_problem(response, 422, "duplicate_cards")


def test_every_bot_level_shown_is_the_level_enum_or_null():
    shown = {name: schema["properties"]["bot_level"] for name, schema in COMPONENTS.items()
             if "bot_level" in schema.get("properties", {})}
    assert {"Player", "SeatSummary", "SeatTakenEvent", "SeatLeftEvent"} <= set(shown)
    for name, level in shown.items():
        members = level.get("oneOf") or level.get("allOf")
        assert members and members[0] == {"$ref": "#/components/schemas/BotLevelEnum"}, name


@pytest.mark.parametrize(("password", "numeric"), [
    ("90417362", True), ("0000000000", True), ("9041736x", False), (" 90417362", False)])
def test_the_password_pattern_says_what_the_server_refuses_as_entirely_numeric(
        anon_client, password, numeric):
    pattern = COMPONENTS["PlayerCreateRequest"]["properties"]["password"]["pattern"]
    assert (re.search(pattern, password) is None) == numeric
    response = anon_client.post(f"{API}/players", {"username": "pat", "password": password},
                                format="json")
    codes = ({error["code"] for error in response.json().get("errors", [])}
             if response.status_code == 400 else set())
    assert ("password_entirely_numeric" in codes) == numeric


@pytest.mark.django_db(transaction=True)
def test_every_message_of_a_stream_is_a_stream_message_of_the_schema(make_table):
    table = make_table(rules=ONE_HAND)
    table.play_out_hand()

    async def read() -> str:
        reader = await _open_stream(SeatClient.of(table.clients["west"]), table.id,
                                    **{"Last-Event-ID": "0"})
        return reader.buffer + "".join([chunk.decode() async for chunk in reader.chunks])

    messages = [dict(line.split(": ", 1) for line in block.split("\n"))
                for block in asyncio.run(read()).strip("\n").split("\n\n")]
    assert len(messages) > 60 and {m["event"] for m in messages} >= {"view", "card_played"}
    for message in messages:
        jsonschema.validate(message, _component("StreamMessage"))
        kind = "ViewMessage" if message["event"] == "view" else "EventMessage"
        data = COMPONENTS[kind]["properties"]["data"]["contentSchema"]["$ref"].rsplit("/", 1)[1]
        jsonschema.validate(json.loads(message["data"]), _component(data))


def test_a_stream_refusal_is_problem_json_to_a_client_accepting_only_that(client_a):
    response = client_a.get(match_url("0" * 32, "stream"), HTTP_ACCEPT=PROBLEM)
    assert_problem(response, 404, "not_found")


def test_a_webhook_url_is_shown_under_the_pattern_it_was_accepted_by(client_a):
    """schemathesis registered a URL the pattern takes and RFC 3986 does not (a host not in
    ASCII); the answers' ``format: uri`` then refused what the server showed of it."""
    accepted = COMPONENTS["WebhookCreateRequest"]["properties"]["url"]
    for shown in ("Webhook", "WebhookCreated"):
        url = COMPONENTS[shown]["properties"]["url"]
        assert "format" not in url and url["pattern"] == accepted["pattern"]
    created = client_a.post(f"{API}/webhooks", {"url": "https://1\u0121", "events": ["turn"]},
                            format="json")
    assert created.status_code == 201, created.content
    jsonschema.validate(created.json(), _component("WebhookCreated"))
    [listed] = client_a.get(f"{API}/webhooks").json()["results"]
    jsonschema.validate(listed, _component("Webhook"))
    assert listed["url"] == "https://1\u0121"
