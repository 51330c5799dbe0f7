"""gunicorn's settings for the web server: ``gunicorn config.asgi -c gunicorn.conf.py``
(``make serve``; the bind address and the number of processes are given on its command line).

Figures behind each choice: benchmarks/README.md, "Slow clients".
"""

from uvicorn_worker import UvicornWorker


class Worker(UvicornWorker):
    """uvicorn on uvloop, parsing HTTP with h11 rather than httptools: h11 refuses (400, and
    closes) a request line and headers still incomplete past 16 KiB, where httptools keeps
    every header a client sends (51 MB of them on one connection, never answered); headers
    that arrive whole in one read pass whatever their size. Neither has a deadline for a
    request to arrive, nor a cap on a header; that is the proxy's job (README, "Running it
    for real"). The parser's own 400 is problem+json, as every refusal
    (hearts_api.parser_errors)."""

    CONFIG_KWARGS = {"loop": "auto", "http": "hearts_api.parser_errors:ProblemH11Protocol"}


worker_class = Worker
# Seconds an idle kept-alive connection stays open after its last answer: a client's next
# command usually follows within that, and an idle connection costs only a socket.
keepalive = 5
# On a restart, seconds a process has to finish its requests before it is killed. A command
# takes milliseconds; the ones cut off are streams and long polls, which clients resume.
graceful_timeout = 10
# gunicorn's control socket: its default path is shared by every gunicorn of the user.
control_socket_disable = True
