import { z } from "zod";
import { COMMENT_MAX } from "./rules";

const comment = z.string().trim().max(COMMENT_MAX, `At most ${COMMENT_MAX} characters`);

/** An approver's decision on a nomination's step: approve (a comment is optional), or deny with a reason the nominator reads. */
export const NominationDecisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), comment: comment.default("") }),
  z.object({ intent: z.literal("deny"), comment: z.string({ error: "Say why, for the nominator" }).pipe(comment.min(1, "Say why, for the nominator")) }),
]);
