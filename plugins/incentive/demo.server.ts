import type { DemoSeedArgs } from "~/modules/plugins/manifest";
import { addDays } from "~/modules/time/calendar-days";
import { calendarDayIn } from "~/modules/time/zones";
import type { SubmissionOption } from "./schema";

const options = (asked: Partial<Record<SubmissionOption["type"], string>>): string =>
  JSON.stringify((["SHORT_ANSWER", "NUMBER", "IMAGE", "LINK", "DATE_TIME"] as const).map((type) => ({ type, enabled: type in asked, text: asked[type] ?? "" })));

/**
 * Two open incentives the admin made: customer compliments (a set 50 points, three submissions each,
 * for the demo employee, the manager and a colleague, reviewed by the manager and the admin), with
 * a submission of the employee's waiting for review; and a referral sprint for everyone (100 points
 * per referral), reviewed by the admin.
 */
export async function seedDemoIncentives({ db, tenant, people, everyone }: DemoSeedArgs) {
  const [admin, manager, employee] = [people.get("admin"), people.get("manager"), people.get("employee")];
  const named = new Set(people.values());
  const colleague = everyone.find((id) => !named.has(id));
  if (admin === undefined || manager === undefined || employee === undefined || colleague === undefined) return;
  const today = calendarDayIn(new Date(), tenant.config.program.timeZone);
  const made = await db
    .insertInto("incentive", [
      {
        created_by: admin,
        icon: "heart-handshake",
        color: "teal",
        title: "Customer compliments",
        description: "Tell us when a customer thanks you by name: every compliment counts.",
        start_date: addDays(today, -7),
        end_date: addDays(today, 23),
        reward_type: "POINT_AMOUNT",
        reward_point_type: "SET_POINT",
        points_amount: 50,
        quantity: null,
        reward_description: "",
        participation_limit: 3,
        submission_instructions: "Quote the compliment and link to where it was written (a review, an e-mail in the shared folder).",
        submission_options: options({ SHORT_ANSWER: "What did the customer say?", LINK: "" }),
        all_eligible_staff: false,
        status: "ACTIVE",
        published_at: new Date(),
        form_key: "demo:compliments",
      },
      {
        created_by: admin,
        icon: "rocket",
        color: "blue",
        title: "Referral sprint",
        description: "Help us hire: refer people you would love to work with.",
        start_date: today,
        end_date: addDays(today, 30),
        reward_type: "POINT_AMOUNT",
        reward_point_type: "VARIABLE_POINT",
        points_amount: 100,
        quantity: 1,
        reward_description: "",
        participation_limit: -1,
        submission_instructions: "Say how many people you referred through the careers page this week.",
        submission_options: options({ NUMBER: "How many people did you refer?" }),
        all_eligible_staff: true,
        status: "ACTIVE",
        published_at: new Date(),
        form_key: "demo:referrals",
      },
    ])
    .returning("id")
    .execute();
  const [compliments, referrals] = made.map((row) => row.id) as [number, number];
  await db.insertInto("incentive_participant", [employee, manager, colleague].map((id) => ({ incentive_id: compliments, employee_id: id }))).execute();
  await db
    .insertInto("incentive_approver", [
      { incentive_id: compliments, employee_id: manager },
      { incentive_id: compliments, employee_id: admin },
      { incentive_id: referrals, employee_id: admin },
    ])
    .execute();
  await db
    .insertInto("incentive_submission", {
      incentive_id: compliments,
      employee_id: employee,
      answers: JSON.stringify({ SHORT_ANSWER: "“Emery stayed late to fix our order: best service we've had.”", LINK: "https://reviews.example.com/acme/1234" }),
      status: "PENDING",
      form_key: "demo:compliment",
    })
    .execute();
}
