"""A deployment across hosts on one machine: each host a network namespace of its own on a
bridge (``ip netns``, veth pairs), with PostgreSQL and Redis on a database host (instances
of their own, listening on that host's address), three web hosts each running
``make serve``, two worker hosts each running ``make worker``, beat on a host of its own,
and HAProxy (Debian's) in front of the web hosts on this machine's loopback, checking
``/healthz`` on each. Needs root.

    sudo make cluster     # starts it, prints its URL; Ctrl-C (or SIGTERM to this
                          # process) stops it; CLUSTER_LOGS: its logs, /tmp/hearts-cluster

``cluster()`` is what the tests (tests/e2e/test_cluster.py) and benchmarks/cluster_load.py
start and stop; ``play_tables`` plays matches on it as clients that meet a failure would.
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from hearts_client import AuthenticatedClient
from hearts_client.follow import follow
from hearts_client.models import SeatView

from . import stack
from .faults import PG_VERSION, own_port
from .helpers import ApiClient, choose_move

WEB_HOSTS = ("web1", "web2", "web3")
WORKER_HOSTS = ("worker1", "worker2")
ADDRESSES = {"db": 2, "web1": 11, "web2": 12, "web3": 13, "worker1": 21, "worker2": 22, "beat": 31}
WEB_PORT, REDIS_PORT = 8000, 6379
# The database host's PostgreSQL port: not the fault tests' (tests/e2e/faults.py), since
# every cluster's socket is in /var/run/postgresql whatever its address.
PG_PORTS = range(5451, 5460)


def unavailable() -> str | None:
    """Why a cluster cannot be started here, or None."""
    if os.geteuid() != 0:
        return "needs root (ip netns)"
    for command in ("ip", "unshare", "haproxy", "pg_createcluster", "redis-server"):
        if shutil.which(command) is None:
            return f"needs {command} (make test installs haproxy when run as root)"
    if subprocess.run(["unshare", "--net", "true"], capture_output=True).returncode != 0:
        return "cannot make network namespaces here"
    return None


def _run(*argv: str) -> None:
    subprocess.run(argv, check=True, capture_output=True, timeout=60)


@dataclass
class Host:
    """A network namespace on the cluster's bridge at ``address``; its processes by name."""

    name: str
    namespace: str
    address: str
    processes: dict[str, stack.ManagedProcess] = field(default_factory=dict)

    def argv(self, *argv: str) -> list[str]:
        """``argv`` run inside this host, under its own host name."""
        return ["ip", "netns", "exec", self.namespace, "unshare", "--uts", "sh", "-c",
                f'hostname {self.name} && exec "$@"', "sh", *argv]

    def start(self, name: str, argv: list[str], env: dict[str, str], log_dir: Path) -> stack.ManagedProcess:
        process = stack.ManagedProcess(f"{self.name} {name}", self.argv(*argv), env,
                                       log_dir / f"{self.name}-{name}.log").start()
        self.processes[name] = process
        return process

    def signal(self, sig: signal.Signals) -> list[str]:
        """``sig`` to every process in this host's namespace, at once; their pids."""
        pids = subprocess.run(["ip", "netns", "pids", self.namespace], capture_output=True,
                              text=True, check=False).stdout.split()
        for pid in pids:
            try:
                os.kill(int(pid), sig)
            except ProcessLookupError:
                pass
        return pids

    def kill(self) -> None:
        """The host dies: SIGKILL to every process on it, until none is left."""
        for _ in range(50):
            if not self.signal(signal.SIGKILL):
                break
            time.sleep(0.02)
        for process in self.processes.values():
            process.stop(grace=0)


