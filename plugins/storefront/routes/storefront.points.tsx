import type { LoaderFunctionArgs } from "@remix-run/node";
import { pointsStoresPage, shopPageAnswer } from "../shop-pages.server";

export { ShopPageRoute as default, shopPageMeta as meta } from "../components/shop-pages";

/** Page 3 for points (page 1's Points). */
export function loader(args: LoaderFunctionArgs) {
  return shopPageAnswer(args, pointsStoresPage);
}
