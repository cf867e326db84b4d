import type { ReactNode } from "react";
import { CountedTextArea, ErrorList, Field } from "~/components/forms";
import { Icon } from "../icons";
import { colorIds, DESCRIPTION_MAX, iconIds, incentiveColors, incentiveIcons, TITLE_MAX } from "../rules";

type Values = Record<string, string>;
type Errors = Record<string, string[]>;

/** A group of choices drawn as tiles (an icon, a colour): radio buttons, so the keyboard and a form without JavaScript work as with any. */
function TileChoices({ legend, name, choices, value, errors }: { legend: string; name: string; choices: { value: string; label: string; tile: ReactNode }[]; value: string; errors?: string[] }) {
  const errorId = errors?.length ? `${name}-error` : undefined;
  return (
    <fieldset aria-describedby={errorId} className="flex flex-col gap-2">
      <legend className="mb-1 font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <label key={choice.value} className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-2 py-1 text-sm has-[:checked]:border-brand has-[:checked]:ring-2 has-[:checked]:ring-brand">
            <input type="radio" name={name} value={choice.value} defaultChecked={value === choice.value} className="h-4 w-4 accent-brand" />
            {choice.tile}
            {choice.label}
          </label>
        ))}
      </div>
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}

/** The details step's fields: icon, colour (while the incentive is made), title, description, and its days. */
export function DetailsFields({ values, errors, colorAsked }: { values: Values; errors: Errors; colorAsked: boolean }) {
  return (
    <>
      <TileChoices legend="Icon" name="icon" value={values.icon ?? ""} errors={errors.icon} choices={iconIds.map((icon) => ({ value: icon, label: incentiveIcons[icon], tile: <Icon name={icon} className="size-5" /> }))} />
      {colorAsked ? (
        <TileChoices
          legend="Color"
          name="color"
          value={values.color ?? ""}
          errors={errors.color}
          choices={colorIds.map((color) => ({ value: color, label: incentiveColors[color].label, tile: <span aria-hidden="true" className="size-4 rounded-full" style={{ backgroundColor: incentiveColors[color].hex }} /> }))}
        />
      ) : null}
      <Field label="Title" inputProps={{ id: "incentive-title", name: "title", defaultValue: values.title ?? "", maxLength: TITLE_MAX * 2 }} errors={errors.title} />
      <CountedTextArea label="Description" id="incentive-description" name="description" max={DESCRIPTION_MAX} rows={3} defaultValue={values.description ?? ""} errors={errors.description} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First day" inputProps={{ id: "incentive-start", name: "startDate", type: "date", defaultValue: values.startDate ?? "" }} errors={errors.startDate} />
        <Field label="Last day" inputProps={{ id: "incentive-end", name: "endDate", type: "date", defaultValue: values.endDate ?? "" }} errors={errors.endDate} />
      </div>
    </>
  );
}
