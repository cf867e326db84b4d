import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Field } from "~/components/forms";
import { LocalDate } from "~/components/local-date";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { programDb } from "~/modules/auth/guards.server";
import { formatPoints } from "~/modules/points/accounts";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { requireLotsPermission } from "../guards.server";
import { createLotSchema } from "../schema";
import { createLot, lotHistory } from "../service.server";
import { useZodForm } from "~/utils/use-zod-form";
import { calendarDayIn } from "~/modules/time/zones";

export const meta: MetaFunction = () => [{ title: "Create Lots" }];

/** Today in the program's time zone: a lot must expire after it. */
const today = (args: LoaderFunctionArgs) => calendarDayIn(new Date(), args.context.tenant.config.program.timeZone);

export async function loader(args: LoaderFunctionArgs) {
  const { options } = await requireLotsPermission(args, "canCreateLots");
  const { timeZone } = args.context.tenant.config.program;
  const lots = (await lotHistory(programDb(args.context))).map((lot) => ({ ...lot, expiresOn: calendarDayIn(lot.expiresAt, timeZone) }));
  return json({ lots, limits: options, today: today(args) });
}

export async function action(args: ActionFunctionArgs) {
  const { viewer, options } = await requireLotsPermission(args, "canCreateLots");
  const submission = parseWithZod(await args.request.formData(), { schema: createLotSchema(options, today(args)) });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const lot = await createLot(programDb(args.context), viewer.employee.id, submission.value, args.context.tenant.config.program.timeZone);
  args.context.log.info({ event: "lot_created", lotId: lot.id, codes: submission.value.codeCount }, "lot created");
  return redirectWithToast(args, "/create-lot", {
    type: "success",
    message: `Lot ${lot.lotCode} was created with ${formatPoints(submission.value.codeCount)} codes.`,
  });
}

const statusLabels = { CREATED: "Awaiting activation", ACTIVATED: "Active", EXPIRED: "Expired" } as const;

export default function CreateLotPage() {
  const { lots, limits, today: todayDate } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const schema = createLotSchema(limits, todayDate);
  const [form, fields] = useZodForm("create-lot", schema, lastResult);

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
          <div className="overflow-x-auto">
            <table className="w-full min-w-[48rem] text-left text-sm">
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th className="py-2 font-medium">Lot</th>
                  <th className="py-2 font-medium">Name</th>
                  <th className="py-2 text-right font-medium">Codes</th>
                  <th className="py-2 text-right font-medium">Points each</th>
                  <th className="py-2 text-right font-medium">Value</th>
                  <th className="py-2 font-medium">Expires</th>
                  <th className="py-2 font-medium">Status</th>
                  <th className="py-2 text-right font-medium">Redeemed</th>
                  <th className="py-2 font-medium">Codes and report</th>
                </tr>
              </thead>
              <tbody>
                {lots.map((lot) => (
                  <tr key={lot.id} className="border-b border-slate-100 align-top">
                    <td className="py-2 font-mono">{lot.lotCode}</td>
                    <td className="py-2">
                      {lot.name}
                      <span className="block text-xs text-slate-600">
                        {lot.createdBy ?? "Unknown"}, <LocalDate iso={lot.createdAt} />
                      </span>
                    </td>
                    <td className="py-2 text-right">{formatPoints(lot.codeCount)}</td>
                    <td className="py-2 text-right">{formatPoints(lot.pointsPerCode)}</td>
                    <td className="py-2 text-right">{formatPoints(lot.value)}</td>
                    <td className="py-2">{lot.expiresOn}</td>
                    <td className="py-2">{statusLabels[lot.status]}</td>
                    <td className="py-2 text-right">{formatPoints(lot.redeemedCount)}</td>
                    <td className="py-2">
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
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  );
}
