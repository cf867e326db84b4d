import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { rowId } from "~/utils/row-id";
import { CardPage, cardMeta } from "../components/ecard-pages";
import { requireEcards } from "../guards.server";
import { cardPageLoader } from "../pages.server";
import { cancelEcard } from "../send.server";

export const meta = cardMeta;
export const loader = (args: LoaderFunctionArgs) => cardPageLoader(args, "sent");

/** Cancels a scheduled card of the sender's (until it is sent). */
export async function action(args: ActionFunctionArgs) {
  const { viewer, db } = await requireEcards(args);
  const id = rowId(args.params.id);
  if (id === null) throw new Response("Not found", { status: 404 });
  const cancelled = await cancelEcard(db, viewer.employee.id, id);
  return redirectWithToast(args, `/ecard/sent/${id}`, cancelled ? { type: "success", message: "Your eCard was cancelled." } : { type: "error", message: "This eCard can no longer be cancelled." });
}

export default function SentEcardPage() {
  return (
    <CardPage
      actions={(card) =>
        card.status === "SCHEDULED" ? (
          <Form method="post" className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link to="edit">Edit eCard</Link>
            </Button>
            <Button type="submit" variant="outline">
              Cancel eCard
            </Button>
          </Form>
        ) : null
      }
    />
  );
}
