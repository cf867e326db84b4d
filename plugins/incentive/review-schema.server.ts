import { z } from "zod";
import { BULK_MAX, COMMENT_MAX } from "./rules";

const comment = z.string().trim().max(COMMENT_MAX, `At most ${COMMENT_MAX} characters`);
const said = z.string({ error: "Say why, for the participant" }).pipe(comment.min(1, "Say why, for the participant"));

/** A reviewer's decision on a submission: approve (a comment is optional), or deny with a reason the participant reads. */
export const ReviewSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("approve"), comment: comment.default("") }), z.object({ intent: z.literal("deny"), comment: said })]);

const ids = z
  .array(z.string().regex(/^[1-9]\d{0,9}$/).transform(Number), { error: "Choose the submissions to review." })
  .min(1, "Choose the submissions to review.")
  .max(BULK_MAX, `Review at most ${BULK_MAX} at a time.`);

/** The spec's bulk review: one decision (and comment) for the submissions chosen. */
export const BulkReviewSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), comment: comment.default(""), id: ids }),
  z.object({ intent: z.literal("deny"), comment: said, id: ids }),
]);