@dataclass
class Cluster:
    """The hosts by name, HAProxy's ``base_url``, each web host's own URL in ``web_urls``,
    the services' environment and the database's URL as seen from this machine."""

    hosts: dict[str, Host]
    base_url: str
    web_urls: dict[str, str]
    env: dict[str, str]
    database_url: str
    celery: Any  # a Celery app on the broker, to ping the workers
    log_dir: Path
    web_workers: int  # each web host's processes

    @property
    def haproxy_socket(self) -> Path:
        return self.log_dir / "haproxy.sock"

    def balance_over(self, count: int) -> None:
        """HAProxy sends requests to the first ``count`` web hosts only (its runtime API)."""
        for number, name in enumerate(WEB_HOSTS):
            state = "ready" if number < count else "maint"
            with socket.socket(socket.AF_UNIX) as admin:
                admin.connect(str(self.haproxy_socket))
                admin.sendall(f"set server web/{name} state {state}\n".encode())
                admin.recv(4096)

    def start_web(self, name: str) -> None:
        """``make serve`` on web host ``name`` (again); returns once it says ok."""
        host = self.hosts[name]
        web = host.start("web", ["make", "--no-print-directory", "serve", f"HOST={host.address}",
                                 f"PORT={WEB_PORT}", f"WEB_WORKERS={self.web_workers}"],
                         self.env, self.log_dir)
        stack.wait_until(lambda: stack.healthy(self.web_urls[name]), timeout=90,
                         what=f"{name} to say ok", process=web)

    def start_worker(self, name: str) -> None:
        """``make worker`` on worker host ``name`` (again); returns once it answers a ping."""
        node = f"celery@{name}"  # celery's default name on a host of that name
        worker = self.hosts[name].start("worker", ["make", "--no-print-directory", "worker"],
                                        self.env, self.log_dir)
        stack.wait_until(lambda: self.celery.control.ping(destination=[node], timeout=1.0),
                         timeout=90, what=f"{node} to answer ping", process=worker, interval=0.5)


@contextmanager
def _network(prefix: str, subnet: str) -> Iterator[dict[str, Host]]:
    """A bridge with this machine at ``subnet``.1 and a namespace per host of ``ADDRESSES``;
    removed after, what this call made and nothing else (the namespaces first, which takes
    their veth pairs with them)."""
    bridge = f"{prefix}br"
    hosts = {name: Host(name, f"{prefix}-{name}", f"{subnet}.{number}")
             for name, number in ADDRESSES.items()}
    made: list[list[str]] = []  # how to remove each thing made, last made first
    try:
        _run("ip", "link", "add", bridge, "type", "bridge")
        made.append(["ip", "link", "del", bridge])
        _run("ip", "addr", "add", f"{subnet}.1/24", "dev", bridge)
        _run("ip", "link", "set", bridge, "up")
        for host in hosts.values():
            outside = f"{prefix}{host.name}"
            _run("ip", "netns", "add", host.namespace)
            made.append(["ip", "netns", "del", host.namespace])
            _run("ip", "link", "add", outside, "type", "veth", "peer", "name", "eth0",
                 "netns", host.namespace)
            _run("ip", "link", "set", outside, "master", bridge, "up")
            _run("ip", "-n", host.namespace, "addr", "add", f"{host.address}/24", "dev", "eth0")
            _run("ip", "-n", host.namespace, "link", "set", "eth0", "up")
            _run("ip", "-n", host.namespace, "link", "set", "lo", "up")
        yield hosts
    finally:
        for remove in reversed(made):
            subprocess.run(remove, capture_output=True)


@contextmanager
def _postgres(db: Host, subnet: str) -> Iterator[str]:
    """A PostgreSQL cluster of its own listening on ``db``'s address; its server URL."""
    name, port = f"hearts_cluster_{os.getpid()}", own_port(PG_PORTS)
    _run("pg_createcluster", PG_VERSION, name, "-p", str(port), "--start-conf=manual", "--",
         "--auth=trust")
    try:
        config = Path("/etc/postgresql") / PG_VERSION / name
        with open(config / "postgresql.conf", "a") as conf:
            conf.write(f"listen_addresses = '{db.address}'\nmax_connections = 300\n")
        with open(config / "pg_hba.conf", "a") as hba:
            hba.write(f"host all all {subnet}.0/24 trust\n")
        _run(*db.argv("pg_ctlcluster", PG_VERSION, name, "start"))
        yield f"postgres://postgres@{db.address}:{port}/postgres"
    finally:
        subprocess.run(["pg_dropcluster", PG_VERSION, name, "--stop"], capture_output=True,
                       timeout=120)


