import { RedeemCodeCard, type RedeemCodeCardData } from "~/components/codes/redeem-code-card";
import { ApprovalsCard, type ApprovalsCardData } from "~/components/shell/approvals-card";
import { ContactUsCard, type ContactUsCardData } from "~/components/shell/contact-us-card";
import { ProfileCard, type ProfileCardData } from "~/components/shell/profile-card";
import { isProgramManager } from "~/modules/auth/viewer";
import { canViewReports } from "~/modules/reports/access";
import { coreExtensionPoints } from "./extension-points";
import { canApprovePointsRequests, canGivePoints, canRequestPoints, usesPoints } from "~/modules/points/access";
import { defineContributions, type NotificationTypeIds, type SidebarCard } from "~/modules/plugins/manifest";

const profileCard: SidebarCard<ProfileCardData> = {
  id: "core/profile",
  slot: "left",
  order: 0,
  Component: ProfileCard,
};

const approvalsCard: SidebarCard<ApprovalsCardData> = {
  id: "core/approvals",
  slot: "left",
  order: 10,
  Component: ApprovalsCard,
};

const contactUsCard: SidebarCard<ContactUsCardData> = {
  id: "core/contact-us",
  slot: "right",
  order: 1000,
  when: ({ tenant }) => tenant.siteConfig.contactUsCardOnHomepage && tenant.siteConfig.contactUsText.length > 0,
  Component: ContactUsCard,
};

const redeemCodeCard: SidebarCard<RedeemCodeCardData> = {
  id: "core/redeem-code",
  slot: "right",
  order: 20,
  permission: "canRedeemCodes",
  Component: RedeemCodeCard,
};

/** What the core itself adds to the shell, through the same registry as plugins. */
export const coreContributions = defineContributions({
  menuEntries: [
    { menu: "admin", label: "Program Settings", to: "/program-settings", when: isProgramManager, order: 10 },
    { menu: "admin", label: "People", to: "/admin/people", when: (v) => isProgramManager(v) && !v.delegation, order: 15 },
    { menu: "admin", label: "Reports", to: "/report", when: canViewReports, order: 30 },
    { menu: "profile", label: "Transaction History", to: "/transaction-history", when: (v) => usesPoints(v) || canGivePoints(v) },
    { menu: "profile", label: "Redeem a Code", to: "/redeem", permission: "canRedeemCodes" },
    { menu: "admin", label: "Approvals", to: "/approvals", when: canApprovePointsRequests, order: 25 },
    { menu: "profile", label: "My Profile", to: "/profile", order: 10 },
    { menu: "profile", label: "Settings", to: "/settings/security", order: 200 },
    { menu: "profile", label: "Addresses", to: "/settings/addresses", permission: "canChangeAddress", order: 201 },
    { menu: "profile", label: "Privacy", to: "/settings/privacy", order: 205, when: ({ tenant }) => tenant.siteConfig.employeePreferencesEnabled },
    { menu: "profile", label: "Program Guide", to: "/settings/program-guide", order: 220 },
    { menu: "profile", label: "Integrations", to: "/settings/integrations", order: 225 },
    { menu: "profile", label: "High Contrast", to: "/settings/high-contrast", order: 230, when: ({ tenant }) => tenant.siteConfig.highContrastEnabled },
    { menu: "profile", label: "Help", to: "/help", order: 240 },
    { menu: "profile", label: "Notification settings", to: "/settings/notifications", order: 210, when: ({ tenant }) => tenant.siteConfig.notificationsEnabled },
    { menu: "profile", label: "Act as a Delegate", to: "/delegation", order: 150, when: (v) => v.employee.hasDelegators && !v.delegation },
    { menu: "admin", label: "Act as an Employee", to: "/delegation/admin", order: 20, permission: "admin", when: (v) => !v.delegation },
  ],
  sidebarCards: [profileCard, approvalsCard, redeemCodeCard, contactUsCard],
  extensionPoints: coreExtensionPoints,
  notificationGroups: [
    {
      id: "general",
      title: "General",
      types: [
        { id: "LOGIN_REMINDER", label: "Login reminder" },
        { id: "SHOPPING_POINTS_INCREASED", label: "Points to spend increased", when: usesPoints },
        { id: "DISCRETIONARY_POINTS_INCREASED", label: "Points to give increased", when: canGivePoints },
        { id: "REFILL_REMINDER", label: "Points refill reminder", when: canGivePoints },
        { id: "DISC_APP", label: "Points request decided", when: canRequestPoints },
      ],
    },
    {
      id: "admin",
      title: "Admin",
      when: canApprovePointsRequests,
      types: [{ id: "PT_APP", label: "Points approval" }],
    },
  ],
});

/** A notification type the core declares. */
export type CoreNotificationType = NotificationTypeIds<typeof coreContributions>;
