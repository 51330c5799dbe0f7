import type { SeatView } from "hearts-client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ApiError } from "../src/api";
import { follow, type StreamStatus } from "../src/stream";
import type { Message } from "../src/table";

/** EventSource as the browser has it, driven by the test. */
class FakeSource {
  static readonly CLOSED = 2;
  static made: FakeSource[] = [];
  readyState = 1;
  private listeners = new Map<string, ((m: { data: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeSource.made.push(this);
  }
  addEventListener(type: string, listener: (m: { data: string }) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close(): void {
    this.readyState = FakeSource.CLOSED;
  }
  emit(type: string, data: unknown = null): void {
    for (const listener of this.listeners.get(type) ?? []) listener({ data: JSON.stringify(data) });
  }
}

const playing = { version: 12, status: "playing" } as SeatView;
const finished = { version: 80, status: "finished" } as SeatView;

describe("follow", () => {
  let messages: Message[];
  let statuses: StreamStatus[];
  beforeEach(() => {
    FakeSource.made = [];
    vi.stubGlobal("EventSource", FakeSource);
    vi.useFakeTimers();
    messages = [];
    statuses = [];
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  const start = (readView: () => Promise<SeatView>, seq = () => 7) =>
    follow("m/1", "tok", seq, (m) => messages.push(m), (s) => statuses.push(s), readView);

  it("opens from the last seq seen with the token, and passes events and views on in order", () => {
    start(() => Promise.reject(new Error("not called")));
    const [source] = FakeSource.made;
    expect(source.url).toBe("/api/v1/matches/m%2F1/stream?access_token=tok&after=7");
    source.emit("open");
    source.emit("card_played", { seq: 8, type: "card_played" });
    source.emit("view", playing);
    expect(messages).toEqual([{ kind: "event", event: { seq: 8, type: "card_played" } }, { kind: "view", view: playing }]);
    expect(statuses.at(-1)).toEqual({ kind: "live" });
  });

  it("stops after the view that ends the match", () => {
    start(() => Promise.reject(new Error("not called")));
    FakeSource.made[0].emit("view", finished);
    expect(FakeSource.made[0].readyState).toBe(FakeSource.CLOSED);
    expect(statuses.at(-1)).toEqual({ kind: "ended" });
  });

  it("after a stream the browser gave up on, shows the view and opens again from the seq then", async () => {
    let seq = 7;
    start(() => Promise.resolve(playing), () => seq);
    const first = FakeSource.made[0];
    first.readyState = FakeSource.CLOSED;
    first.emit("error");
    await vi.advanceTimersByTimeAsync(0);
    expect(messages).toEqual([{ kind: "view", view: playing }]);
    seq = 12;
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSource.made.map((s) => s.url.split("after=")[1])).toEqual(["7", "12"]);
  });

  it("after a match that ended while the browser was away, takes the events it missed before stopping", async () => {
    start(() => Promise.resolve(finished), () => 70);
    FakeSource.made[0].readyState = FakeSource.CLOSED;
    FakeSource.made[0].emit("error");
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSource.made.map((s) => s.url.split("after=")[1])).toEqual(["70", "70"]);
    FakeSource.made[1].emit("view", finished);
    expect(statuses.at(-1)).toEqual({ kind: "ended" });
  });

  it("waits its own growing pause when a refusal's Retry-After is not a number of seconds", async () => {
    const busy = { type: "/problems/unavailable", title: "Unavailable", status: 503, code: "unavailable", detail: "Try later." };
    start(() => Promise.reject(new ApiError(busy, "Wed, 21 Oct 2026 07:28:00 GMT")));
    FakeSource.made[0].readyState = FakeSource.CLOSED;
    FakeSource.made[0].emit("error");
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeSource.made).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSource.made).toHaveLength(2);
  });

  it("gives up on a match it may not see, saying why", async () => {
    const gone = { type: "/problems/not_found", title: "Not found", status: 404, code: "not_found", detail: "No such match." };
    start(() => Promise.reject(new ApiError(gone)));
    FakeSource.made[0].readyState = FakeSource.CLOSED;
    FakeSource.made[0].emit("error");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSource.made).toHaveLength(1);
    expect(statuses.at(-1)).toEqual({ kind: "refused", reason: "No such match." });
  });
});
