import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useState } from "react";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { ErrorList, Field, TextAreaField } from "~/components/forms";
import { LocalDate } from "~/components/local-date";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { UploadField } from "~/components/upload-field";
import { formatPoints } from "~/modules/points/accounts";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { readAnswers } from "../answers.server";
import { AnswerList, ReviewNote } from "../components/answer-list";
import { closedText, IncentiveHeader } from "../components/incentive-header";
import { INCENTIVES, SubmissionBadge } from "../components/incentive-parts";
import { requireCreatedIncentive, shownOf } from "../participant.server";
import { ANSWER_MAX, NO_LIMIT } from "../rules";
import { optionLabel } from "../steps";
import { countedSubmissions, ownSubmissions, submit } from "../submissions.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? data.incentive.title : "Incentive" }];

async function requireParticipant(args: LoaderFunctionArgs) {
  const page = await requireCreatedIncentive(args);
  // The spec: a non-participant opening an incentive is sent to its read-only view.
  if (!page.participates) throw redirect(`${INCENTIVES}/read-only/${page.incentive.id}`);
  return page;
}

const limitText = (limit: number) => (limit === 1 ? "You sent this incentive's one submission." : `You sent this incentive's ${limit} submissions, its most for each person.`);

/** Why the viewer cannot send a submission now (the incentive is not open, or they reached its limit), or null. */
async function refusalOf({ access, incentive }: Awaited<ReturnType<typeof requireParticipant>>) {
  if (incentive.phase !== "OPEN") return closedText(incentive);
  const limit = incentive.participationLimit ?? NO_LIMIT;
  if (limit !== NO_LIMIT && (await countedSubmissions(access.db, incentive.id, access.viewer.employee.id)) >= limit) return limitText(limit);
  return null;
}

export async function loader(args: LoaderFunctionArgs) {
  const page = await requireParticipant(args);
  const { access, incentive } = page;
  const [submissions, reason] = await Promise.all([ownSubmissions(access.db, incentive, access.viewer.employee.id), refusalOf(page)]);
  return json({ incentive: shownOf(incentive), options: incentive.submissionOptions.filter((each) => each.enabled), submissions, reason, key: crypto.randomUUID() });
}

export async function action(args: ActionFunctionArgs) {
  const page = await requireParticipant(args);
  const { access, incentive } = page;
  // Said before the form is read, so that a picture is not stored for a submission that cannot be taken (`submit` checks again, locked).
  const refused = await refusalOf(page);
  if (refused) return json({ errors: { form: [refused] }, typed: {} }, { status: 409 });
  const read = await readAnswers(args, access, incentive.submissionOptions);
  if (!read.ok) return json({ errors: read.errors, typed: read.typed }, { status: 400 });
  const result = await submit(access.db, { incentiveId: incentive.id, employeeId: access.viewer.employee.id, answers: read.answers, key: read.key, today: access.today });
  if (result.status === "CLOSED") return json({ errors: { form: [closedText(incentive)] }, typed: {} }, { status: 409 });
  if (result.status === "LIMIT") return json({ errors: { form: [limitText(result.limit)] }, typed: {} }, { status: 409 });
  args.context.log.info({ event: "incentive_submission_sent", incentiveId: incentive.id, submissionId: result.id }, "incentive submission sent");
  return redirectWithToast(args, `${INCENTIVES}/${incentive.id}`, { type: "success", message: "Your submission was sent: an approver reviews it." });
}

function SubmissionForm({ options, keyValue }: { options: ReturnType<typeof useLoaderData<typeof loader>>["options"]; keyValue: string }) {
  const refused = useActionData<typeof action>();
  const sending = useNavigation().formMethod === "POST";
  const errors: Record<string, string[]> = refused?.errors ?? {};
  const typed: Record<string, string> = refused?.typed ?? {};
  const picture = options.some((option) => option.type === "IMAGE");
  // A file the browser already knows is wrong (too large, not a picture) keeps the form from sending.
  const [clientError, setClientError] = useState<string>();
  return (
    <Card>
      <CardTitle>Send a submission</CardTitle>
      <Form method="post" encType={picture ? "multipart/form-data" : undefined} className="flex flex-col gap-4">
        <input type="hidden" name="key" value={keyValue} />
        <ErrorList errors={errors.form} />
        {options.map((option) => {
          const id = `answer-${option.type}`;
          const props = { id, name: option.type, defaultValue: typed[option.type] ?? "" };
          switch (option.type) {
            case "SHORT_ANSWER":
              return <TextAreaField key={id} label={optionLabel(option)} props={{ ...props, maxLength: ANSWER_MAX * 2 }} errors={errors[option.type]} />;
            case "NUMBER":
              return <Field key={id} label={optionLabel(option)} inputProps={{ ...props, inputMode: "decimal" }} errors={errors[option.type]} />;
            case "LINK":
              return <Field key={id} label={optionLabel(option)} inputProps={{ ...props, type: "url", placeholder: "https://" }} errors={errors[option.type]} />;
            case "DATE_TIME":
              return <Field key={id} label={optionLabel(option)} inputProps={{ ...props, type: "datetime-local" }} errors={errors[option.type]} />;
            case "IMAGE":
              return <UploadField key={id} id={id} name="IMAGE" kind="image" label={optionLabel(option)} help="JPEG, PNG, WebP or GIF, up to 10 MB." errors={errors.IMAGE} onError={setClientError} />;
          }
        })}
        <Button type="submit" className="self-end" disabled={sending || Boolean(clientError)}>
          Send
        </Button>
      </Form>
    </Card>
  );
}

export default function IncentivePage() {
  const data = useLoaderData<typeof loader>();
  const { key } = useLocation();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <Link to={`${INCENTIVES}/my-incentives`} className="text-sm">
        ← My incentives
      </Link>
      <IncentiveHeader incentive={data.incentive} />
      {data.reason ? (
        <p role="status" className="rounded-md bg-slate-100 px-3 py-2 text-sm">
          {data.reason}
        </p>
      ) : (
        <SubmissionForm key={key} options={data.options} keyValue={data.key} />
      )}
      <section aria-labelledby="own-submissions" className="flex flex-col gap-3">
        <h2 id="own-submissions" className="text-lg font-semibold">
          Your submissions
        </h2>
        {data.submissions.length === 0 ? (
          <p className="text-sm text-slate-700">None yet.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {data.submissions.map((submission) => (
              <li key={submission.id} className="card flex flex-col gap-2 p-4">
                <div className="flex flex-wrap items-center gap-3 text-sm">
                  <SubmissionBadge status={submission.status} />
                  <LocalDate iso={submission.createdAt} />
                  {submission.pointsPaid ? <span>{formatPoints(submission.pointsPaid)} points paid</span> : null}
                </div>
                <AnswerList answers={submission.answers} />
                <ReviewNote reviewer={submission.reviewer} comment={submission.reviewComment} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
