import { extend } from "~/modules/plugins/extension-point";
import { lazySlot } from "~/modules/plugins/lazy-slot";
import { definePlugin } from "~/modules/plugins/manifest";
import { canViewReports } from "~/modules/reports/access";
import { profileActions } from "~/modules/shell/extension-points";
import { canApproveNominations } from "./rules";

const nominationItem = lazySlot(() => import("./components/nomination-item").then((m) => m.NominationItem));

/** Nominations: formal recognition of a colleague for a core value at an award level, decided by a chain of approvers, with points and a certificate. */
export const nominationsPlugin = definePlugin({
  id: "nominations",
  title: "Nominations",
  description: "Nominate colleagues for a core value at an award level; approvers decide in turn, and an approved nomination pays its points and earns a certificate.",
  permissions: {
    isNominator: { label: "Nominates colleagues", default: false, grantedInDemoTo: ["admin", "manager", "employee"] },
    canGetNominated: { label: "Can be nominated", default: true },
    isNominationApprover: { label: "Approves nominations (at steps that name nomination approvers)", default: false },
  },
  lookupFilters: { nominees: { permission: "canGetNominated" } },
  transferKinds: { NOMINATION_AWARD: "Nomination award" },
  menuEntries: [
    { menu: "recognize", label: "Nominate", to: "/nomination/new", permission: "isNominator", order: 30 },
    { menu: "profile", label: "My Nominations", to: "/nomination/received", order: 25 },
    { menu: "admin", label: "Nomination Approvals", to: "/approvals/nominations", when: canApproveNominations, order: 26 },
    { menu: "admin", label: "Nomination Metrics", to: "/report/legacy/power-metrics/nominations", when: canViewReports, order: 31 },
  ],
  feedItemKinds: { receivedNomination: { label: "Nomination", Component: nominationItem } },
  wallItemKinds: { NOMINATION: { label: "Nominations", Component: nominationItem } },
  extensions: [extend(profileActions, { label: "Nominate", href: (personId) => `/nomination/new?to=${personId}`, permission: "isNominator", personPermission: "canGetNominated", order: 20 })],
  notificationGroups: [
    {
      id: "nominations",
      title: "Nominations",
      types: [
        { id: "NOMINATION_RECEIVED", label: "Nomination received" },
        { id: "NOMINATION_STATUS", label: "Nomination status change", permission: "isNominator" },
        { id: "NOMINATION_APPROVAL", label: "Nomination approval", when: canApproveNominations },
      ],
    },
  ],
});

declare module "~/modules/plugins/manifest" {
  interface InstalledPlugins {
    nominations: typeof nominationsPlugin;
  }
}
