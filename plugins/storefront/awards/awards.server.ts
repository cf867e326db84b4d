import type { ProgramDb } from "~/modules/db/program-db.server";
import type { CardLoadArgs } from "~/modules/plugins/manifest";
import type { OpenAwardsCardData } from "../components/open-awards-card";
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
  hideShopButton: boolean;
  status: AwardStatus;
  anniversary: string;
}

function awardsQuery(db: ProgramDb, employeeId: number) {
  return db
    .selectFrom("service_award as award")
    .innerJoin("service_award_type as type", "type.id", "award.award_type_id")
    .select([
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


/** The notifications page's first card: the viewer's open awards. */
export async function openAwardsCardData({ db, viewer }: CardLoadArgs): Promise<OpenAwardsCardData> {
  const currency = viewer.tenant.points.currency;
  const open = await openAwardsOf(db, viewer.employee.id);
  return { awards: open.map(({ id, name, yearsService, valueCents, displayLines, hideShopButton }) => ({ id, name, yearsService, value: formatMoney(valueCents, currency), displayLines, hideShopButton })) };
}
