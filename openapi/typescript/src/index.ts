/**
 * hearts-client: a typed client for the Hearts API.
 *
 * The types come from `./schema.ts`, generated from `openapi/schema.yaml` by
 * openapi-typescript (`npm run generate`; never edit that file by hand). The
 * client is openapi-fetch's `createClient<paths>`: every path, parameter, body,
 * response and problem+json refusal is typed from the schema.
 *
 *     const hearts = createHeartsClient({ baseUrl: "http://127.0.0.1:8000", token });
 *     const { data, error, response } = await hearts.GET("/api/v1/matches/{match_id}/view", {
 *       params: { path: { match_id } },
 *     });
 *
 * `data` is set on a 2xx answer, `error` (a `Problem`) on a 4xx/5xx one; a 304
 * (If-None-Match) sets neither, so look at `response.status` first.
 */
import createClient, { mergeHeaders, type Client, type ClientOptions } from "openapi-fetch";

import type { components, paths } from "./schema.js";

export type { components, operations, paths } from "./schema.js";
export type { Client, ClientOptions, Middleware } from "openapi-fetch";
export { follow, FollowRefused, type FollowItem, type FollowOptions } from "./follow.js";

type Schemas = components["schemas"];

// --- friendly names for the schema's components ---------------------------------------

/** A seat at the table: north, east, south, west (clockwise). */
export type Seat = Schemas["SeatEnum"];
/** A canonical card code as the server writes it, e.g. `QS`, `TH`, `2C`. */
export type Card = string;
export type PassDirection = Schemas["PassDirectionEnum"];
export type BotLevel = Schemas["BotLevelEnum"];
export type MatchStatus = Schemas["MatchStatusEnum"];
export type MoonScoring = Schemas["MoonScoringEnum"];
export type TiePolicy = Schemas["TiePolicyEnum"];
export type ScoresBySeat = Schemas["ScoresBySeat"];
export type RuleSet = Schemas["RuleSet"];
export type BotOptions = Schemas["BotOptions"];

/** What the caller's seat may see (GET /matches/{id}/view, and `view` of a command). */
export type SeatView = Schemas["SeatView"];
export type PassInfo = Schemas["PassInfo"];
export type CurrentTrick = Schemas["CurrentTrick"];
export type CompletedTrick = Schemas["CompletedTrick"];
export type PlayedCard = Schemas["PlayedCard"];
/** Why a held card outside `legal_cards` may not be played now: the 422's code and detail. */
export type PlayRefusal = Schemas["PlayRefusal"];
export type Player = Schemas["Player"];

export type MatchSummary = Schemas["MatchSummary"];
export type SeatSummary = Schemas["SeatSummary"];
export type MatchResult = Schemas["MatchResult"];
export type Standing = Schemas["Standing"];
export type Moon = Schemas["Moon"];
export type PaginatedMatchSummaryList = Schemas["PaginatedMatchSummaryList"];
/** A match of GET /lobby: its summary and the seats open to the caller. */
export type LobbyEntry = Schemas["LobbyEntry"];

/** The answer to a pass or play: the new version, the caller's events and view. */
export type CommandResult = Schemas["CommandResult"];
/** An RFC 9457 problem+json refusal; `code` is the stable machine-readable code. */
export type Problem = Schemas["Problem"];
export type FieldError = Schemas["FieldError"];

export type MatchCreateRequest = Schemas["MatchCreateRequest"];
export type SeatSpecRequest = Schemas["SeatSpecRequest"];
export type RulesRequest = Schemas["RulesRequest"];
export type BotOptionsRequest = Schemas["BotOptionsRequest"];
export type MatchJoinRequest = Schemas["MatchJoinRequest"];
export type CardsPassRequest = Schemas["CardsPassRequest"];
export type CardPlayRequest = Schemas["CardPlayRequest"];
export type PlayerCreateRequest = Schemas["PlayerCreateRequest"];
export type PlayerCreated = Schemas["PlayerCreated"];
export type TokenCreateRequest = Schemas["TokenCreateRequest"];
export type ApiToken = Schemas["ApiToken"];
export type ApiTokenCreated = Schemas["ApiTokenCreated"];
export type Health = Schemas["Health"];

