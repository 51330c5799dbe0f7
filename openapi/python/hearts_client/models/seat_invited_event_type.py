from typing import Literal

SeatInvitedEventType = Literal["seat_invited"]

SEAT_INVITED_EVENT_TYPE_VALUES: set[SeatInvitedEventType] = {
    "seat_invited",
}


def check_seat_invited_event_type(value: str) -> SeatInvitedEventType:
    if value in SEAT_INVITED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SEAT_INVITED_EVENT_TYPE_VALUES!r}")
