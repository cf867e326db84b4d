import type { LoaderFunctionArgs } from "@remix-run/node";
import { shopStartPage, shopPageAnswer } from "../shop-pages.server";

export { ShopPageRoute as default, shopPageMeta as meta } from "../components/shop-pages";

/** The shop's entry: page 1 (award credit or points), page 2 (several awards, no points) or page 3, by the spec's start rules. */
export function loader(args: LoaderFunctionArgs) {
  return shopPageAnswer(args, shopStartPage);
}
