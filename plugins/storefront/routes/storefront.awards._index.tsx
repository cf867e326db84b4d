import type { LoaderFunctionArgs } from "@remix-run/node";
import { selectAwardPage, shopPageAnswer } from "../shop-pages.server";

export { ShopPageRoute as default, shopPageMeta as meta } from "../components/shop-pages";

/** Page 2, Select Award (page 1's award credit with several awards). */
export function loader(args: LoaderFunctionArgs) {
  return shopPageAnswer(args, selectAwardPage);
}
