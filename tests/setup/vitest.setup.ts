import { afterAll, afterEach, beforeAll, inject } from "vitest";
import { server } from "../mocks/server";
import { removeMigratedDataDirs, useDatabaseTemplates } from "./databases";

useDatabaseTemplates(inject("databaseTemplates"));

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

// Outside services are mocked at the network edge only; an unmocked outside request is a test bug.
// Requests to the app's own server on this machine pass through.
beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request, print) => {
      if (!LOOPBACK.has(new URL(request.url).hostname)) print.error();
    },
  }),
);
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
// Vitest runs a file's afterAll hooks last to first: this one, a setup file's, after the test file's own (which stop the processes using them).
afterAll(() => removeMigratedDataDirs());
