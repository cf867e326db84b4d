import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field } from "~/components/forms";
import { LocalDate } from "~/components/local-date";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formConstraint } from "~/modules/forms/constraint.server";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { useCheckedForm } from "~/utils/use-checked-form";
import { requireSocialAdmin } from "../guards.server";
import { allowHashtag, banHashtag, bannedHashtags, bannedList, hashtagsInUse } from "../hashtags.server";
import { BanSchema } from "../moderation-forms.server";

export const meta: MetaFunction = () => [{ title: "Hashtags" }];

const IN_USE_SHOWN = 20;
const HERE = "/admin/hashtags";

/** The spec's banned hashtag list: ban one by name or from those in use (deny), let one back (approve). */
export async function loader(args: LoaderFunctionArgs) {
  const { db } = await requireSocialAdmin(args, "hashtags");
  const [banned, inUse] = await Promise.all([bannedList(db), hashtagsInUse(db, IN_USE_SHOWN)]);
  return json({ banned, inUse, constraint: formConstraint(BanSchema) });
}

export async function action(args: ActionFunctionArgs) {
  const { db, viewer } = await requireSocialAdmin(args, "hashtags");
  const form = await args.request.formData();
  if (form.get("intent") === "approve") {
    const tag = String(form.get("tag") ?? "");
    const allowed = await allowHashtag(db, tag, viewer.employee.id);
    return redirectWithToast(args, HERE, allowed ? { type: "success", message: `#${tag} can be used again.` } : { type: "error", message: "That hashtag was not banned." });
  }
  const submission = await parseWithZod(form, {
    schema: BanSchema.superRefine(async ({ name }, context) => {
      if ((await bannedHashtags(db))(name)) context.addIssue({ code: "custom", path: ["name"], message: `#${name} is banned already, or looks like a banned hashtag.` });
    }),
    async: true,
  });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  await banHashtag(db, submission.value.name, viewer.employee.id);
  return redirectWithToast(args, HERE, { type: "success", message: `#${submission.value.name} is banned: it can no longer be posted, and posts that have it no longer link to it.` });
}

type Data = SerializeFrom<typeof loader>;

function TagButton({ intent, tag, label, name }: { intent: "approve" | "deny"; tag: string; label: string; name: string }) {
  return (
    <Form method="post">
      <input type="hidden" name={intent === "approve" ? "tag" : "name"} value={intent === "approve" ? tag : name} />
      <Button type="submit" name="intent" value={intent} size="sm" variant="outline" aria-label={`${label} #${name}`}>
        {label}
      </Button>
    </Form>
  );
}

const bannedColumns: Column<Data["banned"][number]>[] = [
  { key: "name", header: "Hashtag", title: true, cell: (row) => `#${row.name}` },
  { key: "by", header: "Banned by", cell: (row) => row.bannedBy ?? "—" },
  { key: "when", header: "Since", cell: (row) => <LocalDate iso={row.created} /> },
  { key: "action", header: "Action", cell: (row) => <TagButton intent="approve" tag={row.tag} name={row.name} label="Approve" /> },
];

const inUseColumns: Column<Data["inUse"][number]>[] = [
  { key: "name", header: "Hashtag", title: true, cell: (row) => <Link to={`/hashtag/${encodeURIComponent(row.tag)}`} className="underline">{`#${row.name}`}</Link> },
  { key: "uses", header: "Posts in 30 days", numeric: true, cell: (row) => String(row.uses) },
  { key: "action", header: "Action", cell: (row) => <TagButton intent="deny" tag={row.tag} name={row.name} label="Deny" /> },
];

export default function HashtagsAdmin() {
  const { banned, inUse, constraint } = useLoaderData<typeof loader>();
  const [form, fields] = useCheckedForm<typeof BanSchema>("ban", constraint, useActionData<typeof action>());
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <Link to="/admin" className="text-sm underline">
        ← Moments Admin
      </Link>
      <h1 className="text-2xl font-semibold">Hashtags</h1>
      <Card>
        <CardTitle>Ban a hashtag</CardTitle>
        <p className="mb-3 text-sm text-slate-700">A banned hashtag, and anything that looks like it in other letters, can no longer be posted; posts that already have it show it without a link.</p>
        <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-3">
          <Field label="Hashtag" inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "off" }} errors={fields.name.errors} />
          <Button type="submit" name="intent" value="deny">
            Ban hashtag
          </Button>
        </Form>
      </Card>
      <Card>
        <CardTitle>Banned hashtags</CardTitle>
        {banned.length === 0 ? <p className="text-sm text-slate-700">No hashtag is banned.</p> : <DataTable caption="Banned hashtags" columns={bannedColumns} rows={banned} rowKey={(row) => row.tag} />}
      </Card>
      <Card>
        <CardTitle>Hashtags in use</CardTitle>
        {inUse.length === 0 ? <p className="text-sm text-slate-700">No hashtag was used in the last 30 days.</p> : <DataTable caption="Hashtags in use" columns={inUseColumns} rows={inUse} rowKey={(row) => row.tag} />}
      </Card>
    </div>
  );
}
