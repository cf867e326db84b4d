import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/** How long the store may take to redeem a token, in seconds. */
export const TOKEN_SECONDS = 120;

/** What the store learns of the employee: who they are, what they may spend, and for how long the token holds. */
export const storeClaims = z.object({
  /** The program (its subdomain), and the store the token is for. */
  iss: z.string(),
  aud: z.string(),
  /** The employee's code in the program, else their id. */
  sub: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  /** Points to spend (absent without a points catalogue), what a point is worth, in the program's currency. */
  points: z.number().int().nonnegative().optional(),
  pointValue: z.number().positive(),
  currency: z.string(),
  /** A service award to spend, when the store was opened for one: its value in cents. */
  award: z.object({ id: z.number().int(), valueCents: z.number().int().nonnegative() }).optional(),
  iat: z.number().int(),
  exp: z.number().int(),
  jti: z.string(),
});

export type StoreClaims = z.infer<typeof storeClaims>;

const base64url = (data: string | Buffer) => Buffer.from(data).toString("base64url");
const HEADER = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
const signature = (payload: string, secret: string) => createHmac("sha256", secret).update(`${HEADER}.${payload}`).digest();

/** A JSON Web Token (HS256) of the claims, valid for TOKEN_SECONDS from `now`: what any JWT library of the store's can verify. */
export function signStoreToken(claims: Omit<StoreClaims, "iat" | "exp" | "jti">, secret: string, now = new Date()) {
  const iat = Math.floor(now.getTime() / 1000);
  const payload = base64url(JSON.stringify({ ...claims, iat, exp: iat + TOKEN_SECONDS, jti: randomUUID() }));
  return `${HEADER}.${payload}.${base64url(signature(payload, secret))}`;
}

/** Why a token is refused. */
export type TokenProblem = "malformed" | "signature" | "expired" | "audience";

/** The token's claims when it is ours, signed with `secret`, for `audience`, and not expired; else why not. */
export function verifyStoreToken(token: string, secret: string, audience: string, now = new Date()): { ok: true; claims: StoreClaims } | { ok: false; problem: TokenProblem } {
  const [header, payload, signed, ...rest] = token.split(".");
  if (header !== HEADER || !payload || !signed || rest.length > 0) return { ok: false, problem: "malformed" };
  const given = Buffer.from(signed, "base64url");
  const expected = signature(payload, secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, problem: "signature" };
  let parsed;
  try {
    parsed = storeClaims.safeParse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
  } catch {
    return { ok: false, problem: "malformed" };
  }
  if (!parsed.success) return { ok: false, problem: "malformed" };
  if (parsed.data.exp <= Math.floor(now.getTime() / 1000)) return { ok: false, problem: "expired" };
  if (parsed.data.aud !== audience) return { ok: false, problem: "audience" };
  return { ok: true, claims: parsed.data };
}
