import type { DemoSeedArgs } from "~/modules/plugins/manifest";
import { pluginOptions } from "~/modules/plugins/plugin-options";
import { nominationsOptions } from "./options";

/**
 * The demo users nominate (the manifest grants it); the manager's nomination of the demo employee
 * (Bronze, for Teamwork) waits for a program manager, its manager step passed over as the
 * manager made it, so the approvals card and its list have something to decide.
 */
export async function seedDemoNominations({ db, tenant, people }: DemoSeedArgs) {
  const manager = people.get("manager");
  const employee = people.get("employee");
  if (manager === undefined || employee === undefined) return;
  const options = pluginOptions(nominationsOptions, tenant.config.features.nominations);
  const level = options.awardLevels[0]!;
  const value = options.coreValues.find((each) => each.id === "teamwork") ?? options.coreValues[0]!;
  const nomination = await db
    .insertInto("nomination", {
      nominator_id: manager,
      nominee_id: employee,
      core_value: value.id,
      core_value_label: value.label,
      award_level: level.id,
      award_label: level.label,
      points: level.points,
      points_from: "BUCKET",
      message: "Emery paired with every new hire this quarter and turned our onboarding notes into a guide the whole team uses.",
      chain: JSON.stringify(["MANAGER"]),
      status: "PENDING",
      form_key: "demo-nomination",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("nomination_approval", [
      { nomination_id: nomination.id, step: 0, kind: "MANAGER", approver_id: null, status: "SKIPPED", comment: "The nominee has no manager who may decide it.", decided_at: new Date() },
      { nomination_id: nomination.id, step: 1, kind: "FALLBACK", approver_id: null, status: "PENDING" },
    ])
    .execute();
}
