import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { DecisionForm } from "~/components/approvals/decision-form";
import { LocalDate } from "~/components/local-date";
import { Card } from "~/components/ui/card";
import { refuseToFeed } from "~/modules/auth/guards.server";
import { isProgramManager } from "~/modules/auth/viewer";
import { formConstraint } from "~/modules/forms/constraint.server";
import { formatPoints } from "~/modules/points/accounts";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { rowId } from "~/utils/row-id";
import { useCheckedForm } from "~/utils/use-checked-form";
import { AnswerList, ReviewNote } from "../components/answer-list";
import { INCENTIVES, SubmissionBadge } from "../components/incentive-parts";
import { requireReviewer } from "../guards.server";
import { ReviewSchema } from "../review-schema.server";
import { COMMENT_MAX } from "../rules";
import { mayReview, readSubmission, reviewSubmission } from "../submissions.server";

export const meta: MetaFunction = () => [{ title: "Submission | Incentives" }];

const NOT_FOUND = "That submission can't be found.";

/** A submission the viewer may see: of an incentive they approve (any, for a program manager). */
async function requireSubmission(args: LoaderFunctionArgs) {
  const access = await requireReviewer(args);
  const id = rowId(args.params.id);
  const submission = id === null ? null : await readSubmission(access.db, id);
  if (!submission || !(isProgramManager(access.viewer) || submission.approverIds.includes(access.viewer.employee.id))) return refuseToFeed(args, NOT_FOUND);
  return { access, submission };
}

export async function loader(args: LoaderFunctionArgs) {
  const { access, submission } = await requireSubmission(args);
  const { approverIds: _, ...shown } = submission;
  return json({ submission: shown, canReview: submission.status === "PENDING" && mayReview(access.viewer, submission), constraint: formConstraint(ReviewSchema) });
}

export async function action(args: ActionFunctionArgs) {
  const { access, submission } = await requireSubmission(args);
  const parsed = parseWithZod(await args.request.formData(), { schema: ReviewSchema });
  if (parsed.status !== "success") return json({ result: parsed.reply() }, { status: 400 });
  const result = await reviewSubmission(access.app, access.tenant, access.db, access.options, access.viewer, submission.id, { approve: parsed.value.intent === "approve", comment: parsed.value.comment });
  switch (result.status) {
    case "NOT_FOUND":
      return refuseToFeed(args, NOT_FOUND);
    case "REVIEWED_ALREADY":
      return redirectWithToast(args, `${INCENTIVES}/submissions/${submission.id}`, { type: "warning", message: "This submission was already reviewed." });
    case "BUCKET_SHORT":
      return json({ result: parsed.reply({ formErrors: ["Failed to update submission.", "The program's bucket does not hold these points: ask a program manager to add points."] }) }, { status: 409 });
    case "DONE":
      args.context.log.info({ event: "incentive_submission_reviewed", submissionId: submission.id, intent: parsed.value.intent, points: result.points }, "incentive submission reviewed");
      return redirectWithToast(args, `${INCENTIVES}/submissions`, { type: "success", message: "Submission updated successfully." });
  }
}

export default function SubmissionPage() {
  const { submission, canReview, constraint } = useLoaderData<typeof loader>();
  const [form, fields] = useCheckedForm<typeof ReviewSchema>("review", constraint, useActionData<typeof action>()?.result);
  const reward = submission.rewardDescription || (submission.points > 0 ? `${formatPoints(submission.points)} points` : "No points (the number given earns none)");
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <Link to={`${INCENTIVES}/submissions`} className="text-sm">
        ← Incentive submissions
      </Link>
      <h1 className="text-2xl font-semibold break-words">
        {submission.employee.displayName}: {submission.incentiveTitle}
      </h1>
      <Link to={`${INCENTIVES}/read-only/${submission.incentiveId}`} className="self-start text-sm">
        What the incentive asks
      </Link>
      <Card className="flex flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <SubmissionBadge status={submission.status} />
          <LocalDate iso={submission.createdAt} />
        </div>
        <AnswerList answers={submission.answers} />
        <p className="text-sm">
          <span className="font-medium">{submission.status === "APPROVED" ? "Reward given: " : "Reward if approved: "}</span>
          {submission.status === "APPROVED" && submission.pointsPaid !== null && !submission.rewardDescription ? `${formatPoints(submission.pointsPaid)} points` : reward}
        </p>
        <ReviewNote reviewer={submission.reviewer} comment={submission.reviewComment} />
      </Card>
      {canReview ? <DecisionForm form={form} comment={fields.comment} commentLabel="Comment for the participant" commentMax={COMMENT_MAX} denyNote="A comment is needed to deny the submission." /> : null}
    </div>
  );
}
