import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import type { GuardArgs } from "~/modules/auth/guards.server";
import { fileTenantOf } from "~/modules/tenants/file-tenant.server";
import { CATEGORY_NAME_MAX, newCategoryId, type ProfileCategories, type ProfileCategory } from "./categories";

const name = z.string({ error: "Enter a name." }).trim().min(1, "Enter a name.").max(CATEGORY_NAME_MAX, `A name has at most ${CATEGORY_NAME_MAX} characters.`);

/**
 * One list of categories or items as its form sends it: each entry's name (`name.<id>`) and
 * whether it is shown (`shown.<id>`), and a new one's name (`added`). Only ids the list has
 * count; the others are ignored.
 */
const CategoryListSchema = z.object({
  name: z.record(z.string(), name).default({}),
  shown: z
    .record(z.string(), z.string())
    .default({})
    .transform((boxes) => Object.fromEntries(Object.entries(boxes).map(([id, value]) => [id, value === "on"]))),
  added: name.optional(),
});

const NewStuffCategorySchema = z.object({ added: name });

/** One My Stuff category's form: its own name and switch, and its items as a list. */
const StuffCategorySchema = CategoryListSchema.extend({ category: z.object({ name, shown: z.boolean().default(false) }) });

type ListEdit = z.infer<typeof CategoryListSchema>;
type EditResult<T> = { ok: true; list: T[] } | { ok: false; fieldErrors: Record<string, string[]> };

const SAME_NAME = "Another one has this name.";

/** `current` with the names and switches of `edit` and its new entry (`make` builds it), names unique whatever their case. */
function editList<T extends ProfileCategory>(current: readonly T[], edit: ListEdit, make: (entry: ProfileCategory) => T): EditResult<T> {
  const list = current.map((entry) => (edit.name[entry.id] === undefined ? entry : { ...entry, name: edit.name[entry.id]!, enabled: edit.shown[entry.id] === true }));
  const fieldErrors: Record<string, string[]> = {};
  const seen = new Set<string>();
  for (const entry of list) {
    const key = entry.name.toLowerCase();
    if (seen.has(key)) fieldErrors[`name.${entry.id}`] = [SAME_NAME];
    seen.add(key);
  }
  if (edit.added) {
    if (seen.has(edit.added.toLowerCase())) fieldErrors.added = [SAME_NAME];
    else list.push(make({ id: newCategoryId(edit.added, list.map((entry) => entry.id)), name: edit.added, enabled: true }));
  }
  return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors } : { ok: true, list };
}

/**
 * A program manager's form applied to the program's categories: which list it edits is its
 * `intent` ("meIn3", "stuff:<category id>", "newStuff"). The next categories, or the errors
 * to show beside the fields.
 */
function editCategories(intent: string, form: FormData, current: ProfileCategories): { ok: false; fieldErrors: Record<string, string[]> } | { ok: true; next: ProfileCategories } {
  if (intent === "newStuff") {
    const submission = parseWithZod(form, { schema: NewStuffCategorySchema });
    if (submission.status !== "success") return { ok: false, fieldErrors: submission.reply().error as Record<string, string[]> };
    const result = editList(current.myStuff, { name: {}, shown: {}, added: submission.value.added }, (entry) => ({ ...entry, items: [] }));
    return result.ok ? { ok: true, next: { ...current, myStuff: result.list } } : result;
  }
  if (intent === "meIn3") {
    const submission = parseWithZod(form, { schema: CategoryListSchema });
    if (submission.status !== "success") return { ok: false, fieldErrors: submission.reply().error as Record<string, string[]> };
    const result = editList(current.meIn3, submission.value, (entry) => entry);
    return result.ok ? { ok: true, next: { ...current, meIn3: result.list } } : result;
  }
  const category = current.myStuff.find((candidate) => `stuff:${candidate.id}` === intent);
  if (!category) return { ok: false, fieldErrors: { "": ["That category is no longer there."] } };
  const submission = parseWithZod(form, { schema: StuffCategorySchema });
  if (submission.status !== "success") return { ok: false, fieldErrors: submission.reply().error as Record<string, string[]> };
  const items = editList(category.items, submission.value, (entry) => entry);
  if (!items.ok) return items;
  const own = submission.value.category;
  const renamed = editList(current.myStuff, { name: { [category.id]: own.name }, shown: { [category.id]: own.shown } }, (entry) => ({ ...entry, items: [] }));
  if (!renamed.ok) return { ok: false, fieldErrors: { "category.name": renamed.fieldErrors[`name.${category.id}`] ?? [] } };
  return { ok: true, next: { ...current, myStuff: renamed.list.map((entry) => (entry.id === category.id ? { ...entry, items: items.list } : entry)) } };
}

/**
 * Applies a program manager's form (editCategories) to the program's categories as they are
 * when it is saved, and saves them on top of its tenant file as program settings are saved
 * (with their history): the errors beside the fields, or the schema's problems, when not.
 */
export async function saveProfileCategories(args: GuardArgs, employeeId: number, intent: string, form: FormData) {
  const saved = await args.context.app.tenantSettings.update(
    fileTenantOf(args),
    (current, effective) => {
      const edited = editCategories(intent, form, effective.profileCategories);
      return edited.ok ? { ok: true, next: { ...current, profileCategories: edited.next } } : { ok: false, refusal: edited.fieldErrors };
    },
    { employeeId, source: "settings" },
  );
  if (saved.ok) return { ok: true as const };
  return { ok: false as const, fieldErrors: "refusal" in saved ? saved.refusal : { "": saved.problems.map((problem) => problem.message) } };
}
