import { z } from "zod";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { ImportRow } from "./import-file.server";
import { birthdayProblem } from "./people-admin";
import { employeeCodeField } from "./person-form.server";

/** The columns a people file may have (any order, any case; spaces and underscores ignored), besides permission flags. */
export const IMPORT_COLUMNS = ["employeeCode", "username", "firstName", "lastName", "displayName", "email", "jobTitle", "department", "managerCode", "groups", "hireDate", "birthday", "active"] as const;
type Column = (typeof IMPORT_COLUMNS)[number];

export interface ImportProblem {
  line: number;
  column: string | null;
  message: string;
}

/** One person of a checked file: what to set (only the cells given), found by employee code. */
export interface ImportPerson {
  line: number;
  code: string;
  existingId: number | null;
  fields: { login_id?: string; first_name?: string; last_name?: string; display_name?: string; email?: string; job_title?: string; department?: string; hire_date?: string; birth_month?: number; birth_day?: number };
  managerCode?: string;
  groups?: number[];
  flags: Record<string, boolean>;
  active?: boolean;
}

export type ImportCheck =
  | { ok: true; people: ImportPerson[]; summary: { added: number; changed: number; deactivated: number } }
  | { ok: false; problems: ImportProblem[] };

const YES = new Set(["yes", "y", "true", "1"]);
const NO = new Set(["no", "n", "false", "0"]);
const yesNo = z.string().transform((value, context) => {
  const word = value.trim().toLowerCase();
  if (YES.has(word)) return true;
  if (NO.has(word)) return false;
  context.addIssue({ code: "custom", message: "Write yes or no." });
  return z.NEVER;
});

const rowSchema = z.object({
  employeeCode: employeeCodeField,
  username: z.string().trim().max(100, "At most 100 characters.").regex(/^[\w.@+-]+$/, "A username has letters, digits and . _ @ + - only.").optional(),
  firstName: z.string().trim().max(100, "At most 100 characters.").optional(),
  lastName: z.string().trim().max(100, "At most 100 characters.").optional(),
  displayName: z.string().trim().max(200, "At most 200 characters.").optional(),
  email: z.email("Write an e-mail address, like name@example.com.").max(254, "At most 254 characters.").optional(),
  jobTitle: z.string().trim().max(200, "At most 200 characters.").optional(),
  department: z.string().trim().max(200, "At most 200 characters.").optional(),
  managerCode: employeeCodeField.optional(),
  groups: z.string().max(2000, "At most 2,000 characters.").optional(),
  hireDate: z.iso.date("Write a date as YYYY-MM-DD, like 2024-03-18.").optional(),
  birthday: z.string().regex(/^\d{1,2}-\d{1,2}$/, "Write a birthday as month-day, like 03-18 (no year).").optional(),
  active: yesNo.optional(),
});

const columnKey = (name: string) => name.replace(/[\s_]/g, "").toLowerCase();

/** Which column of the file each known column and each permission flag is; unknown columns are problems. */
function mapColumns(header: string[], flags: readonly string[]) {
  const known = new Map<string, { column: Column } | { flag: string }>([
    ...IMPORT_COLUMNS.map((column) => [columnKey(column), { column }] as const),
    ...flags.map((flag) => [columnKey(flag), { flag }] as const),
  ]);
  const problems: ImportProblem[] = [];
  const columns = header.map((name) => {
    const found = known.get(columnKey(name));
    if (!found) problems.push({ line: 1, column: name, message: `“${name}” is not a column the import knows: ${IMPORT_COLUMNS.join(", ")}, or a permission flag.` });
    return found ?? null;
  });
  if (!columns.some((column) => column && "column" in column && column.column === "employeeCode")) {
    problems.push({ line: 1, column: null, message: "The file needs an employeeCode column: it is how the import finds each person." });
  }
  return { columns, problems };
}

/** Whether following managers from `code` (the file's, else the program's) comes back to it. */
function closesLoop(code: string, managerOf: (code: string) => string | undefined) {
  let next = managerOf(code);
  for (let steps = 0; next && steps < 1000; steps++) {
    if (next === code) return true;
    next = managerOf(next);
  }
  return false;
}

/**
 * Checks every row of a people file against the program: each cell, then what
 * only the whole file and the program can say (a code twice, a username or
 * e-mail address someone else has, a manager or group not there, a manager
 * loop). Every problem is listed with its row; nothing is written.
 */
