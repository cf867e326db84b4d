import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { z } from "zod";
import { calendarDay } from "~/modules/forms/fields";
import { endOfDayIn } from "~/modules/time/zones";
import { recognitionMessages } from "~/modules/recognition/selection";
import { ADMIN_MENTIONS_MAX, ADMIN_POINTS_MAX, ADMIN_TEXT_MAX_LENGTH, ADMIN_TITLE_MAX_LENGTH } from "./admin-posts";
import type { AdminPostInput } from "./admin-posts.server";
import { messages } from "./rules";

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
  mentions: z.string().max(20_000, "That is more addresses than a post can mention.").optional(),
  pointsEach: z
    .number({ error: recognitionMessages.pointsNotWhole })
    .int(recognitionMessages.pointsNotWhole)
    .positive(recognitionMessages.pointsNotWhole)
    .max(ADMIN_POINTS_MAX, `Give at most ${ADMIN_POINTS_MAX.toLocaleString("en-US")} points to each person.`)
    .optional(),
};

/** The form's fields, for their constraints; a new post's form carries its key (a form sent twice is one post). */
export const AdminPostSchema = z.object({ ...fields, key: z.string().max(100).optional() });

/** A person the mentions field names, as the form checks them. */
export interface MentionedPerson {
  id: number;
  displayName: string;
  /** Hides from the Moments feed: may not be mentioned. */
  hidden: boolean;
  usesPoints: boolean;
}

/**
 * Who the mentions field names (its e-mail addresses, found among the program's active people,
 * or not), who writes, and the writer's points to give when the post type offers points.
 * Null once the post is published: its mentions were given then and stay.
 */
export interface MentionsContext {
  found: readonly MentionedPerson[];
  unknown: readonly string[];
  writerId: number;
  points: { offered: boolean; canGivePoints: boolean; pointsAvailable: number };
}

const names = (people: readonly MentionedPerson[]) => people.map((person) => person.displayName).join(", ");

/**
 * The mentions and their points as the form may have them: addresses of active people of this
 * program who do not hide from the feed, never the writer, at most ADMIN_MENTIONS_MAX; points
 * only where the post type offers them, for someone mentioned, and no more than the writer has
 * to give for those who use points (the others are mentioned without points, as in a post).
 */
function checkMentions(value: { pointsEach?: number }, mentions: MentionsContext, ctx: z.RefinementCtx) {
  const problem = (path: "mentions" | "pointsEach", message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (mentions.unknown.length > 0) problem("mentions", `No one in this program has ${mentions.unknown.length === 1 ? "this address" : "these addresses"}: ${mentions.unknown.join(", ")}`);
  const hidden = mentions.found.filter((person) => person.hidden);
  if (hidden.length > 0) problem("mentions", `${messages.privacyMentions}: ${names(hidden)}`);
  if (mentions.found.some((person) => person.id === mentions.writerId)) problem("mentions", "You can't mention yourself in your own admin post.");
  if (mentions.found.length > ADMIN_MENTIONS_MAX) problem("mentions", `Mention at most ${ADMIN_MENTIONS_MAX} people.`);
  if (value.pointsEach === undefined) return;
  if (!mentions.points.offered) return problem("pointsEach", "Points can't be given in admin posts.");
  if (mentions.found.length === 0) return problem("pointsEach", "Mention the people the points are for.");
  const paid = mentions.found.filter((person) => person.usesPoints).length;
  if (!mentions.points.canGivePoints || value.pointsEach * paid > mentions.points.pointsAvailable) {
    problem("pointsEach", `${recognitionMessages.notEnoughPoints}: you have ${mentions.points.pointsAvailable.toLocaleString("en-US")} to give.`);
  }
}

/**
 * The admin post form, checked against the program: its segments and groups, its time zone and
 * the time now, and the people it mentions. A post not yet published may be given a time (empty:
 * now) that has not passed; a pin lasts to the end of its day, which may not come before the
 * post is published.
 */
export function adminPostSchema(context: { zone: string; now: Date; published: boolean; segments: ReadonlySet<number>; groups: ReadonlySet<number>; mentions: MentionsContext | null }) {
  return AdminPostSchema.transform((value, ctx): AdminPostInput => {
    const activatesOn = context.published || !value.publishAt ? context.now : instantIn(value.publishAt, context.zone);
    if (activatesOn === null) ctx.addIssue({ code: "custom", path: ["publishAt"], message: "Enter a date and a time." });
    else if (activatesOn.getTime() < context.now.getTime() - 60_000) ctx.addIssue({ code: "custom", path: ["publishAt"], message: "Choose a time to come, or leave it empty to publish now." });
    const pinnedUntil = value.pinnedUntil ? endOfDayIn(value.pinnedUntil, context.zone) : null;
    if (pinnedUntil && activatesOn && pinnedUntil < activatesOn) ctx.addIssue({ code: "custom", path: ["pinnedUntil"], message: "Pin it until the day it is published or later." });
    if (value.audience === "SEGMENT" && !(value.segmentId && context.segments.has(value.segmentId))) ctx.addIssue({ code: "custom", path: ["segmentId"], message: "Choose the segment." });
    if (value.audience === "GROUPS" && (value.groupIds.length === 0 || !value.groupIds.every((id) => context.groups.has(id)))) ctx.addIssue({ code: "custom", path: ["groupIds"], message: "Choose at least one group." });
    if (context.mentions) checkMentions(value, context.mentions, ctx);
    return {
      title: value.title,
      showTitle: value.showTitle,
      text: value.text,
      audience: value.audience,
      segmentId: value.segmentId ?? null,
      groupIds: value.groupIds,
      activatesOn: activatesOn ?? context.now,
      pinnedUntil,
      mentions: context.mentions ? { ids: context.mentions.found.map((person) => person.id), pointsEach: value.pointsEach ?? null } : null,
    };
  });
}
