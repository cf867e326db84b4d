import { afterAll, beforeAll } from "vitest";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { Tenant } from "~/modules/tenants/tenant";
import { contextFor, createTestApp, settle, tenantOf, type TestApp } from "../../../tests/setup/test-app";

/** The test file's app, and Acme (the storefront on, with the sandbox provider): its handle and its effective tenant. Live bindings, set by `openAcmeShop`. */
export let testApp: TestApp;
export let acme: ProgramDb;
export let tenant: Tenant;

/** Starts the file's app before its tests and closes it after. */
export function openAcmeShop() {
  beforeAll(async () => {
    testApp = await createTestApp({ population: 4 });
    tenant = await testApp.app.tenantSettings.effective(tenantOf(testApp.app, "acme"));
    acme = testApp.app.database.forProgram(tenant.programId);
  });
  afterAll(() => testApp.close());
}

type Route = (args: never) => Promise<unknown>;

/** A route's loader or action for Acme, with its parameters; a thrown Response (a redirect, a 404) is returned. */
export const call = (route: Route, request: Request, params: Record<string, string> = {}) =>
  settle(() => (route as (args: unknown) => Promise<Response>)({ request, context: contextFor(testApp.app, "acme"), params }));
