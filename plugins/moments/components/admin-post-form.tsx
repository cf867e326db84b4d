import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { ErrorList, Field, SelectField, TextAreaField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/utils/use-hydrated";
import { ADMIN_TEXT_MAX_LENGTH, audienceChoices } from "../admin-posts";

type Fields<Schema extends Record<string, unknown>> = {
  [Name in "title" | "showTitle" | "text" | "audience" | "segmentId" | "groupIds" | "publishAt" | "pinnedUntil" | "mentions" | "pointsEach" | "key"]: FieldMetadata<unknown, Schema, string[]>;
};

export interface AdminPostFormProps<Schema extends Record<string, unknown>> {
  form: FormMetadata<Schema, string[]>;
  fields: Fields<Schema>;
  segments: readonly { id: number; name: string }[];
  groups: readonly { id: number; name: string }[];
  /** Published already: its time is past and cannot change. */
  published: boolean;
  /** The program's time zone, named beside the time. */
  zone: string;
  /** Whether the writer may give points with it, and how many they have to give. */
  points: { canGivePoints: boolean; pointsAvailable: number };
  /** A published post's mentions as they were given ("Sam Lee (100 points)"): they no longer change. */
  given: readonly string[];
  submitLabel: string;
}

/** Whom the post mentions, by e-mail address, and the points each is given when it is published; once published, who was mentioned. */
function MentionFields<Schema extends Record<string, unknown>>({ fields, published, points, given }: Pick<AdminPostFormProps<Schema>, "fields" | "published" | "points" | "given">) {
  if (published) {
    return given.length === 0 ? null : <p className="text-sm text-slate-700">{`Mentioned when it was published: ${given.join(", ")}.`}</p>;
  }
  return (
    <>
      <TextAreaField label="Mention people (their e-mail addresses, separated by commas or new lines)" props={{ ...getTextareaProps(fields.mentions), rows: 2 }} errors={fields.mentions.errors} />
      {points.canGivePoints ? (
        <Field
          label={`Points for each person mentioned, from your ${points.pointsAvailable.toLocaleString("en-US")} points to give (empty: none)`}
          inputProps={{ ...getInputProps(fields.pointsEach, { type: "number" }), inputMode: "numeric" }}
          errors={fields.pointsEach.errors}
        />
      ) : null}
    </>
  );
}

/**
 * The admin composer (the spec's adminGenerated post): a title (shown or not), the text, the
 * people it mentions with any points, whom it reaches (All Staff, a segment or groups), when it
 * is published and until when it stays pinned. With JavaScript the segment and group choices
 * show for their audience only; without, all show.
 */
export function AdminPostForm<Schema extends Record<string, unknown>>({ form, fields, segments, groups, published, zone, points, given, submitLabel }: AdminPostFormProps<Schema>) {
  const [audience, setAudience] = useState(String(fields.audience.initialValue ?? "ALL"));
  const hydrated = useHydrated();
  const shows = (which: string) => !hydrated || audience === which;
  const chosenGroups = new Set([fields.groupIds.initialValue ?? []].flat().map(String));
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      {fields.key.initialValue ? <input type="hidden" name={fields.key.name} value={String(fields.key.initialValue)} /> : null}
      <Field label="Title" inputProps={{ ...getInputProps(fields.title, { type: "text" }), autoComplete: "off" }} errors={fields.title.errors} />
      <label className="flex items-center gap-2 text-sm">
        <input {...getInputProps(fields.showTitle, { type: "checkbox" })} className="h-4 w-4 accent-brand" />
        Show the title above the post
      </label>
      <TextAreaField label={`Text (up to ${ADMIN_TEXT_MAX_LENGTH.toLocaleString("en-US")} characters)`} props={{ ...getTextareaProps(fields.text), rows: 6 }} errors={fields.text.errors} />
      <MentionFields fields={fields} published={published} points={points} given={given} />
      <fieldset aria-describedby={fields.audience.errors?.length ? `${fields.audience.id}-error` : undefined} className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">Who sees it</legend>
        {audienceChoices.map((choice) => (
          <label key={choice.id} className="flex items-center gap-2">
            <input
              type="radio"
              name={fields.audience.name}
              value={choice.id}
              defaultChecked={audience === choice.id}
              onChange={() => setAudience(choice.id)}
              className="h-4 w-4 accent-brand"
            />
            {choice.label}
          </label>
        ))}
        <ErrorList id={`${fields.audience.id}-error`} errors={fields.audience.errors} />
      </fieldset>
      {shows("SEGMENT") ? (
        <SelectField
          label="Segment (when it is for a segment)"
          props={getSelectProps(fields.segmentId)}
          placeholder="Choose a segment"
          options={segments.map((segment) => ({ value: String(segment.id), label: segment.name }))}
          errors={fields.segmentId.errors}
        />
      ) : null}
      {shows("GROUPS") ? (
        <fieldset aria-describedby={fields.groupIds.errors?.length ? `${fields.groupIds.id}-error` : undefined} className="flex flex-col gap-2">
          <legend className="mb-1 font-medium">Groups (when it is for groups)</legend>
          {groups.length === 0 ? <p className="text-sm text-slate-700">This program has no groups.</p> : null}
          {groups.map((group) => (
            <label key={group.id} className="flex items-center gap-2">
              <input type="checkbox" name={fields.groupIds.name} value={group.id} defaultChecked={chosenGroups.has(String(group.id))} className="h-4 w-4 accent-brand" />
              {group.name}
            </label>
          ))}
          <ErrorList id={`${fields.groupIds.id}-error`} errors={fields.groupIds.errors} />
        </fieldset>
      ) : null}
      {published ? null : (
        <Field label={`Publish at (${zone}; empty: now)`} inputProps={getInputProps(fields.publishAt, { type: "datetime-local" })} errors={fields.publishAt.errors} />
      )}
      <Field label="Pinned on top until (empty: not pinned)" inputProps={getInputProps(fields.pinnedUntil, { type: "date" })} errors={fields.pinnedUntil.errors} />
      <ErrorList id={`${form.id}-error`} errors={form.errors} />
      <div>
        <Button type="submit">{submitLabel}</Button>
      </div>
    </Form>
  );
}
