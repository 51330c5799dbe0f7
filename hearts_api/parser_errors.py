"""The answer to a request uvicorn's HTTP parser (h11) cannot frame, in the service's form.

uvicorn answers such a request itself, before any application code: a bad
``Content-Length`` (``abc``, or two that disagree), a malformed request line or header
line, a request line and headers still unfinished past 16 KiB. Its answer was a
``text/plain`` 400, the one refusal of the service that was not problem+json.
``ProblemH11Protocol`` is uvicorn's h11 protocol (gunicorn.conf.py) with that one answer
replaced: 400 ``invalid_request`` problem+json, still closing the connection.
"""

from __future__ import annotations

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol


class ProblemH11Protocol(H11Protocol):
    """uvicorn's h11 protocol whose own 400 is ``invalid_request`` problem+json."""

    def send_400_response(self, msg: str) -> None:
        # Imported at the first such request: uvicorn imports this class before the
        # application, so before Django's settings are configured.
        from .body_limit import rendered
        from .problem_types import Problem
        from .problems import bounded

        status, headers, body = rendered(Problem.invalid(
            "", "parse_error", bounded(f"The request could not be parsed: {msg}")))
        for event in (h11.Response(status_code=status, headers=headers, reason=b"Bad Request"),
                      h11.Data(data=body), h11.EndOfMessage()):
            self.transport.write(self.conn.send(event))
        self.transport.close()
