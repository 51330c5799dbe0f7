from typing import Literal

ViewMessageEvent = Literal["view"]

VIEW_MESSAGE_EVENT_VALUES: set[ViewMessageEvent] = {
    "view",
}


def check_view_message_event(value: str) -> ViewMessageEvent:
    if value in VIEW_MESSAGE_EVENT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {VIEW_MESSAGE_EVENT_VALUES!r}")
