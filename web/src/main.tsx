/** The browser table: a client of the public API like any other (docs/web.md). Pages are
 * hash routes: #/ (new match, lobby), #/match/<id>, #/lessons, #/daily, #/tv, #/leaderboard,
 * #/profile/<name>. */
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";

import { ApiError, loadSession, saveSession, type Session, signOut } from "./api";
import { Lessons } from "./ui/Lessons";
import { MatchPage } from "./ui/MatchPage";
import { Lobby, MyMatches, NewMatch } from "./ui/NewMatch";
import { Daily, Leaderboard, Profile } from "./ui/Records";
import { SignIn } from "./ui/SignIn";
import { Tv } from "./ui/Tv";
import "./style.css";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The hash's path segments; a malformed one is the home page's. */
function route(): string[] {
  try {
    return location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  } catch {
    return [""];
  }
}
const go = (path: string) => { location.hash = `#/${path}`; };

function App() {
  const [session, setSession] = useState<Session | null>(loadSession());
  const [path, setPath] = useState(route());
  const [fourColour, setFourColour] = useState(localStorage.getItem("hearts.four-colour") === "1");
  useEffect(() => {
    const changed = () => setPath(route());
    addEventListener("hashchange", changed);
    return () => removeEventListener("hashchange", changed);
  }, []);
  useEffect(() => {
    document.body.classList.toggle("four-colour", fourColour);
    localStorage.setItem("hearts.four-colour", fourColour ? "1" : "0");
  }, [fourColour]);
  const signedIn = (s: Session | null) => { saveSession(s); setSession(s); };
  const leave = async (s: Session) => {
    if (s.guest && !confirm("A guest cannot sign in again: sign out and leave this account for good?")) return;
    try {
      await signOut(s);
      signedIn(null);
    } catch (error) {
      alert(`Not signed out: ${error instanceof ApiError ? error.text : String(error)}`);
    }
  };

  const [page, arg] = path;
  const openMatch = (id: string) => go(`match/${id}`);
  let body;
  if (page === "leaderboard") body = <Leaderboard />;
  else if (page === "profile" && arg) body = <Profile session={session} username={arg} />;
  else if (session === null) body = <SignIn onSession={signedIn} invited={page === "match"} />;
  else if (page === "match" && UUID.test(arg ?? "")) {
    body = <MatchPage key={arg} session={session} matchId={arg} onNewMatch={() => go("")} onMatch={openMatch} onLessons={() => go("lessons")} />;
  } else if (page === "lessons") body = <Lessons session={session} onMatch={openMatch} />;
  else if (page === "daily") body = <Daily session={session} onMatch={openMatch} />;
  else if (page === "tv") body = <Tv session={session} />;
  else body = <><MyMatches session={session} /><NewMatch session={session} onMatch={openMatch} /><Lobby session={session} onMatch={openMatch} /></>;

  return (
    <>
      <header>
        <a class="brand" href="#/">Hearts</a>
        <nav aria-label="Pages">
          <a href="#/">New match</a>
          <a href="#/lessons">Lessons</a>
          <a href="#/daily">Daily</a>
          <a href="#/tv">TV</a>
          <a href="#/leaderboard">Leaderboard</a>
          {session ? <a href={`#/profile/${encodeURIComponent(session.username)}`}>{session.username}</a> : null}
        </nav>
        <label class="check"><input type="checkbox" checked={fourColour} onChange={(e) => setFourColour(e.currentTarget.checked)} /> Four-colour deck</label>
        {session ? <button type="button" onClick={() => void leave(session)}>Sign out</button> : null}
      </header>
      <main>{body}</main>
    </>
  );
}

render(<App />, document.getElementById("app") as HTMLElement);
