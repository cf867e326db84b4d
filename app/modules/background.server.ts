import type { Logger } from "~/modules/logger.server";
import { InFlight } from "~/utils/in-flight";

/**
 * Work a request starts but does not wait for (sending an e-mail after the
 * reply, so the reply's timing says nothing about what the work found). A
 * failure is logged, never thrown at the person. Shutdown waits for what is
 * running. The job queue of the platform-services issue takes over work that
 * must survive a restart.
 */
export class BackgroundWork {
  private readonly running = new InFlight();

  constructor(private readonly log: Logger) {}

  run(name: string, work: () => Promise<unknown>, log: Logger = this.log) {
    this.running.track(
      Promise.resolve()
        .then(work)
        .catch((error: unknown) => log.error({ event: "background_work_failed", work: name, err: error }, "background work failed")),
    );
  }

  /** Resolves once everything started so far has finished. */
  settled() {
    return this.running.settled();
  }
}
