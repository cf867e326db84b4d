import { describe, expect, it } from "vitest";
import { LOGIN_LIMITS, LoginLimiter, type AccountKey } from "./login-limiter.server";

const office = "198.51.100.7";
const PACED_SECONDS = 0.05;

/** A sign-in as a person makes it: a refused one is tried again after the pause (here the only refusal is the address's pace). */
async function signIn(limiter: LoginLimiter, account: AccountKey, passwordRight: boolean, { programId = 1, trusted = false } = {}) {
  for (let tries = 0; tries < 20; tries++) {
    const attempt = await limiter.begin(programId, account, office, { trusted });
    if (!attempt.allowed) {
      await new Promise((resolve) => setTimeout(resolve, PACED_SECONDS * 1000 + 10));
      continue;
    }
    if (passwordRight) await attempt.succeeded();
    return passwordRight;
  }
  throw new Error("never let through");
}

describe("the sign-in limits of one address", () => {
  it("let an office behind one address in: 40 people sign in, then 40 who each mistype once get in too", async () => {
    const limiter = new LoginLimiter(null, { pacedSeconds: PACED_SECONDS });
    for (let person = 0; person < 40; person++) expect(await signIn(limiter, { employeeId: person }, true)).toBe(true);
    for (let person = 40; person < 80; person++) {
      await signIn(limiter, { employeeId: person }, false);
      expect(await signIn(limiter, { employeeId: person }, true)).toBe(true);
    }
  });

  it("slow down guesses at many accounts: past 30 failures one attempt per pause, answered with how long to wait", async () => {
    const limiter = new LoginLimiter(null);
    const outcomes = [];
    for (let account = 0; account < 200; account++) outcomes.push(await limiter.begin(1, { unknownName: `guess-${account}` }, office));
    expect(outcomes.filter((outcome) => outcome.allowed)).toHaveLength(LOGIN_LIMITS.addressFailures);
    expect(outcomes.slice(LOGIN_LIMITS.addressFailures).every((outcome) => !outcome.allowed && outcome.retryAfterSeconds === LOGIN_LIMITS.pacedSeconds)).toBe(true);
    // Another program at the same address, and a browser its person signed in on before, are not held.
    expect((await limiter.begin(2, { employeeId: 1 }, office)).allowed).toBe(true);
    expect((await limiter.begin(1, { employeeId: 1 }, office, { trusted: true })).allowed).toBe(true);
  });

  it("count a trusted browser's failures apart, so guesses from elsewhere cannot lock its person out", async () => {
    const limiter = new LoginLimiter(null);
    const account = { employeeId: 9 };
    for (let guess = 0; guess < LOGIN_LIMITS.accountFailures; guess++) await limiter.begin(1, account, `203.0.113.${guess}`);
    expect((await limiter.begin(1, account, "203.0.113.99")).allowed).toBe(false);
    expect((await limiter.begin(1, account, office, { trusted: true })).allowed).toBe(true);
  });
});
