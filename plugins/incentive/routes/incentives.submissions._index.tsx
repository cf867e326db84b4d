import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ErrorList, TextAreaField } from "~/components/forms";
import { LocalDate } from "~/components/local-date";
import { Button } from "~/components/ui/button";
import { Pager } from "~/components/ui/pager";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { pageParam } from "~/utils/page-param";
import { FilterLinks, IncentivesPage, INCENTIVES, SubmissionBadge } from "../components/incentive-parts";
import { incentivesNav, requireReviewer } from "../guards.server";
import { BulkReviewSchema } from "../review-schema.server";
import { COMMENT_MAX } from "../rules";
import { reviewSubmission, submissionQueue, type SubmissionFilter } from "../submissions.server";

export const meta: MetaFunction = () => [{ title: "Incentive submissions" }];

const filters: { value: SubmissionFilter; label: string }[] = [
  { value: "PENDING", label: "Waiting" },
  { value: "APPROVED", label: "Approved" },
  { value: "DENIED", label: "Denied" },
  { value: "ALL", label: "All" },
];

export async function loader(args: LoaderFunctionArgs) {
  const access = await requireReviewer(args);
  const status = filters.find((each) => each.value === new URL(args.request.url).searchParams.get("status"))?.value ?? "PENDING";
  const page = pageParam(args.request);
  const [nav, queue] = await Promise.all([incentivesNav(access), submissionQueue(access.db, access.viewer, status, page)]);
  return json({ nav, status, page, ...queue });
}

/** The spec's bulk review: each submission chosen is approved (and paid) or denied in turn; those already reviewed or not the viewer's to review are left. */
export async function action(args: ActionFunctionArgs) {
  const access = await requireReviewer(args);
  const form = await args.request.formData();
  const submission = parseWithZod(form, { schema: BulkReviewSchema });
  if (submission.status !== "success") return json({ errors: submission.error ?? {}, comment: String(form.get("comment") ?? "") }, { status: 400 });
  const { intent, comment, id: ids } = submission.value;
  let reviewed = 0;
  let short = false;
  for (const id of ids) {
    const result = await reviewSubmission(access.app, access.tenant, access.db, access.options, access.viewer, id, { approve: intent === "approve", comment });
    if (result.status === "DONE") reviewed += 1;
    if (result.status === "BUCKET_SHORT") short = true;
  }
  args.context.log.info({ event: "incentive_submissions_reviewed", intent, asked: ids.length, reviewed }, "incentive submissions reviewed");
  if (reviewed === 0) return redirectWithToast(args, `${INCENTIVES}/submissions`, { type: "error", message: short ? "Unable to complete Review: the program's bucket does not hold the points." : "Unable to complete Review" });
  const left = ids.length - reviewed;
  return redirectWithToast(args, `${INCENTIVES}/submissions`, left === 0 ? { type: "success", message: "Review Complete" } : { type: "warning", message: `Review Complete for ${reviewed} of ${ids.length}: the others were reviewed already${short ? " or the program's bucket does not hold their points" : ""}.` });
}

export default function SubmissionsPage() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const errors = refused?.errors as Record<string, string[] | null> | undefined;
  const sending = useNavigation().formMethod === "POST";
  const reviewable = data.items.some((item) => item.reviewable);
  return (
    <IncentivesPage title="Incentive submissions" nav={data.nav}>
      <FilterLinks label="Filter by status" param="status" choices={filters} current={data.status} />
      {data.items.length === 0 ? (
        <p className="text-slate-700">{data.status === "PENDING" ? "No submission is waiting for review." : "No submission here."}</p>
      ) : (
        <Form method="post" aria-label="Review submissions" className="flex flex-col gap-3">
          <ul className="flex flex-col gap-2">
            {data.items.map((item) => (
              <li key={item.id} className="card flex items-center gap-3 p-3">
                {item.reviewable ? <input type="checkbox" name="id" value={item.id} aria-label={`Choose ${item.employee.displayName}'s submission to ${item.incentiveTitle}`} className="h-4 w-4 accent-brand" /> : <span className="w-4" />}
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <Link to={`${INCENTIVES}/submissions/${item.id}`} className="font-medium break-words hover:underline">
                    {item.employee.displayName}: {item.incentiveTitle}
                  </Link>
                  <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
                    <SubmissionBadge status={item.status} />
                    <LocalDate iso={item.createdAt} />
                    {item.status === "PENDING" && !item.reviewable ? <span>Yours: another reviewer decides.</span> : null}
                  </div>
                </div>
              </li>
            ))}
          </ul>
          <ErrorList errors={errors?.id} />
          {reviewable ? (
            <div className="card flex flex-col gap-3 p-4">
              <TextAreaField label="Comment for the participants (needed to deny)" props={{ id: "bulk-comment", name: "comment", maxLength: COMMENT_MAX, defaultValue: refused?.comment ?? "" }} errors={errors?.comment} />
              <div className="flex gap-2">
                <Button type="submit" name="intent" value="approve" disabled={sending}>
                  Approve chosen
                </Button>
                <Button type="submit" name="intent" value="deny" variant="outline" disabled={sending}>
                  Deny chosen
                </Button>
              </div>
            </div>
          ) : null}
        </Form>
      )}
      <Pager page={data.page} hasMore={data.more} query={{ status: data.status === "PENDING" ? undefined : data.status }} />
    </IncentivesPage>
  );
}
