import { pageParam } from "~/utils/page-param";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { rowId } from "~/utils/row-id";
import { requireEcards } from "./guards.server";
import { keptForEcards } from "./ecards-cache.server";
import { ecardPage, keptEcardFor } from "./read.server";
import { addReply, deleteReply, editReply, replyForm, replyMessages } from "./replies.server";
import type { Box } from "./rules";

const notFound = () => new Response("Not found", { status: 404 });

/** A page of one of the viewer's boxes (`?page=`, 1-based). */
export async function boxPageLoader(args: LoaderFunctionArgs, box: Box) {
  const { viewer, db } = await requireEcards(args);
  const page = pageParam(args.request);
  const shown = await keptForEcards({ db, viewer }, JSON.stringify(["box", viewer.employee.id, box, page]), () => ecardPage(db, viewer.employee.id, box, page));
  return json({ box, page, isSupervisor: viewer.employee.isSupervisor, ...shown });
}

/** An eCard the viewer may see from `box` (404 otherwise: another's, another program's), and the reply being edited (`?edit=`). */
export async function cardPageLoader(args: LoaderFunctionArgs, box: Box) {
  const { viewer, db } = await requireEcards(args);
  const id = rowId(args.params.id);
  const card = id === null ? null : await keptEcardFor({ db, viewer }, id, box);
  if (!card) throw notFound();
  return json({ card, editing: rowId(new URL(args.request.url).searchParams.get("edit")), isSupervisor: viewer.employee.isSupervisor });
}

/** Replying to a received eCard, and editing or deleting one's own reply; a refused reply keeps what was typed. */
export async function replyAction(args: ActionFunctionArgs) {
  const { viewer, db } = await requireEcards(args);
  const id = rowId(args.params.id);
  if (id === null) throw notFound();
  const form = Object.fromEntries(await args.request.formData());
  const typed = typeof form.text === "string" ? form.text.slice(0, 2_000) : "";
  const parsed = replyForm.safeParse(form);
  const editing = rowId(typeof form.reply === "string" ? form.reply : null) ?? undefined;
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[issue.path[0] === "text" ? "text" : "reply"] ??= []).push(issue.message);
    return json({ errors, text: typed, reply: form.intent === "edit-reply" ? editing : undefined }, { status: 400 });
  }
  const me = { id: viewer.employee.id, displayName: viewer.employee.displayName };
  const { app, tenant } = args.context;
  const path = `/ecard/received/${id}`;
  switch (parsed.data.intent) {
    case "reply":
      if (!(await addReply(app, tenant, db, me, id, parsed.data.text))) return json({ errors: { reply: [replyMessages.notAllowed] }, text: typed, reply: undefined }, { status: 403 });
      return redirectWithToast(args, path, { type: "success", message: "Your reply was sent." });
    case "edit-reply":
      if (!(await editReply(db, me.id, id, parsed.data.reply, parsed.data.text))) return json({ errors: { reply: [replyMessages.gone] }, text: typed, reply: undefined }, { status: 404 });
      return redirectWithToast(args, path, { type: "success", message: "Your reply was changed." });
    case "delete-reply":
      if (!(await deleteReply(db, me.id, id, parsed.data.reply))) return json({ errors: { reply: [replyMessages.gone] }, text: "", reply: undefined }, { status: 404 });
      return redirectWithToast(args, path, { type: "success", message: "Your reply was deleted." });
  }
}
