import { pointsStoresPage, shopPageLoader } from "../shop-pages.server";

export { ShopPageRoute as default, shopPageMeta as meta } from "../components/shop-pages";

/** Page 3 for points (page 1's Points). */
export const loader = shopPageLoader(pointsStoresPage);
