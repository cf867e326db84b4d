import { sql } from "kysely";
import { z } from "zod";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { defineJob } from "~/modules/jobs/job";
import type { AppServices } from "~/modules/services.server";
import { audited, changeStatus } from "./admin.server";
import type { ImportCheck, ImportPerson } from "./import-check.server";

/** Keeps a checked file's people until a program manager applies them; returns the import's id. */
export async function saveCheckedImport(db: ProgramDb, by: number, fileName: string, check: Extract<ImportCheck, { ok: true }>) {
  const row = await db
    .insertInto("people_import", { created_by: by, file_name: fileName.slice(0, 200), status: "checked", people: JSON.stringify(check.people), summary: JSON.stringify(check.summary) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A program's imports, newest first, without their people. */
export async function recentImports(db: ProgramDb, limit = 10) {
  return db
    .selectFrom("people_import")
    .leftJoin("employee", "employee.id", "people_import.created_by")
    .select(["people_import.id", "people_import.file_name as fileName", "people_import.status", "people_import.summary", "people_import.error", "people_import.created_at as createdAt", "people_import.finished_at as finishedAt", "employee.display_name as byName"])
    .orderBy("people_import.id", "desc")
    .limit(limit)
    .execute();
}

const idOfCode = async (db: ProgramDb, code: string) =>
  (await db.selectFrom("employee").select("id").where(sql`lower(employee_code)`, "=", code.toLowerCase()).executeTakeFirst())?.id;

/** Everyone in the file, in one transaction: new people first (so managers can be anyone in it), then each person's changes, audited. */
async function applyPeople(db: ProgramDb, people: ImportPerson[], by: number | null) {
  const ids = new Map<string, number>();
  for (const person of people) {
    const existing = await idOfCode(db, person.code);
    if (existing) {
      ids.set(person.code.toLowerCase(), existing);
      continue;
    }
    const { login_id, first_name, last_name, display_name } = person.fields;
    const added = await db
      .insertInto("employee", { login_id: login_id!, first_name: first_name!, last_name: last_name!, display_name: display_name!, employee_code: person.code, employee_type: "EMPLOYEE", permissions: "{}" })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.set(person.code.toLowerCase(), added.id);
  }
  for (const person of people) {
    const id = ids.get(person.code.toLowerCase())!;
    await audited(db, id, { employeeId: by, source: "import" }, async (tx) => {
      const current = await tx.selectFrom("employee").select("permissions").where("id", "=", id).executeTakeFirstOrThrow();
      const managerId = person.managerCode ? (ids.get(person.managerCode.toLowerCase()) ?? (await idOfCode(tx, person.managerCode))) : undefined;
      const fields = Object.fromEntries(Object.entries(person.fields).filter(([, value]) => value !== undefined));
      await tx
        .updateTable("employee")
        .set({ ...fields, ...(managerId ? { parent_employee_id: managerId } : {}), permissions: JSON.stringify({ ...current.permissions, ...person.flags }) })
        .where("id", "=", id)
        .execute();
      if (person.groups) {
        await tx.deleteFrom("employee_group_member").where("employee_id", "=", id).execute();
        if (person.groups.length > 0) await tx.insertInto("employee_group_member", person.groups.map((group_id) => ({ group_id, employee_id: id }))).execute();
      }
      if (person.active !== undefined) await changeStatus(tx, id, person.active);
    });
  }
}

/**
 * Applies a queued import. At least once: a run finds the import done (or
 * failed) and does nothing; the people and the import's status are written in
 * one transaction. A file the program no longer fits (a username taken since
 * it was checked) fails whole, with the reason, and changes nobody.
 */
export const applyPeopleImport = defineJob({
  name: "core.people-import",
  data: z.object({ importId: z.number().int().positive() }),
  retries: 2,
  timeoutSeconds: 600,
  async run({ db, data, log }) {
    const row = await db.selectFrom("people_import").select(["status", "people", "created_by"]).where("id", "=", data.importId).executeTakeFirst();
    if (row?.status !== "queued") return;
    try {
      await db.transaction(async (tx) => {
        await applyPeople(tx, row.people as ImportPerson[], row.created_by);
        await tx.updateTable("people_import").set({ status: "done", finished_at: new Date() }).where("id", "=", data.importId).execute();
      });
      log.info({ event: "people_import_done", importId: data.importId }, "people import applied");
    } catch (error) {
      const message = (error as { code?: string }).code === "23505" ? "Someone in the file now has a username, e-mail address or code taken since the file was checked: check it again." : "The import could not be applied.";
      await db.updateTable("people_import").set({ status: "failed", error: message, finished_at: new Date() }).where("id", "=", data.importId).execute();
      log.warn({ event: "people_import_failed", importId: data.importId, err: error }, "people import failed");
    }
  },
});

/** Queues a checked import to be applied (once: an import already queued or applied is left as it is). */
export async function queueImport(app: AppServices, db: ProgramDb, importId: number) {
  return db.transaction(async (tx) => {
    const queued = await tx.updateTable("people_import").set({ status: "queued" }).where("id", "=", importId).where("status", "=", "checked").returning("id").executeTakeFirst();
    if (!queued) return false;
    await app.jobs.enqueue(tx, applyPeopleImport, { importId }, { key: `people-import:${importId}` });
    return true;
  });
}
