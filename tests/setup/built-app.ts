import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import type * as Platform from "~/modules/platform.server";

export type BuiltApp = ServerBuild & { entry: { module: { platform: typeof Platform } } };

/** The Remix build as server.ts loads it; the import is cached, so every caller shares one module graph. */
export async function loadBuild(): Promise<BuiltApp> {
  return (await import(pathToFileURL(path.resolve("build/index.js")).href)) as BuiltApp;
}
