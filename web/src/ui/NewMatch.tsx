import type { BotLevel, LobbyEntry, MatchSummary, MoonScoring, SeatSpecRequest, TiePolicy } from "hearts-client";
import { useState } from "preact/hooks";

import { ApiError, call, client, newKey, type Session } from "../api";
import { isOver } from "../table";
import { useLoad } from "./useLoad";

const LEVELS: readonly BotLevel[] = ["random", "easy", "medium", "hard", "expert"];
type Opponent = BotLevel | "open";
/** The variants, each with one line saying what it does. */
const VARIANTS = [
  ["first_trick_points", "Points on the first trick: hearts and the queen of spades may be discarded on it."],
  ["queen_breaks_hearts", "The queen of spades breaks hearts: once she is played, hearts may be led."],
  ["shoot_the_sun", "Shoot the sun: taking every trick scores more than a moon."],
  ["jack_of_diamonds", "Jack of diamonds: whoever takes it scores 10 points fewer."],
] as const;
type Variant = (typeof VARIANTS)[number][0];

/** Start a match: you sit south; three bots of your choice (or seats left open for friends). */
export function NewMatch({ session, onMatch }: { session: Session; onMatch: (id: string) => void }) {
  const [opponents, setOpponents] = useState<Record<"west" | "north" | "east", Opponent>>({ west: "medium", north: "medium", east: "medium" });
  const [target, setTarget] = useState(100);
  const [variants, setVariants] = useState<Record<Variant, boolean>>({ first_trick_points: false, queen_breaks_hearts: false, shoot_the_sun: false, jack_of_diamonds: false });
  const [moon, setMoon] = useState<MoonScoring>("add_to_others");
  const [tie, setTie] = useState<TiePolicy>("play_on");
  const [delay, setDelay] = useState(600);
  const [hints, setHints] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const spec = (o: Opponent): SeatSpecRequest => (o === "open" ? { kind: "open" } : { kind: "bot", level: o });
  const start = async () => {
    setError(null);
    setPending(true);
    try {
      const { jack_of_diamonds, ...flags } = variants;
      const created = await call(client(session).POST("/api/v1/matches", {
        headers: { "Idempotency-Key": newKey() },
        body: {
          seats: [spec(opponents.north), spec(opponents.east), { kind: "player" }, spec(opponents.west)],
          rules: { target_score: target, ...flags, jack_of_diamonds: jack_of_diamonds ? -10 : 0, moon_scoring: moon, tie_policy: tie },
          bots: { delay_ms: delay },
          hints,
        },
      }));
      onMatch(created.id);
    } catch (e) {
      if (e instanceof ApiError) setError(e.text);
      else throw e;
    } finally {
      setPending(false);
    }
  };
  const seatChoice = (seat: "west" | "north" | "east", label: string) => (
    <label>{label}
      <select name={seat} value={opponents[seat]} onChange={(e) => setOpponents({ ...opponents, [seat]: e.currentTarget.value as Opponent })}>
        {LEVELS.map((level) => <option key={level} value={level}>{level} bot</option>)}
        <option value="open">a friend (open seat)</option>
      </select>
    </label>
  );
  return (
    <section class="panel" aria-labelledby="new-match">
      <h2 id="new-match">New match</h2>
      <form onSubmit={(e) => { e.preventDefault(); void start(); }}>
        <div class="row">{seatChoice("west", "Left")}{seatChoice("north", "Across")}{seatChoice("east", "Right")}</div>
        <label>Target score <input name="target_score" type="number" min={1} max={500} value={target} onInput={(e) => setTarget(Number(e.currentTarget.value))} /></label>
        <p class="hint">The match ends when a total reaches it; the lowest total wins.</p>
        <fieldset>
          <legend>Variants</legend>
          {VARIANTS.map(([name, line]) => (
            <label key={name} class="check">
              <input type="checkbox" name={name} checked={variants[name]} onChange={(e) => setVariants({ ...variants, [name]: e.currentTarget.checked })} /> {line}
            </label>
          ))}
          <label>Moon <select name="moon_scoring" value={moon} onChange={(e) => setMoon(e.currentTarget.value as MoonScoring)}>
            <option value="add_to_others">adds 26 to the others</option>
            <option value="subtract_from_shooter">takes 26 from the shooter</option>
            <option value="shooters_choice">the shooter's better choice</option>
          </select></label>
          <label>Tie at the end <select name="tie_policy" value={tie} onChange={(e) => setTie(e.currentTarget.value as TiePolicy)}>
            <option value="play_on">play more hands until one wins</option>
            <option value="share">the tied players share the win</option>
          </select></label>
        </fieldset>
        <label>Bots' pause <select name="delay_ms" value={delay} onChange={(e) => setDelay(Number(e.currentTarget.value))}>
          <option value={0}>none</option><option value={300}>short</option><option value={600}>normal</option><option value={1500}>long</option>
        </select></label>
        <label class="check"><input type="checkbox" name="hints" checked={hints} onChange={(e) => setHints(e.currentTarget.checked)} /> Hints: ask what to play, and why (the match is then unrated and in no record)</label>
        <button type="submit" class="primary" id="start" disabled={pending}>Start the match</button>
      </form>
      <p class="notice" role="alert">{error ?? ""}</p>
    </section>
  );
}

