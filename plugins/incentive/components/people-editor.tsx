import { Form, useNavigation } from "@remix-run/react";
import { ErrorList } from "~/components/forms";
import { PeopleStep } from "~/components/recognition/people-step";
import { HiddenFields, useLiveChoice } from "~/components/recognition/step-button";
import { Button } from "~/components/ui/button";
import type { PersonShown } from "~/modules/people/people";
import { selectionFields } from "~/modules/recognition/selection";
import type { PeopleStepView } from "../step-actions.server";

/**
 * The participants' or approvers' people: those the incentive names, each with Remove, and the
 * core's people step to add more (each lookup a GET of the step carrying who is picked so far;
 * Add posts them).
 */
export function PeopleEditor({ action, view, people, title, listLabel, empty }: { action: string; view: PeopleStepView; people: PersonShown[]; title: string; listLabel: string; empty: string }) {
  const { form, onChoose } = useLiveChoice(action);
  const sending = useNavigation().formMethod === "POST";
  return (
    <div className="flex flex-col gap-4">
      <section aria-label={listLabel} className="flex flex-col gap-2">
        <h2 className="font-semibold">
          {listLabel} ({people.length})
        </h2>
        {people.length === 0 ? (
          <p className="text-sm text-slate-700">{empty}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-200 rounded-md border border-slate-200">
            {people.map((person) => (
              <li key={person.id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
                <span>{person.displayName}</span>
                <Form method="post" action={action}>
                  <input type="hidden" name="employeeId" value={person.id} />
                  <Button type="submit" name="intent" value="remove" variant="ghost" size="sm" disabled={sending} aria-label={`Remove ${person.displayName}`}>
                    Remove
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <ErrorList errors={view.errors.remove} />
      </section>
      <Form ref={form} method="get" action={action} aria-label={title} className="flex flex-col gap-4">
        <HiddenFields fields={selectionFields(view.selection)} />
        <PeopleStep view={view} list="named" action={action} purpose="people" title={title} pointsAvailable={0} chosenLabel="To add" onChoose={onChoose} />
        <ErrorList errors={view.errors.people} />
        <Button type="submit" name="intent" value="add" formMethod="post" formAction={action} className="self-end" disabled={sending || view.selection.named.length === 0}>
          Add
        </Button>
      </Form>
    </div>
  );
}
