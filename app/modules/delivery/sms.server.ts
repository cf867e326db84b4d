import type { Env } from "~/modules/env.server";
import type { Logger } from "~/modules/logger.server";
import { writeOutboxEntry } from "./outbox.server";

export interface SmsMessage {
  /** The program the message belongs to: the outbox keeps each program's messages apart. */
  subdomain: string;
  /** E.164, such as +15550100123. */
  to: string;
  text: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

export class SmsDeliveryError extends Error {
  name = "SmsDeliveryError";
}

/**
 * Text messages through the SMS gateway's REST API (Twilio's Messages
 * resource) when SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM are set;
 * otherwise each message is written to DATA_DIR/sms/<subdomain>/ for the dev
 * outbox page.
 */
export function createSmsSender(env: Env, log: Logger): SmsSender {
  const { SMS_ACCOUNT_SID: sid, SMS_AUTH_TOKEN: token, SMS_FROM: from } = env;
  if (sid && token && from) {
    const endpoint = `${env.SMS_API_URL}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`;
    const authorization = `Basic ${Buffer.from(`${sid}:${token}`).toString("base64")}`;
    return {
      async send(message) {
        const response = await fetch(endpoint, {
          method: "POST",
          headers: { Authorization: authorization, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ To: message.to, From: from, Body: message.text }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) {
          log.warn({ event: "sms_failed", status: response.status }, "the SMS gateway refused a message");
          throw new SmsDeliveryError(`The SMS gateway answered ${response.status}`);
        }
        const { sid: messageId } = (await response.json()) as { sid?: string };
        log.info({ event: "sms_sent", messageId }, "text message sent");
      },
    };
  }
  return {
    async send(message) {
      const entry = await writeOutboxEntry(env.DATA_DIR, message.subdomain, {
        channel: "sms",
        to: message.to,
        subject: "Text message",
        text: message.text,
      });
      log.info({ event: "sms_written", id: entry.id }, "text message written to the outbox");
    },
  };
}
