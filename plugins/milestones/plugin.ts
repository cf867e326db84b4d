import { isProgramManager } from "~/modules/auth/viewer";
import { lazySlot } from "~/modules/plugins/lazy-slot";
import { definePlugin } from "~/modules/plugins/manifest";

const milestoneItem = lazySlot(() => import("./components/milestone-item").then((m) => m.MilestoneItem));

/** Milestones (the spec's usesMilestones): birthdays, work anniversaries and the program's own milestones, celebrated on their day. */
export const milestonesPlugin = definePlugin({
  id: "milestones",
  title: "Milestones",
  description: "Birthdays, work anniversaries and the program's own milestones: on the feed on their day, in an upcoming list and a calendar file, with a personal celebration for the celebrant.",
  menuEntries: [
    { menu: "recognize", label: "Milestones", to: "/milestones", order: 40 },
    { menu: "admin", label: "Celebrations", to: "/milestones/admin", when: isProgramManager, order: 72 },
  ],
  sidebarCards: [
    { id: "milestones/banner", slot: "main", order: 5, Component: lazySlot(() => import("./components/celebration-banner").then((m) => m.CelebrationBanner)) },
    { id: "milestones/upcoming", slot: "right", order: 30, Component: lazySlot(() => import("./components/milestone-card").then((m) => m.MilestoneCard)) },
  ],
  feedItemKinds: {
    birthday: { label: "Birthday", Component: milestoneItem },
    anniversary: { label: "Work anniversary", Component: milestoneItem },
    milestone: { label: "Milestone", Component: milestoneItem },
  },
  wallItemKinds: { MILESTONE: { label: "Milestones", Component: milestoneItem } },
  notificationGroups: [
    {
      id: "milestones",
      title: "Milestones",
      types: [{ id: "MILESTONE_UPCOMING", label: "A birthday or work anniversary is coming up on my team" }],
    },
  ],
});

declare module "~/modules/plugins/manifest" {
  interface InstalledPlugins {
    milestones: typeof milestonesPlugin;
  }
}
