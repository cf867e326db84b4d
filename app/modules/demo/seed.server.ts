import type { DatabaseHandle } from "~/modules/db/database.server";
import type { EmployeePreferences } from "~/modules/db/schema";
import { chunks } from "~/modules/db/chunks";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { hashPassword } from "~/modules/auth/password.server";
import type { EmployeePermissions } from "~/modules/employees/permissions";
import type { Logger } from "~/modules/logger.server";
import type { Registry } from "~/modules/plugins/registry";
import { transfer } from "~/modules/points/ledger.server";
import type { Tenant } from "~/modules/tenants/tenant";
import { planLedgerHistory, writeLedgerHistory } from "./ledger-history.server";
import { departments, firstNames, jobTitles, lastNames, regions } from "./names";

export const DEMO_PASSWORD = "Recognize-2026!";
export const DEMO_POPULATION = 300;

/** How big a demo program is: its synthetic people, the ledger entries of their points history, and the feed posts plugins seed between them. */
export interface DemoSize {
  population: number;
  ledgerEntries: number;
  posts: number;
}

/** A program of a real customer's size, for measuring pages (`npm run seed -- --scale`). */
export const SCALE: DemoSize = { population: 10_000, ledgerEntries: 200_000, posts: 200_000 };

/** The named demo users every demo program has; the README lists them. */
export const demoUsers = [
  {
    loginId: "admin",
    phoneNumber: "+15550100001",
    firstName: "Alex",
    lastName: "Admin",
    jobTitle: "Program Manager",
    department: "People & Culture",
    employeeType: "PROGRAM_MANAGER",
    permissions: {
      admin: true,
      canRedeemCodes: true,
      canUploadPoints: true,
      canGiveDiscretionaryPoints: true,
      isDiscretionaryApprover: true,
    },
  },
  {
    loginId: "manager",
    phoneNumber: "+15550100002",
    firstName: "Morgan",
    lastName: "Manager",
    jobTitle: "Engineering Manager",
    department: "Engineering",
    employeeType: "EMPLOYEE",
    permissions: { canGiveDiscretionaryPoints: true, canRequestDiscretionaryPoints: true, isDiscretionaryApprover: true },
  },
  {
    loginId: "employee",
    phoneNumber: "+15550100003",
    firstName: "Emery",
    lastName: "Employee",
    jobTitle: "Software Engineer",
    department: "Engineering",
    employeeType: "EMPLOYEE",
    permissions: {},
  },
  {
    loginId: "newhire",
    firstName: "Nico",
    lastName: "Newhire",
    jobTitle: "Sales Associate",
    department: "Sales",
    employeeType: "EMPLOYEE",
    permissions: {},
    mustChangePassword: true,
  },
  {
    loginId: "invited",
    phoneNumber: "+15550100005",
    firstName: "Ivy",
    lastName: "Invited",
    jobTitle: "Marketing Specialist",
    department: "Marketing",
    employeeType: "EMPLOYEE",
    permissions: {},
    invited: true,
    preferences: { publicRecognitionEnabled: false },
  },
] as const satisfies readonly {
  loginId: string;
  firstName: string;
  lastName: string;
  jobTitle: string;
  department: string;
  employeeType: string;
  permissions: Partial<EmployeePermissions>;
  /** Where two-factor codes go; the new hire has none yet (two-factor then says 'Verification Required'). */
  phoneNumber?: string;
  /** Signs in with the demo password, then must choose a new one. */
  mustChangePassword?: true;
  /** Has no password yet: sets one up through /login/register. */
  invited?: true;
  /** Prefers private recognition: a post that mentions her asks the composer's 'Heads Up!' check first. */
  preferences?: EmployeePreferences;
}[];

export const DEMO_BUCKET_POINTS = 500_000;

/** Funds the program's bucket, gives the named demo users points to spend and to give, and tells them in their notifications. */
async function seedDemoPoints(db: ProgramDb, people: ReadonlyMap<string, number>) {
  const bucket = { kind: "PROGRAM_BUCKET" } as const;
  await transfer(db, { idempotencyKey: "demo:bucket", kind: "BUCKET_DEPOSIT", amount: DEMO_BUCKET_POINTS, reason: "Opening deposit", actorId: null, to: bucket });
  const grants = [
    { loginId: "employee", shopping: 2_500, discretionary: 0 },
    { loginId: "manager", shopping: 5_000, discretionary: 10_000 },
    { loginId: "admin", shopping: 1_000, discretionary: 20_000 },
  ];
  // The program manager grants the allowances; their own comes from the program, as nobody pays themselves.
  const grantor = people.get("admin")!;
  for (const { loginId, shopping, discretionary } of grants) {
    const employeeId = people.get(loginId)!;
    await transfer(db, { idempotencyKey: `demo:welcome:${loginId}`, kind: "AWARD", amount: shopping, reason: "Welcome bonus", actorId: null, from: bucket, to: { kind: "SHOPPING", employeeId } });
    if (discretionary > 0) {
      await transfer(db, { idempotencyKey: `demo:allowance:${loginId}`, kind: "DISCRETIONARY_GRANT", amount: discretionary, reason: "Quarterly allowance", actorId: employeeId === grantor ? null : grantor, from: bucket, to: { kind: "DISCRETIONARY", employeeId } });
    }
    const notices = [
      { type: "SHOPPING_POINTS_INCREASED", message: `You received ${shopping.toLocaleString("en-US")} points to spend: Welcome bonus.`, link: "/transaction-history/my-points" },
      ...(discretionary > 0
        ? [{ type: "DISCRETIONARY_POINTS_INCREASED", message: `You received ${discretionary.toLocaleString("en-US")} points to give: Quarterly allowance.`, link: "/transaction-history/discretionary-points" }]
        : []),
      { type: "LOGIN_REMINDER", message: "Welcome! Recognise a colleague today.", link: "/feed" },
    ];
    await db.insertInto("notification", notices.map((notice, i) => ({ ...notice, employee_id: employeeId, dedupe_key: `demo:${loginId}:${i}` }))).execute();
  }
}

