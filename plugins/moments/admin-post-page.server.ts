import { parseWithZod } from "@conform-to/zod/v4";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { formConstraint } from "~/modules/forms/constraint.server";
import { findByEmails } from "~/modules/people/lookup.server";
import { lookupScope } from "~/modules/people/scope.server";
import { pointsToGive } from "~/modules/recognition/checks.server";
import { recipientsByIds } from "~/modules/recognition/recipients.server";
import { AdminPostSchema, adminPostSchema, type MentionsContext } from "./admin-post-form.server";
import { audienceOptions } from "./admin-posts.server";
import { requireSocialAdmin } from "./guards.server";

type AdminPostAccess = Awaited<ReturnType<typeof requireSocialAdmin>>;

/** Whether admin posts may give points (the type's pointsMentionsEnabled, and the writer gives points), and how many the writer has to give. */
async function writersPoints(access: AdminPostAccess) {
  const offered = access.options.postTypes.adminGenerated.pointsMentionsEnabled && access.viewer.employee.permissions.canGiveDiscretionaryPoints === true;
  return { offered, ...(await pointsToGive(access.db, access.viewer, offered)) };
}

/** What the admin composer's pages (new and edit) load: the guard, the segments and groups to choose from, the writer's points, the form's constraints. */
export async function adminPostPage(args: LoaderFunctionArgs) {
  const access = await requireSocialAdmin(args, "posts");
  const [choices, points] = await Promise.all([audienceOptions(access.db), writersPoints(access)]);
  return { access, choices, points, zone: access.viewer.tenant.program.timeZone, constraint: formConstraint(AdminPostSchema) };
}

type AdminPostPage = Awaited<ReturnType<typeof adminPostPage>>;

/** The people the mentions field's addresses name among the program's active people (the writer and those hiding from the feed too, so the form can say why they can't be), and the addresses nobody has. */
async function mentionedIn(page: AdminPostPage, text: string): Promise<MentionsContext> {
  const { access, points } = page;
  const none = { found: [], unknown: [], writerId: access.viewer.employee.id, points };
  if (!text.trim()) return none;
  const scope = { ...lookupScope(access.viewer, access.registry, "mentions"), allowSelf: true, excludeHiddenFromFeed: false };
  const { people, unknown } = await findByEmails(access.db, text, scope);
  const recipients = await recipientsByIds(access.db, people.map((person) => person.id));
  const found = people.flatMap((person) => {
    const recipient = recipients.get(person.id);
    return recipient ? [{ id: person.id, displayName: person.displayName, hidden: recipient.hidden, usesPoints: recipient.usesPoints }] : [];
  });
  return { ...none, found, unknown };
}

/** The admin composer's form as sent, checked against the program's segments, groups, time zone and people; a published post's mentions are not read (they were given). */
export async function readAdminPostForm(form: FormData, page: AdminPostPage, published: boolean) {
  const schema = adminPostSchema({
    zone: page.zone,
    now: new Date(),
    published,
    segments: new Set(page.choices.segments.map((segment) => segment.id)),
    groups: new Set(page.choices.groups.map((group) => group.id)),
    mentions: published ? null : await mentionedIn(page, String(form.get("mentions") ?? "")),
  });
  return parseWithZod(form, { schema });
}
