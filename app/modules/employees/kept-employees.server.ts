import type { ProgramDb } from "~/modules/db/program-db.server";
import { readCurrentEmployee, type FoundEmployee } from "./service.server";

/** The change version readCurrentEmployee's row is drawn under (migration 2026-12-24-core-viewer-version). */
export const VIEWER_VERSION = "viewer";

const NOT_FOUND = new Error("No such active employee");

/**
 * The signed-in people's rows this process has read, each kept until the program's viewer
 * version moves (decision 091), so that a signed-in page knows whom it serves without a query.
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
    const version = db.keptVersion(VIEWER_VERSION);
    const known = this.#recent.get(key);
    this.#recent.delete(key);
    if (known && known.version === version) {
      this.#remember(key, known);
      return copyOf(known);
    }
    const reading = readCurrentEmployee(db, employeeId);
    // The row's statement reads the version too: the process learns it from there, not from a query of its own.
    if (version === undefined) db.changeVersion(VIEWER_VERSION, () => reading.then((found) => found?.version ?? Promise.reject(NOT_FOUND))).catch(() => {});
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
