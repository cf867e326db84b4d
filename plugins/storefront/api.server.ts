/**
 * What the storefront offers the plugins that depend on it (dependsOn: ["storefront"]), on the
 * server; its other modules are its own. The shared half is `stores.ts` (the stores extension point).
 */
export { spendableAwardsOf } from "./awards/awards.server";
