import type { LoaderFunctionArgs } from "@remix-run/node";
import { BoxPage, boxMeta } from "../components/ecard-pages";
import { boxPageLoader } from "../pages.server";

export const meta = boxMeta;
export const loader = (args: LoaderFunctionArgs) => boxPageLoader(args, "received");
export default BoxPage;
