import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Field } from "~/components/forms";
import { LocalDate } from "~/components/local-date";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatPoints } from "~/modules/points/accounts";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { requireLotsPermission } from "../guards.server";
import { createLotSchema } from "../schema";
import { createLot, lotHistory } from "../service.server";
import { formConstraint } from "~/modules/forms/constraint.server";
import { useCheckedForm } from "~/utils/use-checked-form";
import { calendarDayIn } from "~/modules/time/zones";

export const meta: MetaFunction = () => [{ title: "Create Lots" }];

/** Today in the program's time zone: a lot must expire after it. */
const today = (args: LoaderFunctionArgs) => calendarDayIn(new Date(), args.context.tenant.config.program.timeZone);

export async function loader(args: LoaderFunctionArgs) {
  const { viewer, options } = await requireLotsPermission(args, "canCreateLots");
  const { timeZone } = args.context.tenant.config.program;
  const lots = (await lotHistory({ db: args.context.db, viewer })).map((lot) => ({ ...lot, expiresOn: calendarDayIn(lot.expiresAt, timeZone) }));
  return json({ lots, constraint: formConstraint(createLotSchema(options, today(args))) });
}

export async function action(args: ActionFunctionArgs) {
  const { viewer, options } = await requireLotsPermission(args, "canCreateLots");
  const submission = parseWithZod(await args.request.formData(), { schema: createLotSchema(options, today(args)) });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const lot = await createLot(args.context.db, viewer.employee.id, submission.value, args.context.tenant.config.program.timeZone);
  args.context.log.info({ event: "lot_created", lotId: lot.id, codes: submission.value.codeCount }, "lot created");
  return redirectWithToast(args, "/create-lot", {
    type: "success",
    message: `Lot ${lot.lotCode} was created with ${formatPoints(submission.value.codeCount)} codes.`,
  });
}

const statusLabels = { CREATED: "Awaiting activation", ACTIVATED: "Active", EXPIRED: "Expired" } as const;

type Lot = SerializeFrom<typeof loader>["lots"][number];

const lotColumns: Column<Lot>[] = [
  { key: "lot", header: "Lot", title: true, cell: (lot) => <span className="font-mono">{lot.lotCode}</span> },
  {
    key: "name",
    header: "Name",
    cell: (lot) => (
      <>
        {lot.name}
        <span className="block text-xs text-slate-700">
          {lot.createdBy ?? "Unknown"}, <LocalDate iso={lot.createdAt} />
        </span>
      </>
    ),
  },
  { key: "codes", header: "Codes", numeric: true, cell: (lot) => formatPoints(lot.codeCount) },
  { key: "points", header: "Points each", numeric: true, cell: (lot) => formatPoints(lot.pointsPerCode) },
  { key: "value", header: "Value", numeric: true, cell: (lot) => formatPoints(lot.value) },
  { key: "expires", header: "Expires", cell: (lot) => <span className="whitespace-nowrap">{lot.expiresOn}</span> },
  { key: "status", header: "Status", cell: (lot) => statusLabels[lot.status] },
  { key: "redeemed", header: "Redeemed", numeric: true, cell: (lot) => formatPoints(lot.redeemedCount) },
  {
    key: "files",
    header: "Codes and report",
    cell: (lot) => (
      <span className="flex flex-wrap gap-x-3">
        <a href={`/lots/${lot.id}/codes.csv`} className="text-brand underline">
          Codes CSV
        </a>
        <a href={`/lots/${lot.id}/print`} className="text-brand underline">
          Print
        </a>
        <a href={`/lots/${lot.id}/report.csv`} className="text-brand underline">
          Report CSV
        </a>
      </span>
    ),
  },
];

export default function CreateLotPage() {
  const { lots, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useCheckedForm<ReturnType<typeof createLotSchema>>("create-lot", constraint, lastResult);

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">Create Lots</h1>
      <Card className="max-w-xl p-6">
        <CardTitle>New lot</CardTitle>
        <p className="mb-4 text-sm text-slate-700">
          A lot is a batch of codes of equal value. It gets a 5-character lot code; activating that code funds every code in the lot from
          the program's points bucket, and only then can the codes be redeemed.
        </p>
        <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <Field label="Name" inputProps={getInputProps(fields.name, { type: "text" })} errors={fields.name.errors} />
          </div>
          <Field label="Number of codes" inputProps={getInputProps(fields.codeCount, { type: "number" })} errors={fields.codeCount.errors} />
          <Field label="Points per code" inputProps={getInputProps(fields.pointsPerCode, { type: "number" })} errors={fields.pointsPerCode.errors} />
          <Field label="Expires on" inputProps={getInputProps(fields.expiresOn, { type: "date" })} errors={fields.expiresOn.errors} />
          <div className="flex items-end">
            <Button type="submit" disabled={navigation.state === "submitting"}>
              Create lot
            </Button>
          </div>
        </Form>
      </Card>

      <Card>
        <CardTitle>Lot history</CardTitle>
        {lots.length === 0 ? (
          <p className="text-slate-700">No lots yet.</p>
        ) : (
          <DataTable caption="Lot history" columns={lotColumns} rows={lots} rowKey={(lot) => lot.id} />
        )}
      </Card>
    </div>
  );
}
