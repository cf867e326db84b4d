import fs from "node:fs";
import path from "node:path";

/** Pages by route id, each with where axe checks it (a spec, a test). */
export type CheckedPages = Record<string, string>;

/**
 * Where axe checks each page of the core (every route with a component): a test of
 * tests/e2e/accessibility.spec.ts by its title, or a spec of its own. Pages a
 * flow must reach first (the forced password change) are checked in that flow's
 * spec. Each plugin lists its own pages in its tests/pages.ts. A new page fails
 * tests/contract/checked-pages.test.ts until it is listed.
 */
export const CORE_CHECKED_PAGES: CheckedPages = {
  root: "every page",
  "routes/login._index": "visitor pages",
  "routes/login.reset": "visitor pages",
  "routes/login.register": "visitor pages",
  "routes/reset.set.$token": "visitor pages",
  "routes/login.sso.error": "visitor pages",
  "routes/$": "visitor pages, employee pages",
  "routes/logout": "employee pages",
  "routes/feed": "employee pages",
  "routes/redeem": "employee pages",
  "routes/transaction-history.$kind._index": "employee pages, program manager pages",
  "routes/transaction-history.$kind.view.$id": "employee pages",
  "routes/settings.security": "employee pages",
  "routes/settings.phone": "employee pages",
  "routes/settings.privacy": "tests/e2e/settings-pages.spec.ts",
  "routes/settings.program-guide": "tests/e2e/settings-pages.spec.ts",
  "routes/settings.integrations": "tests/e2e/settings-pages.spec.ts",
  "routes/settings.high-contrast": "tests/e2e/settings-pages.spec.ts",
  "routes/help": "tests/e2e/settings-pages.spec.ts",
  "routes/profile.me-in-3": "tests/e2e/profile-sections.spec.ts",
  "routes/profile.my-stuff": "tests/e2e/profile-sections.spec.ts",
  "routes/program-settings_.profile": "tests/e2e/profile-sections.spec.ts",
  "routes/profile_.$id.story": "tests/e2e/profile-sections.spec.ts",
  "routes/program-settings_.guide": "tests/e2e/settings-pages.spec.ts",
  "routes/settings.addresses": "tests/e2e/addresses.spec.ts",
  "routes/delegation._index": "employee pages",
  "routes/dev.outbox._index": "employee pages",
  "routes/dev.outbox.$id": "program manager pages",
  "routes/program-settings": "program manager pages",
  "routes/program-settings_.points-bucket": "program manager pages",
  "routes/delegation.admin": "program manager pages",
  "routes/report._index": "program manager pages",
  "routes/admin.people._index": "tests/e2e/people-admin.spec.ts",
  "routes/admin.people.$id": "tests/e2e/people-admin.spec.ts",
  "routes/admin.people.import": "tests/e2e/people-admin.spec.ts",
  "routes/two-factor": "the two-factor step",
  "routes/change-password": "tests/e2e/passwords.spec.ts (a new hire's forced change)",
  "routes/redirect": "redirects only: it has no page of its own",
  "routes/email.redirect": "redirects only: it has no page of its own",
  "routes/people._index": "tests/e2e/people.spec.ts",
  "routes/notifications": "tests/e2e/notifications.spec.ts",
  "routes/settings.notifications": "tests/e2e/notifications.spec.ts",
  "routes/profile.$id": "tests/e2e/people.spec.ts",
  "routes/profile.avatar": "tests/e2e/avatar.spec.ts",
  "routes/leaving": "employee pages",
  "routes/points-request": "tests/e2e/points-requests.spec.ts",
  "routes/points-request-detail.$id": "tests/e2e/points-requests.spec.ts",
  "routes/approvals.points._index": "tests/e2e/points-requests.spec.ts",
  "routes/approvals.points.$id": "tests/e2e/points-requests.spec.ts",
  "routes/program-settings_.allowances": "tests/e2e/points-requests.spec.ts",
  "routes/program-settings_.approvers": "tests/e2e/points-requests.spec.ts",
};

/** The core's checked pages and every plugin's, from plugins/<id>/tests/pages.ts. */
export async function checkedPages(): Promise<CheckedPages> {
  const lists = fs
    .readdirSync("plugins", { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join("plugins", entry.name, "tests", "pages.ts")))
    .map(async (entry) => ((await import(path.resolve("plugins", entry.name, "tests", "pages.ts"))) as { checkedPages: CheckedPages }).checkedPages);
  return Object.assign({ ...CORE_CHECKED_PAGES }, ...(await Promise.all(lists)));
}
