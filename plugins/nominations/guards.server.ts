import type { LoaderFunctionArgs } from "@remix-run/node";
import { NOT_ALLOWED, refuseToFeed, requirePermission, requireViewer } from "~/modules/auth/guards.server";
import type { RecognitionAccess } from "~/modules/recognition/people-step.server";
import type { TenantConfig } from "~/modules/tenants/tenant";
import { pluginOptions } from "~/modules/plugins/plugin-options";
import { canApproveNominations } from "./rules";
import { nominationsOptions } from "./options";

/** The program's nomination options, as its tenant file and program settings say. */
export function nominationsOptionsOf(config: TenantConfig) {
  return pluginOptions(nominationsOptions, config.features.nominations);
}

/** Any nomination page: a signed-in person of a program with nominations on (the plugin's routes are off otherwise). */
export async function requireNominations(args: LoaderFunctionArgs) {
  const viewer = await requireViewer(args);
  const access: RecognitionAccess = { viewer, db: args.context.db, registry: args.context.app.registry };
  return { ...access, options: nominationsOptionsOf(viewer.tenant) };
}

export type NominationsAccess = Awaited<ReturnType<typeof requireNominations>>;

/** The composer: nominators only (the spec's Nominate), else /feed. */
export async function requireNominator(args: LoaderFunctionArgs) {
  const access = await requireNominations(args);
  await requirePermission(args, access.viewer, "isNominator");
  return access;
}

/** The spec's canApproveNominations: managers, program managers and nomination approvers; else /feed. */
export async function requireNominationApprover(args: LoaderFunctionArgs) {
  const access = await requireNominations(args);
  if (!canApproveNominations(access.viewer)) await refuseToFeed(args, NOT_ALLOWED);
  return access;
}
