import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission, requireViewer } from "~/modules/auth/guards.server";
import type { PermissionName } from "~/modules/employees/permissions";
import { pluginOptions } from "~/modules/plugins/plugin-options";
import { lotsOptions } from "./options";
import { lotWithCodes } from "./service.server";

/** The viewer, after the spec's guard for this lots page; with the tenant's lots options. */
export async function requireLotsPermission(args: LoaderFunctionArgs, permission: PermissionName) {
  const viewer = await requireViewer(args);
  await requirePermission(args, viewer, permission);
  return { viewer, options: pluginOptions(lotsOptions, viewer.tenant.features.lots) };
}

/** The lot of the `lotId` parameter with its codes, for someone who may create lots; 404 when not this program's. */
export async function requireLotWithCodes(args: LoaderFunctionArgs) {
  await requireLotsPermission(args, "canCreateLots");
  const id = Number.parseInt(args.params.lotId ?? "", 10);
  const found = Number.isSafeInteger(id) && id > 0 ? await lotWithCodes(args.context.db, id) : null;
  if (!found) throw new Response("Not found", { status: 404 });
  return found;
}
