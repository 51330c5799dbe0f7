/**
 * A small Hearts client that uses only the TypeScript SDK (hearts-client): it plays one
 * whole match against three bots, like examples/play_match.py does over plain HTTP.
 *
 *     npm ci
 *     npm run -w openapi/typescript build && npm run -w examples/sdk_typescript build
 *     node examples/sdk_typescript/dist/play_match.js --base-url http://127.0.0.1:8000
 *
 * With --daily it plays the caller's one attempt at today's daily challenge instead (south,
 * the day's bots and deals, four hands) and prints the day's leaderboard before the record.
 * With --token it plays as the player an earlier run registered (and printed the token
 * of), so that player's record builds up; --bot-level takes one level or three
 * (east, south, west: easy,hard,hard). With --hints the match gives hints (it is unrated):
 * the client asks for one at each decision, follows it, and at the end prints the analysis
 * of its decisions hand by hand, the blunders marked. With --lesson SLUG it takes one lesson
 * instead: prints its prompt, makes the move it would make in a match, and prints the verdict.
 *
 * It registers a player, creates a match (itself north, three bots), then follows it with
 * the SDK's `follow` (the stream, resumed with Last-Event-ID when the connection drops) and,
 * at each view that says it is its turn, passes its pass_count highest cards or plays its
 * lowest legal card (If-Match with the view's version; a 412 stale_version means the table
 * moved: the next view comes). Every command carries an Idempotency-Key and is sent again
 * with it after a timeout. At the end it reads every page of the match's events, checks that
 * the stream gave each of them once and in order, and prints a score sheet from them, the
 * final standings and the player's record.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";

import {
  createHeartsClient,
  follow,
  type Analysis,
  type BotLevel,
  type Card,
  type DailyChallenge,
  type Event,
  type EventType,
  type HeartsClient,
  type MatchResult,
  type MatchSummary,
  type PassDirection,
  type PlayerProfile,
  type Problem,
  type Seat,
  type SeatSpecRequest,
  type SeatView,
} from "hearts-client";

const SEATS: readonly Seat[] = ["north", "east", "south", "west"];
const RANKS = "23456789TJQKA";
const COMMAND_TIMEOUT_MS = 10_000; // a command with no answer by then is sent again, same key
/** Every bot level the schema knows: the compiler checks that none is missing or extra. */
const BOT_LEVELS: Record<BotLevel, true> = { random: true, easy: true, medium: true, hard: true, expert: true };

const rank = (card: Card): number => RANKS.indexOf(card.charAt(0));
const isBotLevel = (text: string): text is BotLevel => Object.hasOwn(BOT_LEVELS, text);

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** A refusal as one line: its status, code and detail, and the legal cards when it names them. */
function describe(problem: Problem): string {
  const legal = problem.legal_cards ? ` (legal: ${problem.legal_cards.join(" ")})` : "";
  const fields = (problem.errors ?? []).map((e) => `; ${e.field || "body"}: ${e.code} (${e.detail})`).join("");
  return `${problem.status} ${problem.code}: ${problem.detail}${legal}${fields}`;
}