/** A small deterministic generator, so a program's demo population is the same on every machine. */
function random(seedText: string) {
  let seed = [...seedText].reduce((acc, ch) => (acc * 31 + ch.charCodeAt(0)) >>> 0, 2166136261);
  return () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface EmployeeSeed {
  loginId: string;
  firstName: string;
  lastName: string;
  jobTitle: string;
  department?: string;
  employeeType?: string;
  permissions?: object;
  parentId?: number | null;
  email: string;
  passwordHash: string | null;
  mustChangePassword?: boolean;
  phoneNumber?: string;
  preferences?: EmployeePreferences;
}

/**
 * A demo person's code and dates, from their sign-in name (so the seed's random
 * draws are not disturbed): hired in the last twelve years, a birthday on a day
 * every month has.
 */
function demoPersonData(loginId: string) {
  const hash = [...loginId].reduce((acc, ch) => (Math.imul(acc, 31) + ch.charCodeAt(0)) >>> 0, 7);
  const hired = new Date(Date.UTC(new Date().getUTCFullYear() - 1 - (hash % 12), (hash >>> 4) % 12, 1 + ((hash >>> 8) % 28)));
  return {
    employee_code: `E-${loginId}`,
    hire_date: hired.toISOString().slice(0, 10),
    birth_month: 1 + ((hash >>> 12) % 12),
    birth_day: 1 + ((hash >>> 16) % 28),
  };
}

function employeeRow(row: EmployeeSeed) {
  return {
    ...demoPersonData(row.loginId),
    login_id: row.loginId,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    display_name: `${row.firstName} ${row.lastName}`,
    job_title: row.jobTitle,
    department: row.department ?? null,
    employee_type: row.employeeType ?? "EMPLOYEE",
    parent_employee_id: row.parentId ?? null,
    password_hash: row.passwordHash,
    must_change_password: row.mustChangePassword ?? false,
    phone_number: row.phoneNumber ?? null,
    permissions: JSON.stringify(row.permissions ?? {}),
    preferences: JSON.stringify(row.preferences ?? {}),
    welcome_post_initial_date: new Date(),
  };
}

async function insertEmployee(db: ProgramDb, row: EmployeeSeed) {
  const { id } = await db.insertInto("employee", employeeRow(row)).returning("id").executeTakeFirstOrThrow();
  return id;
}

/** The synthetic population in bulk; returns their ids in the order given. */
async function insertPopulation(
  db: ProgramDb,
  people: readonly { loginId: string; firstName: string; lastName: string; jobTitle: string; department: string; isLead: boolean }[],
  { domain, passwordHash }: { domain: string; passwordHash: string },
) {
  const ids = new Map<string, number>();
  for (const chunk of chunks(people)) {
    const rows = chunk.map((person) =>
      employeeRow({
        ...person,
        // Team leads give points.
        permissions: person.isLead ? { canGiveDiscretionaryPoints: true, canRequestDiscretionaryPoints: true } : {},
        email: `${person.loginId}@${domain}`,
        passwordHash,
      }),
    );
    for (const row of await db.insertInto("employee", rows).returning(["id", "login_id"]).execute()) ids.set(row.login_id, row.id);
  }
  return people.map((person) => ids.get(person.loginId)!);
}

let demoHash: Promise<string> | undefined;

/** Everyone in every demo program shares one password: it is hashed once per process (argon2 is slow on purpose). */
function demoPasswordHash() {
  demoHash ??= hashPassword(DEMO_PASSWORD);
  return demoHash;
}

/**
 * Seeds a program that has no employees yet: the named demo users and a
 * synthetic population in departments (groups) and regions (segments), with
 * managers and their direct reports. Returns null when the program already has people.
 */
export async function seedDemoProgram(
  database: DatabaseHandle,
  tenant: Tenant,
  { population = DEMO_POPULATION, ledgerEntries = 0, posts = 0, registry }: Partial<DemoSize> & { registry?: Registry } = {},
) {
  const scoped = database.forProgram(tenant.programId);
  const existing = await scoped.selectFrom("employee").select("id").limit(1).executeTakeFirst();
  if (existing) return null;

  const passwordHash = await demoPasswordHash();
  const next = random(tenant.config.subdomain);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const domain = `${tenant.config.subdomain}.example.com`;

  return scoped.transaction(async (tx) => {
    const groupIds = new Map<string, number>();
    for (const name of departments) {
      const { id } = await tx.insertInto("employee_group", { name, bucket: "DEPARTMENT" }).returning("id").executeTakeFirstOrThrow();
      groupIds.set(name, id);
    }
    const segmentIds: number[] = [];
    for (const name of regions) {
      const { id } = await tx.insertInto("segment", { name, segment_type: "REGION" }).returning("id").executeTakeFirstOrThrow();
      segmentIds.push(id);
    }

    const named = new Map<string, number>();
    // Plugins the program has on grant their own permissions to the demo roles they name.
    const grants = registry?.demoGrants(tenant.config);
    for (const user of demoUsers) {
      const parentId = user.loginId === "admin" ? null : user.loginId === "manager" ? named.get("admin")! : named.get("manager")!;
      named.set(
        user.loginId,
        await insertEmployee(tx, {
          ...user,
          permissions: { ...user.permissions, ...(grants?.[user.loginId as keyof typeof grants] ?? {}) },
          parentId,
          email: `${user.loginId}@${domain}`,
          passwordHash: "invited" in user ? null : passwordHash,
          mustChangePassword: "mustChangePassword" in user,
        }),
      );
    }

    const memberships: { group_id: number; employee_id: number }[] = [
      { group_id: groupIds.get("People & Culture")!, employee_id: named.get("admin")! },
      { group_id: groupIds.get("Engineering")!, employee_id: named.get("manager")! },
      { group_id: groupIds.get("Engineering")!, employee_id: named.get("employee")! },
      { group_id: groupIds.get("Sales")!, employee_id: named.get("newhire")! },
      { group_id: groupIds.get("Marketing")!, employee_id: named.get("invited")! },
    ];
    const placements = [...named.values()].map((employee_id) => ({ segment_id: segmentIds[0], employee_id }));

    // Every tenth synthetic employee leads a team; the first ones report to the demo manager.
    const synthetic = Array.from({ length: population }, (_, i) => {
      const firstName = pick(firstNames);
      const lastName = pick(lastNames);
      const loginId = `${firstName}.${lastName}.${i + 1}`.toLowerCase().normalize("NFD").replace(/[^a-z0-9.]/g, "");
      const isLead = i >= 7 && i % 10 === 0;
      const department = pick(departments);
      return { loginId, firstName, lastName, isLead, department, jobTitle: isLead ? `${department} Lead` : pick(jobTitles), segmentId: pick(segmentIds) };
    });
    const syntheticIds = await insertPopulation(tx, synthetic, { domain, passwordHash });
    const teams = new Map<number, number[]>();
    let currentLead = named.get("manager")!;
    synthetic.forEach((person, i) => {
      const id = syntheticIds[i];
      const parentId = person.isLead ? named.get("admin")! : currentLead;
      if (person.isLead) currentLead = id;
      if (!teams.has(parentId)) teams.set(parentId, []);
      teams.get(parentId)!.push(id);
      memberships.push({ group_id: groupIds.get(person.department)!, employee_id: id });
      placements.push({ segment_id: person.segmentId, employee_id: id });
    });
    for (const [parentId, ids] of teams) await tx.updateTable("employee").set({ parent_employee_id: parentId }).where("id", "in", ids).execute();
    for (const rows of chunks(memberships)) await tx.insertInto("employee_group_member", rows).execute();
    for (const rows of chunks(placements)) await tx.insertInto("employee_segment", rows).execute();
    await tx.insertInto("employee_delegate", { delegator_id: named.get("manager")!, delegate_id: named.get("employee")! }).execute();
    const history = planLedgerHistory({
      entries: ledgerEntries,
      everyone: [...named.values(), ...syntheticIds],
      givers: [named.get("manager")!, ...syntheticIds.filter((_, i) => synthetic[i].isLead)],
      adminId: named.get("admin")!,
      random: next,
    });
    if (history.entries > 0) await writeLedgerHistory(tx, history);
    await seedDemoPoints(tx, named);
    const everyone = [...named.values(), ...syntheticIds];
    if (registry) for (const seed of registry.demoSeeds(tenant.config)) await seed({ db: tx, tenant, registry, people: named, everyone, posts, random: next });
    return { employees: population + demoUsers.length, groups: departments.length, segments: regions.length, ledgerEntries: history.entries };
  });
}

/** Seeds every program that has no employees yet, at the size `sizeOf` gives it (the demo's by default). */
export async function seedDemoPrograms(
  database: DatabaseHandle,
  tenants: readonly Tenant[],
  { registry, log, sizeOf = () => ({}) }: { registry: Registry; log: Logger; sizeOf?: (tenant: Tenant) => Partial<DemoSize> },
) {
  for (const tenant of tenants) {
    const seeded = await seedDemoProgram(database, tenant, { registry, ...sizeOf(tenant) });
    if (seeded) log.info({ event: "demo_seeded", tenant: tenant.config.subdomain, ...seeded }, "demo data seeded");
  }
}
