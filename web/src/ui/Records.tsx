import type { DailyLeaderboardEntry, Rating } from "hearts-client";
import { useEffect, useState } from "preact/hooks";

import { ApiError, call, client, newKey, type Session } from "../api";
import { isOver, plural } from "../table";
import { useLoad } from "./useLoad";

const rating = (r: Rating | null): string => (r === null ? "not rated yet" : r.conservative.toFixed(1));
const RATING_HELP = "μ − 3σ of the openskill rating: what the player is at least, most likely";

/** A player's record: totals, rating, and per set of opponents the fastest win. */
export function Profile({ session, username }: { session: Session | null; username: string }) {
  const [profile, error] = useLoad(
    () => call(client(session).GET("/api/v1/players/{username}", { params: { path: { username } } })), [username]);
  return (
    <section class="panel" aria-labelledby="profile">
      <h2 id="profile">{username}</h2>
      {profile ? (
        <>
          {profile.is_bot && <p>A bot account: a program plays{profile.owner ? `, written by ${profile.owner}` : ""}.</p>}
          <p>Rating: <abbr title={RATING_HELP}>{rating(profile.rating)}</abbr></p>
          <p>{plural(profile.matches_played, "match", "matches")}: {profile.matches_won} won, {profile.matches_shared} shared, {profile.matches_lost} lost, {profile.matches_aborted} stopped · {plural(profile.hands_played, "hand")} · {plural(profile.moons_shot, "moon")}, {plural(profile.suns_shot, "sun")}</p>
          <div class="scroll">
            <table class="records">
              <caption>Record against each set of opponents</caption>
              <thead><tr><th scope="col">Opponents</th><th scope="col">Finished</th><th scope="col">Won</th><th scope="col">Shared</th><th scope="col">Fastest win</th></tr></thead>
              <tbody>
                {profile.records.map((r) => (
                  <tr key={r.opponents}>
                    <th scope="row">{r.opponents.split(",").join(", ")}</th><td>{r.matches_finished}</td><td>{r.matches_won}</td><td>{r.matches_shared}</td>
                    <td>{r.fastest_win ? <a href={`#/match/${r.fastest_win.match_id}`}>fastest win: {plural(r.fastest_win.hands, "hand")}</a> : "none yet"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : <p>{error ?? "Loading…"}</p>}
    </section>
  );
}

/** Players, bot accounts and bot levels by rating. */
export function Leaderboard() {
  const [page, error] = useLoad(() => call(client(null).GET("/api/v1/leaderboard", { params: { query: { page_size: 50 } } })), []);
  return (
    <section class="panel" aria-labelledby="leaderboard">
      <h2 id="leaderboard">Leaderboard</h2>
      <p class="hint">By <abbr title={RATING_HELP}>rating</abbr>; the bot levels are rated like players.</p>
      {page ? (
        <ul class="board">
          {page.results.map((e) => (
            <li key={`${e.kind}:${e.name}`}>
              {e.rank}. {e.kind === "builtin" ? `${e.name} bot` : <><a href={`#/profile/${encodeURIComponent(e.name)}`}>{e.name}</a>{e.kind === "bot" ? " (bot)" : ""}</>} · {rating(e.rating)}
            </li>
          ))}
        </ul>
      ) : <p>{error ?? "Loading…"}</p>}
    </section>
  );
}

/** Today's challenge: one attempt, the same deals and bots for all; its leaderboard after. */
export function Daily({ session, onMatch }: { session: Session; onMatch: (id: string) => void }) {
  const [daily, error, reload] = useLoad(() => call(client(session).GET("/api/v1/daily")), [session.token]);
  const [board, setBoard] = useState<DailyLeaderboardEntry[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const attempt = daily?.attempt ?? null;
  const done = attempt !== null && isOver(attempt.status);
  useEffect(() => {
    if (daily === null || !done) return;
    call(client(session).GET("/api/v1/daily/{day}/leaderboard", { params: { path: { day: daily.date }, query: { page_size: 50 } } }))
      .then((p) => setBoard(p.results)).catch(() => setBoard([]));
  }, [daily?.date, done]);
  const play = async (day: string) => {
    try {
      const created = await call(client(session).POST("/api/v1/daily/{day}/matches", {
        params: { path: { day } }, headers: { "Idempotency-Key": newKey() },
      }));
      onMatch(created.id);
    } catch (e) {
      if (e instanceof ApiError) { setNotice(e.text); reload(); }
    }
  };
  return (
    <section class="panel" aria-labelledby="daily">
      <h2 id="daily">Daily challenge</h2>
      {daily ? (
        <>
          <p>{daily.date}: {daily.hands} hands as south against {daily.bot_levels.west} (left), {daily.bot_levels.north} (across) and {daily.bot_levels.east} (right) bots; the same deals for everyone. Fewest points wins.</p>
          {attempt === null ? <button type="button" class="primary" onClick={() => void play(daily.date)}>Play today's challenge (one attempt)</button>
            : !done ? <a href={`#/match/${attempt.match_id}`}>Continue your attempt</a>
            : <p>You have played today's challenge{attempt.status === "aborted" ? " (your attempt was stopped)" : ""}.</p>}
          {board ? (
            <ul class="board">
              {board.map((e) => <li key={e.username}>{e.rank}. {e.username}: {plural(e.points, "point")} in {e.seconds} s</li>)}
            </ul>
          ) : null}
        </>
      ) : <p>{error ?? "Loading…"}</p>}
      <p class="notice" role="alert">{notice ?? ""}</p>
    </section>
  );
}
