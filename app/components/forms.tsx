import { useEffect, useRef, useState, type InputHTMLAttributes, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useHydrated } from "~/utils/use-hydrated";

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const list = errors?.filter(Boolean) ?? [];
  if (list.length === 0) return null;
  return (
    <ul id={id} className="flex flex-col gap-1 text-sm text-red-700">
      {list.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

/** A labelled input with its errors beside it; the same markup works as a plain form post. */
export function Field({
  label,
  inputProps,
  errors,
}: {
  label: string;
  /** `key` (as conform's getInputProps gives it) remounts the input, resetting what was typed. */
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string; key?: string; ref?: Ref<HTMLInputElement> };
  errors?: string[] | null;
}) {
  const { key, ...props } = inputProps;
  const errorId = errors?.length ? `${props.id}-error` : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={props.id}>{label}</Label>
      <Input key={key} {...props} aria-invalid={errorId ? true : undefined} aria-describedby={errorId} />
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A labelled textarea with its errors beside it. */
export function TextAreaField({
  label,
  props,
  errors,
}: {
  label: string;
  props: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; key?: string; ref?: Ref<HTMLTextAreaElement> };
  errors?: string[] | null;
}) {
  const { key, ...rest } = props;
  const errorId = errors?.length ? `${rest.id}-error` : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={rest.id}>{label}</Label>
      <textarea
        key={key}
        rows={3}
        {...rest}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand aria-[invalid]:border-red-600"
      />
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A labelled choice from a list (after a first option that chooses nothing, when given), with its errors beside it. */
export function SelectField({
  label,
  props,
  placeholder,
  options,
  errors,
  className,
}: {
  label: string;
  props: SelectHTMLAttributes<HTMLSelectElement> & { id: string; key?: string };
  placeholder?: string;
  options: readonly { value: string; label: string }[];
  errors?: string[] | null;
  className?: string;
}) {
  const { key, ...rest } = props;
  const errorId = errors?.length ? `${rest.id}-error` : undefined;
  return (
    <div className={className ?? "flex flex-col gap-1.5"}>
      <Label htmlFor={rest.id}>{label}</Label>
      <select
        key={key}
        {...rest}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm aria-[invalid]:border-red-600"
      >
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/**
 * A labelled textarea that counts what is left of `max` characters as one types (with
 * JavaScript; without, it says the limit and the server checks it), its errors beside it.
 */
export function CountedTextArea({ label, id, name, max, defaultValue, rows = 4, errors }: { label: string; id: string; name: string; max: number; defaultValue: string; rows?: number; errors?: string[] | null }) {
  const hydrated = useHydrated();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [length, setLength] = useState(defaultValue.length);
  // What was typed before the page's JavaScript arrived counts too.
  useEffect(() => setLength(textarea.current?.value.length ?? 0), []);
  return (
    <div className="flex flex-col gap-1">
      <TextAreaField
        label={label}
        props={{ id, name, rows, defaultValue, maxLength: hydrated ? max : undefined, onChange: (event) => setLength(event.target.value.length), ref: textarea }}
        errors={errors}
      />
      <p className="text-xs text-slate-600" aria-live="polite">
        {hydrated ? `${max - length} characters left` : `Up to ${max} characters`}
      </p>
    </div>
  );
}

/** A group of radio buttons under its legend, with its errors beside it; the one at `defaultValue` is chosen. */
export function RadioFieldset({
  legend,
  id,
  name,
  choices,
  defaultValue,
  errors,
}: {
  legend: string;
  id: string;
  name: string;
  choices: readonly { value: string; label: string }[];
  defaultValue: unknown;
  errors?: string[] | null;
}) {
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <fieldset aria-describedby={errorId} className="flex flex-col gap-2">
      <legend className="mb-1 font-medium">{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="flex min-h-6 items-center gap-2">
          <input type="radio" name={name} value={choice.value} defaultChecked={String(defaultValue) === choice.value} className="h-4 w-4 accent-brand" />
          {choice.label}
        </label>
      ))}
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}
