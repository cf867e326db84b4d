import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/** What the embedded default writes instead of sending: e-mails and text messages, per program. */
export type OutboxChannel = "mail" | "sms";

export interface OutboxEntry {
  id: string;
  channel: OutboxChannel;
  to: string;
  subject: string;
  text: string;
  date: string;
}

export function outboxDir(dataDir: string, subdomain: string, channel: OutboxChannel) {
  return path.resolve(dataDir, channel, subdomain);
}

/** Writes a JSON summary (what the outbox page lists) and, when given, the raw message beside it. */
export async function writeOutboxEntry(
  dataDir: string,
  subdomain: string,
  message: Omit<OutboxEntry, "id" | "date">,
  raw?: { extension: string; content: Buffer },
) {
  const dir = outboxDir(dataDir, subdomain, message.channel);
  await fs.mkdir(dir, { recursive: true });
  const date = new Date().toISOString();
  const id = `${date.replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}`;
  if (raw) await fs.writeFile(path.join(dir, `${id}.${raw.extension}`), raw.content);
  const entry: OutboxEntry = { id, date, ...message };
  await fs.writeFile(path.join(dir, `${id}.json`), JSON.stringify(entry));
  return entry;
}

const OUTBOX_ID = /^[\w-]{1,80}$/;

/** One channel of the program's outbox, newest first. */
export async function listOutbox(dataDir: string, subdomain: string, channel: OutboxChannel): Promise<OutboxEntry[]> {
  const dir = outboxDir(dataDir, subdomain, channel);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const entries = await Promise.all(
    names
      .filter((name) => name.endsWith(".json"))
      .map(async (name) => JSON.parse(await fs.readFile(path.join(dir, name), "utf8")) as OutboxEntry),
  );
  return entries.sort((a, b) => b.id.localeCompare(a.id));
}

export async function readOutboxEntry(dataDir: string, subdomain: string, channel: OutboxChannel, id: string) {
  if (!OUTBOX_ID.test(id)) return null;
  const file = path.join(outboxDir(dataDir, subdomain, channel), `${id}.json`);
  return fs.readFile(file, "utf8").then(
    (text) => JSON.parse(text) as OutboxEntry,
    () => null,
  );
}
