import type { Viewer } from "~/modules/auth/viewer";
import type { ProgramDb } from "./program-db.server";

interface Kept {
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
 * columns the reads draw from). A request takes each version once, before anything it keeps (once
 * for every cache under that name), so what is kept under a version is never older than it;
 * requests that miss the same key at once share one read. At most `limit` keys per program are
 * kept, the least recently used dropped first.
 */
export function versionedCache({ limit, changeVersion }: { limit: number; changeVersion: string | readonly string[] }) {
  const keptByProgram = new WeakMap<ProgramDb, Map<string, Kept>>();
  const names = typeof changeVersion === "string" ? [changeVersion] : changeVersion;

  /** What `read` reads under `key`, kept until the version (any of them) moves. */
  return async function kept<T>(access: KeptAccess, key: string, read: () => Promise<T>): Promise<T> {
    const current = (await Promise.all(names.map((name) => versionOf(access, name)))).join(":");
    let kept = keptByProgram.get(access.db);
    if (!kept) keptByProgram.set(access.db, (kept = new Map()));
    const known = kept.get(key);
    kept.delete(key);
    if (known?.version === current) {
      kept.set(key, known);
      return known.value as Promise<T>;
    }
    const value = read();
    kept.set(key, { version: current, value });
    value.catch(() => kept.get(key)?.value === value && kept.delete(key));
    if (kept.size > limit) kept.delete(kept.keys().next().value!);
    return value;
  };
}
