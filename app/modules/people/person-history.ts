import { changeLine, humanise, same } from "~/utils/change-lines";
import { birthdayText } from "./people-admin";

const FIELD_LABELS: Record<string, string> = {
  firstName: "First name",
  lastName: "Last name",
  displayName: "Display name",
  email: "E-mail",
  jobTitle: "Job title",
  department: "Department",
  employeeCode: "Employee code",
  employeeType: "Account",
  manager: "Manager",
  hireDate: "Hire date",
  birthday: "Birthday",
  groups: "Groups",
  segments: "Segments",
};

const ACCOUNT_NAMES: Record<string, string> = { EMPLOYEE: "Employee", PROGRAM_MANAGER: "Program manager" };

function readable(field: string, value: unknown) {
  if (field === "employeeType") return ACCOUNT_NAMES[String(value)] ?? value;
  if (field === "birthday" && typeof value === "string") {
    const [month, day] = value.split("-").map(Number);
    return birthdayText(month ?? null, day ?? null);
  }
  if (Array.isArray(value)) return value.length === 0 ? null : value.join(", ");
  return value;
}

/**
 * One change to a person as a program manager reads it: each field that
 * differs, by its label; a permission by the words its owner gave it; and
 * whether the person was deactivated or brought back.
 */
export function describePersonChange(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  flags: { labels: Record<string, string>; defaults: Record<string, boolean> },
): string[] {
  const lines: string[] = [];
  if (before.active !== after.active) lines.push(after.active ? "Active again" : "Deactivated");
  for (const [field, label] of Object.entries(FIELD_LABELS)) {
    if (!same(before[field], after[field])) lines.push(changeLine(label, readable(field, before[field]), readable(field, after[field])));
  }
  const [from, to] = [(before.permissions ?? {}) as Record<string, boolean>, (after.permissions ?? {}) as Record<string, boolean>];
  for (const flag of [...new Set([...Object.keys(from), ...Object.keys(to)])].sort()) {
    // A flag not stored is its default: writing it down for the first time changes nothing.
    const [was, is] = [from[flag] ?? flags.defaults[flag], to[flag] ?? flags.defaults[flag]];
    if (was !== is) lines.push(changeLine(flags.labels[flag] ?? humanise(flag), was === true, is === true));
  }
  return lines;
}

