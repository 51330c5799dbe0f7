from typing import Literal

SeatReplacedEventType = Literal["seat_replaced"]

SEAT_REPLACED_EVENT_TYPE_VALUES: set[SeatReplacedEventType] = {
    "seat_replaced",
}


def check_seat_replaced_event_type(value: str) -> SeatReplacedEventType:
    if value in SEAT_REPLACED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SEAT_REPLACED_EVENT_TYPE_VALUES!r}")
