import { createCookie } from "@remix-run/node";
import { isHttps } from "~/modules/auth/session.server";

/** People remembered on one device (a shared kiosk, say); the oldest is forgotten first. */
const MAX_REMEMBERED = 5;

interface Remembered {
  programId: number;
  employeeId: number;
  until: number;
}

/**
 * A signed, HttpOnly cookie that remembers for `days` which people did
 * something on this browser: finished two-factor (the spec keeps
 * VALIDATION_COMPLETED in local storage), so they are not asked again; signed
 * in with their password, so the per-address sign-in limit does not hold them
 * (OWASP's device cookies).
 */
export function createDeviceMemory(secrets: string[], { name, days }: { name: string; days: number }) {
  const cookie = createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secrets,
    maxAge: days * 24 * 60 * 60,
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
      const entries = [...others, { programId, employeeId, until: Date.now() + days * 24 * 60 * 60 * 1000 }];
      return cookie.serialize(entries.slice(-MAX_REMEMBERED), { secure: isHttps(request) });
    },
  };
}

export type DeviceMemory = ReturnType<typeof createDeviceMemory>;
