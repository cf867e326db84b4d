import type { Viewer } from "~/modules/auth/viewer";
import type { ProgramDb } from "./program-db.server";

interface Kept {
  key: string;
  version: string;
  value: Promise<unknown>;
}

/** What a kept read needs: the program's handle, and the request's viewer (loaded once per request) to share one version read. */
export interface KeptAccess {
  db: ProgramDb;
  viewer: Viewer;
}

/** Per request (its viewer, loaded once) and version name, the version read once: every cache kept under that name shares it. */
const versionsByRequest = new WeakMap<Viewer, Map<string, Promise<string>>>();

function versionOf({ db, viewer }: KeptAccess, changeVersion: string) {
  let versions = versionsByRequest.get(viewer);
  if (!versions) versionsByRequest.set(viewer, (versions = new Map()));
  let read = versions.get(changeVersion);
  if (!read) versions.set(changeVersion, (read = db.changeVersion(changeVersion)));
  return read;
}

/**
 * Reads kept per program and process until a version of what they read moves (decision 038):
 * `changeVersion` names it, or several when the reads draw on what different versions watch
 * (`addChangeVersion`: a row that triggers move at the commit of any change to the tables and
 * columns the reads draw from), or names them from the request (the viewer's own, decision 127). A
 * request takes each version once, before anything it keeps (once for every cache under that
 * name), so what is kept under a version is never older than it;
 * requests that miss the same key at once share one read. Each program's reads are kept apart (by
 * its handle), but `limit` bounds the process: at most that many keys of every program together,
 * the least recently used dropped first, so serving more programs never keeps more (decision 113).
 */
export function versionedCache({ limit, changeVersion }: { limit: number; changeVersion: string | readonly string[] | ((access: KeptAccess) => readonly string[]) }) {
  const keptByProgram = new WeakMap<ProgramDb, Map<string, Kept>>();
  /** Every key kept, of every program, least recently used first, with the program's keys it is among. */
  const recency = new Map<Kept, Map<string, Kept>>();
  const namesOf = typeof changeVersion === "function" ? changeVersion : () => (typeof changeVersion === "string" ? [changeVersion] : changeVersion);

  function forget(kept: Kept, among: Map<string, Kept>) {
    recency.delete(kept);
    if (among.get(kept.key) === kept) among.delete(kept.key);
  }

  /** What `read` reads under `key`, kept until the version (any of them) moves. */
  return async function kept<T>(access: KeptAccess, key: string, read: () => Promise<T>): Promise<T> {
    const current = (await Promise.all(namesOf(access).map((name) => versionOf(access, name)))).join(":");
    let program = keptByProgram.get(access.db);
    if (!program) keptByProgram.set(access.db, (program = new Map()));
    const known = program.get(key);
    if (known) recency.delete(known);
    if (known?.version === current) {
      recency.set(known, program);
      return known.value as Promise<T>;
    }
    const entry: Kept = { key, version: current, value: read() };
    program.set(key, entry);
    recency.set(entry, program);
    entry.value.catch(() => forget(entry, program));
    if (recency.size > limit) {
      const [oldest, among] = recency.entries().next().value!;
      forget(oldest, among);
    }
    return entry.value as Promise<T>;
  };
}
