import { selectAwardPage, shopPageLoader } from "../shop-pages.server";

export { ShopPageRoute as default, shopPageMeta as meta } from "../components/shop-pages";

/** Page 2, Select Award (page 1's award credit with several awards). */
export const loader = shopPageLoader(selectAwardPage);
