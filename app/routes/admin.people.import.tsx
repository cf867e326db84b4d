import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ErrorList } from "~/components/forms";
import { PeopleAdminHeader } from "~/components/people/people-admin-header";
import { LocalDate } from "~/components/local-date";
import { SettingsSection } from "~/components/program-settings";
import { Button } from "~/components/ui/button";
import { DataTable, type Column } from "~/components/ui/data-table";
import { Label } from "~/components/ui/label";
import { bodyLimit } from "~/modules/http/body-limits";
import { requirePeopleManager } from "~/modules/people/admin-guard.server";
import { checkImport, IMPORT_COLUMNS, type ImportProblem } from "~/modules/people/import-check.server";
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, readImportFile } from "~/modules/people/import-file.server";
import { queueImport, recentImports, saveCheckedImport } from "~/modules/people/import.server";
import { editablePermissions } from "~/modules/people/permission-flags";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { EMPTY_FILE } from "~/modules/storage/upload-kinds";
import { rowId } from "~/utils/row-id";

export const meta: MetaFunction = () => [{ title: "Import people | Admin" }];

export const handle = bodyLimit(IMPORT_MAX_BYTES + 64 * 1024, { upload: true });

/** At most this many problems are listed; the count says how many more. */
const SHOWN_PROBLEMS = 200;

const count = (problems: number) => `${problems.toLocaleString("en-US")} ${problems === 1 ? "problem" : "problems"}`;

const STATUS_TEXT = { checked: "Checked, not applied yet", queued: "Being applied", done: "Applied", failed: "Failed" } as const;

function flagNames(args: LoaderFunctionArgs) {
  return editablePermissions(args.context.app.registry, args.context.tenant.config).flatMap((section) => section.flags.map((flag) => flag.name));
}

export async function loader(args: LoaderFunctionArgs) {
  await requirePeopleManager(args);
  const imports = await recentImports(args.context.db);
  return json({
    columns: IMPORT_COLUMNS,
    flags: flagNames(args),
    imports: imports.map((item) => ({ ...item, createdAt: item.createdAt.toISOString(), finishedAt: item.finishedAt?.toISOString() ?? null })),
    maxRows: IMPORT_MAX_ROWS,
  });
}

export async function action(args: ActionFunctionArgs) {
  const viewer = await requirePeopleManager(args);
  const { db } = args.context;
  const form = await args.request.formData();
  if (form.get("intent") === "apply") {
    const importId = rowId(String(form.get("importId") ?? ""));
    const queued = importId ? await queueImport(args.context.app, db, importId) : false;
    if (!queued) return json({ fileError: "This import was applied already, or is no longer there.", problems: [] as ImportProblem[], more: 0 }, { status: 400 });
    args.context.log.info({ event: "people_import_queued", importId }, "people import queued");
    return redirectWithToast(args, "/admin/people/import", { type: "success", message: "The import is being applied: its people are added and changed in a moment." });
  }
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return json({ fileError: EMPTY_FILE, problems: [] as ImportProblem[], more: 0 }, { status: 400 });
  const table = await readImportFile(Buffer.from(await file.arrayBuffer()));
  if (!table.ok) return json({ fileError: table.message, problems: [] as ImportProblem[], more: 0 }, { status: 400 });
  const check = await checkImport(db, table.header, table.rows, flagNames(args));
  if (!check.ok) {
    return json({ fileError: null, problems: check.problems.slice(0, SHOWN_PROBLEMS), more: Math.max(0, check.problems.length - SHOWN_PROBLEMS) }, { status: 400 });
  }
  await saveCheckedImport(db, viewer.employee.id, file.name, check);
  const { added, changed, deactivated } = check.summary;
  return redirectWithToast(args, "/admin/people/import", {
    type: "success",
    message: `The file is checked: ${added} to add, ${changed} to change, ${deactivated} to deactivate. Nothing is applied until you apply it below.`,
  });
}

const problemColumns: Column<ImportProblem>[] = [
  { key: "line", header: "Row", numeric: true, title: true, cell: (problem) => `Row ${problem.line}` },
  { key: "column", header: "Column", cell: (problem) => problem.column ?? "" },
  { key: "message", header: "Problem", cell: (problem) => problem.message },
];

export default function PeopleImportPage() {
  const { columns, flags, imports, maxRows } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <PeopleAdminHeader title="Import people">
        A CSV (UTF-8) or Excel (.xlsx) file, one person a row (at most {maxRows.toLocaleString("en-US")}), found by employee code: people not in the program are added,
        the others changed. Every row is checked first; nothing is applied while any row has a problem.
      </PeopleAdminHeader>

      <SettingsSection title="Check a file">
        <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="check" />
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="people-file">People file</Label>
            <input
              id="people-file"
              name="file"
              type="file"
              required
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-invalid={result?.fileError ? true : undefined}
              aria-describedby={result?.fileError ? "people-file-error" : "people-file-help"}
              className="text-sm"
            />
            <ErrorList id="people-file-error" errors={result?.fileError ? [result.fileError] : null} />
          </div>
          <p id="people-file-help" className="text-xs text-slate-600">
            Columns (the first row names them, in any order): {columns.join(", ")}, and any permission flag ({flags.join(", ")}). A new person needs employeeCode, username,
            firstName and lastName; for someone already here, an empty cell leaves what is there. groups lists group names separated by semicolons; hireDate is
            YYYY-MM-DD; birthday is month-day (03-18); active and flags are yes or no.
          </p>
          <div>
            <Button type="submit" disabled={busy}>
              Check the file
            </Button>
          </div>
        </Form>
        {result && result.problems.length > 0 ? (
          <div className="mt-4" role="alert">
            <p className="mb-2 text-sm font-medium text-red-700">
              {count(result.problems.length + result.more)}: nothing was applied. Fix the file and check it again.
            </p>
            <DataTable caption="Problems in the file" columns={problemColumns} rows={result.problems} rowKey={(problem) => `${problem.line}:${problem.column}:${problem.message}`} />
            {result.more > 0 ? <p className="mt-2 text-sm text-slate-700">And {result.more} more.</p> : null}
          </div>
        ) : null}
      </SettingsSection>

      <SettingsSection title="Imports">
        {imports.length === 0 ? (
          <p className="text-sm text-slate-700">No files checked yet.</p>
        ) : (
          <ol className="flex flex-col gap-3 text-sm">
            {imports.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 pb-2">
                <span>
                  <span className="block font-medium">
                    {item.fileName}: {STATUS_TEXT[item.status]}
                  </span>
                  <span className="block text-slate-700">
                    {item.summary.added} to add, {item.summary.changed} to change, {item.summary.deactivated} to deactivate; checked by {item.byName ?? "someone no longer here"},{" "}
                    <LocalDate iso={item.createdAt} />
                  </span>
                  {item.error ? <span className="block text-red-700">{item.error}</span> : null}
                </span>
                {item.status === "checked" ? (
                  <Form method="post">
                    <input type="hidden" name="importId" value={item.id} />
                    <Button type="submit" name="intent" value="apply" disabled={busy}>
                      Apply {item.fileName}
                    </Button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ol>
        )}
        <Link to="/admin/people/import" className="mt-3 inline-block text-sm text-brand underline">
          Refresh
        </Link>
      </SettingsSection>
    </div>
  );
}
