import { parseWithZod } from "@conform-to/zod/v4";
import { rowIdOrNotFound } from "~/utils/row-id";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DecisionForm } from "~/components/approvals/decision-form";
import { formConstraint } from "~/modules/forms/constraint.server";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { useCheckedForm } from "~/utils/use-checked-form";
import { NominationPage } from "../components/nomination-page";
import { NominationDecisionSchema } from "../decision-schema.server";
import { requireNominationApprover } from "../guards.server";
import { decideNomination } from "../nominate.server";
import { approverMaySee, mayDownloadCertificate, nominationWithSteps } from "../read.server";
import { COMMENT_MAX } from "../rules";

export const meta: MetaFunction = () => [{ title: "Nomination | Approvals" }];

export async function loader(args: LoaderFunctionArgs) {
  const { db, viewer } = await requireNominationApprover(args);
  const found = await nominationWithSteps(db, rowIdOrNotFound(args.params.id));
  const seen = found ? approverMaySee(viewer, found) : null;
  if (!found || !seen?.visible) throw new Response("Not found", { status: 404 });
  return json({ nomination: found.nomination, steps: found.steps, canDecide: seen.decidable, certificate: mayDownloadCertificate(viewer, found), constraint: formConstraint(NominationDecisionSchema) });
}

const refusals = {
  NOMINATOR_SHORT: "The nominator no longer has the points to give this award: it cannot be approved now.",
  BUCKET_SHORT: "The program's bucket does not hold this award's points: ask a program manager to add points.",
} as const;

export async function action(args: ActionFunctionArgs) {
  const access = await requireNominationApprover(args);
  const id = rowIdOrNotFound(args.params.id);
  const submission = parseWithZod(await args.request.formData(), { schema: NominationDecisionSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const { app, tenant, log } = args.context;
  const result = await decideNomination(app, tenant, access.db, access.options, access.viewer, id, { approve: submission.value.intent === "approve", comment: submission.value.comment });
  switch (result.status) {
    case "NOT_FOUND":
      throw new Response("Not found", { status: 404 });
    case "DECIDED_ALREADY":
      return redirectWithToast(args, `/approvals/nominations/${id}`, { type: "warning", message: "This nomination was already decided." });
    case "NOMINATOR_SHORT":
    case "BUCKET_SHORT":
      return json({ result: submission.reply({ formErrors: [refusals[result.status]] }) }, { status: 409 });
    case "DONE": {
      log.info({ event: "nomination_decided", nomination: id, intent: submission.value.intent, final: result.final }, "nomination step decided");
      const message =
        submission.value.intent === "deny" ? `You denied the nomination of ${result.nominee}.` : result.final ? `You approved the nomination of ${result.nominee}: it is awarded.` : `You approved the nomination of ${result.nominee}: it goes on to the next approver.`;
      return redirectWithToast(args, "/approvals/nominations", { type: "success", message });
    }
  }
}

export default function NominationApprovalPage() {
  const { nomination, steps, canDecide, certificate, constraint } = useLoaderData<typeof loader>();
  const [form, fields] = useCheckedForm<typeof NominationDecisionSchema>("decision", constraint, useActionData<typeof action>()?.result);
  return (
    <NominationPage back={{ to: "/approvals/nominations", label: "Nominations to decide" }} title={`${nomination.nominator} nominated ${nomination.nominee}`} nomination={nomination} steps={steps} certificate={certificate}>
      {canDecide ? (
        <DecisionForm form={form} comment={fields.comment} commentLabel="Comment for the nominator" commentMax={COMMENT_MAX} denyNote="A comment is needed to deny the nomination." />
      ) : null}
    </NominationPage>
  );
}