def _haproxy_config(web: dict[str, Host], port: int, socket: Path) -> str:
    servers = "\n".join(
        f"    server {name} {host.address}:{WEB_PORT} check inter 500ms fall 2 rise 2"
        for name, host in web.items())
    return f"""global
    maxconn 4096
    stats socket {socket} mode 600 level admin
defaults
    mode http
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout tunnel 1h
    retries 2
    option redispatch
frontend hearts
    bind 127.0.0.1:{port}
    option forwardfor
    default_backend web
backend web
    balance roundrobin
    option httpchk
    http-check send meth GET uri /healthz ver HTTP/1.1 hdr Host 127.0.0.1
    http-check expect rstatus ^(200|503)$
{servers}
"""


@contextmanager
def cluster(log_dir: Path, *, web_workers: int = 1, **env: str) -> Iterator[Cluster]:
    """The whole cluster, started (each web host healthy with ``web_workers`` processes,
    each worker answering), and stopped and removed after it. ``env`` is added to every
    service's environment."""
    index = os.getpid() % 200
    prefix, subnet = f"hc{index}", f"10.231.{index}"
    # The hosts' make targets must find the install done: they cannot reach the registries.
    subprocess.run(["make", "--no-print-directory", "install"], cwd=stack.ROOT, check=True,
                   capture_output=True, timeout=600)
    with ExitStack() as cleanup:
        hosts = cleanup.enter_context(_network(prefix, subnet))
        db = hosts["db"]
        cleanup.callback(db.kill)  # after PostgreSQL's clean stop, before the network goes
        server_url = cleanup.enter_context(_postgres(db, subnet))
        for host in hosts.values():  # the others die first: none is left using the database
            if host is not db:
                cleanup.callback(host.kill)
        password = secrets.token_hex(16)  # Redis across hosts, as in production: not open
        db.start("redis", ["redis-server", "--bind", db.address, "--port", str(REDIS_PORT),
                           "--requirepass", password, "--save", "", "--appendonly", "no"], {}, log_dir)
        broker = f"redis://:{password}@{db.address}:{REDIS_PORT}/0"
        stack.wait_until(lambda: stack.redis_unreachable(broker) is None, timeout=20,
                         what="the database host's Redis", process=db.processes["redis"])
        database_url = stack.create_migrated_database(server_url, "hearts")
        cleanup.callback(stack.forget_migrated_template, server_url)
        allowed = ",".join(["127.0.0.1", "localhost", *(hosts[name].address for name in WEB_HOSTS)])
        # HAProxy adds X-Forwarded-For; the web hosts believe it from HAProxy only.
        # A command cut off with a killed web host runs again once its Idempotency-Key has
        # been in flight this long: less than ``kill_under_way`` waits for play to go on.
        service_env = {**stack.service_env(database_url, broker), "ALLOWED_HOSTS": allowed,
                       "FORWARDED_ALLOW_IPS": f"{subnet}.1", "IDEMPOTENCY_IN_FLIGHT_SECONDS": "5",
                       **env}
        port = stack.free_port()
        celery = stack.bare_celery(broker)
        cleanup.callback(celery.close)
        made = Cluster(hosts, f"http://127.0.0.1:{port}",
                       {name: f"http://{hosts[name].address}:{WEB_PORT}" for name in WEB_HOSTS},
                       service_env, database_url, celery, log_dir, web_workers)
        with ThreadPoolExecutor(max_workers=len(WEB_HOSTS) + len(WORKER_HOSTS)) as starting:
            started = [starting.submit(made.start_web, name) for name in WEB_HOSTS]
            started += [starting.submit(made.start_worker, name) for name in WORKER_HOSTS]
            for future in started:
                future.result()
        hosts["beat"].start("beat", ["make", "--no-print-directory", "beat"], service_env, log_dir)
        config = log_dir / "haproxy.cfg"
        config.write_text(_haproxy_config({name: hosts[name] for name in WEB_HOSTS}, port,
                                          made.haproxy_socket))
        haproxy = stack.ManagedProcess("haproxy", [shutil.which("haproxy") or "haproxy", "-db",
                                                   "-f", str(config)], {},
                                       log_dir / "haproxy.log").start()
        cleanup.callback(haproxy.stop)
        stack.wait_until(lambda: stack.healthy(made.base_url), timeout=30, what="HAProxy to say ok",
                         process=haproxy)
        yield made


