import { getZodConstraint } from "@conform-to/zod/v4";
import type { z } from "zod";
import { remembered } from "~/utils/remembered";

/** What a form's fields must satisfy, as HTML attributes (required, minLength, pattern…): a loader sends it to `useCheckedForm`. */
export type FormConstraint = ReturnType<typeof getZodConstraint>;

const known = new WeakMap<z.ZodType, FormConstraint>();

/** Worked out once per schema. */
export function formConstraint(schema: z.ZodType): FormConstraint {
  return remembered(known, schema, () => getZodConstraint(schema));
}
