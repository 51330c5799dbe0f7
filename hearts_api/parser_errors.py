"""uvicorn's h11 protocol (gunicorn.conf.py) whose own 400, for a request it cannot frame,
is ``invalid_request`` problem+json like every other refusal."""

from __future__ import annotations

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol


class ProblemH11Protocol(H11Protocol):
    """uvicorn's h11 protocol whose own 400 is ``invalid_request`` problem+json."""

    def send_400_response(self, msg: str) -> None:
        # Imported here: uvicorn imports this class before Django is configured.
        from .body_limit import rendered
        from .problem_types import Problem
        from .problems import bounded

        status, headers, body = rendered(Problem.invalid(
            "", "parse_error", bounded(f"The request could not be parsed: {msg}")))
        for event in (h11.Response(status_code=status, headers=headers, reason=b"Bad Request"),
                      h11.Data(data=body), h11.EndOfMessage()):
            self.transport.write(self.conn.send(event))
        self.transport.close()
