import type { Card, Seat, SeatView } from "hearts-client";
import { useEffect, useRef, useState } from "preact/hooks";

import { ApiError, call, client, readView, send, type Session } from "../api";
import { cardName } from "../cards";
import { follow, type StreamStatus } from "../stream";
import {
  clickCard,
  EMPTY_SCREEN,
  isCompleted,
  isPassing,
  isPlayable,
  type MatchScreen,
  type Message,
  middleTrick,
  nextHand,
  passLabel,
  placeLabel,
  positions,
  problemText,
  reduce,
  SEATS,
  seatName,
  waitingFor,
} from "../table";
import { CardFace } from "./CardFace";
import { ScoreSheet } from "./ScoreSheet";

/** A match at the table: the caller's seat at the bottom, or a spectator's view. */
export function MatchPage({ session, matchId, onNewMatch }: { session: Session; matchId: string; onNewMatch?: () => void }) {
  const [screen, setScreen] = useState<MatchScreen>(EMPTY_SCREEN);
  const latest = useRef(screen);
  const [stream, setStream] = useState<StreamStatus>("connecting");
  const [generation, setGeneration] = useState(0);
  const [selected, setSelected] = useState<Card[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [shaking, setShaking] = useState<Card | null>(null);
  const [busy, setBusy] = useState(false);
  const [lastTrickShown, setLastTrickShown] = useState(false);
  const [sheetShown, setSheetShown] = useState(false);

  const apply = (message: Message) => {
    latest.current = reduce(latest.current, message);
    setScreen(latest.current);
  };
  useEffect(() => {
    latest.current = EMPTY_SCREEN;
    setScreen(EMPTY_SCREEN);
    return follow(matchId, session.token, () => latest.current.seq, apply, setStream);
  }, [matchId, session.token, generation]);

  const view = screen.view;
  const handKey = view ? `${view.hand_number}:${view.status}:${view.pass?.given ? 1 : 0}` : "";
  useEffect(() => setSelected([]), [handKey]);

  if (view === null) return <p class="loading">{stream === "connecting" ? "Joining the table…" : "Loading…"}</p>;

  const refresh = async () => apply({ kind: "view", view: await readView(session, matchId) });
  const act = async (command: Parameters<typeof send>[3]) => {
    setBusy(true);
    setNotice(null);
    try {
      const after = await send(session, matchId, view.version, command);
      if (after === null) await refresh();
      else apply({ kind: "view", view: after });
    } catch (error) {
      if (error instanceof ApiError) setNotice(problemText(error.problem, error.retryAfter));
      else throw error;
    } finally {
      setBusy(false);
    }
  };
  const onCard = (card: Card) => {
    if (busy) return;
    const click = clickCard(view, card, selected);
    if (click.kind === "select") setSelected(click.selected);
    else if (click.kind === "play") void act({ kind: "play", body: { card } });
    else {
      setNotice(click.reason);
      setShaking(card);
      setTimeout(() => setShaking(null), 500);
    }
  };
  const join = async () => {
    try {
      await call(client(session).POST("/api/v1/matches/{match_id}/join", { params: { path: { match_id: matchId } }, body: {} }));
      setGeneration((g) => g + 1);
    } catch (error) {
      if (error instanceof ApiError) setNotice(problemText(error.problem, error.retryAfter));
    }
  };

  const placed = positions(view.seat);
  const passing = isPassing(view);
  const over = view.status === "finished" || view.status === "aborted";
  const open = !over && view.players.some((p) => p.name === null && p.bot_level === null);
  const lastTrick = view.tricks.at(-1);

  return (
    <div class={`match ${view.seat === null ? "spectating" : ""}`} data-version={view.version} data-status={view.status}>
      <section class="table" aria-label="The table">
        {SEATS.map((seat) => <SeatBadge key={seat} view={view} seat={seat} position={placed[seat]} />)}
        <Middle view={view} placed={placed} />
      </section>
      <p class="status" id="status">
        {over ? "The match is over" : `Hand ${view.hand_number}`}
        {!over && view.status !== "waiting" ? ` · ${passLabel(view.pass_direction)}` : ""}
        {view.hearts_broken ? " · hearts broken" : ""}
        {" · "}
        {view.is_your_turn ? (passing ? "your pass" : view.status === "playing" ? "your turn" : "") : waitingFor(view)}
        {stream === "connecting" ? " · reconnecting…" : ""}
      </p>
      <p class="notice" role="status" aria-live="polite">{notice ?? ""}</p>
      {view.seat !== null ? (
        <div class="hand" role="group" aria-label="Your hand">
          {view.hand.map((card) => {
            const playable = isPlayable(view, card) && !busy;
            const chosen = selected.includes(card);
            return (
              <button
                key={card}
                type="button"
                class={`card ${playable ? "playable" : ""} ${chosen ? "chosen" : ""} ${shaking === card ? "shake" : ""}`}
                aria-label={cardName(card)}
                aria-disabled={playable ? "false" : "true"}
                aria-pressed={passing ? (chosen ? "true" : "false") : undefined}
                data-card={card}
                onClick={() => onCard(card)}
              >
                <CardFace card={card} />
              </button>
            );
          })}
        </div>
      ) : null}
      <div class="actions">
        {passing ? (
          <button type="button" class="primary" id="pass"
                  disabled={busy || selected.length !== view.rules.pass_count}
                  onClick={() => void act({ kind: "pass", body: { cards: selected } })}>
            {passLabel(view.pass_direction)}{selected.length !== view.rules.pass_count ? ` (choose ${view.rules.pass_count})` : ""}
          </button>
        ) : null}
        {view.pass?.given && view.status === "passing" ? <span>You passed {view.pass.given.map(cardName).join(", ")}</span> : null}
        {open && view.seat === null ? <button type="button" class="primary" onClick={() => void join()}>Take a seat</button> : null}
        <button type="button" disabled={lastTrick === undefined} onClick={() => setLastTrickShown(true)}>Last trick</button>
        <button type="button" disabled={screen.sheet.length === 0} onClick={() => setSheetShown(true)}>Score sheet</button>
      </div>
      {open && view.seat !== null ? (
        <p class="invite">Waiting for players: send a friend this link to take the open seat: <a href={location.href}>{location.href}</a></p>
      ) : null}
      {view.pass?.received && view.status === "playing" && view.tricks.length === 0 ? (
        <p class="received">You received {view.pass.received.map(cardName).join(", ")}</p>
      ) : null}
      {lastTrickShown && lastTrick ? (
        <Dialog title={`Trick ${lastTrick.number}`} onClose={() => setLastTrickShown(false)} close="Back to the table">
          <ul class="trick-list">
            {lastTrick.cards.map((played) => (
              <li key={played.card}><CardFace card={played.card} /> {seatName(view, played.seat)}: {cardName(played.card)}</li>
            ))}
          </ul>
          <p>{seatName(view, lastTrick.winner)} took it ({points(lastTrick.points)}).</p>
        </Dialog>
      ) : null}
      {sheetShown ? (
        <Dialog title="Score sheet" onClose={() => setSheetShown(false)} close="Back to the table">
          <ScoreSheet view={view} rows={screen.sheet} />
        </Dialog>
      ) : null}
      {screen.sheetPending && !over ? (
        <Dialog title={`Hand ${screen.sheet.at(-1)?.hand ?? ""} scored`} onClose={() => { latest.current = nextHand(latest.current); setScreen(latest.current); }} close="Next hand">
          <ScoreSheet view={view} rows={screen.sheet} />
        </Dialog>
      ) : null}
      {over ? <FinalResult view={view} screen={screen} onNewMatch={onNewMatch} /> : null}
    </div>
  );
}

function SeatBadge({ view, seat, position }: { view: SeatView; seat: Seat; position: string }) {
  const toAct = view.to_act.includes(seat);
  const leads = view.trick !== null && view.trick.leader === seat;
  return (
    <div class={`seat ${position} ${toAct ? "to-act" : ""}`} data-seat={seat}>
      <strong>{seat === view.seat ? "You" : seatName(view, seat)}</strong>
      <span class="figures">
        {view.scores[seat]} pts · this hand {view.hand_points[seat]} · tricks {view.tricks_won[seat]}
      </span>
      <span class="marks">{leads ? "leads " : ""}{toAct ? (view.status === "passing" ? "passing" : "to play") : ""}</span>
    </div>
  );
}

function Middle({ view, placed }: { view: SeatView; placed: Record<Seat, string> }) {
  const trick = middleTrick(view);
  const taken = trick !== null && isCompleted(trick);
  return (
    <div class={`middle ${taken ? `taken toward-${placed[trick.winner]}` : ""}`} aria-label="The trick" role="group">
      {trick?.cards.map((played) => (
        <div key={played.card} class={`slot ${placed[played.seat]}`} data-card={played.card} aria-label={`${seatName(view, played.seat)}: ${cardName(played.card)}`}>
          <CardFace card={played.card} />
        </div>
      ))}
      <p class="trick-note">
        {trick === null ? "" : taken ? `${trick.winner === view.seat ? "You take" : `${seatName(view, trick.winner)} takes`} trick ${trick.number}` : `Trick ${trick.number}`}
      </p>
    </div>
  );
}

function FinalResult({ view, screen, onNewMatch }: { view: SeatView; screen: MatchScreen; onNewMatch?: () => void }) {
  const result = view.result;
  return (
    <Dialog title={view.status === "aborted" ? "The match was stopped" : "Final standings"} close={onNewMatch ? "New match" : undefined} onClose={onNewMatch}>
      {result ? (
        <>
          <ul class="standings">
            {result.standings.map((standing) => (
              <li key={standing.seat}>
                {placeLabel(result, standing.seat)}: {standing.seat === view.seat ? "You" : seatName(view, standing.seat)}, {points(standing.score)}
              </li>
            ))}
          </ul>
          <p>{result.hands_played} hands played.{" "}
            {result.moons.length === 0 ? "No moon was shot." : `Moons: ${result.moons.map((m) => `hand ${m.hand}, ${seatName(view, m.seat)}`).join("; ")}.`}
          </p>
        </>
      ) : null}
      <ScoreSheet view={view} rows={screen.sheet} />
    </Dialog>
  );
}

const points = (n: number): string => `${n} ${Math.abs(n) === 1 ? "point" : "points"}`;

export function Dialog({ title, children, close, onClose }: { title: string; children: preact.ComponentChildren; close?: string; onClose?: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <div class="overlay">
      <div class="dialog" role="dialog" aria-modal="true" aria-label={title}>
        <h2>{title}</h2>
        {children}
        {close && onClose ? <button ref={button} type="button" class="primary" onClick={onClose}>{close}</button> : null}
      </div>
    </div>
  );
}
