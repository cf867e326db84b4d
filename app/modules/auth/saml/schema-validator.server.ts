import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/**
 * samlify's schema check (xmllint compiled to asm.js) in a worker thread of its own (decision 085). On the
 * thread that serves requests, its first use compiled that code for 1.7 s (several seconds on a busy machine)
 * and every use after held the thread for 15 ms: the first single sign-on of a process stalled every request.
 * The thread starts when first needed, or ahead of time with `warm`, and keeps the process alive only while a
 * check is under way. V8 runs xmllint as plain JavaScript rather than translating it from asm.js as a whole,
 * which cost 3.9 s of CPU before the first check could start (decision 123).
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
require("node:v8").setFlagsFromString("--no-validate-asm");
const xmllint = require(workerData.validator);
parentPort.on("message", ({ id, xml }) => {
  xmllint.validate(xml).then(
    (result) => parentPort.postMessage({ id, result }),
    (error) => parentPort.postMessage({ id, error: String(error) }),
  );
});
`;

/** A document every SAML schema accepts, whose check compiles the validator. */
const WARM_UP_XML =
  '<samlp:LogoutResponse xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_warm" Version="2.0" IssueInstant="2026-01-01T00:00:00Z">' +
  '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status></samlp:LogoutResponse>';

interface Answer {
  id: number;
  result?: string;
  error?: string;
}

export class SchemaValidatorThread {
  /** `validator`: the module the thread checks with (a path for `require`), samlify's xmllint unless given. */
  constructor(private readonly validator?: string) {}

  #thread: Worker | null = null;
  #pending = new Map<number, { resolve: (result: string) => void; reject: (error: unknown) => void; holdProcess: boolean }>();
  #nextId = 0;

  /** samlify's validator: resolves for a schema-valid document, rejects (as xmllint does) otherwise. */
  readonly validate = (xml: string): Promise<string> => this.#check(xml, { holdProcess: true });

  /**
   * Starts the thread and compiles the validator in it, so that the first sign-in does not wait; a process may
   * end meanwhile. True once it is ready; false if it failed, which the first sign-in will meet and report.
   */
  warm(): Promise<boolean> {
    return this.#check(WARM_UP_XML, { holdProcess: false }).then(
      () => true,
      () => false,
    );
  }

  #check(xml: string, { holdProcess }: { holdProcess: boolean }) {
    return new Promise<string>((resolve, reject) => {
      const id = this.#nextId++;
      this.#pending.set(id, { resolve, reject, holdProcess });
      const thread = this.#running();
      if (holdProcess) thread.ref();
      thread.postMessage({ id, xml });
    });
  }

  #running() {
    if (this.#thread) return this.#thread;
    const thread = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: { validator: this.validator ?? createRequire(import.meta.url).resolve("@authenio/samlify-node-xmllint") },
    });
    thread.unref();
    thread.on("message", ({ id, result, error }: Answer) => {
      const pending = this.#pending.get(id);
      this.#pending.delete(id);
      if (![...this.#pending.values()].some((check) => check.holdProcess)) thread.unref();
      if (error === undefined) pending?.resolve(result!);
      else pending?.reject(error);
    });
    const stopped = (reason: Error) => {
      if (this.#thread !== thread) return;
      this.#thread = null;
      for (const { reject } of this.#pending.values()) reject(reason);
      this.#pending.clear();
    };
    thread.on("error", stopped);
    thread.on("exit", (code) => stopped(new Error(`the SAML schema validator's thread stopped (exit code ${code})`)));
    this.#thread = thread;
    return thread;
  }
}

/** The process's validator, shared by every program's strategy (samlify keeps one per process). */
export const samlSchemaValidator = new SchemaValidatorThread();
