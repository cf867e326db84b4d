// `npm run bench:changes` (after `npm run build`; PostgreSQL): what a page costs right after the
// program changed, where `npm run bench` measures a program where nothing does. Each web process
// keeps what pages share (a page of the feed, the leaderboard, the upcoming milestones) until a
// version it hears moves, and in a program in use they move all day: every post, reaction and
// comment moves the feed's; a change to anyone's name, job title, dates or preferences moves the
// people's; a notification moves its reader's own. For each document page of bench/pages.js and
// each kind of change, SAMPLES times: the change is written beside the app (SQL, as another web
// process would write it, heard through the same notifications), then the page is asked twice,
// one request at a time; printed are the medians of `data` for the first answer (what it costs to
// read afresh) and the second (kept again), and of `render`. On the scale seed (POSTS, 20,000) in
// a database of its own. Settings: SAMPLES (30).
import { pages } from "../../bench/pages.js";
import { benchAppEnv, createDatabase, pageName, pathOf, requireBuild, seedScaleProgram, serverTimings, signIn } from "./app-pages.js";
import { median } from "./measures.js";
import { startServer } from "./start-server.js";

const PORT = 3598;
const APP = `http://127.0.0.1:${PORT}`;
const SAMPLES = Number(process.env.SAMPLES ?? 30);
/** How long a written change is given to be heard (a notification at its commit, on one machine). */
const HEARD_MS = 50;

if (!process.env.DATABASE_URL) {
  console.error("usage: DATABASE_URL=… npm run bench:changes (the changes are written with SQL beside the app)");
  process.exit(1);
}
requireBuild();

const database = await createDatabase(process.env.DATABASE_URL);
const env = { ...benchAppEnv(database.url, "changes"), PORT: String(PORT) };
seedScaleProgram(env, process.env.POSTS ?? 20000);
const server = await startServer(process.execPath, ["build/server.js"], { env }, `${APP}/login`);
const { default: pg } = await import("pg");
const sql = new pg.Client({ connectionString: database.url });
await sql.connect();

const {
  rows: [acme],
} = await sql.query("select id from program where subdomain = 'acme'");
// A colleague of the demo users, who reacts to the newest post and whose job title changes.
const {
  rows: [colleague],
} = await sql.query("select id from employee where program_id = $1 and active and login_id not in ('admin', 'manager', 'employee', 'newhire', 'invited') order by id limit 1", [acme.id]);
const {
  rows: [newest],
} = await sql.query("select max(id) as id from feed_item where program_id = $1", [acme.id]);

let step = 0;
const changes = {
  // The same pause with nothing written: what a first request costs after an idle moment alone.
  nothing: async () => {},
  "a reaction": () =>
    sql.query(
      "insert into post_reaction (program_id, post_id, employee_id, reaction_type) values ($1, $2, $3, $4) on conflict (program_id, post_id, employee_id) do update set reaction_type = excluded.reaction_type",
      [acme.id, newest.id, colleague.id, 1 + (step++ % 5)],
    ),
  // A title moves what shows it (the viewer's profile card) but not the feed or the milestones (decision 126); a name moves all three.
  "a person's job title": () => sql.query("update employee set job_title = $1 where id = $2", [`Analyst ${step++ % 2 ? "II" : "I"}`, colleague.id]),
  // Every reaction, comment, transfer and eCard notifies someone: it moves that person's own version only (decision 127).
  "a colleague's notification": () =>
    sql.query("insert into notification (program_id, employee_id, type, message, dedupe_key) values ($1, $2, 'TEST', 'Bench', $3)", [acme.id, colleague.id, `bench-${step++}`]),
  "a person's name": () => sql.query("update employee set display_name = $1 where id = $2", [`Casey Colleague ${step++ % 2 ? "II" : "I"}`, colleague.id]),
};

const cookies = new Map();
for (const page of pages) if (page.as && !cookies.has(page.as)) cookies.set(page.as, await signIn(APP, page.as));

/** One page asked once: its Server-Timing, or null for an answer without a render (JSON). */
async function ask(url, headers) {
  const response = await fetch(url, { headers: { ...headers, "Accept-Encoding": "identity" } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  const timings = serverTimings(response);
  return timings.render === undefined ? null : timings;
}

const rows = [];
for (const page of pages) {
  const pagePath = await pathOf(APP, page, cookies);
  const headers = page.as ? { Cookie: cookies.get(page.as) } : {};
  if (!(await ask(`${APP}${pagePath}`, headers))) continue;
  for (const [change, write] of Object.entries(changes)) {
    const first = [];
    const next = [];
    const render = [];
    for (let sample = 0; sample < SAMPLES; sample++) {
      await write();
      await new Promise((resolve) => setTimeout(resolve, HEARD_MS));
      const fresh = await ask(`${APP}${pagePath}`, headers);
      const kept = await ask(`${APP}${pagePath}`, headers);
      first.push(fresh.data);
      next.push(kept.data);
      render.push(fresh.render);
    }
    rows.push({ page: pageName(page, pagePath), change, first: median(first), next: median(next), render: median(render) });
  }
}

await sql.end();
await server.stop();
await database.drop();

console.log(`\nData (ms, median of ${SAMPLES}) of each page's first answer after a change, and of the next; PostgreSQL, ${process.env.POSTS ?? 20000} posts\n`);
console.log(`${"page".padEnd(52)}${"after".padEnd(28)}${"first".padStart(7)}${"next".padStart(7)}${"render".padStart(8)}`);
for (const row of rows) console.log(`${row.page.padEnd(52)}${row.change.padEnd(28)}${row.first.toFixed(1).padStart(7)}${row.next.toFixed(1).padStart(7)}${row.render.toFixed(1).padStart(8)}`);
