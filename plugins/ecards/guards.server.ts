import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission, requireViewer } from "~/modules/auth/guards.server";
import type { RecognitionAccess } from "~/modules/recognition/people-step.server";
import type { TenantConfig } from "~/modules/tenants/tenant";
import { pluginOptions } from "~/modules/plugins/plugin-options";
import { ecardsOptions } from "./options";

/** The program's eCard options, as its tenant file and program settings say. */
export function ecardsOptionsOf(config: TenantConfig) {
  return pluginOptions(ecardsOptions, config.features.ecards);
}

/** An eCard page or action: the spec's guard (usesEcards), failing to /feed; with the program's eCard options. */
export async function requireEcards(args: LoaderFunctionArgs) {
  const viewer = await requireViewer(args);
  await requirePermission(args, viewer, "usesEcards");
  const access: RecognitionAccess = { viewer, db: args.context.db, registry: args.context.app.registry };
  return { ...access, options: ecardsOptionsOf(viewer.tenant) };
}

export type EcardsAccess = Awaited<ReturnType<typeof requireEcards>>;
