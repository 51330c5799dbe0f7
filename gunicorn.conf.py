"""gunicorn's settings for the web server: ``gunicorn config.asgi -c gunicorn.conf.py``
(``make serve``; the bind address and the number of processes are given on its command line).

Figures behind each choice: benchmarks/README.md, "Slow clients".
"""

from uvicorn_worker import UvicornWorker


class Worker(UvicornWorker):
    """uvicorn on uvloop, parsing HTTP with h11 rather than httptools: h11 refuses a request
    line and headers still incomplete past 16 KiB (400, problem+json as every refusal:
    hearts_api.parser_errors), where httptools keeps every header a client sends. Deadlines
    and header caps are the proxy's job (README, "Running it for real")."""

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
