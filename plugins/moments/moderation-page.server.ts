import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { safeRedirectPath } from "~/modules/auth/safe-redirect";
import { formConstraint } from "~/modules/forms/constraint.server";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { rowId } from "~/utils/row-id";
import { requireSocialAdmin } from "./guards.server";
import { DecisionSchema } from "./moderation-forms.server";
import { commentTarget, decide, moderationItem, type ModerationTarget } from "./moderation.server";

const LIST = "/admin/reported";

/** The post or comment (/post/{id}, /comment/{id}) a moderation page is about, for a moderator; to the list when it is not this program's. */
async function moderated(args: LoaderFunctionArgs) {
  const access = await requireSocialAdmin(args, "reported");
  const id = rowId(args.params.id);
  const target: ModerationTarget | null = id === null ? null : args.params.kind === "post" ? { postId: id, commentId: null } : args.params.kind === "comment" ? await commentTarget(access.db, id) : null;
  const item = target ? await moderationItem(access.db, target) : null;
  if (!target || !item) throw await redirectWithToast(args, LIST, { type: "error", message: "That post or comment is not in this program." });
  return { access, target, item };
}

/** A reported post's or comment's page: what it says, every report, its history and the decision forms. */
export async function moderationItemLoader(args: LoaderFunctionArgs) {
  const { item } = await moderated(args);
  return json({ item, constraint: formConstraint(DecisionSchema) });
}

/** Approve or remove, once for all its reports; then back to the list (or where the moderator came from), which shows the change. */
export async function moderationItemAction(args: ActionFunctionArgs) {
  const { access, target, item } = await moderated(args);
  const form = await args.request.formData();
  const submission = parseWithZod(form, { schema: DecisionSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const decision = submission.value.intent === "approve" ? "APPROVED" : "DENIED";
  const reason = submission.value.intent === "remove" ? submission.value.reason : "";
  const { app, tenant } = args.context;
  const outcome = await decide({ app, tenant, db: access.db }, target, decision, access.viewer.employee.id, reason);
  args.context.log.info({ event: "moderated", postId: target.postId, commentId: target.commentId, decision, outcome }, "moderated");
  if (outcome === "missing") return redirectWithToast(args, LIST, { type: "error", message: "That post or comment is not in this program." });
  const what = item.kind === "post" ? "The post" : "The comment";
  const message = outcome === "unchanged" ? `${what} was ${decision === "APPROVED" ? "approved" : "removed"} already.` : `${what} was ${decision === "APPROVED" ? "approved: everyone sees it again" : "removed: its author was told why"}.`;
  return redirectWithToast(args, safeRedirectPath(form.get("returnTo"), LIST), { type: "success", message });
}
