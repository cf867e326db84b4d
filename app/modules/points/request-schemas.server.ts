import { z } from "zod";
import { wholeNumber } from "~/modules/forms/fields";
import { DECISION_COMMENT_MAX, MAX_REQUEST_POINTS, REQUEST_REASON_MAX } from "./requests";

const points = wholeNumber(
  {
    required: "Enter the number of points",
    invalid: "Point values must be a positive whole number.",
    tooSmall: "Point values must be a positive whole number.",
    tooBig: `At most ${MAX_REQUEST_POINTS.toLocaleString("en-US")} points at a time`,
  },
  { min: 1, max: MAX_REQUEST_POINTS },
);

export const PointsRequestSchema = z.object({
  amount: points,
  reason: z
    .string({ error: "Say what the points are for" })
    .trim()
    .min(1, "Say what the points are for")
    .max(REQUEST_REASON_MAX, `At most ${REQUEST_REASON_MAX} characters`),
});

const comment = z.string().trim().max(DECISION_COMMENT_MAX, `At most ${DECISION_COMMENT_MAX} characters`);

/** An approver's decision: approve an amount (the one requested, or another), or deny with a reason the requester reads. */
export const DecisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), amount: points, comment: comment.default("") }),
  z.object({
    intent: z.literal("deny"),
    comment: z.string({ error: "Say why, for the requester" }).pipe(comment.min(1, "Say why, for the requester")),
  }),
]);

/** Passing an absent approver's pending requests to another approver. */
export const ReassignSchema = z
  .object({
    from: z.string({ error: "Choose the absent approver" }).regex(/^\d{1,9}$/, "Choose the absent approver"),
    to: z.string({ error: "Choose who decides instead" }).regex(/^\d{1,9}$/, "Choose who decides instead"),
  })
  .refine((value) => value.from !== value.to, { path: ["to"], message: "Choose another approver" });
