/**
 * Reads until `done` says the value is there, or `seconds` pass (then returns
 * the last value, for the test's own assertion to explain): for work that a
 * background job finishes a moment later.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, seconds = 20): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
