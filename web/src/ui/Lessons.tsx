import type { LessonPrompt, LessonVerdict } from "hearts-client";
import { useState } from "preact/hooks";

import { ApiError, call, client, type Session } from "../api";
import { useLoad } from "./useLoad";

/** Starts an attempt at the lesson `slug`; the new match's id. */
export async function attempt(session: Session, slug: string): Promise<string> {
  const created = await call(client(session).POST("/api/v1/lessons/{slug}/attempts", { params: { path: { slug } } }));
  return created.id;
}

/** The lessons in order, each started with one click. */
export function Lessons({ session, onMatch }: { session: Session; onMatch: (id: string) => void }) {
  const [page, error] = useLoad(() => call(client(session).GET("/api/v1/lessons", { params: { query: { page_size: 100 } } })), [session.token]);
  const [notice, setNotice] = useState<string | null>(null);
  const start = async (slug: string) => {
    try {
      onMatch(await attempt(session, slug));
    } catch (e) {
      if (e instanceof ApiError) setNotice(e.text);
      else throw e;
    }
  };
  return (
    <section class="panel" aria-labelledby="lessons">
      <h2 id="lessons">Lessons</h2>
      <p class="hint">Each lesson deals a real position and asks for one decision; the answer says whether it was the one the lesson teaches, and why. Lessons are unrated.</p>
      {page === null ? <p>{error ?? "Loading…"}</p> : (
        <ol class="lessons">
          {page.results.map((lesson) => (
            <li key={lesson.slug}>
              <button type="button" data-lesson={lesson.slug} onClick={() => void start(lesson.slug)}>{lesson.title}</button>
            </li>
          ))}
        </ol>
      )}
      <p class="notice" role="alert">{notice ?? ""}</p>
    </section>
  );
}

/** A lesson match's question, above the table. */
export function LessonBanner({ lesson }: { lesson: LessonPrompt }) {
  return (
    <section class="panel lesson" aria-labelledby="lesson-title">
      <h2 id="lesson-title">Lesson {lesson.order}: {lesson.title}</h2>
      <p>{lesson.prompt}</p>
    </section>
  );
}

export const verdictTitle = (verdict: LessonVerdict | null): string =>
  verdict === null ? "The lesson is over" : verdict.verdict === "right" ? "Right!" : "Legal, but not what the lesson wants";