# --- players ------------------------------------------------------------------------------

HUMANS_AND_BOTS = [{"kind": "player"}, {"kind": "open"}, {"kind": "bot", "level": "easy"},
                   {"kind": "bot", "level": "easy"}]
# What a player may be answered while a host dies besides a 2xx: a refusal it acts on, or
# the proxy's "no answer from that host" (502, 503, 504), after which it asks again.
RETRIED = frozenset({409, 502, 503, 504})


@dataclass
class Player:
    """One seat played to the match's end through ``base_url`` (HAProxy, or a web host): it
    reads its view, sends its move with ``If-Match`` and an ``Idempotency-Key``, and sends
    the very same request again when no answer came (``retries`` counts them)."""

    base_url: str
    token: str
    match_id: str
    statuses: list[int] = field(default_factory=list)
    retries: int = 0
    failure: BaseException | None = None

    def play(self, deadline: float) -> None:
        try:
            self._play(deadline)
        except BaseException as error:  # reported by the test
            self.failure = error

    def _ask(self, http: httpx.Client, deadline: float, method: str, path: str,
             **kwargs: Any) -> httpx.Response:
        while time.monotonic() < deadline:
            try:
                response = http.request(method, path, **kwargs)
            except httpx.TransportError:
                self.retries += 1
                time.sleep(0.2)
                continue
            self.statuses.append(response.status_code)
            if response.status_code not in RETRIED or response.status_code == 409 and \
                    response.json().get("code") != "request_in_progress":
                return response
            self.retries += 1
            time.sleep(0.2)
        raise AssertionError(f"{method} {path}: no answer in time")

    def _play(self, deadline: float) -> None:
        with httpx.Client(base_url=f"{self.base_url}/api/v1", timeout=30, verify=stack.TLS,
                          headers={"Authorization": f"Bearer {self.token}"}) as http:
            while time.monotonic() < deadline:
                view = self._ask(http, deadline, "GET", f"/matches/{self.match_id}/view").json()
                if view["status"] == "finished":
                    return
                if not view["is_your_turn"]:
                    self._ask(http, deadline, "GET", f"/matches/{self.match_id}/events",
                              params={"after": view["version"], "limit": 1, "wait": 5})
                    continue
                kind, cards = choose_move(view)
                body = {"cards": cards} if kind == "pass" else {"card": cards}
                answer = self._ask(http, deadline, "POST", f"/matches/{self.match_id}/{kind}", json=body,
                                   headers={"If-Match": f'"{view["version"]}"',
                                            "Idempotency-Key": str(uuid.uuid4())})
                assert answer.status_code in (200, 409, 412), answer.text
            raise AssertionError(f"match {self.match_id} not finished in time")