interface Options {
  baseUrl: string;
  botLevels: [BotLevel, BotLevel, BotLevel];
  token: string | undefined;
  targetScore: number | undefined;
  pageSize: number;
  timeoutS: number;
  daily: boolean;
  hints: boolean;
  lesson: string | undefined;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      "base-url": { type: "string", default: "http://127.0.0.1:8000" },
      "bot-level": { type: "string", default: "easy" },
      "target-score": { type: "string" },
      "page-size": { type: "string", default: "500" },
      "timeout-s": { type: "string", default: "600" },
      daily: { type: "boolean", default: false },
      hints: { type: "boolean", default: false },
      lesson: { type: "string" },
      token: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(
      "usage: play_match.js [--base-url URL] [--bot-level LEVEL | --bot-level LEVEL,LEVEL,LEVEL]\n" +
        "                     [--target-score N] [--page-size N] [--timeout-s S] [--hints] [--daily] [--token T]\n" +
        "       play_match.js [--base-url URL] --lesson SLUG\n" +
        "  LEVEL: random|easy|medium|hard|expert",
    );
    process.exit(0);
  }
  const levels: BotLevel[] = [];
  for (const level of values["bot-level"].split(",")) {
    if (!isBotLevel(level)) {
      fail(`--bot-level must be one of ${Object.keys(BOT_LEVELS).join(", ")}, not ${level}`);
    }
    levels.push(level);
  }
  if (levels.length !== 1 && levels.length !== 3) fail("--bot-level takes one level or three");
  const botLevels = (levels.length === 1 ? Array(3).fill(levels[0]) : levels) as [BotLevel, BotLevel, BotLevel];
  const integer = (name: string, text: string, min: number, max: number): number => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < min || n > max) fail(`--${name} must be an integer ${min}..${max}, not ${text}`);
    return n;
  };
  const target = values["target-score"];
  return {
    baseUrl: values["base-url"],
    botLevels,
    token: values.token,
    // Not range-checked here: the server refuses a bad one (400 invalid_request, with errors).
    targetScore: target === undefined ? undefined : integer("target-score", target, -(2 ** 53), 2 ** 53),
    pageSize: integer("page-size", values["page-size"], 1, 1000),
    timeoutS: integer("timeout-s", values["timeout-s"], 1, 86400),
    daily: values.daily,
    hints: values.hints && !values.daily,
    lesson: values.lesson,
  };
}

interface Stats {
  views: number;
  commands: number;
  stale: number;
}

