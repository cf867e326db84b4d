import { describe, expect, it } from "vitest";
import { describeSettingsChange, type SettingsLabels } from "./settings-history";

const labels: SettingsLabels = {
  plugins: { kudos: { title: "Kudos", options: { maxPerPerson: "Kudos per person" } } },
  site: { twoFactorEnabled: "Two-factor verification by SMS", contactUsText: "Contact-us text" },
  notifications: { "reminders.login.enabled": "Login reminder", "reminders.login.afterDays": "Login reminder, days without signing in" },
};

describe("the change history", () => {
  it("names each setting by its label and shows only what changed", () => {
    const before = {
      features: { kudos: { enabled: true, maxPerPerson: 3 } },
      siteConfig: { twoFactorEnabled: false, contactUsText: "Ask us.", contactUsCardOnHomepage: true },
    };
    const after = {
      features: { kudos: { enabled: false, maxPerPerson: 5 } },
      siteConfig: { twoFactorEnabled: true, contactUsText: "Ask the People team.", contactUsCardOnHomepage: true },
    };
    expect(describeSettingsChange(before, after, labels)).toEqual([
      "Kudos: switched off",
      "Kudos, Kudos per person: 3 → 5",
      "Contact-us text: “Ask us.” → “Ask the People team.”",
      "Two-factor verification by SMS: switched on",
    ]);
  });

  it("names the notification settings by their path", () => {
    const before = { notifications: { smsEnabled: false, reminders: { login: { enabled: false, afterDays: 30 } } } };
    const after = { notifications: { smsEnabled: true, reminders: { login: { enabled: true, afterDays: 14 } } } };
    expect(describeSettingsChange(before, after, labels)).toEqual([
      "Login reminder, days without signing in: 30 → 14",
      "Login reminder: switched on",
      "Sms enabled: switched on",
    ]);
  });

  it("says nothing of a section saved as it was", () => {
    const config = { features: { kudos: { enabled: true } }, siteConfig: { twoFactorEnabled: true }, notices: [{ id: "a", message: "Hi" }] };
    expect(describeSettingsChange(config, structuredClone(config), labels)).toEqual([]);
  });

  it("tells notices added and removed, settings without a label by their name, and long texts shortened", () => {
    const before = { notices: [{ id: "a", message: "Store closed on Friday." }], siteConfig: { welcomePostExpirationDays: 7 } };
    const after = { notices: [{ id: "b", message: "x".repeat(100) }], siteConfig: { welcomePostExpirationDays: 1000 } };
    expect(describeSettingsChange(before, after, labels)).toEqual([
      "Welcome post expiration days: 7 → 1,000",
      `Notice added: “${"x".repeat(59)}…”`,
      "Notice removed: “Store closed on Friday.”",
    ]);
  });
});
