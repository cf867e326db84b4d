import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Env } from "~/modules/env.server";
import type { Logger } from "~/modules/logger.server";

export interface MailMessage {
  /** The program the message belongs to: the outbox keeps each program's mail apart. */
  subdomain: string;
  to: string;
  subject: string;
  text: string;
}

export interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  date: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function outboxDir(dataDir: string, subdomain: string) {
  return path.resolve(dataDir, "mail", subdomain);
}

/**
 * E-mail through nodemailer: SMTP when SMTP_URL is set; otherwise each message
 * is rendered as a real RFC 822 file (`.eml`) in DATA_DIR/mail/<subdomain>/,
 * with a small JSON summary beside it for the dev outbox page.
 */
export function createMailer(env: Env, log: Logger): Mailer {
  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport(env.SMTP_URL);
    return {
      async send(message) {
        const info = await transport.sendMail({ from: env.MAIL_FROM, to: message.to, subject: message.subject, text: message.text });
        log.info({ event: "mail_sent", messageId: info.messageId, subject: message.subject }, "mail sent");
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: env.MAIL_FROM, to: message.to, subject: message.subject, text: message.text });
      const dir = outboxDir(env.DATA_DIR, message.subdomain);
      await fs.mkdir(dir, { recursive: true });
      const date = new Date().toISOString();
      const id = `${date.replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}`;
      await fs.writeFile(path.join(dir, `${id}.eml`), info.message as Buffer);
      const entry: OutboxEntry = { id, to: message.to, subject: message.subject, text: message.text, date };
      await fs.writeFile(path.join(dir, `${id}.json`), JSON.stringify(entry));
      log.info({ event: "mail_written", id, subject: message.subject }, "mail written to the outbox");
    },
  };
}

const OUTBOX_ID = /^[\w-]{1,80}$/;

/** The program's outbox, newest first. */
export async function listOutbox(dataDir: string, subdomain: string): Promise<OutboxEntry[]> {
  const dir = outboxDir(dataDir, subdomain);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const entries = await Promise.all(
    names.filter((name) => name.endsWith(".json")).map(async (name) => JSON.parse(await fs.readFile(path.join(dir, name), "utf8")) as OutboxEntry),
  );
  return entries.sort((a, b) => b.id.localeCompare(a.id));
}

export async function readOutboxEntry(dataDir: string, subdomain: string, id: string): Promise<OutboxEntry | null> {
  if (!OUTBOX_ID.test(id)) return null;
  const file = path.join(outboxDir(dataDir, subdomain), `${id}.json`);
  return fs.readFile(file, "utf8").then((text) => JSON.parse(text) as OutboxEntry, () => null);
}