/** Plays one match to the end; returns the client and the final seat view. */
async function playMatch(
  options: Options,
): Promise<{
  name: string;
  hearts: HeartsClient;
  view: SeatView;
  followed: Event[];
  stats: Stats;
  daily: DailyChallenge | null;
}> {
  const stats: Stats = { views: 0, commands: 0, stale: 0 };
  let name = "";
  let token = options.token;
  if (token === undefined) {
    name = `sdk-ts-${randomBytes(3).toString("hex")}`;
    const registered = await createHeartsClient({ baseUrl: options.baseUrl }).POST("/api/v1/players", {
      body: { username: name },
    });
    if (registered.error) fail(`registration refused: ${describe(registered.error)}`);
    token = registered.data.token;
    console.log(`registered ${name}; play as ${name} again with --token ${token}`);
  }
  const hearts = createHeartsClient({ baseUrl: options.baseUrl, token });
  const seated = (summary: MatchSummary, seat: string): string =>
    summary.seats.find((entry) => entry.seat === seat)?.name ?? fail(`nobody in ${seat}`);

  let daily: DailyChallenge | null = null;
  let summary: MatchSummary;
  if (options.daily) {
    const today = await hearts.GET("/api/v1/daily");
    if (today.error) fail(`daily refused: ${describe(today.error)}`);
    daily = today.data;
    const day = daily.date;
    const created = await withRetries((key, signal) =>
      hearts.POST("/api/v1/daily/{day}/matches", {
        params: { path: { day }, header: { "Idempotency-Key": key } },
        signal,
      }),
    );
    if (created.error) fail(`daily match refused: ${describe(created.error)}`);
    summary = created.data;
    name ||= seated(summary, "south");
    const levels = daily.bot_levels;
    console.log(
      `${name} (south) started the daily challenge of ${day} (${created.response.headers.get("Location")}): ` +
        `west ${levels.west}, north ${levels.north}, east ${levels.east}, ${daily.hands} hands`,
    );
  } else {
    const bots: SeatSpecRequest[] = options.botLevels.map((level) => ({ kind: "bot", level }));
    const created = await withRetries((key, signal) =>
      hearts.POST("/api/v1/matches", {
        params: { header: { "Idempotency-Key": key } },
        body: {
          seats: [{ kind: "player" }, ...bots],
          rules: options.targetScore === undefined ? undefined : { target_score: options.targetScore },
          hints: options.hints,
        },
        signal,
      }),
    );
    if (created.error) fail(`match refused: ${describe(created.error)}`);
    summary = created.data;
    name ||= seated(summary, "north");
    console.log(
      `${name} (north) created ${created.response.headers.get("Location")} ` +
        `against ${options.botLevels.join(", ")} bots (east, south, west), to ${summary.rules.target_score} points`,
    );
  }
  const match_id = summary.id;

  // Follow the stream (resumed with Last-Event-ID when the connection drops) and act at
  // each new view that says it is my turn; every event followed is kept for the check.
  const followed: Event[] = [];
  let last: SeatView | undefined;
  const deadline = AbortSignal.timeout(options.timeoutS * 1000);
  for await (const item of follow({ baseUrl: options.baseUrl, token, matchId: match_id, after: 0, signal: deadline })) {
    if (item.kind === "event") {
      followed.push(item.event);
      continue;
    }
    stats.views += 1;
    const view = item.view;
    const isNew = last === undefined || view.version !== last.version;
    last = view;
    if (!view.is_your_turn || !isNew) continue;

    const ifMatch = `"${view.version}"`;
    let hinted: { pass: Card[] | null; play: Card | null } = { pass: null, play: null };
    if (options.hints) {
      const hint = await hearts.GET("/api/v1/matches/{match_id}/hint", { params: { path: { match_id } } });
      if (hint.error) fail(`hint refused: ${describe(hint.error)}`);
      hinted = { pass: hint.data.pass?.cards ?? null, play: hint.data.recommended };
    }
    const command =
      view.status === "passing"
        ? await withRetries((key, signal) =>
            hearts.POST("/api/v1/matches/{match_id}/pass", {
              params: { path: { match_id }, header: { "If-Match": ifMatch, "Idempotency-Key": key } },
              body: {
                cards: hinted.pass ?? [...view.hand].sort((a, b) => rank(b) - rank(a)).slice(0, view.rules.pass_count),
              },
              signal,
            }),
          )
        : await withRetries((key, signal) =>
            hearts.POST("/api/v1/matches/{match_id}/play", {
              params: { path: { match_id }, header: { "If-Match": ifMatch, "Idempotency-Key": key } },
              body: { card: hinted.play ?? lowest(view.legal_cards) },
              signal,
            }),
          );
    stats.commands += 1;
    if (command.error) {
      if (command.response.status === 412 && command.error.code === "stale_version") {
        stats.stale += 1;
        continue; // the table moved on since that view: the next view comes
      }
      fail(`refused: ${describe(command.error)}`);
    }
  }
  if (last === undefined || last.status !== "finished") fail("the match did not finish in time");
  return { name, hearts, view: last, followed, stats, daily };
}

/**
 * Send a command with a fresh Idempotency-Key, and again with the same key when no answer
 * came (a timeout, a dropped connection) or the first try is still running (409
 * request_in_progress): the server runs the command once, and a try after that gets its
 * answer again (a refusal, which is not kept, is decided again).
 */
async function withRetries<R extends { error?: { code: string }; response: Response }>(
  send: (key: string, signal: AbortSignal) => Promise<R>,
  attempts = 5,
): Promise<R> {
  const key = randomUUID();
  for (let attempt = 1; ; attempt += 1) {
    try {
      const answer = await send(key, AbortSignal.timeout(COMMAND_TIMEOUT_MS));
      const busy = answer.response.status === 409 && answer.error?.code === "request_in_progress";
      if (!busy || attempt >= attempts) return answer;
    } catch (error) {
      if (attempt >= attempts) throw error; // no answer at all, every time
    }
    await sleep(200 * attempt);
  }
}

function lowest(cards: Card[]): Card {
  const [first, ...rest] = cards;
  if (first === undefined) fail("it is my turn but I have no legal card");
  return rest.reduce((low, card) => (rank(card) < rank(low) ? card : low), first);
}

