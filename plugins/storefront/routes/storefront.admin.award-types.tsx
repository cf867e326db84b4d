import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Field, TextAreaField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { requireProgramManager } from "~/modules/auth/guards.server";
import { formConstraint } from "~/modules/forms/constraint.server";
import { bodyLimit, TOO_LARGE_PARAM } from "~/modules/http/body-limits";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { uploadKinds } from "~/modules/storage/upload-kinds";
import { useCheckedForm } from "~/utils/use-checked-form";
import { AWARD_ASSETS, awardTypeAssets, isAwardAsset, removeAwardAsset, uploadAwardAsset } from "../awards/award-assets.server";
import { awardTypeFields, awardTypeFormSchema, awardTypes, DuplicateAwardType, saveAwardType } from "../awards/award-types.server";
import { AwardFiles } from "../components/award-files";
import { formatMoney } from "../pricing";

export const meta: MetaFunction = () => [{ title: "Service award types" }];

const PAGE = "/storefront/admin/award-types";

/** A picture (10 MB) or a document (20 MB) streams to disk; a larger one comes back as ?tooLarge=1, said beside its field. */
export const handle = bodyLimit(uploadKinds.file.maxBytes + 1024 * 1024, { upload: true, streamed: true });

/** The program's award types, and the one being edited (`?edit=id`), for a program manager. */
export async function loader(args: LoaderFunctionArgs) {
  await requireProgramManager(args);
  const types = await awardTypes(args.context.db);
  const editId = new URL(args.request.url).searchParams.get("edit");
  const editing = types.find((type) => String(type.id) === editId) ?? null;
  const files = editing ? await awardTypeAssets(args.context.db, editing.id) : null;
  const url = new URL(args.request.url);
  const upload = url.searchParams.get("upload");
  const tooLarge = url.searchParams.has(TOO_LARGE_PARAM) && isAwardAsset(upload) ? { which: upload, message: uploadKinds[AWARD_ASSETS[upload].kind].tooLarge } : null;
  return json({ types, editing, files, tooLarge, currency: args.context.tenant.config.points.currency, constraint: formConstraint(awardTypeFields) });
}

/**
 * Adds an award type, or saves the one of `id`: errors beside their fields, what was typed kept.
 * `?edit=id&upload=image|document` uploads the type's picture or announcement document; `remove` takes one off.
 */