export async function checkImport(db: ProgramDb, header: string[], rows: ImportRow[], flags: readonly string[]): Promise<ImportCheck> {
  const { columns, problems } = mapColumns(header, flags);
  if (problems.length > 0) return { ok: false, problems };

  // Codes are counted on every row, checked or not: a code twice is a problem whatever else is wrong.
  const fileCodes = new Map<string, number>();
  const parsed = rows.map(({ line, cells }) => {
    const raw: Record<string, string> = {};
    const flagCells: Record<string, string> = {};
    columns.forEach((column, i) => {
      const cell = (cells[i] ?? "").trim();
      if (!column || cell === "") return;
      if ("column" in column) raw[column.column] = cell;
      else flagCells[column.flag] = cell;
    });
    const code = raw.employeeCode?.toLowerCase();
    if (code) {
      const earlier = fileCodes.get(code);
      if (earlier) problems.push({ line, column: "employeeCode", message: `Employee code ${raw.employeeCode} is also on row ${earlier}.` });
      else fileCodes.set(code, line);
    }
    const result = rowSchema.safeParse(raw);
    if (!result.success) {
      for (const issue of result.error.issues) problems.push({ line, column: String(issue.path[0] ?? ""), message: issue.message });
    }
    const flagValues: Record<string, boolean> = {};
    for (const [flag, cell] of Object.entries(flagCells)) {
      const value = yesNo.safeParse(cell);
      if (value.success) flagValues[flag] = value.data;
      else problems.push({ line, column: flag, message: "Write yes or no." });
    }
    return result.success ? { line, value: result.data, flags: flagValues } : null;
  });
  const valid = parsed.filter((row) => row !== null);

  const [people, groups] = await Promise.all([
    db.selectFrom("employee").select(["id", "employee_code", "login_id", "email", "parent_employee_id"]).execute(),
    db.selectFrom("employee_group").select(["id", "name"]).execute(),
  ]);
  const byCode = new Map(people.filter((person) => person.employee_code).map((person) => [person.employee_code!.toLowerCase(), person]));
  const byId = new Map(people.map((person) => [person.id, person]));
  const byLogin = new Map(people.map((person) => [person.login_id.toLowerCase(), person.id]));
  const byEmail = new Map(people.filter((person) => person.email).map((person) => [person.email!.toLowerCase(), person.id]));
  const groupIds = new Map(groups.map((group) => [group.name.toLowerCase(), group.id]));
  const usernames = new Map<string, number>();
  const emails = new Map<string, number>();

  const out: ImportPerson[] = [];
  for (const { line, value, flags: flagValues } of valid) {
    const code = value.employeeCode.toLowerCase();
    const existing = byCode.get(code) ?? null;
    const problem = (column: string, message: string) => problems.push({ line, column, message });
    if (!existing) {
      for (const column of ["username", "firstName", "lastName"] as const) {
        if (!value[column]) problem(column, `A new person needs a ${column === "username" ? "username" : column === "firstName" ? "first name" : "last name"}.`);
      }
    }
    const unique = (column: "username" | "email", seen: Map<string, number>, owner: (text: string) => number | undefined) => {
      const text = value[column]?.toLowerCase();
      if (!text) return;
      const holder = owner(text);
      if (holder !== undefined && holder !== existing?.id) problem(column, `Someone else in the program has this ${column === "email" ? "e-mail address" : "username"}.`);
      const before = seen.get(text);
      if (before) problem(column, `Row ${before} has this ${column === "email" ? "e-mail address" : "username"} too.`);
      seen.set(text, line);
    };
    unique("username", usernames, (text) => byLogin.get(text));
    unique("email", emails, (text) => byEmail.get(text));
    let groupList: number[] | undefined;
    if (value.groups !== undefined) {
      const names = value.groups.split(";").map((name) => name.trim()).filter(Boolean);
      const missing = names.filter((name) => !groupIds.has(name.toLowerCase()));
      if (missing.length > 0) problem("groups", `No group is called ${missing.map((name) => `“${name}”`).join(", ")}.`);
      groupList = [...new Set(names.map((name) => groupIds.get(name.toLowerCase())).filter((id): id is number => id !== undefined))];
    }
    let birthday: { birth_month?: number; birth_day?: number } = {};
    if (value.birthday) {
      const [month, day] = value.birthday.split("-").map(Number) as [number, number];
      const wrong = month < 1 || month > 12 ? { message: "There is no such month." } : birthdayProblem(month, day);
      if (wrong) problem("birthday", wrong.message);
      else birthday = { birth_month: month, birth_day: day };
    }
    out.push({
      line,
      code: value.employeeCode,
      existingId: existing?.id ?? null,
      fields: {
        login_id: value.username,
        first_name: value.firstName,
        last_name: value.lastName,
        display_name: value.displayName ?? (!existing && value.firstName && value.lastName ? `${value.firstName} ${value.lastName}` : undefined),
        email: value.email,
        job_title: value.jobTitle,
        department: value.department,
        hire_date: value.hireDate,
        ...birthday,
      },
      managerCode: value.managerCode,
      groups: groupList,
      flags: flagValues,
      active: value.active,
    });
  }

  // Managers: each names someone in the file or the program, and nobody ends up reporting to themselves.
  const fileManagers = new Map(out.filter((person) => person.managerCode).map((person) => [person.code.toLowerCase(), person.managerCode!.toLowerCase()]));
  const managerOf = (code: string) => {
    if (fileManagers.has(code)) return fileManagers.get(code);
    const manager = byId.get(byCode.get(code)?.parent_employee_id ?? -1);
    return manager?.employee_code?.toLowerCase() ?? undefined;
  };
  for (const person of out) {
    if (!person.managerCode) continue;
    const manager = person.managerCode.toLowerCase();
    if (!fileCodes.has(manager) && !byCode.has(manager)) problems.push({ line: person.line, column: "managerCode", message: `No one has employee code ${person.managerCode}, in the file or the program.` });
    else if (closesLoop(person.code.toLowerCase(), managerOf)) problems.push({ line: person.line, column: "managerCode", message: `${person.managerCode} reports to ${person.code} already: nobody can report to themselves.` });
  }

  if (problems.length > 0) return { ok: false, problems: problems.sort((a, b) => a.line - b.line) };
  const unchangedActive = (person: ImportPerson) => person.active === undefined || person.active === true;
  return {
    ok: true,
    people: out,
    summary: {
      added: out.filter((person) => person.existingId === null).length,
      changed: out.filter((person) => person.existingId !== null && unchangedActive(person)).length,
      deactivated: out.filter((person) => person.active === false).length,
    },
  };
}