/** Every event of the match, page by page, until an empty page or the match's version. */
async function allEvents(hearts: HeartsClient, match_id: string, limit: number): Promise<{ events: Event[]; pages: number }> {
  const events: Event[] = [];
  let after = 0;
  let pages = 0;
  for (;;) {
    const page = await hearts.GET("/api/v1/matches/{match_id}/events", {
      params: { path: { match_id }, query: { after, limit } },
    });
    if (page.error) fail(`events refused: ${describe(page.error)}`);
    pages += 1;
    const last = page.data.events.at(-1);
    if (last === undefined) return { events, pages };
    events.push(...page.data.events);
    after = last.seq;
    if (after >= page.data.version) return { events, pages };
  }
}

interface HandRow {
  hand: number;
  direction: PassDirection | undefined;
  points: Record<Seat, number>;
  totals: Record<Seat, number>;
  moon: Seat | null;
  sun: boolean;
}

interface Sheet {
  rows: HandRow[];
  names: Partial<Record<Seat, string>>;
  result: MatchResult | undefined;
  counts: Partial<Record<EventType, number>>;
  target: number | undefined;
  tricksWon: Record<Seat, number>;
  queensPlayed: number;
  myPasses: Card[][];
}

/** Reads the whole log: each event type narrowed to its own payload. */
function scoreSheet(events: Event[]): Sheet {
  const sheet: Sheet = {
    rows: [],
    names: {},
    result: undefined,
    counts: {},
    target: undefined,
    tricksWon: { north: 0, east: 0, south: 0, west: 0 },
    queensPlayed: 0,
    myPasses: [],
  };
  const directions = new Map<number, PassDirection>();
  for (const event of events) {
    sheet.counts[event.type] = (sheet.counts[event.type] ?? 0) + 1;
    switch (event.type) {
      case "match_created":
        sheet.target = event.rules.target_score;
        break;
      case "seat_taken":
        if (event.seat !== null) sheet.names[event.seat] = event.player ?? `${event.bot_level ?? "?"} bot`;
        break;
      case "hand_dealt":
        directions.set(event.hand_number, event.pass_direction);
        break;
      case "cards_passed":
        // Only my own pass carries its cards; the others' are null.
        if (event.cards !== null) sheet.myPasses.push(event.cards);
        break;
      case "cards_exchanged":
        break; // event.given / event.received: my side of the exchange
      case "card_played":
        if (event.card === "QS") sheet.queensPlayed += 1;
        break;
      case "trick_taken":
        sheet.tricksWon[event.winner] += 1;
        break;
      case "hand_scored":
        sheet.rows.push({
          hand: event.hand_number,
          direction: directions.get(event.hand_number),
          points: event.points,
          totals: event.totals,
          moon: event.moon,
          sun: event.sun,
        });
        break;
      case "match_ended":
        sheet.result = event.result;
        break;
      case "seat_left":
        if (event.seat !== null) sheet.names[event.seat] = `${event.bot_level} bot (for ${event.player})`;
        break;
      case "seat_replaced":
        if (event.seat !== null) sheet.names[event.seat] = `${event.bot_level} bot (replacing ${event.player})`;
        break;
      case "match_aborted":
        console.log(`the match was aborted: ${event.reason}`);
        break;
      case "seat_invited":
      case "seat_released":
        break; // an invitation to a seat, before the match started
      default: {
        // Every type in the schema's Event union is handled above: a new one fails to compile here.
        const unhandled: never = event;
        console.warn(`(an event of a type this client does not know: ${JSON.stringify(unhandled)})`);
      }
    }
  }
  return sheet;
}

function printScoreSheet(sheet: Sheet): void {
  console.log();
  console.log(
    "seats: " + SEATS.map((seat) => `${seat} ${sheet.names[seat] ?? "?"}`).join(", ") +
      `; target score ${sheet.target ?? "?"}`,
  );
  console.log(`${"hand".padStart(4)} ${"pass".padEnd(7)}` + SEATS.map((seat) => seat.padStart(14)).join(""));
  for (const row of sheet.rows) {
    const cells = SEATS.map((seat) => {
      const mark = row.moon === seat ? (row.sun ? "S" : "*") : " ";
      return `${String(row.points[seat]).padStart(4)}${mark} (${String(row.totals[seat]).padStart(3)})`;
    });
    console.log(`${String(row.hand).padStart(4)} ${(row.direction ?? "?").padEnd(7)}` + cells.map((c) => c.padStart(14)).join(""));
  }
  console.log("points this hand (running total); * shot the moon, S shot the sun");
  console.log("tricks won: " + SEATS.map((seat) => `${seat} ${sheet.tricksWon[seat]}`).join(", "));
  console.log(`my passes: ${sheet.myPasses.map((cards) => cards.join(" ")).join(" | ") || "none"}`);
}

