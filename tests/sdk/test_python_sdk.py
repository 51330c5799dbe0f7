"""The generated Python SDK reads the server's JSON as the schema describes it, and goes on
reading when the server is newer than the SDK."""

from __future__ import annotations

from hearts_client.models import CardPlayedEvent, EventList, MatchEndedEvent, UnknownEvent

AT = "2026-12-01T10:00:00Z"


def test_each_event_is_parsed_as_the_class_of_its_type() -> None:
    page = EventList.from_dict({"version": 2, "events": [
        {"seq": 1, "type": "card_played", "seat": "north", "at": AT, "card": "2C",
         "auto": False},
        {"seq": 2, "type": "match_ended", "seat": None, "at": AT, "result": {
            "standings": [{"seat": "north", "score": 0, "place": 1}], "winners": ["north"],
            "shared": False, "hands_played": 1, "moons": [], "ended_by": "target_score"}}]})
    played, ended = page.events
    assert isinstance(played, CardPlayedEvent) and played.card == "2C"
    assert isinstance(ended, MatchEndedEvent) and ended.result.winners == ["north"]
    assert ended.result.ended_by == "target_score"


def test_an_event_of_a_type_newer_than_the_sdk_arrives_as_unknown_event() -> None:
    page = EventList.from_dict({"version": 2, "events": [
        {"seq": 1, "type": "card_played", "seat": "east", "at": AT, "card": "QS", "auto": True},
        {"seq": 2, "type": "table_moved", "seat": "east", "at": AT, "room": "blue"}]})
    played, newer = page.events
    assert isinstance(played, CardPlayedEvent)
    assert isinstance(newer, UnknownEvent)
    assert (newer.type_, newer.seat, newer["room"]) == ("table_moved", "east", "blue")
