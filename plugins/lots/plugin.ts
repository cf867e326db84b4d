import { definePlugin } from "~/modules/plugins/manifest";
import { lazySlot } from "~/modules/plugins/lazy-slot";

/** Lots: batches of redeemable codes that an administrator creates and activates, funded from the program bucket. */
export const lotsPlugin = definePlugin({
  id: "lots",
  title: "Lots",
  description: "Create lots of point codes, activate them from the program's points bucket, export codes and reports.",
  permissions: {
    canCreateLots: { label: "Create lots", default: false, grantedInDemoTo: ["admin"] },
    canActivateLots: { label: "Activate lots", default: false, grantedInDemoTo: ["admin"] },
  },
  transferKinds: { LOT_FUNDING: "Lot funding" },
  menuEntries: [
    { menu: "admin", label: "Create Lots", to: "/create-lot", permission: "canCreateLots", order: 40 },
    { menu: "admin", label: "Activate Lot", to: "/activate-lot", permission: "canActivateLots", order: 41 },
  ],
  sidebarCards: [{ id: "lots/activate-lot", slot: "right", order: 30, permission: "canActivateLots", Component: lazySlot(() => import("./components/activate-lot-card").then((m) => m.ActivateLotCard)) }],
});

declare module "~/modules/plugins/manifest" {
  interface InstalledPlugins {
    lots: typeof lotsPlugin;
  }
}
