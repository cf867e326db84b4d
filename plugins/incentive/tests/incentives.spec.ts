import sharp from "sharp";
import { expect, test, type Page } from "../../../tests/e2e/test";
import { expectAccessible, startSession, tenantUrl } from "../../../tests/e2e/helpers";

test.use({ viewport: { width: 1280, height: 900 } });

async function anotherPerson(page: Page) {
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled, viewport: page.viewportSize() });
  return context.newPage();
}

/** Adds `name` in a people step: the search's results without JavaScript, the live lookup with it; then Add. */
async function add(page: Page, form: string, search: string, name: RegExp) {
  await page.getByRole("form", { name: form }).getByLabel("Search by name, group or e-mail").fill(search);
  if (test.info().project.use.javaScriptEnabled === false) {
    await page.getByRole("form", { name: form }).getByRole("button", { name: "Search" }).click();
    await page.getByRole("checkbox", { name }).check();
    await page.getByRole("button", { name: "Add selected" }).click();
  } else {
    await page.getByRole("option", { name }).click();
  }
  await page.getByRole("form", { name: form }).getByRole("button", { name: "Add", exact: true }).click();
}

test("the admin makes an incentive step by step, the employee sends a picture to it, and the manager approves it", async ({ page }, testInfo) => {
  const title = `Safety walk ${testInfo.project.name} ${Date.now() % 100_000}`;
  await startSession(page, "acme", "admin", "/incentives");
  await expect(page).toHaveURL(/\/incentives\/dashboard$/);
  await expect(page.getByText("Open Incentives")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Create an incentive" }).click();
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByText("Choose an icon.")).toBeVisible();
  await expect(page.getByText("Give the incentive a title.")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("radio", { name: "Safety" }).check();
  await page.getByRole("radio", { name: "Green" }).check();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("Walk the floor and report one hazard.");
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(page.getByRole("heading", { name: "Reward type", level: 2, exact: true })).toBeVisible();
  await page.getByRole("radio", { name: "Points" }).check();
  await page.getByRole("radio", { name: "A set amount for each approved submission" }).check();
  await page.getByRole("textbox", { name: "Points", exact: true }).fill("25");
  await page.getByRole("radio", { name: "Limit the submissions each person sends" }).check();
  await page.getByLabel("Most submissions each (1 to 999)").fill("0");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByText("The limit is a whole number from 1 to 999.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Points", exact: true })).toHaveValue("25");
  await expectAccessible(page);
  await page.getByLabel("Most submissions each (1 to 999)").fill("3");
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(page.getByRole("heading", { name: "Submission guidelines", level: 2, exact: true })).toBeVisible();
  await page.getByLabel("Submission instructions").fill("Describe the hazard and add a picture of it.");
  await page.getByRole("checkbox", { name: "Short answer" }).check();
  await page.getByLabel("The question for the short answer").fill("What did you find?");
  await page.getByRole("checkbox", { name: "Picture" }).check();
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(page.getByRole("heading", { name: "Participants", level: 2, exact: true })).toBeVisible();
  await page.getByRole("radio", { name: "The people I choose" }).check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await add(page, "Add participants", "Emery", /Emery Employee/);
  await expect(page.getByText("1 person was added.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Participants" })).toContainText("Emery Employee");
  await expectAccessible(page);
  await page.getByRole("link", { name: /Approvers/ }).click();
  await add(page, "Add approvers", "Morgan", /Morgan Manager/);
  await expect(page.getByRole("region", { name: "Approvers" })).toContainText("Morgan Manager");
  await page.getByRole("button", { name: "Create incentive" }).click();
  await expect(page.getByText(`Incentive '${title}' created successfully.`)).toBeVisible();
  await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();
  await expectAccessible(page);

  const employee = await anotherPerson(page);
  await startSession(employee, "acme", "employee", "/incentives");
  await expect(employee).toHaveURL(/\/incentives\/my-incentives$/);
  await expectAccessible(employee);
  await employee.getByRole("link", { name: title }).click();
  await employee.getByRole("button", { name: "Send" }).click();
  await expect(employee.getByText("Answer the question.")).toBeVisible();
  await expect(employee.getByText("Choose a picture.")).toBeVisible();
  await expectAccessible(employee);
  await employee.getByLabel("What did you find?").fill("A loose cable by door 3.");
  const hazard = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#e0a030" } }).png().toBuffer();
  await employee.getByLabel("Picture").setInputFiles({ name: "hazard.png", mimeType: "image/png", buffer: hazard });
  await employee.getByRole("button", { name: "Send" }).click();
  await expect(employee.getByText("Your submission was sent: an approver reviews it.")).toBeVisible();
  await expect(employee.getByRole("region", { name: "Your submissions" })).toContainText("Waiting for review");
  await expect(employee.getByRole("img", { name: "The picture sent" })).toBeVisible();

  const manager = await anotherPerson(page);
  await startSession(manager, "acme", "manager", "/incentives/submissions");
  await expectAccessible(manager);
  await manager.getByRole("link", { name: `Emery Employee: ${title}` }).click();
  await expect(manager.getByText("A loose cable by door 3.")).toBeVisible();
  await expect(manager.getByText("25 points")).toBeVisible();
  await manager.getByRole("button", { name: "Deny" }).click();
  await expect(manager.getByText("Say why, for the participant")).toBeVisible();
  await expectAccessible(manager);
  await manager.getByLabel("Comment for the participant").fill("Well spotted");
  await manager.getByRole("button", { name: "Approve" }).click();
  await expect(manager.getByText("Submission updated successfully.")).toBeVisible();
  await manager.context().close();

  await employee.reload();
  await expect(employee.getByRole("region", { name: "Your submissions" })).toContainText("Approved");
  await expect(employee.getByText("25 points paid")).toBeVisible();
  // On the employee's wall, under its Incentives filter.
  await employee.goto(tenantUrl("acme", "/profile"));
  await employee.getByRole("navigation", { name: "Wall filter" }).getByRole("link", { name: /^Incentives/ }).click();
  await expect(employee.getByText(`reached the incentive ${title}, approved by Morgan Manager`)).toBeVisible();
  await employee.context().close();
});

test("the demo: the employee's compliments incentive, the manager's queue, and the admin reading one they don't take part in", async ({ page }) => {
  await startSession(page, "acme", "employee", "/incentives/my-incentives");
  await page.getByRole("link", { name: "Customer compliments" }).click();
  await expect(page.getByRole("textbox", { name: "What did the customer say?" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Your submissions" })).toContainText("best service we've had");

  const manager = await anotherPerson(page);
  await startSession(manager, "acme", "manager", "/incentives");
  await expect(manager).toHaveURL(/\/incentives\/dashboard$/);
  await manager.getByRole("link", { name: "Submissions" }).click();
  await expect(manager.getByRole("link", { name: "Emery Employee: Customer compliments" })).toBeVisible();
  await manager.context().close();

  const admin = await anotherPerson(page);
  await startSession(admin, "acme", "admin", "/incentives/manage-incentives");
  await admin.getByRole("link", { name: "Customer compliments", exact: true }).click();
  await expect(admin.getByRole("heading", { name: "Details", level: 2, exact: true })).toBeVisible();
  await expectAccessible(admin);
  const id = admin.url().match(/edit\/(\d+)\//)![1];
  await admin.goto(admin.url().replace(/\/manage-incentives\/edit\/\d+\/details$/, `/${id}`));
  await expect(admin).toHaveURL(new RegExp(`/incentives/read-only/${id}$`));
  await expect(admin.getByText("You don't take part in this incentive.")).toBeVisible();
  await expectAccessible(admin);
  await admin.context().close();
});
