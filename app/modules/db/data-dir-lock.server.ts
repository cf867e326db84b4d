import fs from "node:fs/promises";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";

/** The file in an embedded data directory that names the process holding it. */
export const LOCK_FILE = "app.lock";

/** The data directories this process holds: a pid in a lock file is ours only if it is here. */
const heldHere = new Set<string>();

export class DataDirInUse extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is open in process ${pid}: two processes writing it would corrupt it. ` +
        `Stop that process first, or set DATA_DIR to another directory. If no such process is running, delete ${path.join(dir, LOCK_FILE)}.`,
    );
    this.name = "DataDirInUse";
  }
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes an embedded data directory for this process, or refuses it with a
 * clear message while another process holds it: PGlite locks nothing, and a
 * second process writing the same files corrupts them (and the first process's
 * `soleWriter` caches would no longer be true). The lock of a process that is
 * gone (killed, crashed, or a pid from before a restart) is taken over.
 * Returns the release, which the database's close calls.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const file = path.join(dir, LOCK_FILE);
  if (heldHere.has(dir)) throw new DataDirInUse(dir, process.pid);
  for (let attempt = 1; ; attempt++) {
    try {
      await fs.writeFile(file, String(process.pid), { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const text = (await fs.readFile(file, "utf8").catch(() => "")).trim();
      // An empty file is a lock another process is writing at this moment.
      if (text === "" && attempt < 5) {
        await delay(50);
        continue;
      }
      const holder = Number(text);
      const held = Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder);
      if (held || attempt >= 5) throw new DataDirInUse(dir, holder || 0);
      await fs.rm(file, { force: true });
    }
  }
  heldHere.add(dir);
  return async () => {
    heldHere.delete(dir);
    const holder = await fs.readFile(file, "utf8").catch(() => "");
    if (holder.trim() === String(process.pid)) await fs.rm(file, { force: true });
  };
}
