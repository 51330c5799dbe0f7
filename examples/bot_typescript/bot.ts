/**
 * A bot in forty lines: a bot account that accepts every invitation and plays each match
 * through the SDK's `follow`. Replace `choose` with your own strategy.
 *
 *     npm ci && npm run build && npm run -w examples/bot_typescript build
 *     node examples/bot_typescript/dist/bot.js [--base-url URL] [--token TOKEN]
 */
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";

import { createHeartsClient, follow, type Card, type HeartsClient, type SeatView } from "hearts-client";

const RANKS = "23456789TJQKA";
const rank = (card: Card): number => RANKS.indexOf(card.charAt(0));

/** The cards to pass (the highest), or the one card to play (the lowest legal). */
function choose(view: SeatView): Card[] {
  if (view.status === "passing") return [...view.hand].sort((a, b) => rank(b) - rank(a)).slice(0, view.rules.pass_count);
  return [[...view.legal_cards].sort((a, b) => rank(a) - rank(b))[0] ?? ""];
}

async function play(bot: HeartsClient, baseUrl: string, token: string, match_id: string): Promise<void> {
  console.log(`joined ${match_id}`);
  for await (const item of follow({ baseUrl, token, matchId: match_id })) {
    if (item.kind !== "view" || !item.view.is_your_turn) continue;
    const [cards, header] = [choose(item.view), { "If-Match": `"${item.view.version}"` }]; // a 412: wait for the next view
    const params = { path: { match_id }, header };
    if (item.view.status === "passing") await bot.POST("/api/v1/matches/{match_id}/pass", { params, body: { cards } });
    else await bot.POST("/api/v1/matches/{match_id}/play", { params, body: { card: cards[0] ?? "" } });
  }
  console.log(`${match_id} is over`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { "base-url": { type: "string", default: "http://127.0.0.1:8000" }, token: { type: "string" } } });
  const baseUrl = values["base-url"];
  const name = values.token ? "the bot" : `bot-${randomBytes(4).toString("hex")}`;
  const registered = values.token ?? (await createHeartsClient({ baseUrl }).POST("/api/v1/players", { body: { username: name, bot: true } })).data?.token;
  if (registered === undefined) throw new Error("registration refused");
  const bot = createHeartsClient({ baseUrl, token: registered });
  console.log(`${name} ready; --token ${registered} plays as it again`);
  for (;;) { // accept each invitation and play its match alongside the others
    for (const invitation of (await bot.GET("/api/v1/invitations")).data?.results ?? []) {
      const joined = await bot.POST("/api/v1/matches/{match_id}/join", { params: { path: { match_id: invitation.match_id } } });
      if (joined.data) void play(bot, baseUrl, registered, invitation.match_id).catch((error: unknown) => console.error(error));
    }
    await sleep(1000);
  }
}

void main();
