"""The request body parser: no malformed body reaches a 500 (docs/api.md, "Errors")."""

from __future__ import annotations

import json
from typing import Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser


class StrictJSONParser(JSONParser):
    """DRF's JSON parser, also refusing (``ParseError``) nesting past the recursion limit and
    strings with a lone surrogate, which no UTF-8 response could echo."""

    def parse(self, stream: Any, media_type: str | None = None,
              parser_context: dict[str, Any] | None = None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
            json.dumps(data, ensure_ascii=False).encode("utf-8")
        except RecursionError:
            raise ParseError("JSON parse error - nested too deeply") from None
        except UnicodeEncodeError:
            raise ParseError("JSON parse error - a string holds a lone surrogate") from None
        return data
