import { Form, Link, useNavigation } from "@remix-run/react";
import { ErrorList } from "~/components/forms";
import { ChosenPeople, PeopleStep } from "~/components/recognition/people-step";
import { HiddenFields, StepButton, useLiveChoice } from "~/components/recognition/step-button";
import { Button } from "~/components/ui/button";
import type { BoardComposerView } from "../composer.server";
import { boardDraftFields } from "../draft";
import { BoardFields } from "./board-fields";
import { BOARDS } from "./board-parts";

const COMPOSE = `${BOARDS}/new`;

function BoardStep({ view }: { view: BoardComposerView }) {
  const sending = useNavigation().formMethod === "POST";
  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="recipient" className="flex flex-col gap-2">
        <h2 id="recipient" className="font-semibold">
          Who is it for?
        </h2>
        <ChosenPeople view={view} list="named" label="Celebrating" action={COMPOSE} />
        <ErrorList errors={view.errors.recipient} />
        <StepButton action={COMPOSE} value="people" className="self-start">
          {view.selection.named.length === 0 ? "Choose a person" : "Change"}
        </StepButton>
      </section>
      <BoardFields draft={view.draft} errors={view.errors} categories={view.categories} today={view.today} latest={view.latest} />
      {view.errors.duplicate ? (
        <div role="status" className="flex flex-col gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p>{view.errors.duplicate.join(" ")}</p>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="duplicateOk" value="on" /> Make another board anyway
          </label>
        </div>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button asChild variant="ghost">
          <Link to={BOARDS}>Cancel</Link>
        </Button>
        <Button type="submit" formMethod="post" formAction={COMPOSE} disabled={sending}>
          Create board
        </Button>
      </div>
    </div>
  );
}

/**
 * The new board's form: one form whose people step is a GET of /celebration-board/new carrying
 * the draft, and whose Create is a POST there. Plain pages without JavaScript; with it, a person
 * chosen in the live lookup is added at once.
 */
export function BoardComposer({ view }: { view: BoardComposerView }) {
  const { form, onChoose } = useLiveChoice(COMPOSE);
  return (
    <Form ref={form} method="get" action={COMPOSE} aria-label="New celebration board" className="flex flex-col gap-3">
      <HiddenFields fields={boardDraftFields(view.draft, view.step === "board")} />
      <input type="hidden" name="at" value={view.step} />
      {view.step === "board" ? (
        <BoardStep view={view} />
      ) : (
        <PeopleStep view={view} list="named" action={COMPOSE} purpose="people" title="Choose the person to celebrate" pointsAvailable={0} chosenLabel="Celebrating" onChoose={onChoose} />
      )}
    </Form>
  );
}
