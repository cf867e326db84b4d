import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireViewer } from "~/modules/auth/guards.server";
import { pluginOptions } from "~/modules/plugins/plugin-options";
import type { RecognitionAccess } from "~/modules/recognition/people-step.server";
import type { TenantConfig } from "~/modules/tenants/tenant";
import { boardsOptions } from "./options";
import { PLUGIN_ID } from "./rules";

/** The program's board options, as its tenant file and program settings say. */
export function boardsOptionsOf(config: TenantConfig) {
  return pluginOptions(boardsOptions, config.features[PLUGIN_ID]);
}

/** Any board page but the public one: a signed-in person of a program with boards on (the spec's celebrationBoardEnabled: the plugin's routes are off otherwise). */
export async function requireBoards(args: LoaderFunctionArgs) {
  const viewer = await requireViewer(args);
  const access: RecognitionAccess = { viewer, db: args.context.db, registry: args.context.app.registry };
  return { ...access, options: boardsOptionsOf(viewer.tenant), app: args.context.app, tenant: args.context.tenant };
}

export type BoardsAccess = Awaited<ReturnType<typeof requireBoards>>;

/** Whether the viewer may make boards (the spec's canCreateCelebrationBoards). */
export function canCreateBoards(access: Pick<BoardsAccess, "viewer">) {
  return access.viewer.employee.permissions.canCreateCelebrationBoards === true;
}

/** Making boards: the spec's canCreateCelebrationBoards, otherwise sent to the boards received. */
export async function requireBoardCreator(args: LoaderFunctionArgs) {
  const access = await requireBoards(args);
  if (!canCreateBoards(access)) throw redirect("/celebration-board/received");
  return access;
}
