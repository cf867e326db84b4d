import type { CheckedPages } from "../../../tests/e2e/checked-pages";

/** Where axe checks each page of this plugin (the core's accessibility spec merges the list). */
export const checkedPages: CheckedPages = {
  "plugins/storefront/storefront._index": "plugins/storefront/tests/shop.spec.ts",
  "plugins/storefront/company-store": "the same page as /storefront (plugins/storefront/tests/shop.spec.ts)",
  "plugins/storefront/storefront.gift-cards._index": "plugins/storefront/tests/shop.spec.ts",
  "plugins/storefront/storefront.gift-cards.$brand._index": "plugins/storefront/tests/shop.spec.ts",
  "plugins/storefront/storefront.gift-cards.$brand.deliver": "plugins/storefront/tests/shop.spec.ts",
  "plugins/storefront/storefront.orders.$orderId": "plugins/storefront/tests/shop.spec.ts, storefront-errors.spec.ts",
  "plugins/storefront/storefront.orders._index": "plugins/storefront/tests/storefront-errors.spec.ts",
  "plugins/storefront/storefront.admin.orders": "plugins/storefront/tests/storefront-errors.spec.ts",
  "plugins/storefront/storefront.admin.brands": "plugins/storefront/tests/storefront-errors.spec.ts",
  "plugins/storefront/storefront.admin.award-types": "plugins/storefront/tests/awards.spec.ts",
  "plugins/storefront/storefront.awards.$awardId.gift-card": "plugins/storefront/tests/awards.spec.ts",
  "plugins/storefront/storefront.awards.$awardId._index": "plugins/storefront/tests/awards.spec.ts",
  "plugins/storefront/storefront.awards._index": "page 2 (Select Award): the same component as page 1 and page 3 (awards.spec.ts checks those)",
  "plugins/storefront/storefront.points": "page 3 for points: the same page as /storefront (plugins/storefront/tests/shop.spec.ts)",
  "plugins/storefront/service-award-redemption.$id": "plugins/storefront/tests/awards.spec.ts",
};