const seatsText = (match: MatchSummary): string =>
  match.seats.map((s) => `${s.seat}: ${s.kind === "open" ? "open" : s.kind === "invited" ? `held for ${s.invited}` : s.name ? `${s.name}${s.is_bot ? " (bot)" : ""}` : `${s.bot_level} bot`}`).join(" · ");

/** The caller's matches that have not ended, to go back to. */
export function MyMatches({ session }: { session: Session }) {
  const [page] = useLoad(() => call(client(session).GET("/api/v1/matches", { params: { query: { page_size: 20 } } })), [session.token]);
  const open = (page?.results ?? []).filter((m) => !isOver(m.status));
  if (open.length === 0) return null;
  return (
    <section class="panel" aria-labelledby="my-matches">
      <h2 id="my-matches">Your matches in play</h2>
      <ul class="lobby">
        {open.map((m) => <li key={m.id}><a href={`#/match/${m.id}`}>{seatsText(m)} (hand {m.hand_number}, to {m.rules.target_score})</a></li>)}
      </ul>
    </section>
  );
}

/** The matches with a seat open to the caller, read again every 10 s; taking one opens the table. */
export function Lobby({ session, onMatch }: { session: Session; onMatch: (id: string) => void }) {
  const [page, error, reload] = useLoad(
    () => call(client(session).GET("/api/v1/lobby", { params: { query: { page_size: 20 } } })), [session.token], 10_000);
  const [notice, setNotice] = useState<string | null>(null);
  const join = async (entry: LobbyEntry) => {
    try {
      await call(client(session).POST("/api/v1/matches/{match_id}/join", {
        params: { path: { match_id: entry.id } }, body: {}, headers: { "Idempotency-Key": newKey() },
      }));
      onMatch(entry.id);
    } catch (e) {
      if (e instanceof ApiError) setNotice(e.text);
      reload();
    }
  };
  return (
    <section class="panel" aria-labelledby="lobby">
      <h2 id="lobby">Lobby</h2>
      {page === null ? <p>{error ?? "Loading…"}</p> : page.results.length === 0 ? <p>No match waits for a player.</p> : (
        <ul class="lobby">
          {page.results.map((entry) => (
            <li key={entry.id}>
              {seatsText(entry)} (to {entry.rules.target_score}{entry.hints ? ", with hints" : ""})
              <button type="button" onClick={() => void join(entry)}>Join</button>
            </li>
          ))}
        </ul>
      )}
      <p class="notice" role="alert">{notice ?? ""}</p>
    </section>
  );
}
