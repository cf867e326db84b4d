import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { z } from "zod";
import { calendarDay } from "~/modules/forms/fields";
import { endOfDayIn } from "~/modules/time/zones";
import { ADMIN_TEXT_MAX_LENGTH, ADMIN_TITLE_MAX_LENGTH } from "./admin-posts";
import type { AdminPostInput } from "./admin-posts.server";

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** "2026-12-01T09:30" in `zone` as an instant, or null when it names no such time. */
function instantIn(local: string, zone: string) {
  const parts = LOCAL_TIME.exec(local)?.slice(1).map(Number);
  if (!parts) return null;
  const [year, month, day, hour, minute] = parts as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const instant = new TZDate(year, month - 1, day, hour, minute, zone);
  return instant.getDate() === day ? new Date(instant.getTime()) : null;
}

/** An instant as the form's local date and time in `zone`. */
export function localTimeIn(instant: Date, zone: string) {
  return format(new TZDate(instant.getTime(), zone), "yyyy-MM-dd'T'HH:mm");
}

const fields = {
  title: z
    .string({ error: "Give the post a title." })
    .trim()
    .min(1, "Give the post a title.")
    .max(ADMIN_TITLE_MAX_LENGTH, `A title has at most ${ADMIN_TITLE_MAX_LENGTH} characters.`),
  showTitle: z.boolean().default(false),
  text: z
    .string({ error: "Write what the post says." })
    .trim()
    .min(1, "Write what the post says.")
    .max(ADMIN_TEXT_MAX_LENGTH, `A post has at most ${ADMIN_TEXT_MAX_LENGTH} characters.`),
  audience: z.enum(["ALL", "SEGMENT", "GROUPS"], { error: "Choose who sees it." }),
  segmentId: z.number().int().positive().optional(),
  groupIds: z.array(z.number().int().positive()).default([]),
  publishAt: z.string().regex(LOCAL_TIME, "Enter a date and a time.").optional(),
  pinnedUntil: calendarDay("Enter a day.").optional(),
};

/** The form's fields, for their constraints; a new post's form carries its key (a form sent twice is one post). */
export const AdminPostSchema = z.object({ ...fields, key: z.string().max(100).optional() });

/**
 * The admin post form, checked against the program: its segments and groups, its time zone and
 * the time now. A post not yet published may be given a time (empty: now) that has not passed;
 * a pin lasts to the end of its day, which may not come before the post is published.
 */
export function adminPostSchema(context: { zone: string; now: Date; published: boolean; segments: ReadonlySet<number>; groups: ReadonlySet<number> }) {
  return AdminPostSchema.transform((value, ctx): AdminPostInput => {
    const activatesOn = context.published || !value.publishAt ? context.now : instantIn(value.publishAt, context.zone);
    if (activatesOn === null) ctx.addIssue({ code: "custom", path: ["publishAt"], message: "Enter a date and a time." });
    else if (activatesOn.getTime() < context.now.getTime() - 60_000) ctx.addIssue({ code: "custom", path: ["publishAt"], message: "Choose a time to come, or leave it empty to publish now." });
    const pinnedUntil = value.pinnedUntil ? endOfDayIn(value.pinnedUntil, context.zone) : null;
    if (pinnedUntil && activatesOn && pinnedUntil < activatesOn) ctx.addIssue({ code: "custom", path: ["pinnedUntil"], message: "Pin it until the day it is published or later." });
    if (value.audience === "SEGMENT" && !(value.segmentId && context.segments.has(value.segmentId))) ctx.addIssue({ code: "custom", path: ["segmentId"], message: "Choose the segment." });
    if (value.audience === "GROUPS" && (value.groupIds.length === 0 || !value.groupIds.every((id) => context.groups.has(id)))) ctx.addIssue({ code: "custom", path: ["groupIds"], message: "Choose at least one group." });
    return {
      title: value.title,
      showTitle: value.showTitle,
      text: value.text,
      audience: value.audience,
      segmentId: value.segmentId ?? null,
      groupIds: value.groupIds,
      activatesOn: activatesOn ?? context.now,
      pinnedUntil,
    };
  });
}
