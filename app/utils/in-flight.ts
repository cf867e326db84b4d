/** Promises under way, kept so that a stop can wait until none is left. */
export class InFlight {
  private readonly running = new Set<Promise<unknown>>();

  /** Keeps `work` until it settles, and returns it. */
  track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    void work.catch(() => {}).finally(() => this.running.delete(work));
    return work;
  }

  get size() {
    return this.running.size;
  }

  /** Resolves once everything tracked so far, and whatever was tracked meanwhile, has settled. */
  async settled() {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
