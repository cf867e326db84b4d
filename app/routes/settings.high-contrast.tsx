import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { refuseToFeed, requireViewer } from "~/modules/auth/guards.server";
import { onlyTheyChange, saveHighContrast } from "~/modules/people/privacy.server";
import { redirectWithToast } from "~/modules/shell/toast.server";

export const meta: MetaFunction = () => [{ title: "High contrast" }];

/** The spec's settings/high-contrast: where the program offers it (highContrastEnabled). */
async function highContrastAccess(args: LoaderFunctionArgs) {
  const viewer = await requireViewer(args);
  if (!viewer.tenant.siteConfig.highContrastEnabled) await refuseToFeed(args, "High contrast is not available in this program.");
  return viewer;
}

export async function loader(args: LoaderFunctionArgs) {
  const viewer = await highContrastAccess(args);
  return json({ on: viewer.employee.highContrast, readOnly: onlyTheyChange(viewer, "high contrast setting") });
}

/** Turns high contrast on or off for the person signed in; while acting for someone, pages follow that person's choice, which only they change. */
export async function action(args: ActionFunctionArgs) {
  const viewer = await highContrastAccess(args);
  const refusal = onlyTheyChange(viewer, "high contrast setting");
  if (refusal) return redirectWithToast(args, "/settings/high-contrast", { type: "error", message: refusal });
  const on = (await args.request.formData()).get("highContrast") === "on";
  await saveHighContrast(args.context.db, viewer.employee.id, on);
  return redirectWithToast(args, "/settings/high-contrast", { type: "success", message: on ? "High contrast is on." : "High contrast is off." });
}

export default function HighContrastPage() {
  const { on, readOnly } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      <Card className="p-6">
        <h1 className="mb-1 text-xl font-semibold">High contrast</h1>
        <p className="mb-4 text-sm text-slate-700">Darker text and borders, and underlined links, on every page you open here.</p>
        {readOnly ? <p className="mb-4 text-sm text-slate-700">{readOnly}</p> : null}
        <Form method="post" className="flex flex-col gap-4">
          <label className="flex min-h-6 items-center gap-2">
            <input type="checkbox" name="highContrast" defaultChecked={on} className="h-4 w-4 accent-brand" />
            Use high contrast
          </label>
          <div>
            <Button type="submit" disabled={readOnly !== null}>
              Save
            </Button>
          </div>
        </Form>
      </Card>
    </div>
  );
}
