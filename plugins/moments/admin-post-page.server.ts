import { parseWithZod } from "@conform-to/zod/v4";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { formConstraint } from "~/modules/forms/constraint.server";
import { AdminPostSchema, adminPostSchema } from "./admin-post-form.server";
import { audienceOptions } from "./admin-posts.server";
import { requireSocialAdmin } from "./guards.server";

/** What the admin composer's pages (new and edit) load: the guard, the segments and groups to choose from, the form's constraints. */
export async function adminPostPage(args: LoaderFunctionArgs) {
  const access = await requireSocialAdmin(args, "posts");
  const choices = await audienceOptions(access.db);
  return { access, choices, zone: access.viewer.tenant.program.timeZone, constraint: formConstraint(AdminPostSchema) };
}

/** The admin composer's form as sent, checked against the program's segments, groups and time zone. */
export function readAdminPostForm(form: FormData, page: Awaited<ReturnType<typeof adminPostPage>>, published: boolean) {
  const schema = adminPostSchema({
    zone: page.zone,
    now: new Date(),
    published,
    segments: new Set(page.choices.segments.map((segment) => segment.id)),
    groups: new Set(page.choices.groups.map((group) => group.id)),
  });
  return parseWithZod(form, { schema });
}
