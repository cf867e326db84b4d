import { useForm, type SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import type { FormConstraint } from "~/modules/forms/constraint.server";

/**
 * conform's useForm for a form whose zod schema the server checks. zod stays
 * off the browser (about 100 KB gzipped, most of a page's budget): the action's
 * reply puts each error beside its field, and the loader hands the schema's
 * constraints (`formConstraint`) to the fields as attributes (required,
 * lengths, patterns), which a browser without JavaScript checks itself.
 * `Schema` only names the fields.
 */
export function useCheckedForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  id: string,
  constraint: FormConstraint,
  lastResult: SubmissionResult<string[]> | null | undefined,
  defaultValue?: Partial<z.input<Schema>>,
) {
  return useForm<z.input<Schema> & Record<string, unknown>, z.output<Schema>, string[]>({
    id,
    lastResult,
    defaultValue: defaultValue as never,
    constraint,
    // No onValidate: checked when sent (conform's default), never as the person types, as there is no schema here.
  });
}
