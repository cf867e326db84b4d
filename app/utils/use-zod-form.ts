import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * conform's useForm wired to a zod schema the way every form here uses it: the
 * browser checks the same schema as the server, first on submit, then on blur
 * (or on input, for a form whose errors sit above its button: an error that
 * vanishes on blur would move the button away from the click that caused it).
 */
export function useZodForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  id: string,
  schema: Schema,
  lastResult: SubmissionResult<string[]> | null | undefined,
  defaultValue?: Partial<z.input<Schema>>,
  shouldRevalidate: "onBlur" | "onInput" = "onBlur",
) {
  return useForm<z.input<Schema> & Record<string, unknown>, z.output<Schema>, string[]>({
    id,
    lastResult,
    defaultValue: defaultValue as never,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldRevalidate,
  });
}