export async function action(args: ActionFunctionArgs) {
  const viewer = await requireProgramManager(args);
  const url = new URL(args.request.url);
  const upload = url.searchParams.get("upload");
  const editId = Number(url.searchParams.get("edit")) || null;
  if (isAwardAsset(upload) && editId) {
    const uploaded = await uploadAwardAsset(args, viewer, editId, upload);
    if (!uploaded.ok) return json({ fileError: { which: upload, message: uploaded.message } }, { status: 400 });
    return redirectWithToast(args, `${PAGE}?edit=${editId}`, { type: "success", message: upload === "image" ? "Saved the picture." : "Saved the announcement document." });
  }
  const form = await args.request.formData();
  const remove = form.get("remove");
  if (isAwardAsset(remove) && editId) {
    await removeAwardAsset(args.context.db, editId, remove);
    return redirectWithToast(args, `${PAGE}?edit=${editId}`, { type: "success", message: remove === "image" ? "Removed the picture." : "Removed the announcement document." });
  }
  const id = Number(form.get("id")) || null;
  const submission = parseWithZod(form, { schema: awardTypeFormSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  try {
    await saveAwardType(args.context.db, submission.value, id);
  } catch (error) {
    if (!(error instanceof DuplicateAwardType)) throw error;
    return json(submission.reply({ fieldErrors: { name: [error.message] } }), { status: 400 });
  }
  args.context.log.info({ event: "service_award_type_saved", id, name: submission.value.name }, "service award type saved");
  return redirectWithToast(args, PAGE, { type: "success", message: `Saved ${submission.value.name}.` });
}

export default function AwardTypesPage() {
  const { types, editing, files, tooLarge, currency, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const fileError = actionData && "fileError" in actionData ? actionData.fileError : tooLarge;
  const lastResult = actionData && !("fileError" in actionData) ? actionData : undefined;
  const busy = useNavigation().state !== "idle";
  const initial = editing
    ? { ...editing, yearsService: String(editing.yearsService), value: (editing.valueCents / 100).toFixed(2), hideShopButton: editing.hideShopButton ? "on" : undefined, active: editing.active ? "on" : undefined }
    : { active: "on" };
  const [form, fields] = useCheckedForm<typeof awardTypeFields>(`award-type-${editing?.id ?? "new"}`, constraint, lastResult, initial as never);
  const text = (field: Parameters<typeof getInputProps>[0]) => ({ ...getInputProps(field, { type: "text" }), autoComplete: "off" });
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <h1 className="text-2xl font-semibold">Service award types</h1>
      <p className="text-slate-700">Each active type is granted on the work anniversary that completes its years of service, counted from the hire date in the program's time zone.</p>
      {types.length === 0 ? (
        <p>No award types yet.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="py-2 pr-4">Name</th>
              <th scope="col" className="py-2 pr-4">Years of service</th>
              <th scope="col" className="py-2 pr-4">Value</th>
              <th scope="col" className="py-2 pr-4">Status</th>
              <th scope="col" className="py-2"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {types.map((type) => (
              <tr key={type.id} className="border-b border-slate-100">
                <td className="py-2 pr-4 font-medium">{type.name}</td>
                <td className="py-2 pr-4">{type.yearsService}</td>
                <td className="py-2 pr-4">{formatMoney(type.valueCents, currency)}</td>
                <td className="py-2 pr-4">{type.active ? "Active" : "Off"}</td>
                <td className="py-2">
                  <Link to={`?edit=${type.id}`} className="text-brand underline" aria-label={`Edit ${type.name}`}>
                    Edit
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Card className="flex flex-col gap-4">
        <h2 className="text-lg font-semibold">{editing ? `Edit ${editing.name}` : "Add an award type"}</h2>
        <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
          {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
          <Field label="Name" inputProps={text(fields.name)} errors={fields.name.errors} />
          <Field label="Years of service" inputProps={{ ...getInputProps(fields.yearsService, { type: "number" }), min: 1, max: 80 }} errors={fields.yearsService.errors} />
          <Field label={`Value (${currency})`} inputProps={{ ...text(fields.value), inputMode: "decimal" }} errors={fields.value.errors} />
          <Field label="Display line 1" inputProps={text(fields.display1)} errors={fields.display1.errors} />
          <Field label="Display line 2" inputProps={text(fields.display2)} errors={fields.display2.errors} />
          <Field label="Display line 3" inputProps={text(fields.display3)} errors={fields.display3.errors} />
          <div className="sm:col-span-2">
            <TextAreaField label="Announcement" props={getTextareaProps(fields.announcement)} errors={fields.announcement.errors} />
          </div>
          <label className="flex items-center gap-2">
            <input {...getInputProps(fields.hideShopButton, { type: "checkbox" })} className="h-4 w-4 accent-brand" />
            Hide the Redeem Award button
          </label>
          <label className="flex items-center gap-2">
            <input {...getInputProps(fields.active, { type: "checkbox" })} className="h-4 w-4 accent-brand" />
            Active: granted on anniversaries
          </label>
          <div className="flex gap-4 sm:col-span-2">
            <Button type="submit" disabled={busy}>
              {editing ? "Save" : "Add award type"}
            </Button>
            {editing ? (
              <Link to={PAGE} className="self-center text-brand underline">
                Cancel
              </Link>
            ) : null}
          </div>
        </Form>
      </Card>
      {editing && files ? <AwardFiles typeId={editing.id} files={files} error={fileError} busy={busy} /> : null}
    </div>
  );
}
