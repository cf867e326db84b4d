import { createCookie } from "@remix-run/node";
import { isHttps } from "~/modules/auth/session.server";

const REMEMBER_DAYS = 30;
/** People remembered on one device (a shared kiosk, say); the oldest is forgotten first. */
const MAX_REMEMBERED = 5;

interface Remembered {
  programId: number;
  employeeId: number;
  until: number;
}

/**
 * The spec keeps VALIDATION_COMPLETED in local storage; here a signed,
 * HttpOnly cookie remembers for 30 days which people finished two-factor on
 * this browser, so they are not asked again at their next sign-in.
 */
export function createDeviceMemory(secrets: string[]) {
  const cookie = createCookie("__device", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secrets,
    maxAge: REMEMBER_DAYS * 24 * 60 * 60,
  });

  async function read(request: Request): Promise<Remembered[]> {
    const value: unknown = await cookie.parse(request.headers.get("Cookie"));
    return Array.isArray(value) ? (value as Remembered[]).filter((entry) => entry.until > Date.now()) : [];
  }

  return {
    async remembers(request: Request, programId: number, employeeId: number) {
      return (await read(request)).some((entry) => entry.programId === programId && entry.employeeId === employeeId);
    },

    /** The Set-Cookie header that adds this person to the device's memory. */
    async remember(request: Request, programId: number, employeeId: number) {
      const others = (await read(request)).filter((entry) => !(entry.programId === programId && entry.employeeId === employeeId));
      const entries = [...others, { programId, employeeId, until: Date.now() + REMEMBER_DAYS * 24 * 60 * 60 * 1000 }];
      return cookie.serialize(entries.slice(-MAX_REMEMBERED), { secure: isHttps(request) });
    },
  };
}

export type DeviceMemory = ReturnType<typeof createDeviceMemory>;