function printStandings(result: MatchResult): void {
  console.log();
  console.log(`Final standings after ${result.hands_played} hands:`);
  for (const standing of result.standings) {
    console.log(`  ${standing.place}. ${standing.seat.padEnd(6)} ${String(standing.score).padStart(4)}`);
  }
  const winners = result.winners.join(" and ");
  console.log(`Winner: ${winners}` + (result.shared ? " (shared)" : ""));
}

function printRecord(profile: PlayerProfile): void {
  console.log();
  console.log(
    `${profile.username}'s record: ${profile.matches_played} played, ${profile.matches_won} won, ` +
      `${profile.matches_shared} shared, ${profile.matches_lost} lost, ${profile.matches_aborted} aborted; ` +
      `${profile.hands_played} hands, ${profile.moons_shot} moons, ${profile.suns_shot} suns`,
  );
  const rating = profile.rating;
  if (rating) {
    console.log(
      `  rating ${rating.conservative.toFixed(2)} (mu ${rating.mu.toFixed(2)}, ` +
        `sigma ${rating.sigma.toFixed(2)}, ${rating.matches_rated} rated)`,
    );
  }
  for (const entry of profile.records) {
    const fastest = entry.fastest_win;
    const best = fastest ? `fastest win ${fastest.hands} hands (${fastest.match_id})` : "no win yet";
    console.log(`  against ${entry.opponents}: ${entry.matches_won} of ${entry.matches_finished} won, ${best}`);
  }
}

/** Asks for the analysis of the caller's seat and reads it until it is done. */
async function analysisOf(hearts: HeartsClient, match_id: string, timeoutS: number): Promise<Analysis> {
  const asked = await hearts.POST("/api/v1/matches/{match_id}/analysis", { params: { path: { match_id } } });
  if (asked.error) fail(`analysis refused: ${describe(asked.error)}`);
  let analysis = asked.data;
  const deadline = Date.now() + timeoutS * 1000;
  while (analysis.status !== "done") {
    if (Date.now() > deadline) fail("the analysis did not finish in time");
    await sleep(500);
    const read = await hearts.GET("/api/v1/matches/{match_id}/analysis", { params: { path: { match_id } } });
    if (read.error) fail(`analysis refused: ${describe(read.error)}`);
    analysis = read.data;
  }
  return analysis;
}

function printAnalysis(analysis: Analysis): void {
  console.log(`\nAnalysis of ${analysis.seat}'s decisions (${analysis.effort.work_per_decision} work units each):`);
  for (const hand of analysis.hands) {
    console.log(`  hand ${hand.hand}: ${hand.loss.toFixed(2)} points lost, ${hand.blunders} blunders`);
    for (const decision of analysis.decisions.filter((d) => d.hand === hand.hand)) {
      const where = decision.trick === null ? "pass" : `trick ${String(decision.trick).padStart(2)}`;
      console.log(
        `    ${where.padEnd(8)} played ${decision.played.join(" ").padEnd(9)} best ${decision.best.join(" ").padEnd(9)} ` +
          `lost ${decision.loss.toFixed(2).padStart(5)}${decision.blunder ? "  BLUNDER" : ""}`,
      );
    }
  }
  console.log(`  total: ${analysis.total_loss.toFixed(2)} points lost, ${analysis.blunders} blunders`);
}

