import { getZodConstraint } from "@conform-to/zod/v4";
import type { z } from "zod";

/** What a form's fields must satisfy, as HTML attributes (required, minLength, pattern…): a loader sends it to `useCheckedForm`. */
export type FormConstraint = ReturnType<typeof getZodConstraint>;

const known = new WeakMap<z.ZodType, FormConstraint>();

/** Worked out once per schema. */
export function formConstraint(schema: z.ZodType): FormConstraint {
  let constraint = known.get(schema);
  if (!constraint) {
    constraint = getZodConstraint(schema);
    known.set(schema, constraint);
  }
  return constraint;
}
