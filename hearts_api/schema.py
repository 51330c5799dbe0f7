"""drf-spectacular extensions: what the serializers enforce and drf-spectacular cannot infer,
said in the OpenAPI schema (strict bodies, inline tags, unique card lists, headers, links)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from drf_spectacular.extensions import OpenApiSerializerExtension, OpenApiSerializerFieldExtension
from drf_spectacular.plumbing import build_array_type, get_lib_doc_excludes

from .idempotency import IdempotentMixin
from .problem_types import PROBLEMS
from .serializers.accounts import PasswordField
from .serializers.events import STREAM_MESSAGES
from .serializers.fields import SingleValueField, StrictRegexField, StrictSerializer, UniqueListField
from .serializers.matches import SEAT_SPEC_SCHEMA, SeatSpecListField


def doc_excludes() -> list[type]:
    """The classes whose docstrings never describe an operation (``GET_LIB_DOC_EXCLUDES``):
    DRF's, and the mixins of ours, which are written for the code's readers."""
    return [*get_lib_doc_excludes(), IdempotentMixin]


class StrictSerializerSchema(OpenApiSerializerExtension):
    """A ``StrictSerializer`` refuses unknown fields: ``additionalProperties: false``."""

    target_class = StrictSerializer
    match_subclasses = True

    def map_serializer(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        schema: dict[str, Any] = auto_schema._map_serializer(self.target, direction,
                                                              bypass_extensions=True)
        return {**schema, "additionalProperties": False}


class SingleValueFieldSchema(OpenApiSerializerFieldExtension):
    target_class = SingleValueField

    def map_serializer_field(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        return {"type": "string", "enum": list(self.target.choices)}


class _AddedKeysSchema(OpenApiSerializerFieldExtension):
    """drf-spectacular's schema of the field, with ``added()`` keys."""

    def added(self) -> dict[str, Any]:
        raise NotImplementedError

    def map_serializer_field(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        schema: dict[str, Any] = auto_schema._map_serializer_field(self.target, direction,
                                                                    bypass_extensions=True)
        return {**schema, **self.added()}


class StrictRegexFieldSchema(_AddedKeysSchema):
    target_class = StrictRegexField

    def added(self) -> dict[str, Any]:
        return {"pattern": self.target.pattern}


class PasswordFieldSchema(_AddedKeysSchema):
    target_class = PasswordField

    def added(self) -> dict[str, Any]:
        return {"pattern": self.target.pattern}


class UniqueListFieldSchema(_AddedKeysSchema):
    target_class = UniqueListField

    def added(self) -> dict[str, Any]:
        return {"uniqueItems": True}


class SeatSpecListFieldSchema(OpenApiSerializerFieldExtension):
    target_class = SeatSpecListField

    def map_serializer_field(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        # minItems/maxItems come from the field's own validators.
        component = auto_schema.resolve_serializer(SEAT_SPEC_SCHEMA, direction)
        return build_array_type(component.ref)


# Where a created resource's id goes next (OpenAPI links; schemathesis' stateful phase
# follows them): operation id -> {link name: (target operation id, parameters)}.
LINKS: dict[str, dict[str, tuple[str, dict[str, str]]]] = {
    "matches_create": {
        name: (operation, {"match_id": "$response.body#/id"})
        for name, operation in [("GetMatch", "matches_retrieve"), ("JoinMatch", "matches_join"),
                                ("ViewMatch", "matches_view"), ("PassCards", "matches_pass"),
                                ("PlayCard", "matches_play"), ("ListEvents", "matches_events")]
    },
    "tokens_create": {
        "RevokeToken": ("tokens_revoke", {"token_key": "$response.body#/token_key"}),
    },
}


def postprocess(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """Postprocessing hook, after drf-spectacular's enum hook."""
    _inline_single_value_enums(result)
    _nullable_as_31(result["components"]["schemas"])
    _blank_in_pattern(result["components"]["schemas"])
    result["components"]["schemas"] = dict(sorted({**result["components"]["schemas"],
                                                   **STREAM_MESSAGES}.items()))
    _add_problem_headers(result["paths"])
    _add_links(result["paths"])
    return result


def _add_problem_headers(paths: dict[str, Any]) -> None:
    # Each status's response names the headers its problems may carry, required if always.
    by_status: dict[str, dict[str, Any]] = {}
    for problem in PROBLEMS.values():
        peers = [p for p in PROBLEMS.values() if p.status == problem.status]
        for header in problem.headers:
            required = all(any(h.name == header.name and h.always for h in peer.headers)
                           for peer in peers)
            declared = by_status.setdefault(str(problem.status), {})
            if header.name not in declared or header.always:
                declared[header.name] = {"schema": {"type": header.schema_type},
                                         "description": header.description,
                                         "required": required}
    for path_item in paths.values():
        for operation in path_item.values():
            for status, response in operation["responses"].items():
                if status in by_status:
                    response["headers"] = {**dict(sorted(by_status[status].items())),
                                           **response.get("headers", {})}


def _nullable_as_31(node: Any) -> None:
    # drf-spectacular's pagination schema says ``nullable: true`` (OpenAPI 3.0) even in a
    # 3.1 document, where null is a type: ``type: [string, 'null']``.
    for schema in _objects(node):
        if schema.pop("nullable", False):
            if not isinstance(schema.get("type"), str):
                raise ValueError(f"no 3.1 form for nullable {schema}")
            schema["type"] = [schema["type"], "null"]


def _blank_in_pattern(node: Any) -> None:
    # drf-spectacular gives a blank-allowing string with a pattern as a oneOf of it and a
    # blank string, which a generator cannot construct; where the pattern takes "", one string.
    blank = {"type": "string", "maxLength": 0}
    for schema in _objects(node):
        members = schema.get("oneOf")
        if (members and len(members) == 2 and members[1] == blank
                and re.fullmatch(members[0].get("pattern", "(?!)"), "")):
            schema.update(schema.pop("oneOf")[0])


def _inline_single_value_enums(result: dict[str, Any]) -> None:
    # A one-value enum is a union member's tag: inline, not a component.
    schemas = result["components"]["schemas"]
    single = {f"#/components/schemas/{name}": schema for name, schema in schemas.items()
              if len(schema.get("enum", ())) == 1}

    def inline(value: Any) -> Any:
        is_ref = isinstance(value, dict) and set(value) == {"$ref"} and value["$ref"] in single
        return dict(single[value["$ref"]]) if is_ref else value

    for container in list(_objects(result)):
        for key, value in container.items():
            container[key] = [inline(v) for v in value] if isinstance(value, list) else inline(value)
    text = json.dumps(result, default=str)  # lazy translations among the values
    for ref in single:
        if f'"{ref}"' not in text:
            del schemas[ref.rsplit("/", 1)[1]]


def _objects(node: Any) -> Iterator[dict[str, Any]]:
    """Every JSON object in ``node``, outermost first."""
    if isinstance(node, dict):
        yield node
        node = list(node.values())
    if isinstance(node, list):
        for value in node:
            yield from _objects(value)


def _add_links(paths: dict[str, Any]) -> None:
    for path_item in paths.values():
        for operation in path_item.values():
            links = LINKS.get(operation.get("operationId", ""))
            if links:
                operation["responses"]["201"]["links"] = {
                    name: {"operationId": target, "parameters": parameters}
                    for name, (target, parameters) in links.items()}
