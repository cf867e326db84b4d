import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorList } from "~/components/forms";
import { MyStuffList } from "~/components/profile/sections";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { refuseToFeed, requireViewer, type GuardArgs } from "~/modules/auth/guards.server";
import { MY_STUFF_MAX } from "~/modules/profile/categories";
import { addMyStuff, addStuffSchema, myStuffOf, removeMyStuff, RemoveStuffSchema } from "~/modules/profile/my-stuff.server";
import { redirectWithToast } from "~/modules/shell/toast.server";

export const meta: MetaFunction = () => [{ title: "Your My Stuff" }];

const PAGE = "/profile/my-stuff";

/** My Stuff is the program's to offer (myStuffEnabled); a person edits only their own. */
async function requireMyStuff(args: GuardArgs) {
  const viewer = await requireViewer(args);
  if (!viewer.tenant.siteConfig.myStuffEnabled) await refuseToFeed(args, "My Stuff is not available in this program.");
  return viewer;
}

/** The person's favourite things, and what the program offers to choose from (by category). */
export async function loader(args: LoaderFunctionArgs) {
  const viewer = await requireMyStuff(args);
  const categories = viewer.tenant.profileCategories;
  const groups = await myStuffOf(args.context.db, viewer.employee.id, categories);
  const offered = categories.myStuff
    .filter((category) => category.enabled)
    .map((category) => ({ label: category.name, options: category.items.filter((item) => item.enabled).map((item) => ({ value: `${category.id}/${item.id}`, label: item.name })) }))
    .filter((group) => group.options.length > 0);
  return json({ personId: viewer.employee.id, groups, offered, count: groups.reduce((sum, group) => sum + group.things.length, 0) });
}

export async function action(args: ActionFunctionArgs) {
  const viewer = await requireMyStuff(args);
  const db = args.context.db;
  const form = await args.request.formData();
  if (form.get("intent") === "remove") {
    const parsed = RemoveStuffSchema.safeParse({ entry: form.get("entry") });
    if (parsed.success) await removeMyStuff(db, viewer.employee.id, parsed.data.entry);
    return redirectWithToast(args, PAGE, { type: "success", message: "Removed from your My Stuff." });
  }
  const submission = parseWithZod(form, { schema: addStuffSchema(viewer.tenant.profileCategories) });
  if (submission.status !== "success") return json({ errors: submission.reply().error?.thing ?? null }, { status: 400 });
  const refusal = await addMyStuff(db, viewer.employee.id, submission.value.thing);
  if (refusal) return json({ errors: [refusal] }, { status: 400 });
  return redirectWithToast(args, PAGE, { type: "success", message: "Added to your My Stuff." });
}

export default function MyStuffPage() {
  const { personId, groups, offered, count } = useLoaderData<typeof loader>();
  const errors = useActionData<typeof action>()?.errors;
  return (
    <div className="mx-auto grid max-w-3xl gap-4">
      <div>
        <h1 className="text-2xl font-semibold">Your My Stuff</h1>
        <p className="text-sm text-slate-700">Your favourite things, so colleagues know what you like. Up to {MY_STUFF_MAX}.</p>
        <Link to={`/profile/${personId}`} className="text-sm text-brand underline">
          Back to your profile
        </Link>
      </div>
      <Card className="p-6" aria-labelledby="add-stuff">
        <h2 id="add-stuff" className="mb-3 font-semibold">
          Add a favourite thing
        </h2>
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="thing">Favourite thing</Label>
            <select id="thing" name="thing" required defaultValue="" aria-invalid={errors ? true : undefined} aria-describedby={errors ? "thing-error" : undefined} className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm">
              <option value="">Choose one</option>
              {offered.map((group) => (
                <optgroup key={group.label} label={group.label}>
                  {group.options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
          <Button type="submit" disabled={count >= MY_STUFF_MAX}>
            Add
          </Button>
        </Form>
        <div className="mt-2">
          <ErrorList id="thing-error" errors={errors} />
        </div>
      </Card>
      <Card className="p-6" aria-labelledby="your-stuff">
        <h2 id="your-stuff" className="mb-3 font-semibold">
          Your favourite things
        </h2>
        {groups.length > 0 ? (
          <MyStuffList groups={groups}>
            {(thing) => (
              <Form method="post">
                <input type="hidden" name="entry" value={thing.entryId} />
                <Button type="submit" name="intent" value="remove" variant="ghost" size="sm" className="h-7 rounded-full px-2">
                  Remove<span className="sr-only"> {thing.name}</span>
                </Button>
              </Form>
            )}
          </MyStuffList>
        ) : (
          <p className="text-sm text-slate-700">Nothing yet: add a favourite thing above.</p>
        )}
      </Card>
    </div>
  );
}
