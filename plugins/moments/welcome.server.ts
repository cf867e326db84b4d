import type { CardLoadArgs } from "~/modules/plugins/manifest";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { versionedCache } from "~/modules/db/versioned-cache.server";
import type { TenantConfig } from "~/modules/tenants/tenant";

const DAY_MS = 24 * 60 * 60 * 1000;

type WelcomeConfig = Pick<TenantConfig["siteConfig"], "welcomePostExpirationSet" | "welcomePostExpirationDays">;

/** The spec's rule: the welcome post is hidden once its initial date plus the expiration days has passed (when an expiration is set). */
export function welcomePostExpired(config: WelcomeConfig, initialDate: Date, now: Date) {
  return config.welcomePostExpirationSet && now.getTime() >= initialDate.getTime() + config.welcomePostExpirationDays * DAY_MS;
}

/** Each person's state of the welcome post, kept per process until someone's changes (decision 118). */
const keptForWelcome = versionedCache({ limit: 20_000, changeVersion: "moments_welcome" });

function welcomeStateOf(db: ProgramDb, employeeId: number) {
  return db.selectFrom("employee").select(["welcome_post_hidden", "welcome_post_initial_date"]).where("id", "=", employeeId).executeTakeFirstOrThrow();
}

/**
 * The welcome post card: the program's welcome texts and image, unless the
 * employee hid it or it expired. An employee's clock starts the first time
 * the card is shown to them.
 */
export async function welcomeCardData({ viewer, db }: CardLoadArgs, now = new Date()) {
  const config = viewer.tenant.siteConfig;
  if (!config.welcomeHeadlineText && !config.welcomeText && !config.welcomeImageAsset) return null;
  const employee = await keptForWelcome({ db, viewer }, String(viewer.employee.id), () => welcomeStateOf(db, viewer.employee.id));
  if (employee.welcome_post_hidden) return null;
  if (employee.welcome_post_initial_date === null) {
    await db.updateTable("employee").set({ welcome_post_initial_date: now }).where("id", "=", viewer.employee.id).where("welcome_post_initial_date", "is", null).execute();
  } else if (welcomePostExpired(config, employee.welcome_post_initial_date, now)) {
    return null;
  }
  return {
    headline: config.welcomeHeadlineText,
    text: config.welcomeText,
    image: config.welcomeImageAsset ?? null,
    closeable: !config.welcomePostPinned,
  };
}

export type WelcomeCardData = Awaited<ReturnType<typeof welcomeCardData>>;

/** The spec's close button (employee/welcome/post/hide): false when the program pinned the post. */
export async function hideWelcomePost(db: ProgramDb, config: TenantConfig["siteConfig"], employeeId: number) {
  if (config.welcomePostPinned) return false;
  await db.updateTable("employee").set({ welcome_post_hidden: true }).where("id", "=", employeeId).execute();
  return true;
}
