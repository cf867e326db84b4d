import type { LoaderFunctionArgs } from "@remix-run/node";
import { awardStoresPage, shopPageAnswer } from "../shop-pages.server";

export { ShopPageRoute as default, shopPageMeta as meta } from "../components/shop-pages";

/** Page 3 with an award preselected: the stores that take its credit. */
export function loader(args: LoaderFunctionArgs) {
  return shopPageAnswer(args, awardStoresPage);
}
