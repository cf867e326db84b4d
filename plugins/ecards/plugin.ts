import { isProgramManager } from "~/modules/auth/viewer";
import { extend } from "~/modules/plugins/extension-point";
import { lazySlot } from "~/modules/plugins/lazy-slot";
import { definePlugin } from "~/modules/plugins/manifest";
import { feedItemActions, milestoneActions, profileActions } from "~/modules/shell/extension-points";

const ecardItem = lazySlot(() => import("./components/ecard-item").then((m) => m.EcardItem));

/** eCards: designed cards sent to colleagues, with points, a copy to their managers, replies and a send date. */
export const ecardsPlugin = definePlugin({
  id: "ecards",
  title: "eCards",
  description: "Send designed cards to colleagues, with points, a copy to their managers and replies; now or on a later day.",
  permissions: {
    usesEcards: { label: "Sends and receives eCards", default: true },
  },
  lookupFilters: { ecards: { permission: "usesEcards" } },
  transferKinds: { ECARD_POINTS: "eCard points" },
  menuEntries: [
    { menu: "recognize", label: "Send an eCard", to: "/ecard/new", permission: "usesEcards", order: 20 },
    { menu: "profile", label: "My eCards", to: "/ecard/received", permission: "usesEcards", order: 20 },
    { menu: "admin", label: "eCard Designs", to: "/ecard/admin/designs", when: isProgramManager, order: 70 },
  ],
  feedItemKinds: { ecard: { label: "eCard", Component: ecardItem } },
  wallItemKinds: {
    ECARD: { label: "eCards", Component: ecardItem },
    MANAGER_ECARD: { label: "Public eCards", Component: ecardItem },
  },
  extensions: [
    extend(profileActions, { label: "Send eCard", href: (personId) => `/ecard/new?to=${personId}`, permission: "usesEcards", personPermission: "usesEcards", order: 10 }),
    extend(milestoneActions, {
      label: "Send eCard",
      href: ({ personId, event, date }) => `/ecard/new?${new URLSearchParams({ to: String(personId), event, date })}`,
      permission: "usesEcards",
      personPermission: "usesEcards",
      order: 10,
    }),
    extend(feedItemActions, {
      label: "Send eCard",
      href: (item) => `/ecard/new?entryLink=SocialPost&post=${item.id}`,
      permission: "usesEcards",
      appliesTo: (item) => !item.mine,
    }),
  ],
  notificationGroups: [
    {
      id: "ecards",
      title: "eCards",
      permission: "usesEcards",
      types: [
        { id: "ECARD_RECEIVED", label: "I receive an eCard" },
        { id: "ECARD_REPLY", label: "Someone replies to an eCard I sent" },
        { id: "ECARD_MANAGER_COPY", label: "Someone on my team receives an eCard", when: (viewer) => viewer.employee.isSupervisor },
        { id: "ECARD_NOT_SENT", label: "Part of an eCard I scheduled could not be sent" },
      ],
    },
  ],
});

declare module "~/modules/plugins/manifest" {
  interface InstalledPlugins {
    ecards: typeof ecardsPlugin;
  }
}