@dataclass
class Follower:
    """The SDK's ``follow`` of one match through HAProxy: every event's seq and when it came,
    and the last view."""

    base_url: str
    token: str
    match_id: str
    seqs: list[int] = field(default_factory=list)
    arrived: list[float] = field(default_factory=list)
    view: SeatView | None = None
    failure: BaseException | None = None

    @property
    def finished(self) -> bool:
        return self.view is not None and self.view.status == "finished"

    def run(self) -> None:
        try:
            following = AuthenticatedClient(self.base_url, self.token)
            for item in follow(following, self.match_id, after=0):
                if isinstance(item, SeatView):
                    self.view = item
                else:
                    self.seqs.append(item.seq)
                    self.arrived.append(time.monotonic())
        except BaseException as error:
            self.failure = error


def table(via: str) -> tuple[str, ApiClient, ApiClient]:
    """A one-hand match of two players (north creates it through ``via``, east joins) and
    two easy bots."""
    north, east = (ApiClient.register(via, "cluster") for _ in range(2))
    match_id = north.create_match(HUMANS_AND_BOTS, {"max_hands": 1})["id"]
    east.ok("POST", f"/matches/{match_id}/join", json={})
    return match_id, north, east


def play_tables(made: Cluster, tables: list[tuple[str, ApiClient, ApiClient]],
                players_via: Iterator[str],
                during: Callable[[list[Follower]], None] | None = None,
                ) -> tuple[list[Follower], list[Player]]:
    """Play every table to its end, each seat's player through the next of ``players_via``,
    a follower of each through HAProxy; ``during`` (if any) runs once play is under way.
    Returns the followers (in the tables' order) and the players."""
    followers = [Follower(made.base_url, north.token or "", match_id)
                 for match_id, north, _ in tables]
    players = [Player(next(players_via), client.token or "", match_id)
               for match_id, north, east in tables for client in (north, east)]
    deadline = time.monotonic() + 180
    threads = [threading.Thread(target=f.run, daemon=True) for f in followers]
    threads += [threading.Thread(target=p.play, args=(deadline,), daemon=True) for p in players]
    for thread in threads:
        thread.start()
    if during is not None:
        during(followers)
    for thread in threads:
        thread.join(timeout=max(1.0, deadline - time.monotonic()))
        assert not thread.is_alive(), f"{thread.name} still playing or following"
    for player in players:
        assert player.failure is None, player.failure
        assert 500 not in player.statuses
    return followers, players



def kill_under_way(made: Cluster, name: str, followers: list[Follower]) -> list[float]:
    """Once every follower has 30 events, HAProxy sends to every web host again and host
    ``name`` is killed at once; the seconds from its death to the next event of each follower
    whose match had not ended."""
    stack.wait_until(lambda: all(len(f.seqs) >= 30 for f in followers), timeout=60,
                     what="every table some moves in")
    counts = [len(f.seqs) for f in followers]
    made.balance_over(len(WEB_HOSTS))
    killed = time.monotonic()
    made.hosts[name].kill()
    stack.wait_until(lambda: all(len(f.seqs) > n or f.finished
                                 for f, n in zip(followers, counts, strict=True)),
                     timeout=30, what="every follower to get an event after the kill")
    return [f.arrived[n] - killed for f, n in zip(followers, counts, strict=True) if len(f.seqs) > n]


def main() -> None:
    reason = unavailable()
    if reason:
        raise SystemExit(f"cannot start the cluster: {reason}")
    log_dir = Path(os.environ.get("CLUSTER_LOGS", "/tmp/hearts-cluster"))
    log_dir.mkdir(parents=True, exist_ok=True)
    for stop in (signal.SIGINT, signal.SIGTERM):  # even if started with SIGINT ignored
        signal.signal(stop, signal.default_int_handler)
    with cluster(log_dir) as running:
        print(f"the cluster answers at {running.base_url} (HAProxy over "
              f"{', '.join(running.web_urls.values())}); logs in {log_dir}; Ctrl-C or SIGTERM "
              f"stops it", flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
