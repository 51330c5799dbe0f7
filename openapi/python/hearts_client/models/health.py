from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Health")


@_attrs_define
class Health:
    """
    Attributes:
        status (str): "ok": the database answers, and the broker and Redis where there are; else the answer is 503
            unavailable problem+json, its members naming each part
        database (str): "ok" or "error: <exception class>"
        broker (str): "ok", "error: <exception class>", or "none (tasks run in-process)" without a broker
        redis (str): REDIS_URL's Redis (match notifications, rate-limit counters): "ok", "error: <exception class>", or
            "none (no REDIS_URL)"
    """

    status: str
    database: str
    broker: str
    redis: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status = self.status

        database = self.database

        broker = self.broker

        redis = self.redis

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
                "database": database,
                "broker": broker,
                "redis": redis,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = d.pop("status")

        database = d.pop("database")

        broker = d.pop("broker")

        redis = d.pop("redis")

        health = cls(
            status=status,
            database=database,
            broker=broker,
            redis=redis,
        )

        health.additional_properties = d
        return health

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
