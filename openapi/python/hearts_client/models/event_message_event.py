from typing import Literal

EventMessageEvent = Literal[
    "card_played",
    "cards_exchanged",
    "cards_passed",
    "hand_dealt",
    "hand_scored",
    "match_aborted",
    "match_created",
    "match_ended",
    "seat_invited",
    "seat_left",
    "seat_released",
    "seat_replaced",
    "seat_taken",
    "trick_taken",
]

EVENT_MESSAGE_EVENT_VALUES: set[EventMessageEvent] = {
    "card_played",
    "cards_exchanged",
    "cards_passed",
    "hand_dealt",
    "hand_scored",
    "match_aborted",
    "match_created",
    "match_ended",
    "seat_invited",
    "seat_left",
    "seat_released",
    "seat_replaced",
    "seat_taken",
    "trick_taken",
}


def check_event_message_event(value: str) -> EventMessageEvent:
    if value in EVENT_MESSAGE_EVENT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EVENT_MESSAGE_EVENT_VALUES!r}")
