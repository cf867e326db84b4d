import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** Web processes sharing PORT (node:cluster); each runs on a core of its own. */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    /**
     * Background jobs of each kind this process runs at once: 1 by default in a web process, 2 in
     * `npm run worker`. 0 in a web process leaves them to worker processes.
     */
    WORKERS: z.coerce.number().int().min(0).max(32).optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    TENANTS_DIR: z.string().min(1).default("./tenants"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
      .optional(),
    /** Prefix of every Redis key, so programs of several deployments (or test runs) can share one Redis. */
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[\w:.-]{0,40}$/, "must be up to 40 letters, digits, and _ : . -")
      .default("recognize:"),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    DEFAULT_TENANT: z
      .string()
      .regex(/^[a-z0-9-]+$/, "must be a tenant subdomain (a-z, 0-9, -)")
      .optional(),
    DEMO_SEED: booleanFlag.optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /**
     * Which X-Forwarded-For entries to believe: "false" (none; the socket's peer is the client), a number of
     * proxy hops in front of the app ("1" for one load balancer), or the proxies' addresses or subnets,
     * comma-separated ("10.0.0.0/8,127.0.0.1"). Never "true": that would believe whatever a client sends.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .refine((value) => value !== "true", 'must name the number of proxy hops (e.g. "1") or the proxies\' addresses, not "true"')
      .refine(
        (value) => value === "false" || /^\d{1,2}$/.test(value) || value.split(",").every((entry) => /^(loopback|linklocal|uniquelocal|[\d.:a-fA-F]+(\/\d{1,3})?)$/.test(entry.trim())),
        'must be "false", a number of hops, or comma-separated proxy addresses or subnets',
      )
      .transform((value): false | number | string[] => (value === "false" ? false : /^\d+$/.test(value) ? Number(value) : value.split(",").map((entry) => entry.trim())))
      .default(false),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
    MAIL_FROM: z.string().min(3).default("Recognize <no-reply@recognize.localhost>"),
    /** Links in e-mails; {subdomain} is replaced by the program's. Never taken from a request's Host header. */
    PUBLIC_URL: z
      .string()
      .regex(/^https?:\/\/[^\s]*\{subdomain\}[^\s]*$/, "must be an http(s) URL containing {subdomain}, e.g. https://{subdomain}.example.com")
      .optional(),
    /** The SMS gateway (Twilio's REST API); without all three, text messages go to DATA_DIR/sms. */
    SMS_API_URL: z
      .string()
      .regex(/^https?:\/\/[^\s]+[^/\s]$/, "must be an http(s) URL without a trailing slash")
      .default("https://api.twilio.com"),
    SMS_ACCOUNT_SID: z.string().min(1).optional(),
    SMS_AUTH_TOKEN: z.string().min(1).optional(),
    SMS_FROM: z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, "must be a phone number in E.164 form, such as +15550100123")
      .optional(),
    /** Uploaded files go to this S3-compatible bucket; without it, to DATA_DIR/files. */
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_ENDPOINT: z
      .string()
      .regex(/^https?:\/\/[^\s]+$/, "must be an http(s) URL")
      .optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanFlag.default(false),
    /** Web push (VAPID): `npx web-push generate-vapid-keys` makes a pair; without them push is not offered. */
    VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, "must be a URL-safe base64 public key").optional(),
    VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{40,50}$/, "must be a URL-safe base64 private key").optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, "must be a mailto: or https: URL")
      .default("mailto:no-reply@recognize.localhost"),
    /** GIPHY's API key: the composer's GIF picker; without it GIFs are not offered. */
    GIPHY_API_KEY: z.string().regex(/^[A-Za-z0-9]{16,64}$/, "must be a GIPHY API key (letters and digits)").optional(),
    /** The dev outbox page (/dev/outbox) that lists e-mails written to DATA_DIR; on by default in demo mode without SMTP. */
    OUTBOX_PAGE: booleanFlag.optional(),
    GLOBAL_NOTICE_MESSAGE: z.string().max(500).optional(),
    GLOBAL_NOTICE_TYPE: z.enum(["error", "warning", "success", "info"]).default("info"),
  })
  .superRefine((env, ctx) => {
    const sms = [env.SMS_ACCOUNT_SID, env.SMS_AUTH_TOKEN, env.SMS_FROM].filter(Boolean).length;
    if (sms > 0 && sms < 3) {
      ctx.addIssue({ code: "custom", path: ["SMS_ACCOUNT_SID"], message: "SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM go together" });
    }
    // What one process keeps must be shared by all: sessions and data in PostgreSQL, sign-in limits in Redis.
    if (env.WEB_CONCURRENCY > 1 && (!env.DATABASE_URL || !env.REDIS_URL)) {
      ctx.addIssue({
        code: "custom",
        path: ["WEB_CONCURRENCY"],
        message: "above 1 needs DATABASE_URL and REDIS_URL: the embedded database and the sign-in limits kept without Redis belong to one process",
      });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({ code: "custom", path: ["VAPID_PUBLIC_KEY"], message: "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together" });
    }
    if (env.WORKERS === 0 && !env.DATABASE_URL) {
      ctx.addIssue({ code: "custom", path: ["WORKERS"], message: "0 needs DATABASE_URL: on the embedded database no other process can run the jobs" });
    }
    // The embedded mode keeps a generated secret in DATA_DIR; a real deployment must bring its own.
    if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.SESSION_SECRET) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "is required in production with DATABASE_URL" });
    }
  });

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** Empty strings count as unset, as in most process managers. */
function withoutEmpty(source: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(withoutEmpty(source));
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  return result.data;
}

/** Demo data is seeded on the embedded database by default, on a real one only when asked. */
export function demoSeedEnabled(env: Env) {
  return env.DEMO_SEED ?? !env.DATABASE_URL;
}

/** The base URL of a program for links sent out of the app (e-mails). */
export function publicUrl(env: Env, subdomain: string) {
  return (env.PUBLIC_URL ?? `http://{subdomain}.localhost:${env.PORT}`).replace("{subdomain}", subdomain).replace(/\/$/, "");
}

/** Messages go to files in DATA_DIR without SMTP or an SMS gateway; the outbox page shows them in demo mode. */
export function outboxPageEnabled(env: Env) {
  return env.OUTBOX_PAGE ?? ((!env.SMTP_URL || !env.SMS_ACCOUNT_SID) && demoSeedEnabled(env));
}
