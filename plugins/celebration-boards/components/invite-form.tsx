import { Form, useNavigation } from "@remix-run/react";
import { ErrorList } from "~/components/forms";
import { PeopleStep } from "~/components/recognition/people-step";
import { HiddenFields, useLiveChoice } from "~/components/recognition/step-button";
import { Button } from "~/components/ui/button";
import { selectionFields } from "~/modules/recognition/selection";
import type { InviteView } from "../composer.server";

/**
 * Whom to invite: the core's people step (people, groups, a team, pasted e-mail addresses), each
 * lookup a GET of the page carrying who is picked so far; Invite posts them.
 */
export function InviteForm({ view, action, recipientName }: { view: InviteView; action: string; recipientName: string }) {
  const { form, onChoose } = useLiveChoice(action);
  const sending = useNavigation().formMethod === "POST";
  return (
    <Form ref={form} method="get" action={action} aria-label="Invite people" className="flex flex-col gap-4">
      <HiddenFields fields={[...selectionFields(view.selection), ["key", view.key]]} />
      <PeopleStep
        view={view}
        list="named"
        action={action}
        purpose="people"
        title="Invite people to write on the board"
        note={`They are told by notification. ${recipientName} is not: the board is a surprise until you deliver it.`}
        pointsAvailable={0}
        chosenLabel="To invite"
        onChoose={onChoose}
      />
      <ErrorList errors={view.errors.invitees} />
      <Button type="submit" formMethod="post" formAction={action} className="self-end" disabled={sending || view.selection.named.length === 0}>
        Invite
      </Button>
    </Form>
  );
}
