import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SidebarLayout } from "~/components/shell/sidebars";
import { requireViewer } from "~/modules/auth/guards.server";
import { loadSidebars } from "~/modules/shell/sidebars.server";
import { loadWithSlots } from "~/modules/plugins/slots-loaded";

export const meta: MetaFunction = () => [{ title: "Feed" }];

export async function loader(args: LoaderFunctionArgs) {
  const viewer = await requireViewer(args);
  return json({ sidebars: await loadSidebars(args, viewer) });
}

export const clientLoader = loadWithSlots;

/** The home page. Its centre stays empty until the Moments plugin contributes the feed. */
export default function FeedPage() {
  const { sidebars } = useLoaderData<typeof loader>();
  return (
    <SidebarLayout sidebars={sidebars}>
      <h1 className="sr-only">Feed</h1>
    </SidebarLayout>
  );
}
