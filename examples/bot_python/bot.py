"""A bot in forty lines: a bot account that accepts every invitation and plays each match
through the SDK's ``follow``. Replace ``choose`` with your own strategy.

    pip install ./openapi/python
    python examples/bot_python/bot.py --base-url http://127.0.0.1:8000 [--token TOKEN]
"""

from __future__ import annotations

import argparse
import secrets
import threading
import time
from uuid import UUID

from hearts_client import AuthenticatedClient, Client
from hearts_client.api.invitations import invitations_list
from hearts_client.api.matches import matches_join, matches_pass, matches_play
from hearts_client.api.players import players_create
from hearts_client.follow import follow
from hearts_client.models import (
    CardPlayRequest,
    CardsPassRequest,
    MatchSummary,
    PlayerCreateRequest,
    SeatView,
)

RANKS = "23456789TJQKA"


def rank(card: str) -> int:
    return RANKS.index(card[0])


def choose(view: SeatView) -> list[str]:
    """The cards to pass (the highest), or the one card to play (the lowest legal)."""
    if view.status == "passing":
        return sorted(view.hand, key=rank, reverse=True)[:view.rules.pass_count]
    return [min(view.legal_cards, key=rank)]


def play(bot: AuthenticatedClient, match_id: UUID) -> None:
    print(f"joined {match_id}", flush=True)
    for item in follow(bot, match_id):
        if isinstance(item, SeatView) and item.is_your_turn:
            cards, version = choose(item), f'"{item.version}"'  # a 412 means: wait for the next view
            if item.status == "passing":
                matches_pass.sync(match_id, client=bot, body=CardsPassRequest(cards), if_match=version)
            else:
                matches_play.sync(match_id, client=bot, body=CardPlayRequest(cards[0]), if_match=version)
    print(f"{match_id} is over", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--base-url", default="http://127.0.0.1:8000")
    parser.add_argument("--token", help="a bot account's token (else a new one is registered)")
    args = parser.parse_args()
    name = "the bot" if args.token else f"bot-{secrets.token_hex(4)}"
    token = args.token or players_create.sync(client=Client(args.base_url), body=PlayerCreateRequest(
        username=name, bot=True)).token  # type: ignore[union-attr]
    bot = AuthenticatedClient(args.base_url, token)
    print(f"{name} ready; --token {token} plays as it again", flush=True)
    while True:  # accept each invitation and play its match on a thread of its own
        for invitation in getattr(invitations_list.sync(client=bot), "results", []):
            if isinstance(matches_join.sync(invitation.match_id, client=bot), MatchSummary):
                threading.Thread(target=play, args=(bot, invitation.match_id)).start()
        time.sleep(1)


if __name__ == "__main__":
    main()
