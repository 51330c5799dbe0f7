"""The schema the Python SDK is generated from: openapi/schema.yaml with ``UnknownEvent``
as the last member of the ``Event`` union.

openapi-python-client ignores discriminators: it parses a union by trying each member in
order, and the last one without a fallback, so one event of a type newer than the SDK
would fail a whole page of events. With ``UnknownEvent`` last (any event: ``seq``,
``type``, ``seat``, ``at`` and whatever else it holds), an SDK generated today hands a
future event to its client as an ``UnknownEvent``, and a client that ignores it goes on.
The TypeScript SDK is generated from the schema as it is: its types parse nothing at run
time, and a member whose ``type`` is any string would stop ``switch (event.type)`` from
narrowing.

    python openapi/open_event_union.py openapi/schema.yaml OUT.yaml
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

UNKNOWN_EVENT = {
    "type": "object",
    "description": "An event of a type this SDK does not know (the server is newer): "
                   "ignore it, or read its fields from additional_properties.",
    "properties": {
        "seq": {"type": "integer"},
        "type": {"type": "string"},
        "seat": {"type": ["string", "null"]},
        "at": {"type": "string", "format": "date-time"},
    },
    "required": ["seq", "type", "seat", "at"],
}


def open_event_union(schema: dict) -> dict:
    """``schema`` with ``UnknownEvent`` defined and last in ``Event.oneOf``."""
    schemas = schema["components"]["schemas"]
    schemas["UnknownEvent"] = UNKNOWN_EVENT
    schemas["Event"]["oneOf"].append({"$ref": "#/components/schemas/UnknownEvent"})
    return schema


if __name__ == "__main__":
    source, target = map(Path, sys.argv[1:3])
    opened = open_event_union(yaml.safe_load(source.read_text()))
    target.write_text(yaml.safe_dump(opened, sort_keys=False, allow_unicode=True))
