import { ErrorList, Field, RadioFieldset } from "~/components/forms";
import { REWARD_DESCRIPTION_MAX } from "../rules";

type Values = Record<string, string>;
type Errors = Record<string, string[]>;

/**
 * The reward step's fields: points (a set amount, or an amount for every so many of the number a
 * submission gives) or a reward of another kind, described; then how often one may take part. All
 * are shown at once, each saying when it applies, so the form works the same without JavaScript.
 */
export function RewardFields({ values, errors }: { values: Values; errors: Errors }) {
  return (
    <>
      <RadioFieldset legend="What does it reward with?" id="reward-type" name="rewardType" defaultValue={values.rewardType ?? ""} errors={errors.rewardType} choices={[{ value: "POINT_AMOUNT", label: "Points" }, { value: "OTHER", label: "Something else" }]} />
      <fieldset className="flex flex-col gap-3 rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium">For points</legend>
        <RadioFieldset
          legend="How are the points given?"
          id="reward-point-type"
          name="rewardPointType"
          defaultValue={values.rewardPointType ?? ""}
          errors={errors.rewardPointType}
          choices={[
            { value: "SET_POINT", label: "A set amount for each approved submission" },
            { value: "VARIABLE_POINT", label: "An amount for every so many of the number a submission gives" },
          ]}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Points" inputProps={{ id: "reward-points", name: "pointsAmount", inputMode: "numeric", defaultValue: values.pointsAmount ?? "" }} errors={errors.pointsAmount} />
          <Field label="For every (variable points only)" inputProps={{ id: "reward-quantity", name: "quantity", inputMode: "numeric", defaultValue: values.quantity ?? "" }} errors={errors.quantity} />
        </div>
      </fieldset>
      <Field
        label="The reward, in words (needed for something else)"
        inputProps={{ id: "reward-description", name: "rewardDescription", defaultValue: values.rewardDescription ?? "", maxLength: REWARD_DESCRIPTION_MAX * 2, placeholder: "A team lunch with the CEO" }}
        errors={errors.rewardDescription}
      />
      <RadioFieldset
        legend="Participation"
        id="participation"
        name="participation"
        defaultValue={values.participation ?? ""}
        errors={errors.participation}
        choices={[
          { value: "UNLIMITED", label: "No limit" },
          { value: "LIMIT", label: "Limit the submissions each person sends" },
        ]}
      />
      <Field label="Most submissions each (1 to 999)" inputProps={{ id: "participation-limit", name: "participationLimit", inputMode: "numeric", defaultValue: values.participationLimit ?? "" }} errors={errors.participationLimit} />
      <ErrorList errors={errors.form} />
    </>
  );
}
