import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { refuseToFeed, requireViewer } from "~/modules/auth/guards.server";
import { usesPoints } from "~/modules/points/access";
import { viewerPointsSummary } from "~/modules/points/ledger.server";
import { spendableAwardsOf } from "../storefront/api.server";
import { SHOP_FAILED } from "../storefront/api";
import { storeOf } from "./store.server";
import { signStoreToken } from "./token.server";

/**
 * The viewer's token for the program's store: who they are, their points to spend (with a points
 * catalogue), and the award they chose (`?award=`, one of their spendable awards, else the feed).
 * A store whose secret is missing is the spec's 'Failed to open the shop.' (the cause logged).
 */
export async function launchStore(args: LoaderFunctionArgs) {
  const viewer = await requireViewer(args);
  const { db, tenant, app } = args.context;
  const awardId = new URL(args.request.url).searchParams.get("award");
  const award = awardId === null ? undefined : (await spendableAwardsOf(db, viewer.employee.id)).find((candidate) => String(candidate.id) === awardId);
  if (awardId !== null && !award) throw redirect("/feed");
  let store;
  try {
    store = await storeOf(tenant, app.env.DATA_DIR);
  } catch (error) {
    app.log.error({ event: "global_rewards_unavailable", err: error }, "the global rewards store cannot be opened");
    return refuseToFeed(args, SHOP_FAILED);
  }
  const employee = await db.selectFrom("employee").select(["employee_code", "email"]).where("id", "=", viewer.employee.id).executeTakeFirstOrThrow();
  const points = usesPoints(viewer) ? (await viewerPointsSummary({ db, viewer })).shoppingPointsAvailable : undefined;
  const { pointValue, currency } = tenant.config.points;
  const token = signStoreToken(
    {
      iss: tenant.config.subdomain,
      aud: store.url,
      sub: employee.employee_code ?? String(viewer.employee.id),
      name: viewer.employee.displayName,
      email: employee.email,
      ...(points === undefined ? {} : { points }),
      pointValue,
      currency,
      ...(award ? { award: { id: award.id, valueCents: award.valueCents } } : {}),
    },
    store.secret,
  );
  app.log.info({ event: "global_rewards_opened", employeeId: viewer.employee.id, awardId: award?.id ?? null }, "global rewards store opened");
  return { url: store.url, token, sandbox: store.sandbox };
}
