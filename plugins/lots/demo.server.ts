import type { DemoSeedArgs } from "~/modules/plugins/manifest";
import { activateLot, createLot } from "./service.server";

/** An active lot with a few codes already redeemed, and one waiting for activation. */
export async function seedDemoLots({ db, tenant, people }: DemoSeedArgs) {
  const { timeZone } = tenant.config.program;
  const admin = people.get("admin")!;
  const nextYear = `${new Date().getUTCFullYear() + 1}-12-31`;
  const welcome = await createLot(db, admin, { name: "Welcome cards", codeCount: 25, pointsPerCode: 500, expiresOn: nextYear }, timeZone);
  await activateLot(db, admin, welcome.lotCode, timeZone);
  await createLot(db, admin, { name: "Holiday cards", codeCount: 50, pointsPerCode: 1_000, expiresOn: nextYear }, timeZone);
}
