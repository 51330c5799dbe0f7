"""The request body parser: DRF's JSON parser, refusing two bodies it would let through to
a 500 (docs/api.md, "Errors": no request, however malformed, gets a 500)."""

from __future__ import annotations

import json
from typing import Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser


class StrictJSONParser(JSONParser):
    """``application/json`` bodies, as DRF parses them, with two more refusals (400
    ``invalid_request``): arrays or objects nested deeper than the decoder can recurse,
    and strings holding a lone surrogate (``"\\ud800"``), which no UTF-8 response could
    echo back in an error."""

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
