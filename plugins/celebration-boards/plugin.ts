import { isProgramManager } from "~/modules/auth/viewer";
import { extend } from "~/modules/plugins/extension-point";
import { lazySlot } from "~/modules/plugins/lazy-slot";
import { definePlugin } from "~/modules/plugins/manifest";
import { profileActions } from "~/modules/shell/extension-points";

const boardItem = lazySlot(() => import("./components/board-item").then((m) => m.BoardItem));

/** Celebration boards: a board made for a colleague, collecting the contributions of the people its creator invites, delivered when it is ready. */
export const celebrationBoardsPlugin = definePlugin({
  id: "celebration-boards",
  title: "Celebration Boards",
  description: "Make a board for a colleague's birthday, farewell or welcome, invite people to write on it, and deliver it to them when it is ready; on the feed too, if they like.",
  permissions: {
    canCreateCelebrationBoards: { label: "Creates celebration boards", default: false, grantedInDemoTo: ["admin", "manager"] },
  },
  menuEntries: [
    { menu: "recognize", label: "Celebration Boards", to: "/celebration-board", order: 40 },
    { menu: "admin", label: "Celebration Boards", to: "/celebration-board/all", when: isProgramManager, order: 75 },
  ],
  feedItemKinds: { celebrationBoard: { label: "Celebration board", Component: boardItem } },
  extensions: [
    extend(profileActions, { label: "Create a celebration board", href: (personId) => `/celebration-board/new?to=${personId}`, permission: "canCreateCelebrationBoards", order: 40 }),
  ],
  notificationGroups: [
    {
      id: "celebration-boards",
      title: "Celebration boards",
      types: [
        { id: "CELEBRATION_BOARD_INVITE", label: "I'm invited to contribute to a celebration board" },
        { id: "CELEBRATION_BOARD_CLOSING_SOON", label: "A board I'm invited to closes soon" },
        { id: "CELEBRATION_BOARD_REVIEW_READY", label: "A board I made is ready to review", permission: "canCreateCelebrationBoards" },
        { id: "CELEBRATION_BOARD_RECEIVE", label: "I receive a celebration board" },
      ],
    },
  ],
});

declare module "~/modules/plugins/manifest" {
  interface InstalledPlugins {
    "celebration-boards": typeof celebrationBoardsPlugin;
  }
}
