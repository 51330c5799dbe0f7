from typing import Literal

SeatTakenEventType = Literal["seat_taken"]

SEAT_TAKEN_EVENT_TYPE_VALUES: set[SeatTakenEventType] = {
    "seat_taken",
}


def check_seat_taken_event_type(value: str) -> SeatTakenEventType:
    if value in SEAT_TAKEN_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SEAT_TAKEN_EVENT_TYPE_VALUES!r}")
