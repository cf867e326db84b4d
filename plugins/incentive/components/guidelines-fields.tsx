import { CountedTextArea, ErrorList, Field } from "~/components/forms";
import { INSTRUCTIONS_MAX, OPTION_TEXT_MAX, submissionTypeIds, submissionTypes, typesWithText } from "../rules";

type Values = Record<string, string>;
type Errors = Record<string, string[]>;

/** The submission guidelines step's fields: the instructions, and each submission option (a short answer and a number with their question). */
export function GuidelinesFields({ values, errors }: { values: Values; errors: Errors }) {
  return (
    <>
      <CountedTextArea label="Submission instructions" id="submission-instructions" name="submissionInstructions" max={INSTRUCTIONS_MAX} rows={4} defaultValue={values.submissionInstructions ?? ""} errors={errors.submissionInstructions} />
      <fieldset aria-describedby={errors.options?.length ? "options-error" : undefined} className="flex flex-col gap-3">
        <legend className="mb-1 font-medium">What a submission gives</legend>
        {submissionTypeIds.map((type) => (
          <div key={type} className="flex flex-col gap-2">
            <label className="flex min-h-6 items-center gap-2">
              <input type="checkbox" name={type} value="on" defaultChecked={values[type] === "on"} className="h-4 w-4 accent-brand" />
              {submissionTypes[type]}
            </label>
            {typesWithText.includes(type) ? (
              <div className="ml-6">
                <Field label={`The question for the ${submissionTypes[type].toLowerCase()}`} inputProps={{ id: `option-${type}`, name: `${type}_TEXT`, defaultValue: values[`${type}_TEXT`] ?? "", maxLength: OPTION_TEXT_MAX * 2 }} errors={errors[`${type}_TEXT`]} />
              </div>
            ) : null}
            <ErrorList errors={errors[type]} />
          </div>
        ))}
        <ErrorList id="options-error" errors={errors.options} />
      </fieldset>
    </>
  );
}
