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
import { canApprovePointsRequests, canGivePoints, canRequestPoints, usesPoints } from "~/modules/points/access";
import { allowancesJob, allowancesSchedule } from "~/modules/points/allowances.server";
import { approvalRemindersSchedule, remindApprovers } from "~/modules/points/approval-reminders.server";
import { reassignPendingRequests, waitingCount } from "~/modules/points/requests.server";
import { isOutage } from "~/modules/http/outage";
import { extend } from "~/modules/plugins/extension-point";
import { viewerPointsSummary } from "~/modules/points/ledger.server";
import { pointsEarnedReport } from "~/modules/reports/points-earned.server";

const profileCard: CardDataFunction<ProfileCardData> = async ({ viewer, db }) => {
  const { employee } = viewer;
  const summary = await viewerPointsSummary({ db, viewer });
  const tiles: PointsTile[] = [];
  if (usesPoints(viewer)) {
    tiles.push({ label: "Points to Spend", points: summary.shoppingPointsAvailable, to: "/transaction-history/my-points" });
  }
  if (canGivePoints(viewer)) {
    tiles.push({
      label: "Points to Give",
      points: summary.discretionaryPointsAvailable,
      to: "/transaction-history/discretionary-points",
      ...(canRequestPoints(viewer) ? { more: { label: "Request More Points", to: "/points-request" } } : {}),
    });
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

/** What waits for the viewer; when a count cannot be read, the card says so and offers a retry (the rest of the page goes on). */
const approvalsCard: CardDataFunction<ApprovalsCardData> = async ({ viewer, db, registry, app }) => {
  const kinds = registry.visibleExtensions(viewer, pendingApprovals);
  try {
    return { waiting: await Promise.all(kinds.map(async ({ label, to, count }) => ({ label, to, count: await count({ db, viewer }) }))), failed: false };
  } catch (error) {
    if (isOutage(error)) throw error;
    app.log.error({ event: "approvals_count_failed", err: error }, "the approvals card's counts could not be read");
    return { waiting: kinds.map(({ label, to }) => ({ label, to, count: null })), failed: true };
  }
};

const pointsRequests = extend(pendingApprovals, {
  label: "Points requests",
  to: "/approvals/points",
  when: canApprovePointsRequests,
  count: ({ db, viewer }) => waitingCount(db, viewer),
  reassign: ({ app, tenant, db, fromId, toId, actorId }) => reassignPendingRequests(app, tenant, db, { fromId, toId, actorId }),
});

const contactUsCard: CardDataFunction<ContactUsCardData> = async ({ viewer: { tenant } }) => ({
  headline: tenant.siteConfig.contactUsHeadlineText,
  text: tenant.siteConfig.contactUsText,
  imageUrl: tenant.siteConfig.contactUsImageAsset ?? null,
});

/** The data functions of the core's cards (declared in core-contributions.ts), and the core's jobs. */
export const coreServerContributions: ServerContributions = {
  cardData: { "core/profile": profileCard, "core/approvals": approvalsCard, "core/redeem-code": redeemCodeCard, "core/contact-us": contactUsCard },
  extensions: [pointsRequests],
  jobs: [fanOutNotification, deliverNotification, sendReminders, processVideo, applyPeopleImport, allowancesJob, remindApprovers],
  schedules: [remindersSchedule, allowancesSchedule, approvalRemindersSchedule],
  reports: [pointsEarnedReport],
};
