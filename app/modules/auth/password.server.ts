import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. Algorithm 2 is Argon2id
// (the package's enum is a const enum, which isolated modules can not import).
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string) {
  return hash(password, options);
}

let decoyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (unknown user or no
 * password set) it still spends the same work, so timing does not reveal
 * whether an account exists.
 */
export async function verifyPassword(storedHash: string | null, password: string) {
  if (!storedHash) {
    decoyHash ??= hashPassword("decoy-password-for-timing");
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
