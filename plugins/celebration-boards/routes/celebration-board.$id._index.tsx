import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { publicUrl } from "~/modules/env.server";
import { bodyLimit, TOO_LARGE_PARAM } from "~/modules/http/body-limits";
import { uploadKinds } from "~/modules/storage/upload-kinds";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { rowId } from "~/utils/row-id";
import { approveBoard, deleteBoard, deleteContribution, saveContribution, uninviteContributor } from "../boards.server";
import { BoardPage } from "../components/board-page";
import { isMultipart, readContribution } from "../contribution.server";
import { partiesOf, requireBoardPage } from "../pages.server";

/** The message form may carry a picture, streamed to disk up to its limit (a plain form over it comes back with ?tooLarge=1). */
export const handle = bodyLimit(uploadKinds.image.maxBytes + 1024 * 1024, { upload: true, streamed: true });

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? data.board.title : "Celebration board" }];

export async function loader(args: LoaderFunctionArgs) {
  const { access, board, role, today } = await requireBoardPage(args);
  const { publicToken, ...shown } = board;
  // The public link is its creator's (or a program manager's) and its recipient's to share, once delivered.
  const sharesLink = board.status === "APPROVED" && (role.manages || board.recipient.id === access.viewer.employee.id);
  return json({
    board: shown,
    role,
    today,
    viewerId: access.viewer.employee.id,
    shareOnFeed: access.options.shareOnFeedEnabled,
    pictures: access.options.customImagesEnabled,
    pictureTooLarge: new URL(args.request.url).searchParams.has(TOO_LARGE_PARAM),
    publicUrl: sharesLink ? `${publicUrl(access.app.env, access.tenant.config.subdomain)}/celebration-board/public/${publicToken}` : null,
  });
}

const NO_LONGER = "This board can no longer be changed.";

/** What the board's page posts: a message (its own form), a message deleted, someone removed, the board delivered or deleted. */
export async function action(args: ActionFunctionArgs) {
  const { access, board, role, today } = await requireBoardPage(args);
  const form = isMultipart(args.request) ? null : await args.request.formData();
  const here = `/celebration-board/${board.id}`;
  const me = access.viewer.employee.id;
  // Done: to `to` (the board, or the boxes once it is deleted) with `message`; refused: back to the board, saying why.
  const toast = (done: boolean, message: string, to = here) => redirectWithToast(args, done ? to : here, done ? { type: "success", message } : { type: "error", message: NO_LONGER });
  if (form === null || form.get("intent") === "contribute") {
    if (!role.contributes) return toast(false, "");
    const contribution = await readContribution(args, access, form);
    if (!contribution.ok) return json({ errors: contribution.errors, typed: contribution.typed }, { status: 400 });
    return toast(await saveContribution(access.db, board.id, me, contribution, today), "Your message is on the board.");
  }
  switch (form.get("intent")) {
    case "delete-contribution": {
      const id = rowId(form.get("contributionId")?.toString());
      return toast(id !== null && (await deleteContribution(access.db, board.id, id, { id: me, anyOf: role.manages })), "The message was deleted.");
    }
  }
  if (!role.manages) return toast(false, "");
  switch (form.get("intent")) {
    case "uninvite": {
      const id = rowId(form.get("employeeId")?.toString());
      const person = board.contributors.find((each) => each.id === id);
      return toast(person !== undefined && (await uninviteContributor(access.db, board.id, person.id)), `${person?.displayName} is no longer invited.`);
    }
    case "approve": {
      const delivered = await approveBoard(access.app, access.tenant, access.db, access.options, partiesOf(board), form.get("share") === "on");
      return toast(delivered, `The board was delivered to ${board.recipient.displayName}.`);
    }
    case "delete":
      return toast(await deleteBoard(access.db, board.id), "The board was deleted.", "/celebration-board/created");
  }
  return toast(false, "");
}

export default function CelebrationBoardPage() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return <BoardPage data={data} errors={refused?.errors} typed={refused?.typed} />;
}
