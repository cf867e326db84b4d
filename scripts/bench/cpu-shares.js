// Who used the machine's cores while pages were measured: the app's processes,
// the load generator (autocannon runs in the bench's own process), PostgreSQL and
// Redis, from the CPU time Linux counts per process in /proc. On a machine where
// all of them share two cores, that is what bounds the scale-out factor.
import fs from "node:fs";
import { execFileSync } from "node:child_process";

function processes(ticksPerSecond) {
  const found = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // it ended meanwhile
    }
    // The command may hold spaces and parentheses: the fields after it start after its last ")".
    const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    found.push({ pid: Number(entry), command, parent: Number(fields[1]), seconds: (Number(fields[11]) + Number(fields[12])) / ticksPerSecond });
  }
  return found;
}

function byConsumer(appPid, ticksPerSecond) {
  const all = processes(ticksPerSecond);
  const app = new Set([appPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const entry of all) {
      if (app.has(entry.pid) || !app.has(entry.parent)) continue;
      app.add(entry.pid);
      grew = true;
    }
  }
  const totals = { app: 0, "load generator": 0, PostgreSQL: 0, Redis: 0 };
  for (const entry of all) {
    if (app.has(entry.pid)) totals.app += entry.seconds;
    else if (entry.pid === process.pid) totals["load generator"] += entry.seconds;
    else if (entry.command === "postgres") totals.PostgreSQL += entry.seconds;
    else if (entry.command === "redis-server") totals.Redis += entry.seconds;
  }
  return totals;
}

/** Starts counting; `stop()` gives the cores each consumer used on average since (null where /proc is missing). */
export function countCores(appPid) {
  if (!fs.existsSync("/proc/self/stat")) return { stop: () => null };
  const ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  const startedAt = performance.now();
  const before = byConsumer(appPid, ticksPerSecond);
  return {
    stop() {
      const after = byConsumer(appPid, ticksPerSecond);
      const seconds = (performance.now() - startedAt) / 1000;
      return Object.fromEntries(Object.keys(after).map((name) => [name, Number(((after[name] - before[name]) / seconds).toFixed(2))]));
    },
  };
}
