from typing import Literal

BotSeatSpecRequestKind = Literal["bot"]

BOT_SEAT_SPEC_REQUEST_KIND_VALUES: set[BotSeatSpecRequestKind] = {
    "bot",
}


def check_bot_seat_spec_request_kind(value: str) -> BotSeatSpecRequestKind:
    if value in BOT_SEAT_SPEC_REQUEST_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {BOT_SEAT_SPEC_REQUEST_KIND_VALUES!r}")
