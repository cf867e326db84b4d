import type { Viewer } from "~/modules/auth/viewer";
import type { ProgramDb } from "~/modules/db/program-db.server";

/** What is kept per program and process: a few screens of each segment and hashtag, the leaderboards, the segments. */
const KEPT_PER_PROGRAM = 300;

interface Kept {
  version: string;
  value: Promise<unknown>;
}

/** What this process read of each program's feed, each with the feed version it was read at; the least recently used go first. */
const keptByProgram = new WeakMap<ProgramDb, Map<string, Kept>>();
/** The feed version each request read (by its viewer, loaded once per request), shared by the request's cards. */
const versionByRequest = new WeakMap<Viewer, Promise<string>>();

/** The feed version: moved at the commit of any change to what the feed draws (decision 038). */
function feedVersion({ db, viewer }: { db: ProgramDb; viewer: Viewer }) {
  let version = versionByRequest.get(viewer);
  if (!version) {
    version = db
      .selectFrom("moments_feed_version")
      .select("version")
      .executeTakeFirst()
      .then((row) => String(row?.version ?? 0));
    versionByRequest.set(viewer, version);
  }
  return version;
}

/**
 * What `read` reads under `key`, kept until the program's feed version moves.
 * The version is read first (once per request), so what is kept under it is
 * never older than it; requests that miss the same key at once share one read.
 */
export async function keptForFeed<T>(access: { db: ProgramDb; viewer: Viewer }, key: string, read: () => Promise<T>): Promise<T> {
  const version = await feedVersion(access);
  let kept = keptByProgram.get(access.db);
  if (!kept) keptByProgram.set(access.db, (kept = new Map()));
  const known = kept.get(key);
  kept.delete(key);
  if (known?.version === version) {
    kept.set(key, known);
    return known.value as Promise<T>;
  }
  const value = read();
  kept.set(key, { version, value });
  value.catch(() => kept.get(key)?.value === value && kept.delete(key));
  if (kept.size > KEPT_PER_PROGRAM) kept.delete(kept.keys().next().value!);
  return value;
}
