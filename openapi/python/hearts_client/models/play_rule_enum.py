from typing import Literal

PlayRuleEnum = Literal["hearts_not_broken", "must_follow_suit", "must_lead_two_of_clubs", "no_points_on_first_trick"]

PLAY_RULE_ENUM_VALUES: set[PlayRuleEnum] = {
    "hearts_not_broken",
    "must_follow_suit",
    "must_lead_two_of_clubs",
    "no_points_on_first_trick",
}


def check_play_rule_enum(value: str) -> PlayRuleEnum:
    if value in PLAY_RULE_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PLAY_RULE_ENUM_VALUES!r}")
