from typing import Literal

MatchCreatedEventType = Literal["match_created"]

MATCH_CREATED_EVENT_TYPE_VALUES: set[MatchCreatedEventType] = {
    "match_created",
}


def check_match_created_event_type(value: str) -> MatchCreatedEventType:
    if value in MATCH_CREATED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MATCH_CREATED_EVENT_TYPE_VALUES!r}")
