import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { ErrorList, Field, TextAreaField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { requireViewer } from "~/modules/auth/guards.server";
import { formConstraint } from "~/modules/forms/constraint.server";
import { answers, HELP_SEARCH_MAX } from "~/modules/help/faq";
import { helpQuestionsFor } from "~/modules/help/questions.server";
import { HELP_SENT, HelpRequestSchema, sendHelpRequest } from "~/modules/help/request.server";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { PRODUCT_VERSION } from "~/modules/version.server";
import { useCheckedForm } from "~/utils/use-checked-form";

export const meta: MetaFunction = () => [{ title: "Help" }];

/**
 * The spec's /help: whom to ask in this program, the questions people ask about it (searchable:
 * `?q=` without JavaScript, as one types with it), a form that e-mails a question to the
 * program's support address, and the product's version.
 */
export async function loader(args: LoaderFunctionArgs) {
  const viewer = await requireViewer(args);
  const { siteConfig } = viewer.tenant;
  return json({
    program: viewer.tenant.name,
    contact: siteConfig.contactUsText ? { headline: siteConfig.contactUsHeadlineText, text: siteConfig.contactUsText } : null,
    hasGuide: siteConfig.programInfoText.trim().length > 0,
    questions: helpQuestionsFor(viewer, args.context.app.registry),
    search: (new URL(args.request.url).searchParams.get("q") ?? "").slice(0, HELP_SEARCH_MAX),
    canAsk: siteConfig.supportEmail !== "",
    version: PRODUCT_VERSION,
    constraint: formConstraint(HelpRequestSchema),
  });
}

export async function action(args: ActionFunctionArgs) {
  const viewer = await requireViewer(args);
  const submission = parseWithZod(await args.request.formData(), { schema: HelpRequestSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const sent = await sendHelpRequest(args.context.app, args.context.db, viewer, submission.value);
  if (!sent.ok) return json(submission.reply({ formErrors: [sent.message] }), { status: 400 });
  args.context.log.info({ event: "help_request_sent", dropped: Boolean(submission.value.website) }, "help request sent");
  return redirectWithToast(args, "/help", { type: "success", message: HELP_SENT });
}

function Questions({ questions, search }: { questions: { question: string; answer: string }[]; search: string }) {
  const [typed, setTyped] = useState(search);
  const shown = questions.filter((entry) => answers(entry, typed));
  return (
    <Card className="p-6" aria-labelledby="questions">
      <CardTitle id="questions">Questions people ask</CardTitle>
      <Form method="get" role="search" aria-label="Help questions" className="mb-4 mt-2 flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="help-search">Search the questions</Label>
          <Input id="help-search" name="q" type="search" defaultValue={search} maxLength={HELP_SEARCH_MAX} onChange={(event) => setTyped(event.target.value)} />
        </div>
        <Button type="submit" variant="outline">
          Search
        </Button>
      </Form>
      <p role="status" className="sr-only">
        {`${shown.length} of ${questions.length} questions`}
      </p>
      {shown.length > 0 ? (
        <div className="flex flex-col gap-2">
          {shown.map((entry) => (
            <details key={entry.question} className="rounded-md border border-slate-200 px-4 py-2">
              <summary className="cursor-pointer font-medium">{entry.question}</summary>
              <p className="mt-2 text-slate-700">{entry.answer}</p>
            </details>
          ))}
        </div>
      ) : (
        <p className="text-slate-700">No question matches that. Ask it below.</p>
      )}
    </Card>
  );
}

function AskForm() {
  const { constraint } = useLoaderData<typeof loader>();
  const [form, fields] = useCheckedForm<typeof HelpRequestSchema>("help-request", constraint, useActionData<typeof action>());
  return (
    <Form method="post" {...getFormProps(form)} className="mt-2 flex flex-col gap-4">
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field label="What is it about?" inputProps={getInputProps(fields.subject, { type: "text" })} errors={fields.subject.errors} />
      <TextAreaField label="Your question" props={{ ...getTextareaProps(fields.message), rows: 5 }} errors={fields.message.errors} />
      {/* Left empty by people (they never see it); filled by robots that fill every field. */}
      <div aria-hidden className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={fields.website.id}>Website</label>
        <input {...getInputProps(fields.website, { type: "text" })} tabIndex={-1} autoComplete="off" />
      </div>
      <div>
        <Button type="submit">Send question</Button>
      </div>
    </Form>
  );
}

export default function HelpPage() {
  const { program, contact, hasGuide, questions, search, canAsk, version } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">Help</h1>
      <Card className="p-6">
        <CardTitle>{contact?.headline || `Ask the people who run ${program}`}</CardTitle>
        <p className="mt-2 whitespace-pre-line text-slate-700">{contact?.text || `Your program managers look after ${program}: ask them, or your manager, about anything here.`}</p>
        {hasGuide ? (
          <p className="mt-2">
            <Link to="/settings/program-guide" className="inline-flex min-h-6 items-center text-brand underline">
              Read the program guide
            </Link>
          </p>
        ) : null}
      </Card>
      <Questions questions={questions} search={search} />
      {canAsk ? (
        <Card className="p-6" aria-labelledby="ask">
          <CardTitle id="ask">Ask a question</CardTitle>
          <p className="text-sm text-slate-700">{`It goes by e-mail to the people who run ${program}, with your name and e-mail address so they can answer you.`}</p>
          <AskForm />
        </Card>
      ) : null}
      <p className="text-center text-xs text-slate-600">{`Version ${version}`}</p>
    </div>
  );
}
