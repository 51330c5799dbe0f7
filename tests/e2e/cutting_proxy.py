"""A TCP proxy in front of the server that cuts every stream's connection after a few
kilobytes of its answer, mid-message: a client following a match through it must resume
with Last-Event-ID, again and again, and lose or repeat nothing."""

from __future__ import annotations

import contextlib
import random
import socket
import threading
from urllib.parse import urlsplit

REQUEST_LINES = (b"GET ", b"POST ", b"PUT ", b"PATCH ", b"DELETE ", b"HEAD ", b"OPTIONS ")


class CuttingProxy:
    """``base_url`` is the proxy's; ``cuts`` counts the connections it has cut. Any other
    request passes through untouched."""

    def __init__(self, target_url: str, cut_after: tuple[int, int] = (3000, 12000),
                 seed: int = 38) -> None:
        target = urlsplit(target_url)
        self.target = (target.hostname or "127.0.0.1", target.port or 80)
        self.cut_after = cut_after
        self.random = random.Random(seed)
        self.cuts = 0
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.base_url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def close(self) -> None:
        self.listener.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return  # closed
            server = socket.create_connection(self.target)
            budget: list[int | None] = [None]  # bytes of the answer left once a stream is asked
            threading.Thread(target=self._upstream, args=(client, server, budget), daemon=True).start()
            threading.Thread(target=self._downstream, args=(server, client, budget), daemon=True).start()

    def _upstream(self, client: socket.socket, server: socket.socket, budget: list[int | None]) -> None:
        with contextlib.suppress(OSError):
            while chunk := client.recv(65536):
                if chunk.startswith(REQUEST_LINES):  # a new request on this connection
                    with self.lock:
                        budget[0] = (self.random.randint(*self.cut_after)
                                     if b"/stream" in chunk.split(b"\r\n", 1)[0] else None)
                server.sendall(chunk)
        self._close(client, server)

    def _downstream(self, server: socket.socket, client: socket.socket, budget: list[int | None]) -> None:
        with contextlib.suppress(OSError):
            while chunk := server.recv(65536):
                left = budget[0]
                if left is not None and len(chunk) >= left:
                    client.sendall(chunk[:left])
                    with self.lock:
                        self.cuts += 1
                    break
                if left is not None:
                    budget[0] = left - len(chunk)
                client.sendall(chunk)
        self._close(client, server)

    @staticmethod
    def _close(*sockets: socket.socket) -> None:
        for sock in sockets:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()
