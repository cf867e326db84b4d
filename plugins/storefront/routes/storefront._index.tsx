import { shopStartPage, shopPageLoader } from "../shop-pages.server";

export { ShopPageRoute as default, shopPageMeta as meta } from "../components/shop-pages";

/** The shop's entry: page 1 (award credit or points), page 2 (several awards, no points) or page 3, by the spec's start rules. */
export const loader = shopPageLoader(shopStartPage);
