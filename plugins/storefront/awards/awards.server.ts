import type { MilestoneLinks } from "~/modules/shell/extension-points";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { CardLoadArgs } from "~/modules/plugins/manifest";
import { assetSource } from "~/modules/storage/asset-source";
import type { ServiceAwardsCardData } from "../components/service-awards-card";
import { keptForShop } from "../shop-cache.server";
import { formatMoney } from "../pricing";
import type { AwardStatus } from "../schema";

/** An award as its owner sees it: the spec's award card (display lines, years of service) and its value in money. */
export interface AwardView {
  id: number;
  name: string;
  yearsService: number;
  valueCents: number;
  displayLines: string[];
  announcement: string | null;
  /** Where the type's picture and announcement document are served, when it has them. */
  imageUrl: string | null;
  documentUrl: string | null;
  hideShopButton: boolean;
  status: AwardStatus;
  anniversary: string;
}

function awardsQuery(db: ProgramDb, employeeId: number) {
  return db
    .selectFrom("service_award as award")
    .innerJoin("service_award_type as type", "type.id", "award.award_type_id")
    .leftJoin("asset as image", "image.id", "type.image_asset_id")
    .leftJoin("asset as document", "document.id", "type.document_asset_id")
    .select([
      "image.id as imageId",
      "image.name as imageName",
      "document.id as documentId",
      "document.name as documentName",
      "award.id",
      "type.name",
      "award.years_service",
      "type.value_cents",
      "type.display1",
      "type.display2",
      "type.display3",
      "type.announcement",
      "type.hide_shop_button",
      "award.status",
      "award.anniversary",
    ])
    .where("award.employee_id", "=", employeeId)
    .orderBy("award.id");
}

const toView = (row: Awaited<ReturnType<ReturnType<typeof awardsQuery>["execute"]>>[number]): AwardView => ({
  id: row.id,
  name: row.name,
  yearsService: row.years_service,
  valueCents: row.value_cents,
  displayLines: [row.display1, row.display2, row.display3].filter((line): line is string => !!line),
  announcement: row.announcement,
  imageUrl: row.imageId ? assetSource(row.imageId, row.imageName!) : null,
  documentUrl: row.documentId ? assetSource(row.documentId, row.documentName!) : null,
  hideShopButton: row.hide_shop_button,
  status: row.status,
  anniversary: row.anniversary,
});

/** Every award of the employee, oldest first (the spec's list sorted by id). */
export async function awardsOf(db: ProgramDb, employeeId: number) {
  return (await awardsQuery(db, employeeId).execute()).map(toView);
}

/** The employee's open awards, oldest first. */
export async function openAwardsOf(db: ProgramDb, employeeId: number) {
  return (await awardsQuery(db, employeeId).where("award.status", "=", "OPEN").execute()).map(toView);
}

/** The open awards the employee may spend in the shop (the spec's awards catalogue): those whose type does not hide the shop button. */
export async function spendableAwardsOf(db: ProgramDb, employeeId: number) {
  return (await openAwardsOf(db, employeeId)).filter((award) => !award.hideShopButton);
}


function cardData(awards: readonly AwardView[], owner: string, currency: string): ServiceAwardsCardData {
  return {
    owner,
    awards: awards.map((award) => ({
      id: award.id,
      name: award.name,
      yearsService: award.yearsService,
      value: formatMoney(award.valueCents, currency),
      displayLines: award.displayLines,
      imageUrl: award.imageUrl,
      status: award.status,
      // The spec's click: the award's page when its type has an announcement (a document, or text), else the shop.
      redeemHref: award.hideShopButton ? null : award.announcement || award.documentUrl ? `/service-award-redemption/${award.id}` : `/storefront/awards/${award.id}`,
    })),
  };
}

/** The notifications page's first card: the viewer's open awards. */
export async function openAwardsCardData({ db, viewer }: CardLoadArgs) {
  return cardData(await openAwardsOf(db, viewer.employee.id), viewer.employee.displayName, viewer.tenant.points.currency);
}

/** On the viewer's own profile, every award of theirs; nothing on anyone else's (an award's value is theirs to see). */
export async function profileAwardsCardData({ db, viewer, params }: CardLoadArgs) {
  const own = params.id === String(viewer.employee.id);
  // Kept until the shop's version moves, as the shop keeps the open ones (decision 106).
  const awards = own ? await keptForShop({ db, viewer }, `profile-awards:${viewer.employee.id}`, () => awardsOf(db, viewer.employee.id)) : [];
  return cardData(awards, viewer.employee.displayName, viewer.tenant.points.currency);
}

/** On the viewer's own work anniversaries a page shows: the open service award that anniversary granted, to redeem. */
export const anniversaryAwardLinks: MilestoneLinks = {
  async links({ db, viewer, shown }) {
    const own = shown.filter((milestone) => milestone.personId === viewer.employee.id && milestone.event === "ANNIVERSARY");
    if (own.length === 0) return [];
    const awards = await db
      .selectFrom("service_award")
      .select(["id", "anniversary"])
      .where("employee_id", "=", viewer.employee.id)
      .where("status", "=", "OPEN")
      .where("anniversary", "in", own.map((milestone) => milestone.date))
      .orderBy("id")
      .execute();
    return awards.map((award) => ({ milestone: own.find((milestone) => milestone.date === award.anniversary)!, label: "Redeem your service award", href: `/service-award-redemption/${award.id}` }));
  },
};
