import type { LoaderFunctionArgs } from "@remix-run/node";
import { CardPage, cardMeta } from "../components/ecard-pages";
import { cardPageLoader, replyAction } from "../pages.server";

export const meta = cardMeta;
export const loader = (args: LoaderFunctionArgs) => cardPageLoader(args, "received");
export const action = replyAction;
export default function ReceivedEcardPage() {
  return <CardPage />;
}
