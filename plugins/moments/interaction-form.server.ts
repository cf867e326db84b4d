import { z } from "zod";
import { rowId } from "~/utils/row-id";
import { pointsValue } from "~/modules/recognition/selection";
import type { FeedPost } from "./feed.server";
import { COMMENT_MAX_LENGTH, messages } from "./rules";

export const commentSchema = z.object({
  text: z
    .string({ error: "Write a comment first." })
    .trim()
    .min(1, "Write a comment first.")
    .max(COMMENT_MAX_LENGTH, `A comment has at most ${COMMENT_MAX_LENGTH} characters.`),
});

export const reactionSchema = z.coerce.number().int().min(1).max(5);

/** The amplify form's points per mention (amp.<mention id>), checked like points mentions; empty fields skip their mention. */
export function readAmplify(form: FormData, post: FeedPost, available: number) {
  const errors: Record<string, string[]> = {};
  const points = new Map<number, number>();
  for (const [name, raw] of form) {
    if (!name.startsWith("amp.") || typeof raw !== "string" || raw.trim() === "") continue;
    const mentionId = rowId(name.slice(4));
    const mention = post.mentions.find((m) => m.id === mentionId && m.amplifiable);
    if (!mention) continue;
    const value = pointsValue(raw);
    if (value === null) errors[name] = [messages.pointsNotWhole];
    else points.set(mention.id, value);
  }
  const total = [...points.values()].reduce((sum, value) => sum + value, 0);
  if (Object.keys(errors).length === 0 && total === 0) errors.amp = ["Enter the points to add for at least one person."];
  if (total > available) errors.amp = [messages.notEnoughPoints];
  return { points, errors };
}

/** What was typed into a form, to give back beside its errors. */
export function typedValues(form: FormData) {
  return Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === "string").map(([name, value]) => [name, value.slice(0, 1_000)]));
}
