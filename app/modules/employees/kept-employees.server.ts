import type { ProgramDb } from "~/modules/db/program-db.server";
import { personVersionName } from "~/modules/db/person-versions";
import { readCurrentEmployee, type FoundEmployee } from "./service.server";

/**
 * The program's version of what pages kept for everyone show of people (migration
 * 2026-12-24-core-viewer-version): readCurrentEmployee's statement reads it too, and teaches it.
 */
export const VIEWER_VERSION = "viewer";

/** The version of one person that their own row is drawn under (migration 2027-01-05-core-own-versions, decision 127). */
export function ownVersion(employeeId: number) {
  return personVersionName("person", employeeId);
}

const NOT_FOUND = new Error("No such active employee");

/**
 * The signed-in people's rows this process has read, each kept until the person's own version
 * moves (decisions 091 and 127), so that a signed-in page knows whom it serves without a query.
 * A row is used only while it was read under the version the process keeps, and the process
 * keeps a version only while it hears every move (decision 082): it forgets it at its own
 * writes, at the notification of anyone else's commit, and whenever it stops listening. Versions
 * only grow, so a row read before a move never matches again. At most `capacity` rows, across
 * programs; the least recently used is forgotten first.
 */
export class KeptEmployees {
  readonly #recent = new Map<string, FoundEmployee>();

  constructor(private readonly capacity = 10_000) {}

  /** readCurrentEmployee's answer: kept, or read (and kept). Each caller gets a copy of its own. */
  async read(db: ProgramDb, employeeId: number): Promise<FoundEmployee | null> {
    const key = `${db.programId} ${employeeId}`;
    const version = db.keptVersion(ownVersion(employeeId));
    const known = this.#recent.get(key);
    this.#recent.delete(key);
    if (known && known.version === version) {
      this.#remember(key, known);
      return copyOf(known);
    }
    const reading = readCurrentEmployee(db, employeeId);
    // The row's statement reads both versions too: the process learns them from there, not from queries of their own.
    if (version === undefined) {
      db.changeVersion(ownVersion(employeeId), () => reading.then((found) => found?.version ?? Promise.reject(NOT_FOUND))).catch(() => {});
      if (db.keptVersion(VIEWER_VERSION) === undefined) db.changeVersion(VIEWER_VERSION, () => reading.then((found) => found?.viewerVersion ?? Promise.reject(NOT_FOUND))).catch(() => {});
    }
    const found = await reading;
    if (found) this.#remember(key, found);
    return found && copyOf(found);
  }

  #remember(key: string, found: FoundEmployee) {
    this.#recent.set(key, found);
    if (this.#recent.size > this.capacity) this.#recent.delete(this.#recent.keys().next().value!);
  }
}

function copyOf(found: FoundEmployee): FoundEmployee {
  return { ...found, employee: { ...found.employee, permissions: { ...found.employee.permissions } } };
}
