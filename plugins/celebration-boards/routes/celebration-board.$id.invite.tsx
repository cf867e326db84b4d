import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { inviteContributors } from "../boards.server";
import { InviteForm } from "../components/invite-form";
import { checkInvitees, inviteStep } from "../composer.server";
import { partiesOf, requireOpenBoardManager } from "../pages.server";

export const meta: MetaFunction = () => [{ title: "Invite people" }];

export async function loader(args: LoaderFunctionArgs) {
  const { access, board } = await requireOpenBoardManager(args);
  const params = new URL(args.request.url).searchParams;
  // The people step's Back.
  if (params.get("go") === "compose") throw redirect(`/celebration-board/${board.id}`);
  return json({ view: await inviteStep(access, partiesOf(board), params), title: board.title, recipientName: board.recipient.displayName, id: board.id });
}

export async function action(args: ActionFunctionArgs) {
  const { access, board } = await requireOpenBoardManager(args);
  const form = await args.request.formData();
  const checked = await checkInvitees(access, partiesOf(board), form);
  if (!checked.ok) {
    const params = new URLSearchParams([...form.entries()].flatMap(([name, value]) => (typeof value === "string" ? [[name, value]] : [])));
    return json({ view: await inviteStep(access, partiesOf(board), params, { invitees: [checked.message] }) }, { status: 400 });
  }
  const invited = await inviteContributors(access.app, access.tenant, access.db, partiesOf(board), checked.ids);
  const message = invited === 0 ? "Everyone you chose was invited already." : invited === 1 ? "1 person was invited." : `${invited} people were invited.`;
  return redirectWithToast(args, `/celebration-board/${board.id}`, { type: "success", message });
}

export default function InvitePage() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const { key } = useLocation();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">Invite people to “{data.title}”</h1>
      <Card className="p-4">
        <InviteForm key={key} view={refused?.view ?? data.view} action={`/celebration-board/${data.id}/invite`} recipientName={data.recipientName} />
      </Card>
    </div>
  );
}
