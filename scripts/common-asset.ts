// `npm run common-asset -- <file> [--kind image|video|file] [--purpose ecard|feed|...]`: stores a
// common asset (the spec's program 0), which every program may show, such as an eCard design.
// It is checked and re-encoded as an upload is, in DATA_DIR/files or S3, and its address printed.
import fs from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { crossProgramDb, openDatabase } from "~/modules/db/database.server";
import { migrateToLatest } from "~/modules/db/migrator.server";
import { parseEnv } from "~/modules/env.server";
import { serverRegistry as registry } from "~/modules/plugins/installed.server";
import { storeCommonAsset } from "~/modules/storage/assets.server";
import { createBlobStore } from "~/modules/storage/blob-store.server";
import { imagePurposes, type ImagePurpose } from "~/modules/storage/image-purposes";
import { uploadKinds, type UploadKind } from "~/modules/storage/upload-kinds";

const { values, positionals } = parseArgs({ allowPositionals: true, options: { kind: { type: "string", default: "image" }, purpose: { type: "string", default: "plain" } } });
const [file] = positionals;
const kind = values.kind as UploadKind;
const purpose = values.purpose as ImagePurpose;
if (!file || !(kind in uploadKinds) || !(purpose in imagePurposes)) {
  console.error(`Usage: npm run common-asset -- <file> [--kind ${Object.keys(uploadKinds).join("|")}] [--purpose ${Object.keys(imagePurposes).join("|")}]`);
  process.exit(2);
}

const env = parseEnv();
const database = await openDatabase(env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL } : { kind: "pglite", dataDir: env.DATA_DIR });
try {
  const db = crossProgramDb(database);
  await migrateToLatest(db, registry.migrations());
  const stored = await storeCommonAsset(await createBlobStore(env), db, { bytes: await fs.readFile(file), fileName: path.basename(file), kind, purpose });
  if (!stored.ok) {
    console.error(stored.message);
    process.exitCode = 1;
  } else {
    console.log(`Stored ${stored.asset.name} (${stored.asset.contentType}) for every program: ${stored.asset.source}`);
  }
} finally {
  await database.close();
}
