import { awardStoresPage, shopPageLoader } from "../shop-pages.server";

export { ShopPageRoute as default, shopPageMeta as meta } from "../components/shop-pages";

/** Page 3 with an award preselected: the stores that take its credit. */
export const loader = shopPageLoader(awardStoresPage);
