from typing import Literal

AnalysisStatusEnum = Literal["done", "failed", "queued", "running"]

ANALYSIS_STATUS_ENUM_VALUES: set[AnalysisStatusEnum] = {
    "done",
    "failed",
    "queued",
    "running",
}


def check_analysis_status_enum(value: str) -> AnalysisStatusEnum:
    if value in ANALYSIS_STATUS_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ANALYSIS_STATUS_ENUM_VALUES!r}")
