from typing import Literal

CardPlayedEventType = Literal["card_played"]

CARD_PLAYED_EVENT_TYPE_VALUES: set[CardPlayedEventType] = {
    "card_played",
}


def check_card_played_event_type(value: str) -> CardPlayedEventType:
    if value in CARD_PLAYED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CARD_PLAYED_EVENT_TYPE_VALUES!r}")
