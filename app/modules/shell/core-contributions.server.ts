import { applyPeopleImport } from "~/modules/people/import.server";
import type { PointsTile, ProfileCardData } from "~/components/shell/profile-card";
import type { ApprovalsCardData } from "~/components/shell/approvals-card";
import type { ContactUsCardData } from "~/components/shell/contact-us-card";
import { pendingApprovals } from "./extension-points";
import type { RedeemCodeCardData } from "~/components/codes/redeem-code-card";
import type { CardDataFunction, ServerContributions } from "~/modules/plugins/manifest";
import { deliverNotification, fanOutNotification } from "~/modules/notifications/delivery.server";
import { remindersSchedule, sendReminders } from "~/modules/notifications/reminders.server";
import { processVideo } from "~/modules/storage/video-processing.server";
import { canGivePoints, usesPoints } from "~/modules/points/access";
import { pointsSummary } from "~/modules/points/ledger.server";
import { pointsEarnedReport } from "~/modules/reports/points-earned.server";

const profileCard: CardDataFunction<ProfileCardData> = async ({ viewer, db }) => {
  const { employee } = viewer;
  const summary = await pointsSummary(db, employee.id);
  const tiles: PointsTile[] = [];
  if (usesPoints(viewer)) {
    tiles.push({ label: "Points to Spend", points: summary.shoppingPointsAvailable, to: "/transaction-history/my-points" });
  }
  if (canGivePoints(viewer)) {
    tiles.push({ label: "Points to Give", points: summary.discretionaryPointsAvailable, to: "/transaction-history/discretionary-points" });
  }
  return {
    id: employee.id,
    firstName: employee.firstName,
    lastName: employee.lastName,
    displayName: employee.displayName,
    jobTitle: employee.jobTitle,
    tiles,
  };
};

const redeemCodeCard: CardDataFunction<RedeemCodeCardData> = async ({ viewer: { tenant } }) => ({
  imageUrl: tenant.siteConfig.redeemCodeImageAsset ?? null,
});

const approvalsCard: CardDataFunction<ApprovalsCardData> = async ({ viewer, db, registry }) => ({
  waiting: await Promise.all(
    registry.visibleExtensions(viewer, pendingApprovals).map(async ({ label, to, count }) => ({ label, to, count: await count({ db, viewer }) })),
  ),
});

const contactUsCard: CardDataFunction<ContactUsCardData> = async ({ viewer: { tenant } }) => ({
  headline: tenant.siteConfig.contactUsHeadlineText,
  text: tenant.siteConfig.contactUsText,
  imageUrl: tenant.siteConfig.contactUsImageAsset ?? null,
});

/** The data functions of the core's cards (declared in core-contributions.ts), and the core's jobs. */
export const coreServerContributions: ServerContributions = {
  cardData: { "core/profile": profileCard, "core/approvals": approvalsCard, "core/redeem-code": redeemCodeCard, "core/contact-us": contactUsCard },
  jobs: [fanOutNotification, deliverNotification, sendReminders, processVideo, applyPeopleImport],
  schedules: [remindersSchedule],
  reports: [pointsEarnedReport],
};
