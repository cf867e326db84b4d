import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { formatPoints } from "~/modules/points/accounts";
import { formatMoney, spendableCents } from "../../storefront/api";
import { SANDBOX_PATH, storeOf } from "../store.server";
import { verifyStoreToken } from "../token.server";

export const meta: MetaFunction = () => [{ title: "Global Rewards sandbox" }];

/** The sandbox is there only while the program names no store of its own. */
async function requireSandbox(args: LoaderFunctionArgs) {
  const store = await storeOf(args.context.tenant, args.context.app.env.DATA_DIR).catch(() => null);
  if (!store?.sandbox) throw new Response("Not found", { status: 404 });
  return store;
}

export async function loader(args: LoaderFunctionArgs) {
  await requireSandbox(args);
  return json(null);
}

/** The embedded stand-in for the outside store: it checks the token as a real store would and greets whoever it names. */
export async function action(args: ActionFunctionArgs) {
  const store = await requireSandbox(args);
  const token = String((await args.request.formData()).get("token") ?? "");
  const checked = verifyStoreToken(token, store.secret, SANDBOX_PATH);
  // The sandbox's secret is the deployment's, so a token names its program: another program's is refused here.
  const problem = !checked.ok ? checked.problem : checked.claims.iss !== args.context.tenant.config.subdomain ? "issuer" : null;
  if (!checked.ok || problem) {
    args.context.app.log.warn({ event: "global_rewards_token_refused", problem }, "sandbox store refused a token");
    return json({ ok: false as const }, { status: 401 });
  }
  const { name, points, pointValue, currency, award } = checked.claims;
  return json({
    ok: true as const,
    name,
    points: points === undefined ? null : { points, value: formatMoney(spendableCents(points, { pointValue, fx: 1 }), currency) },
    award: award ? formatMoney(award.valueCents, currency) : null,
  });
}

export default function GlobalRewardsSandbox() {
  const signedIn = useActionData<typeof action>();
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">Global Rewards sandbox</h1>
      {!signedIn ? (
        <p>Open the Global Rewards store from the shop.</p>
      ) : !signedIn.ok ? (
        <p role="alert" className="text-red-700">
          This sign-in has expired or is not valid. Open Global Rewards from the shop again.
        </p>
      ) : (
        <Card className="flex flex-col gap-2">
          <p role="status" className="text-lg font-medium">
            Welcome, {signedIn.name}
          </p>
          {signedIn.points ? (
            <p>
              {formatPoints(signedIn.points.points)} points to spend, worth {signedIn.points.value}.
            </p>
          ) : null}
          {signedIn.award ? <p>A service award worth {signedIn.award} to spend.</p> : null}
          <p className="text-sm text-slate-700">
            This is the app&apos;s stand-in for an outside rewards store: the token was checked as the store would check it. A program names its own store in
            its tenant file.
          </p>
        </Card>
      )}
      <p>
        <Link to="/storefront" className="text-sm text-brand underline">
          Back to the shop
        </Link>
      </p>
    </div>
  );
}
