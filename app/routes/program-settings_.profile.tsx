import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Field } from "~/components/forms";
import { SettingsHeader, SettingsSection } from "~/components/program-settings";
import { Button } from "~/components/ui/button";
import { requireProgramManager } from "~/modules/auth/guards.server";
import { CATEGORY_NAME_MAX, type ProfileCategory } from "~/modules/profile/categories";
import { saveProfileCategories } from "~/modules/profile/categories.server";
import { redirectWithToast } from "~/modules/shell/toast.server";

export const meta: MetaFunction = () => [{ title: "Profile categories | Program Settings" }];

const PAGE = "/program-settings/profile";

/** The program's Me In 3 and My Stuff categories and items, and whether the program offers each. */
export async function loader(args: LoaderFunctionArgs) {
  await requireProgramManager(args);
  const { siteConfig, profileCategories } = args.context.tenant.config;
  return json({ meIn3Enabled: siteConfig.meIn3Enabled, myStuffEnabled: siteConfig.myStuffEnabled, categories: profileCategories });
}

type Reply = { form: string; fieldErrors: Record<string, string[] | null>; typed: Record<string, string> };

export async function action(args: ActionFunctionArgs) {
  const viewer = await requireProgramManager(args);
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const typed = Object.fromEntries([...form.entries()].flatMap(([key, value]) => (typeof value === "string" ? [[key, value]] : [])));
  const saved = await saveProfileCategories(args, viewer.employee.id, intent, form);
  if (!saved.ok) return json<Reply>({ form: intent, fieldErrors: saved.fieldErrors, typed }, { status: 400 });
  args.context.log.info({ event: "profile_categories_saved", list: intent }, "profile categories saved");
  return redirectWithToast(args, PAGE, { type: "success", message: "The categories are saved." });
}

/** The entries of one list as fields: each name, and a box to show it; then one for a new entry. */
function ListFields({ list, noun, reply, idPrefix }: { list: ProfileCategory[]; noun: string; reply: Reply | null; idPrefix: string }) {
  const typed = (name: string, fallback: string) => reply?.typed[name] ?? fallback;
  return (
    <div className="grid gap-2">
      {list.map((entry, index) => (
        <div key={entry.id} className="grid grid-cols-[1fr_auto] items-end gap-3">
          <Field label={`${noun} ${index + 1}`} inputProps={{ id: `${idPrefix}-${entry.id}`, name: `name.${entry.id}`, defaultValue: typed(`name.${entry.id}`, entry.name), maxLength: CATEGORY_NAME_MAX, required: true }} errors={reply?.fieldErrors[`name.${entry.id}`]} />
          <label className="flex h-10 items-center gap-2 text-sm">
            <input type="checkbox" name={`shown.${entry.id}`} defaultChecked={reply ? reply.typed[`shown.${entry.id}`] === "on" : entry.enabled} className="size-4 accent-[var(--color-brand)]" />
            Shown<span className="sr-only"> ({entry.name})</span>
          </label>
        </div>
      ))}
      <Field label={`New ${noun.toLowerCase()}`} inputProps={{ id: `${idPrefix}-new`, name: "added", defaultValue: typed("added", ""), maxLength: CATEGORY_NAME_MAX }} errors={reply?.fieldErrors.added} />
    </div>
  );
}

export default function ProfileCategoriesPage() {
  const { meIn3Enabled, myStuffEnabled, categories } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() ?? null;
  const replyTo = (form: string) => (reply?.form === form ? reply : null);
  const formErrors = (form: string) => replyTo(form)?.fieldErrors[""] ?? null;
  const offered = (on: boolean, what: string) => `${what} is ${on ? "on" : "off"} for this program (switch it in Settings). A category or item not shown hides what people chose of it until it is shown again.`;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <SettingsHeader current={PAGE} intro="What people choose from for their Me In 3 pictures and their My Stuff." />
      <SettingsSection title="Me In 3 categories">
        <p className="mb-4 text-sm text-slate-700">{offered(meIn3Enabled, "Me In 3")}</p>
        <Form method="post" className="grid gap-4">
          <ListFields list={categories.meIn3} noun="Category" reply={replyTo("meIn3")} idPrefix="me-in-3" />
          <FormErrors errors={formErrors("meIn3")} />
          <div>
            <Button type="submit" name="intent" value="meIn3">
              Save Me In 3 categories
            </Button>
          </div>
        </Form>
      </SettingsSection>
      <SettingsSection title="My Stuff">
        <p className="mb-4 text-sm text-slate-700">{offered(myStuffEnabled, "My Stuff")}</p>
        <div className="grid gap-6">
          {categories.myStuff.map((category) => {
            const form = `stuff:${category.id}`;
            const own = replyTo(form);
            return (
              <Form key={category.id} method="post" className="grid gap-3 rounded-md border border-slate-200 p-4" aria-label={`My Stuff category ${category.name}`}>
                <div className="grid grid-cols-[1fr_auto] items-end gap-3">
                  <Field label="Category name" inputProps={{ id: `stuff-${category.id}`, name: "category.name", defaultValue: own?.typed["category.name"] ?? category.name, maxLength: CATEGORY_NAME_MAX, required: true }} errors={own?.fieldErrors["category.name"]} />
                  <label className="flex h-10 items-center gap-2 text-sm">
                    <input type="checkbox" name="category.shown" defaultChecked={own ? own.typed["category.shown"] === "on" : category.enabled} className="size-4 accent-[var(--color-brand)]" />
                    Shown<span className="sr-only"> ({category.name})</span>
                  </label>
                </div>
                <ListFields list={category.items} noun="Item" reply={own} idPrefix={`stuff-${category.id}-item`} />
                <FormErrors errors={formErrors(form)} />
                <div>
                  <Button type="submit" name="intent" value={form} variant="outline">
                    Save {category.name}
                  </Button>
                </div>
              </Form>
            );
          })}
          <Form method="post" className="grid gap-3" aria-label="Add a My Stuff category">
            <Field label="New My Stuff category" inputProps={{ id: "stuff-new", name: "added", defaultValue: replyTo("newStuff")?.typed.added ?? "", maxLength: CATEGORY_NAME_MAX, required: true }} errors={replyTo("newStuff")?.fieldErrors.added} />
            <div>
              <Button type="submit" name="intent" value="newStuff">
                Add category
              </Button>
            </div>
          </Form>
        </div>
      </SettingsSection>
    </div>
  );
}

function FormErrors({ errors }: { errors: string[] | null }) {
  return errors && errors.length > 0 ? (
    <p role="alert" className="text-sm text-red-700">
      {errors.join(" ")}
    </p>
  ) : null;
}
