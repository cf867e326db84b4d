import { expect, test } from "./test";
import { expectAccessible, openMenuEntry, startSession } from "./helpers";

test.use({ viewport: { width: 1280, height: 900 } });

test("a program manager finds someone, changes their details and birthday, and deactivates them; each change is in their history", { tag: "@smoke" }, async ({ page }, testInfo) => {
  const title = `Night Manager (${testInfo.project.name})`;
  await startSession(page, "acme", "admin");
  await openMenuEntry(page, "Admin", "People");
  await expect(page.getByRole("heading", { name: "People", level: 1 })).toBeVisible();
  await expectAccessible(page);

  // The 37th person of the demo population: their e-mail address ends ".37@".
  await page.getByLabel("Name, username, e-mail or employee code").fill(".37@");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.getByRole("table", { name: "People in the program" }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/admin\/people\/\d+$/);
  // The person's page, not the list still on screen while it loads.
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("People");
  const name = await page.getByRole("heading", { level: 1 }).innerText();
  await expectAccessible(page);

  await page.getByLabel("Job title").fill(title);
  await page.getByLabel("Birthday month").selectOption({ label: "February" });
  await page.getByLabel("Birthday day").selectOption("30");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("February has 29 days.")).toBeVisible();
  await expect(page.getByLabel("Job title")).toHaveValue(title);
  await expect(page.getByLabel("Birthday month")).toHaveValue("2");

  await page.getByLabel("Birthday day").selectOption("28");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText(`${name} saved.`)).toBeVisible();
  const latest = page.getByRole("region", { name: "Change history" }).getByRole("listitem").first();
  await expect(latest).toContainText(`→ “${title}”`);
  await expect(latest).toContainText("→ “28 February”");

  await page.getByRole("button", { name: "Deactivate" }).click();
  await expect(page.getByText(`${name} is deactivated: they can no longer sign in.`)).toBeVisible();
  await expect(page.getByRole("region", { name: "Change history" }).getByRole("listitem").first()).toContainText("Deactivated");

  await page.goto("/admin/people?status=inactive");
  await expect(page.getByRole("table", { name: "People in the program" }).getByRole("link", { name })).toBeVisible();
  await page.getByRole("table", { name: "People in the program" }).getByRole("link", { name }).click();
  await page.getByRole("button", { name: "Activate again" }).click();
  await expect(page.getByText(`${name} is active again.`)).toBeVisible();
});

test("a program manager imports people from a CSV file: every problem is listed first, nothing applied; once fixed, it is applied", async ({ page }, testInfo) => {
  const code = `IMP-${testInfo.project.name}`;
  const file = (name: string, text: string) => ({ name, mimeType: "text/csv", buffer: Buffer.from(text) });
  await startSession(page, "acme", "admin", "/admin/people");
  await page.getByRole("link", { name: "import people from a file" }).click();
  await expect(page.getByRole("heading", { name: "Import people", level: 1 })).toBeVisible();
  await expectAccessible(page);

  const header = "employeeCode,username,firstName,lastName,hireDate,managerCode";
  await page.getByLabel("People file").setInputFiles(file("people.csv", `${header}\n${code},imp.${testInfo.project.name},Ines,Import,2024-13-01,E-admin\n`));
  await page.getByRole("button", { name: "Check the file" }).click();
  const problems = page.getByRole("alert");
  await expect(problems).toContainText("1 problem: nothing was applied.");
  await expect(problems).toContainText("Write a date as YYYY-MM-DD, like 2024-03-18.");
  await expectAccessible(page);

  await page.getByLabel("People file").setInputFiles(file("people.csv", `${header}\n${code},imp.${testInfo.project.name},Ines,Import,2024-03-01,E-admin\n`));
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page.getByText("The file is checked: 1 to add, 0 to change, 0 to deactivate.")).toBeVisible();
  await page.getByRole("button", { name: "Apply people.csv" }).first().click();
  await expect(page.getByText("The import is being applied")).toBeVisible();
  await expect(async () => {
    await page.goto("/admin/people/import");
    await expect(page.getByText("people.csv: Applied").first()).toBeVisible({ timeout: 1_000 });
  }).toPass();

  await page.goto(`/admin/people?q=${code}`);
  await expect(page.getByRole("table", { name: "People in the program" }).getByRole("link", { name: "Ines Import" })).toBeVisible();
});
