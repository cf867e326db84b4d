/** The spec's /company-store: the same shopping page as /storefront. */
export { default, loader, meta } from "./storefront._index";
