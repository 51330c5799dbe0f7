from typing import Literal

InvitedSeatSpecRequestKind = Literal["invited"]

INVITED_SEAT_SPEC_REQUEST_KIND_VALUES: set[InvitedSeatSpecRequestKind] = {
    "invited",
}


def check_invited_seat_spec_request_kind(value: str) -> InvitedSeatSpecRequestKind:
    if value in INVITED_SEAT_SPEC_REQUEST_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {INVITED_SEAT_SPEC_REQUEST_KIND_VALUES!r}")
