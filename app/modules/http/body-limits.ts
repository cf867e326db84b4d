/** What a route's form posts may weigh unless the route says otherwise: far above any form here, far below harm. */
export const DEFAULT_MAX_BODY_BYTES = 100 * 1024;

/** The most any route may declare: a picture upload (10 MB) and its form. Videos will need their own way in. */
export const MAX_BODY_BYTES = 11 * 1024 * 1024;

export const TOO_LARGE_MESSAGE = "That request is too large.";

/** A route's `handle` that raises (or lowers) the size of the bodies its action accepts. */
export function bodyLimit(maxBodyBytes: number) {
  if (maxBodyBytes > MAX_BODY_BYTES) throw new Error(`A route may accept at most ${MAX_BODY_BYTES} bytes`);
  return { maxBodyBytes } as const;
}

/** The limit a route's `handle` declares, or the default. */
export function bodyLimitOf(handle: unknown) {
  const declared = (handle as { maxBodyBytes?: unknown } | undefined)?.maxBodyBytes;
  return typeof declared === "number" ? declared : DEFAULT_MAX_BODY_BYTES;
}