/** Takes the lesson `slug` as a new player: its prompt, the move `playMatch` would make, the verdict. */
async function takeLesson(options: Options, slug: string): Promise<void> {
  const name = `sdk-ts-${randomBytes(3).toString("hex")}`;
  const registered = await createHeartsClient({ baseUrl: options.baseUrl }).POST("/api/v1/players", { body: { username: name } });
  if (registered.error) fail(`registration refused: ${describe(registered.error)}`);
  const hearts = createHeartsClient({ baseUrl: options.baseUrl, token: registered.data.token });
  const started = await hearts.POST("/api/v1/lessons/{slug}/attempts", { params: { path: { slug } } });
  if (started.error) fail(`lesson refused: ${describe(started.error)}`);
  const lesson = started.data.lesson ?? fail("not a lesson's match");
  console.log(`Lesson ${lesson.order}: ${lesson.title} (${lesson.seat})\n${lesson.prompt}`);
  const match_id = started.data.id;
  const read = await hearts.GET("/api/v1/matches/{match_id}/view", { params: { path: { match_id } } });
  if (read.error) fail(`view refused: ${describe(read.error)}`);
  const view = read.data;
  const path = { path: { match_id } };
  const answer = view.status === "passing"
    ? await hearts.POST("/api/v1/matches/{match_id}/pass", {
        params: path, body: { cards: [...view.hand].sort((a, b) => rank(b) - rank(a)).slice(0, view.rules.pass_count) },
      })
    : await hearts.POST("/api/v1/matches/{match_id}/play", { params: path, body: { card: lowest(view.legal_cards) } });
  if (answer.error) fail(`move refused: ${describe(answer.error)}`);
  const verdict = answer.data.lesson ?? fail("the lesson gave no verdict");
  console.log(`\n${verdict.verdict}: ${verdict.explanation}`);
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (options.lesson !== undefined) return takeLesson(options, options.lesson);
  const { name, hearts, view, followed, stats, daily } = await playMatch(options);
  const { events, pages } = await allEvents(hearts, view.match_id, options.pageSize);
  if (events.length !== view.version) fail(`read ${events.length} events, but the match is at version ${view.version}`);
  const seqs = (list: Event[]): string => list.map((event) => `${event.seq} ${event.type}`).join(",");
  if (seqs(followed) !== seqs(events)) fail("the stream and the log disagree: an event lost or repeated");
  console.log(`followed ${followed.length} events, each once and in order, as the log has them`);
  const sheet = scoreSheet(events);
  printScoreSheet(sheet);
  const counts = Object.entries(sheet.counts).map(([type, n]) => `${n} ${type}`).join(", ");
  console.log(`\n${events.length} events in ${pages} page(s): ${counts}`);
  console.log(
    `${stats.views} views followed, ${stats.commands} commands (${stats.stale} stale: 412)`,
  );
  const result = sheet.result ?? view.result;
  if (result === null) fail("the match finished without a result");
  if (sheet.queensPlayed !== sheet.rows.length) fail(`QS played ${sheet.queensPlayed} times in ${sheet.rows.length} hands`);
  printStandings(result);
  if (options.hints) printAnalysis(await analysisOf(hearts, view.match_id, options.timeoutS));
  if (daily !== null) {
    const board = await hearts.GET("/api/v1/daily/{day}/leaderboard", { params: { path: { day: daily.date } } });
    if (board.error) fail(`daily leaderboard refused: ${describe(board.error)}`);
    console.log(`\nDaily challenge ${daily.date}: ${board.data.count} finished`);
    for (const entry of board.data.results) {
      console.log(`  ${String(entry.rank).padStart(3)}. ${entry.username.padEnd(20)} ${entry.points} points in ${entry.seconds} s`);
    }
  }
  const profile = await hearts.GET("/api/v1/players/{username}", { params: { path: { username: name } } });
  if (profile.error) fail(`record refused: ${describe(profile.error)}`);
  printRecord(profile.data);
}

main().catch((error: unknown) => {
  // A network failure (no server at --base-url, …): fetch rejects; openapi-fetch passes it on.
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
  fail(`error: ${error instanceof Error ? error.message : String(error)}${cause}`);
});
