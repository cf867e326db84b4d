import nodemailer from "nodemailer";
import type { Env } from "~/modules/env.server";
import type { Logger } from "~/modules/logger.server";
import { writeOutboxEntry } from "./outbox.server";

export interface MailMessage {
  /** The program the message belongs to: the outbox keeps each program's mail apart. */
  subdomain: string;
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text` (branded notification e-mails). */
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
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
        const info = await transport.sendMail({ from: env.MAIL_FROM, to: message.to, subject: message.subject, text: message.text, html: message.html });
        log.info({ event: "mail_sent", messageId: info.messageId, subject: message.subject }, "mail sent");
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: env.MAIL_FROM, to: message.to, subject: message.subject, text: message.text, html: message.html });
      const entry = await writeOutboxEntry(
        env.DATA_DIR,
        message.subdomain,
        { channel: "mail", to: message.to, subject: message.subject, text: message.text },
        { extension: "eml", content: info.message as Buffer },
      );
      log.info({ event: "mail_written", id: entry.id, subject: message.subject }, "mail written to the outbox");
    },
  };
}
