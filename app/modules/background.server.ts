import type { Logger } from "~/modules/logger.server";

/**
 * Work a request starts but does not wait for (sending an e-mail after the
 * reply, so the reply's timing says nothing about what the work found). A
 * failure is logged, never thrown at the person. Shutdown waits for what is
 * running. The job queue of the platform-services issue takes over work that
 * must survive a restart.
 */
export class BackgroundWork {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: Logger) {}

  run(name: string, work: () => Promise<unknown>, log: Logger = this.log) {
    const task = Promise.resolve()
      .then(work)
      .then(
        () => undefined,
        (error: unknown) => log.error({ event: "background_work_failed", work: name, err: error }, "background work failed"),
      )
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  /** Resolves once everything started so far has finished. */
  async settled() {
    while (this.running.size > 0) await Promise.all(this.running);
  }
}
