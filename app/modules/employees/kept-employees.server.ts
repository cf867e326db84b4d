import type { ProgramDb } from "~/modules/db/program-db.server";
import { ownVersions, readCurrentEmployee, VIEWER_VERSION, type FoundEmployee } from "./service.server";

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
    const names = ownVersions(employeeId);
    const known = this.#recent.get(key);
    this.#recent.delete(key);
    if (known && names.every((name) => known.versions[name] === db.keptVersion(name))) {
      this.#remember(key, known);
      return copyOf(known);
    }
    const reading = readCurrentEmployee(db, employeeId);
    // The row's statement reads the versions too: the process learns each it does not keep from there, not from a query of its own.
    for (const name of [...names, VIEWER_VERSION]) {
      if (db.keptVersion(name) === undefined) db.changeVersion(name, () => reading.then((found) => found?.versions[name] ?? Promise.reject(NOT_FOUND))).catch(() => {});
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
