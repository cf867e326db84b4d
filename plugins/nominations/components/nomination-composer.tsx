import { Form, Link, useNavigation } from "@remix-run/react";
import { CountedTextArea, ErrorList } from "~/components/forms";
import { ChosenPeople, PeopleStep } from "~/components/recognition/people-step";
import { HiddenFields, StepButton, useLiveChoice } from "~/components/recognition/step-button";
import { Button } from "~/components/ui/button";
import { formatPoints } from "~/modules/points/accounts";
import type { NominationComposerView } from "../composer.server";
import { nominationDraftFields } from "../draft";
import { MESSAGE_MAX } from "../rules";

const COMPOSE = "/nomination/new";

function ChoiceList({ legend, name, errors, children }: { legend: string; name: string; errors?: string[]; children: React.ReactNode }) {
  const errorId = errors?.length ? `nomination-${name}-error` : undefined;
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={errorId}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {children}
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}

function ComposeStep({ view }: { view: NominationComposerView }) {
  const sending = useNavigation().formMethod === "POST";
  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="nominees" className="flex flex-col gap-2">
        <h2 id="nominees" className="font-semibold">
          Nominees
        </h2>
        <ChosenPeople view={view} list="named" label="Nominees" action={COMPOSE} />
        <ErrorList errors={view.errors.nominees} />
        <StepButton action={COMPOSE} value="people" className="self-start">
          {view.selection.named.length === 0 ? "Choose nominees" : "Add nominees"}
        </StepButton>
      </section>
      <ChoiceList legend="Core value" name="value" errors={view.errors.value}>
        {view.coreValues.map((value) => (
          <label key={value.id} className="flex items-center gap-2 text-sm">
            <input type="radio" name="value" value={value.id} defaultChecked={view.draft.value === value.id} /> {value.label}
          </label>
        ))}
      </ChoiceList>
      <ChoiceList legend="Award level" name="level" errors={view.errors.level}>
        {view.pointsToGive !== null ? <p className="text-sm text-slate-700">You have {formatPoints(view.pointsToGive)} points to give: each nominee's award is paid from them when it is approved.</p> : null}
        {view.levels.map((level) => (
          <label key={level.id} className="flex items-start gap-2 text-sm">
            <input type="radio" name="level" value={level.id} defaultChecked={view.draft.level === level.id} className="mt-1" />
            <span>
              <span className="font-medium">{level.label}</span>: {formatPoints(level.points)} points
              <span className="block text-slate-600">{level.steps.length > 0 ? `Approved by ${level.steps.join(", then ").toLowerCase()}` : "Approved at once"}</span>
            </span>
          </label>
        ))}
      </ChoiceList>
      <CountedTextArea label="Why do you nominate them?" id="nomination-message" name="message" max={MESSAGE_MAX} rows={5} defaultValue={view.draft.message} errors={view.errors.message} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button asChild variant="ghost">
          <Link to="/feed">Cancel</Link>
        </Button>
        <Button type="submit" formMethod="post" formAction={COMPOSE} disabled={sending}>
          Submit nomination
        </Button>
      </div>
    </div>
  );
}

/**
 * The nomination composer: one form whose people step is a GET of /nomination/new carrying the
 * draft, and whose Submit is a POST there. Plain pages without JavaScript; with it, a person
 * chosen in the live lookup is added at once.
 */
export function NominationComposer({ view }: { view: NominationComposerView }) {
  const { form, onChoose } = useLiveChoice(COMPOSE);
  return (
    <Form ref={form} method="get" action={COMPOSE} aria-label="Nomination composer" className="flex flex-col gap-3">
      <HiddenFields fields={nominationDraftFields(view.draft, view.step === "compose")} />
      <input type="hidden" name="at" value={view.step} />
      {view.step === "compose" ? (
        <ComposeStep view={view} />
      ) : (
        <PeopleStep view={view} list="named" action={COMPOSE} purpose="nominees" title="Choose nominees" pointsAvailable={0} chosenLabel="Nominees" onChoose={onChoose} />
      )}
    </Form>
  );
}
