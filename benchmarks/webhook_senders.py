"""How long a quick owner's webhook deliveries wait while many owners' endpoints are slow.

    python benchmarks/webhook_senders.py [--slow-owners 32] [--attempt-s 0.4] [--senders 4]
                                         [--seconds 20]

One process's senders (``games.webhooks._Senders``, ``--senders`` threads) with the attempt
itself replaced by a sleep: ``--slow-owners`` owners each keep a few deliveries waiting,
each taking ``--attempt-s`` seconds, and after 4 s one more owner hands over a delivery
every 0.5 s, each taking no time. Prints how long the quick owner's deliveries waited for
a sender (median, max). No database, broker or network is used; settings as production's.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

QUICK_OWNER = 0
WARM_UP_S = 4.0
QUICK_EVERY_S = 0.5
BACKLOG = 3  # deliveries each slow owner keeps waiting


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slow-owners", type=int, default=32)
    parser.add_argument("--attempt-s", type=float, default=0.4)
    parser.add_argument("--senders", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()

    import django
    django.setup()
    from django.conf import settings

    from games import webhooks

    settings.WEBHOOK_SENDERS = args.senders
    arrived: dict[uuid.UUID, float] = {}
    waits: list[float] = []
    slow: set[uuid.UUID] = set()

    def attempt(delivery_id: uuid.UUID) -> str:
        if delivery_id in slow:
            time.sleep(args.attempt_s)
        else:
            waits.append(time.monotonic() - arrived[delivery_id])
        return "delivered"

    webhooks.deliver = attempt  # the senders call the module's deliver
    senders = webhooks._Senders()
    stop = time.monotonic() + WARM_UP_S + args.seconds

    def slow_owner(owner: int) -> None:
        while time.monotonic() < stop:
            with senders.lock:
                backlog = len(senders.waiting.get(owner, {}))
            if backlog < BACKLOG:
                delivery_id = uuid.uuid4()
                slow.add(delivery_id)
                senders.add(owner, delivery_id)
            time.sleep(0.05)

    for owner in range(1, args.slow_owners + 1):
        threading.Thread(target=slow_owner, args=(owner,), daemon=True).start()
    time.sleep(WARM_UP_S)
    while time.monotonic() < stop:
        delivery_id = uuid.uuid4()
        arrived[delivery_id] = time.monotonic()
        senders.add(QUICK_OWNER, delivery_id)
        time.sleep(QUICK_EVERY_S)
    time.sleep(args.attempt_s * 2)
    if not waits:
        sys.exit("none of the quick owner's deliveries was sent: give it more --seconds")
    print(f"{args.slow_owners} slow owners ({args.attempt_s} s an attempt), {args.senders} senders: "
          f"the quick owner's {len(waits)} deliveries sent of {len(arrived)} handed over waited "
          f"{statistics.median(waits):.2f} s at the median, {max(waits):.2f} s at most")


if __name__ == "__main__":
    main()
