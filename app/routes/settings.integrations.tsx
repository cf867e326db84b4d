import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { requireViewer } from "~/modules/auth/guards.server";
import { integrationStates } from "~/modules/shell/integrations.server";

export const meta: MetaFunction = () => [{ title: "Integrations" }];

/** The spec's settings/integrations: what the program is connected to and each connection's state, read-only. */
export async function loader(args: LoaderFunctionArgs) {
  await requireViewer(args);
  return json({ integrations: integrationStates(args.context.app, args.context.tenant) });
}

export default function IntegrationsPage() {
  const { integrations } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">Integrations</h1>
      <p className="text-sm text-slate-700">What this program is connected to. Your program managers look after these connections.</p>
      <Card className="p-0">
        <ul aria-label="Connections" className="divide-y divide-slate-200">
          {integrations.map((integration) => (
            <li key={integration.name} className="flex flex-col gap-1 p-4">
              <div className="flex items-center justify-between gap-2">
                <h2 className="font-semibold">{integration.name}</h2>
                <span className={integration.connected ? "rounded-full bg-emerald-100 px-2 py-0.5 text-sm text-emerald-900" : "rounded-full bg-slate-100 px-2 py-0.5 text-sm text-slate-800"}>
                  {integration.connected ? "Connected" : "Not connected"}
                </span>
              </div>
              <p className="text-sm text-slate-700">{integration.detail}</p>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
