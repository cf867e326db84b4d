// Creates the embedded database's data directory: PostgreSQL's initdb, run in
// WebAssembly, takes a few seconds. `npm start` runs this while it builds, on a
// first start, so that the two overlap; the server then opens the directory.
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: node scripts/init-embedded-db.js <data directory>");
fs.mkdirSync(dataDir, { recursive: true });
const db = await PGlite.create({ dataDir });
await db.close();