/** A player's public record (GET /players/{username}); lowest total wins, so no "best score". */
export type PlayerProfile = Schemas["PlayerProfile"];
export type OpponentRecord = Schemas["OpponentRecord"];
export type FastestWin = Schemas["FastestWin"];
export type RecordMoon = Schemas["RecordMoon"];
/** An openskill rating; `conservative` (mu - 3 sigma) is the leaderboard's order. */
export type Rating = Schemas["Rating"];
export type LeaderboardEntry = Schemas["LeaderboardEntry"];
/** GET /invitations: a seat held for you; join the match to accept, or decline it. */
export type Invitation = Schemas["Invitation"];
/** POST /webhooks's answer: the endpoint and its signing secret, shown once. */
export type WebhookCreated = Schemas["WebhookCreated"];
export type Webhook = Schemas["Webhook"];
export type WebhookDelivery = Schemas["WebhookDelivery"];
/** An arena run (POST /arena/runs): its progress, its tables and, once finished, its result. */
export type ArenaRun = Schemas["ArenaRun"];
export type ArenaRunDetail = Schemas["ArenaRunDetail"];
export type ArenaResult = Schemas["ArenaResult"];
export type ArenaTable = Schemas["ArenaTable"];

/** The daily challenge (GET /daily, /daily/{day}): the same rules, bots and deals for all. */
export type DailyChallenge = Schemas["DailyChallenge"];
export type DailyBotLevels = Schemas["DailyBotLevels"];
/** One of a day's deals before passing, shown once the day is over. */
export type DailyDeal = Schemas["DailyDeal"];
export type DailyAttempt = Schemas["DailyAttempt"];
/** A row of GET /daily/{day}/leaderboard: fewest points, then fewest seconds. */
export type DailyLeaderboardEntry = Schemas["DailyLeaderboardEntry"];
export type PaginatedDailyLeaderboardEntryList = Schemas["PaginatedDailyLeaderboardEntryList"];

/** GET /lessons: a lesson's slug, order, title and the rule it teaches. */
export type Lesson = Schemas["Lesson"];
/** A lesson match's summary.lesson: what it asks of you, from which seat. */
export type LessonPrompt = Schemas["LessonPrompt"];
/** A lesson's verdict on your move (`lesson` of a command's answer). */
export type LessonVerdict = Schemas["LessonVerdict"];
/** GET /matches/{id}/hint: each option of your decision, with the points it is expected to cost. */
export type Hint = Schemas["Hint"];
export type HintOption = Schemas["HintOption"];
export type HintPass = Schemas["HintPass"];
/** GET /matches/{id}/analysis: your seat's decisions weighed after the match, hand by hand. */
export type Analysis = Schemas["Analysis"];
export type AnalysisDecision = Schemas["AnalysisDecision"];
export type AnalysisHand = Schemas["AnalysisHand"];

// --- events: a union discriminated by `type` -----------------------------------------

/** One log event; `switch (event.type)` narrows it to its own payload. */
export type Event = Schemas["Event"];
export type EventType = Event["type"];
/** The event of one type, e.g. `EventOf<"hand_scored">`. */
export type EventOf<T extends EventType> = Extract<Event, { type: T }>;
/** A page of GET /matches/{id}/events. */
export type EventList = Schemas["EventList"];
/** One message of GET /matches/{id}/stream as an SSE parser gives it (`follow` reads them). */
export type StreamMessage = Schemas["StreamMessage"];
export type ViewMessage = Schemas["ViewMessage"];
export type EventMessage = Schemas["EventMessage"];

export type MatchCreatedEvent = Schemas["MatchCreatedEvent"];
export type SeatTakenEvent = Schemas["SeatTakenEvent"];
export type HandDealtEvent = Schemas["HandDealtEvent"];
export type CardsPassedEvent = Schemas["CardsPassedEvent"];
export type CardsExchangedEvent = Schemas["CardsExchangedEvent"];
export type CardPlayedEvent = Schemas["CardPlayedEvent"];
export type TrickTakenEvent = Schemas["TrickTakenEvent"];
export type HandScoredEvent = Schemas["HandScoredEvent"];
export type MatchEndedEvent = Schemas["MatchEndedEvent"];
export type SeatInvitedEvent = Schemas["SeatInvitedEvent"];
export type SeatReleasedEvent = Schemas["SeatReleasedEvent"];

// --- the client ----------------------------------------------------------------------

/** The typed client: `GET`, `POST`, `DELETE`, … on the schema's paths. */
export type HeartsClient = Client<paths>;

export interface HeartsClientOptions extends Omit<ClientOptions, "baseUrl"> {
  /** The server's root, e.g. `http://127.0.0.1:8000` (paths start with /api/v1). */
  baseUrl: string;
  /** A bearer token (from POST /api/v1/players or /api/v1/tokens); none for registration. */
  token?: string;
}

/** A client for one server, sending `Authorization: Bearer <token>` when a token is given. */
export function createHeartsClient({ baseUrl, token, headers, ...options }: HeartsClientOptions): HeartsClient {
  const auth = token === undefined ? undefined : { Authorization: `Bearer ${token}` };
  return createClient<paths>({ ...options, baseUrl, headers: mergeHeaders(headers, auth) });
}
