"""The catalog of problems (``problem_catalog.yaml``), read once: ``PROBLEMS`` by code, in the
``/problems`` index's order, and ``MEMBERS``; and ``Problem``, the one exception of every code."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml
from rest_framework import exceptions

CATALOG = Path(__file__).with_name("problem_catalog.yaml")


@dataclass(frozen=True)
class Member:
    """An extension member of a problem body, for the pages and for the schema."""

    name: str
    type: str
    field: str
    description: str
    summary: str
    max_items: int | None = None


@dataclass(frozen=True)
class Header:
    """A response header that comes with a problem (``always``: with every body of it)."""

    name: str
    description: str
    schema_type: str = "string"
    always: bool = True


@dataclass(frozen=True)
class ProblemType:
    """One code of the catalog: status, title, default detail, members, headers, page text."""

    code: str
    status: int
    title: str
    default_detail: str
    members: tuple[Member, ...]
    headers: tuple[Header, ...]
    description: str
    what_to_do: str

    @property
    def type_uri(self) -> str:
        """The ``type`` member of its bodies: the relative URI ``/problems/<code>``."""
        return f"/problems/{self.code}"


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """YAML's safe loader (libyaml's where PyYAML has it), refusing a key named twice in one
    mapping."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        keys = [self.construct_object(key, deep=deep) for key, _ in node.value]
        twice = sorted({str(key) for key in keys if keys.count(key) > 1})
        if twice:
            raise ValueError(f"the catalog names {', '.join(map(repr, twice))} twice")
        return super().construct_mapping(node, deep=deep)


def _load(text: str) -> tuple[dict[str, Member], dict[str, ProblemType]]:
    """The members and problem types of a catalog's YAML ``text``. Raises ``ValueError`` for
    a key named twice, ``KeyError`` for a member or header no entry defines."""
    catalog = yaml.load(text, Loader=_Loader)  # _Loader is a safe loader
    members = {name: Member(name=name, **spec) for name, spec in catalog["members"].items()}
    headers = {name: Header(name=name, **spec) for name, spec in catalog["headers"].items()}

    def header(spec: str | dict[str, Any]) -> Header:
        if isinstance(spec, str):
            return headers[spec]
        return replace(headers[spec["name"]], **{k: v for k, v in spec.items() if k != "name"})

    problems = {code: ProblemType(
        code=code, status=spec["status"], title=spec["title"],
        default_detail=spec.get("detail", spec["title"] + "."),
        members=tuple(members[name] for name in spec.get("members", ())),
        headers=tuple(header(h) for h in spec.get("headers", ())),
        description=spec["description"], what_to_do=spec["what_to_do"],
    ) for code, spec in catalog["problems"].items()}
    return members, problems


_members, _problems = _load(CATALOG.read_text(encoding="utf-8"))
MEMBERS: Mapping[str, Member] = MappingProxyType(_members)
PROBLEMS: Mapping[str, ProblemType] = MappingProxyType(_problems)
_errors_max = _members["errors"].max_items
if not _errors_max:
    raise ValueError("the catalog's errors member needs its max_items")
ERRORS_MAX: int = _errors_max  # faults an errors member names at most


def problem_type(code: str) -> ProblemType:
    """The catalog's entry for ``code``; ``LookupError`` for a code it lacks."""
    try:
        return PROBLEMS[code]
    except KeyError:
        raise LookupError(f"no problem type for code {code!r}: define one in "
                          f"hearts_api/problem_catalog.yaml") from None


class Problem(exceptions.APIException):
    """A refused request, answered as the problem of ``code`` (``LookupError`` if unknown), with
    ``detail`` (else the default), JSON-ready ``extensions``, and a 401's ``auth_header``;
    a code with ``errors`` always names at least one fault."""

    def __init__(self, code: str, detail: str | None = None, *, auth_header: str | None = None,
                 **extensions: Any) -> None:
        self.problem_type = problem_type(code)
        self.status_code = self.problem_type.status
        detail = detail or self.problem_type.default_detail
        if MEMBERS["errors"] in self.problem_type.members:
            extensions.setdefault("errors", [{"field": "", "code": "invalid", "detail": detail}])
        super().__init__(detail, code)
        self.extensions = extensions
        self.auth_header = auth_header

    @classmethod
    def invalid(cls, field: str, code: str, detail: str) -> Problem:
        """``invalid_request`` for one bad ``field`` (dotted path, header name, ``""``: the body)."""
        return cls("invalid_request", detail, errors=[{"field": field, "code": code, "detail": detail}])

    @property
    def wait(self) -> int | None:
        """Seconds to wait before trying again (the ``retry_after`` member), else None."""
        wait: int | None = self.extensions.get("retry_after")
        return wait

    def body(self) -> dict[str, Any]:
        """The RFC 9457 body: ``{"type", "title", "status", "detail", "code", …extensions}``."""
        kind = self.problem_type
        return {"type": kind.type_uri, "title": kind.title, "status": kind.status,
                "detail": str(self.detail), "code": kind.code, **self.extensions}
