import type { LoaderFunctionArgs } from "@remix-run/node";
import { CardPage, cardMeta } from "../components/ecard-pages";
import { cardPageLoader } from "../pages.server";

export const meta = cardMeta;
export const loader = (args: LoaderFunctionArgs) => cardPageLoader(args, "manager");
export default function ManagerCopyPage() {
  return <CardPage />;
}
