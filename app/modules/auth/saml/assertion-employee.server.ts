import { sql } from "kysely";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { Logger } from "~/modules/logger.server";
import type { SamlConfig } from "~/modules/tenants/schema";
import { SamlFailure } from "./failure";

/** The parts of samlify's extract that name the person. */
export interface AssertionSubject {
  nameID?: string;
  attributes?: Record<string, string | string[] | undefined>;
}

function attribute(subject: AssertionSubject, name: string | undefined) {
  if (!name) return undefined;
  const value = subject.attributes?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" && first.trim() !== "" ? first.trim() : undefined;
}

function identifierOf(subject: AssertionSubject, saml: SamlConfig) {
  return saml.identifier === "NameID" ? subject.nameID?.trim() || undefined : attribute(subject, saml.identifier);
}

/** "ada.lovelace@acme.example" → ["Ada", "Lovelace"], for an employee created without name attributes. */
function namesFromIdentifier(identifier: string): [string, string] {
  const words = identifier
    .split("@")[0]!
    .split(/[._\s-]+/)
    .filter(Boolean);
  const capitalised = words.map((word) => word[0]!.toUpperCase() + word.slice(1));
  return [capitalised[0] ?? identifier, capitalised.slice(1).join(" ")];
}

function findMatching(db: ProgramDb, saml: SamlConfig, identifier: string) {
  const column = saml.matchOn === "email" ? "email" : "login_id";
  return db
    .selectFrom("employee")
    .select(["id", "active"])
    .where(sql`lower(${sql.ref(column)})`, "=", identifier.toLowerCase())
    .executeTakeFirst();
}

/**
 * The active employee of this program an assertion names, matched on the
 * configured field. An unknown person is refused, or created when the tenant
 * file turns on just-in-time provisioning.
 */
export async function employeeForAssertion(db: ProgramDb, saml: SamlConfig, subject: AssertionSubject, log: Logger) {
  const identifier = identifierOf(subject, saml);
  if (!identifier) throw new SamlFailure("invalid", `the assertion has no ${saml.identifier}`);
  const existing = await findMatching(db, saml, identifier);
  if (existing?.active) return existing.id;
  if (existing || !saml.justInTime) {
    throw new SamlFailure("unknown-user", `no active employee has ${saml.matchOn} ${identifier}`);
  }

  const email = saml.matchOn === "email" ? identifier : attribute(subject, saml.attributes.email);
  const [derivedFirst, derivedLast] = namesFromIdentifier(identifier);
  const firstName = attribute(subject, saml.attributes.firstName) ?? derivedFirst;
  const lastName = attribute(subject, saml.attributes.lastName) ?? derivedLast;
  const created = await db
    .insertInto("employee", {
      login_id: identifier,
      email: email ?? null,
      first_name: firstName,
      last_name: lastName,
      display_name: [firstName, lastName].filter(Boolean).join(" "),
      job_title: attribute(subject, saml.attributes.jobTitle) ?? null,
      employee_type: "EMPLOYEE",
      parent_employee_id: null,
      password_hash: null,
      permissions: "{}",
    })
    // A first sign-in twice at once, or an e-mail address another employee has: no duplicate, no crash.
    .onConflict((oc) => oc.doNothing())
    .returning("id")
    .executeTakeFirst();
  if (created) {
    log.info({ event: "sso_employee_created", employeeId: created.id }, "employee created at first single sign-on");
    return created.id;
  }
  const raced = await findMatching(db, saml, identifier);
  if (raced?.active) return raced.id;
  throw new SamlFailure("unknown-user", `could not create an employee for ${identifier}: its login id or e-mail is taken`);
}
