import type { Card, Hint, LessonVerdict, Seat, SeatView } from "hearts-client";
import { useEffect, useRef, useState } from "preact/hooks";

import { ApiError, call, client, type Command, newKey, readView, send, type Session } from "../api";
import { cardName } from "../cards";
import { follow, type StreamStatus } from "../stream";
import {
  clickCard,
  decisionKey,
  EMPTY_SCREEN,
  isCompleted,
  isOver,
  isPassing,
  isPlayable,
  type MatchScreen,
  type Message,
  middleTrick,
  nextHand,
  passLabel,
  passPartner,
  placeLabel,
  plural,
  type Position,
  positions,
  reduce,
  SEATS,
  seatName,
  stillApplies,
  waitingFor,
  who,
} from "../table";
import { CardFace } from "./CardFace";
import { attempt, LessonBanner, verdictTitle } from "./Lessons";
import { AnalysisPanel, HintButton, HintText } from "./Review";
import { ScoreSheet } from "./ScoreSheet";
import { useLoad } from "./useLoad";

/** A match at the table: the caller's seat at the bottom, or a spectator's view. */
export function MatchPage({ session, matchId, onNewMatch, onOver, onMatch, onLessons }: {
  session: Session; matchId: string; onNewMatch?: () => void; onOver?: () => void;
  onMatch?: (id: string) => void; onLessons?: () => void;
}) {
  const [screen, setScreen] = useState<MatchScreen>(EMPTY_SCREEN);
  const latest = useRef(screen);
  const [stream, setStream] = useState<StreamStatus>({ kind: "connecting" });
  const shake = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [generation, setGeneration] = useState(0);
  const [selected, setSelected] = useState<Card[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [shaking, setShaking] = useState<Card | null>(null);
  const [busy, setBusy] = useState(false);
  const [lastTrickShown, setLastTrickShown] = useState(false);
  const [sheetShown, setSheetShown] = useState(false);
  const [hint, setHint] = useState<{ hint: Hint; decision: string } | null>(null);
  const [verdict, setVerdict] = useState<LessonVerdict | null>(null);
  const [summary] = useLoad(() => call(client(session).GET("/api/v1/matches/{match_id}", {
    params: { path: { match_id: matchId } },
  })), [matchId]);
  const lesson = summary?.lesson ?? null;

  const apply = (message: Message) => {
    latest.current = reduce(latest.current, message);
    setScreen(latest.current);
  };
  useEffect(() => {
    latest.current = EMPTY_SCREEN;
    setScreen(EMPTY_SCREEN);
    return follow(matchId, session.token, () => latest.current.seq, apply, setStream,
                  () => readView(session, matchId));
  }, [matchId, session.token, generation]);
  useEffect(() => () => clearTimeout(shake.current), []);

  const view = screen.view;
  const deadline = view?.is_your_turn ? view.turn_deadline : null;
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [deadline]);
  const handKey = view ? `${view.hand_number}:${view.status}:${view.pass?.given ? 1 : 0}` : "";
  useEffect(() => setSelected([]), [handKey]);
  const hinted = hint !== null && view !== null && hint.decision === decisionKey(view) ? hint.hint : null;
  const over = view !== null && isOver(view.status);
  useEffect(() => { if (over) onOver?.(); }, [over]);

  if (view === null) {
    return <p class="loading">{stream.kind === "refused" ? stream.reason : "Joining the table…"}</p>;
  }

  /** Sends `command`; if the table moved first and it still applies, sends it once more. */
  const act = async (command: Command) => {
    setBusy(true);
    setNotice(null);
    try {
      let sent = await send(session, matchId, view.version, command);
      apply({ kind: "view", view: sent.view });
      if (sent.kind === "done" && sent.lesson) setVerdict(sent.lesson);
      if (sent.kind === "moved" && stillApplies(sent.view, command)) {
        sent = await send(session, matchId, sent.view.version, command);
        apply({ kind: "view", view: sent.view });
        if (sent.kind === "done" && sent.lesson) setVerdict(sent.lesson);
      }
      if (sent.kind === "moved") setNotice("The table moved before your move arrived: choose again.");
    } catch (error) {
      if (error instanceof ApiError) setNotice(error.text);
      else throw error;
    } finally {
      setBusy(false);
      requestAnimationFrame(() => {  // a played card's button is gone: keep the keyboard in the hand
        if (document.activeElement === document.body) document.querySelector<HTMLElement>(".hand .card")?.focus();
      });
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
      clearTimeout(shake.current);
      shake.current = setTimeout(() => setShaking(null), 500);
    }
  };
  const join = async () => {
    try {
      await call(client(session).POST("/api/v1/matches/{match_id}/join", {
        params: { path: { match_id: matchId } }, body: {}, headers: { "Idempotency-Key": newKey() },
      }));
      setGeneration((g) => g + 1);
    } catch (error) {
      if (error instanceof ApiError) setNotice(error.text);
    }
  };

  const onHint = (found: Hint | null, error?: string) => {
    setHint(found === null ? null : { hint: found, decision: decisionKey(view) });
    if (error !== undefined) setNotice(error);
    if (found?.pass) setSelected(found.pass.cards);
  };
  const placed = positions(view.seat);
  const passing = isPassing(view);
  const open = !over && view.players.some((p) => p.name === null && p.bot_level === null
    && (p.invited === null || p.invited === session.username));
  const lastTrick = screen.lastTrick;
  const pass = view.pass;
  const direction = view.pass_direction;

  return (
    <div class={`match ${view.seat === null ? "spectating" : ""}`} data-version={view.version} data-status={view.status}>
      {lesson ? <LessonBanner lesson={lesson} /> : null}
      <section class="table" aria-label="The table">
        {SEATS.map((seat) => <SeatBadge key={seat} view={view} seat={seat} position={placed[seat]} />)}
        <Middle view={view} placed={placed} />
      </section>
      <p class="trick-line">{trickLine(view)}</p>
      <p class="status" id="status">
        {over ? "The match is over" : `Hand ${view.hand_number}`}
        {!over && view.status === "passing" ? ` · ${passLabel(direction)}` : ""}
        {!over && view.status === "playing" && direction === "hold" ? " · Hold: no pass" : ""}
        {!over && view.hearts_broken ? " · hearts broken" : ""}
        {over ? "" : ` · ${view.is_your_turn ? (passing ? "your pass" : "your turn") : waitingFor(view)}`}
        {deadline !== null ? ` · ${Math.max(0, Math.ceil((Date.parse(deadline) - now) / 1000))} s left` : ""}
        {stream.kind === "connecting" ? " · reconnecting…" : ""}
        {stream.kind === "refused" ? ` · no longer live: ${stream.reason}` : ""}
      </p>
      <p class="sr-only" aria-live="polite">{view.is_your_turn ? (passing ? "Your pass" : "Your turn") : ""}</p>
      <p class="notice" role="status" aria-live="polite">{notice ?? ""}</p>
      {hinted ? <HintText hint={hinted} /> : null}
      {view.seat !== null ? (
        <div class="hand" role="group" aria-label="Your hand">
          {view.hand.map((card) => {
            const playable = isPlayable(view, card) && !busy;
            const chosen = selected.includes(card);
            return (
              <button
                key={card}
                type="button"
                class={`card ${playable ? "playable" : ""} ${chosen ? "chosen" : ""} ${shaking === card ? "shake" : ""} ${hinted?.recommended === card ? "hinted" : ""}`}
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
        {view.hints && view.seat !== null && view.is_your_turn && !over
          ? <HintButton session={session} matchId={matchId} version={view.version} onHint={onHint} /> : null}
        {open && view.seat === null ? <button type="button" class="primary" onClick={() => void join()}>Take a seat</button> : null}
        <button type="button" disabled={lastTrick === null} onClick={() => setLastTrickShown(true)}>Last trick</button>
        <button type="button" disabled={screen.sheet.length === 0} onClick={() => setSheetShown(true)}>Score sheet</button>
      </div>
      {open && view.seat !== null ? (
        <p class="invite">Waiting for players: send a friend this link to take the open seat: <a href={location.href}>{location.href}</a></p>
      ) : null}
      {pass?.given && view.seat !== null && direction !== null ? (
        <p class="exchange">
          You passed {pass.given.map(cardName).join(", ")} to {seatName(view, passPartner(view.seat, direction) ?? view.seat)}
          {pass.received ? `; you received ${pass.received.map(cardName).join(", ")} from ${seatName(view, passPartner(view.seat, direction, true) ?? view.seat)}` : ""}.
        </p>
      ) : null}
      {lastTrickShown && lastTrick ? (
        <Dialog title={`Trick ${lastTrick.number}`} onClose={() => setLastTrickShown(false)} close="Back to the table">
          <ul class="trick-list">
            {lastTrick.cards.map((played) => (
              <li key={played.card}><CardFace card={played.card} /> {who(view, played.seat)}: {cardName(played.card)}</li>
            ))}
          </ul>
          <p>{who(view, lastTrick.winner)} took it ({plural(lastTrick.points, "point")}).</p>
        </Dialog>
      ) : null}
      {sheetShown ? (
        <Dialog title="Score sheet" onClose={() => setSheetShown(false)} close="Back to the table">
          <ScoreSheet view={view} rows={screen.sheet} />
        </Dialog>
      ) : null}
      {screen.sheetPending && !over ? (
        <Dialog title={`Hand ${view.hand_number - 1} scored`} onClose={() => { latest.current = nextHand(latest.current); setScreen(latest.current); }} close="Next hand">
          <ScoreSheet view={view} rows={screen.sheet} />
        </Dialog>
      ) : null}
      {over && lesson ? (
        <Dialog title={verdictTitle(verdict)} close="Back to the lessons" onClose={onLessons}>
          {verdict ? <p class="verdict">{verdict.explanation}</p> : null}
          {onMatch ? <button type="button" id="again" onClick={() => void attempt(session, lesson.slug).then(onMatch, (e: unknown) => {
            if (e instanceof ApiError) setNotice(e.text); else throw e;
          })}>Try again</button> : null}
        </Dialog>
      ) : over ? (
        <FinalResult view={view} screen={screen} onNewMatch={onNewMatch}>
          {view.seat !== null && view.status === "finished" ? <AnalysisPanel session={session} matchId={matchId} /> : null}
        </FinalResult>
      ) : null}
    </div>
  );
}

function SeatBadge({ view, seat, position }: { view: SeatView; seat: Seat; position: Position }) {
  const toAct = view.to_act.includes(seat);
  const leads = view.trick !== null && view.trick.leader === seat;
  return (
    <div class={`seat ${position} ${toAct ? "to-act" : ""}`} data-seat={seat}>
      <strong>{who(view, seat)}</strong>
      <span class="figures">
        total {view.scores[seat]} · this hand {view.hand_points[seat]} · {plural(view.tricks_won[seat], "trick")}
      </span>
      <span class="marks">{leads ? "leads " : ""}{toAct ? (view.status === "passing" ? "passing" : "to play") : ""}</span>
    </div>
  );
}

function Middle({ view, placed }: { view: SeatView; placed: Record<Seat, Position> }) {
  const trick = middleTrick(view);
  const taken = trick !== null && isCompleted(trick);
  return (
    <div class={`middle ${taken ? `taken toward-${placed[trick.winner]}` : ""}`} aria-label="The trick" role="group">
      {trick?.cards.map((played) => (
        <div key={played.card} class={`slot ${placed[played.seat]}`} data-card={played.card} role="img"
             aria-label={`${who(view, played.seat)}: ${cardName(played.card)}`}>
          <CardFace card={played.card} />
        </div>
      ))}
    </div>
  );
}

/** The line under the table: the trick's number and leader, or who took the last one. */
function trickLine(view: SeatView): string {
  const trick = middleTrick(view);
  if (trick === null || view.status === "passing") return "";
  if (isCompleted(trick)) return `Trick ${trick.number}: taken by ${who(view, trick.winner, "you")} (${plural(trick.points, "point")})`;
  return `Trick ${trick.number}: led by ${who(view, trick.leader, "you")}`;
}

function FinalResult({ view, screen, onNewMatch, children }: {
  view: SeatView; screen: MatchScreen; onNewMatch?: () => void; children?: preact.ComponentChildren;
}) {
  const result = view.result;
  return (
    <Dialog title={view.status === "aborted" ? "The match was stopped" : "Final standings"} close={onNewMatch ? "New match" : undefined} onClose={onNewMatch}>
      {result ? (
        <>
          <ul class="standings">
            {result.standings.map((standing) => (
              <li key={standing.seat}>
                {placeLabel(result, standing.seat)}: {who(view, standing.seat)}, {plural(standing.score, "point")}
              </li>
            ))}
          </ul>
          <p>{result.hands_played} hands played.{" "}
            {result.moons.length === 0 ? "No moon was shot." : `Moons: ${result.moons.map((m) => `hand ${m.hand}, ${seatName(view, m.seat)}`).join("; ")}.`}
          </p>
        </>
      ) : null}
      <ScoreSheet view={view} rows={screen.sheet} />
      {children}
    </Dialog>
  );
}

export function Dialog({ title, children, close, onClose }: { title: string; children: preact.ComponentChildren; close?: string; onClose?: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {  // the focus moves to the dialog's button, and back when it closes
    const before = document.activeElement as HTMLElement | null;
    button.current?.focus();
    return () => { if (before?.isConnected) before.focus(); };
  }, []);
  return (
    <div class="overlay" onKeyDown={(e) => { if (e.key === "Escape") onClose?.(); }}>
      <div class="dialog" role="dialog" aria-modal="true" aria-label={title}>
        <h2>{title}</h2>
        {children}
        {close && onClose ? <button ref={button} type="button" class="primary" onClick={onClose}>{close}</button> : null}
      </div>
    </div>
  );
}
