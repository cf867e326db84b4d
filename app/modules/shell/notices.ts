import type { Env } from "~/modules/env.server";
import type { TenantConfig } from "~/modules/tenants/tenant";

export interface ShownNotice {
  /** "global" or "program:<id>": what a dismissal remembers. */
  key: string;
  type: "error" | "warning" | "success" | "info";
  message: string;
  closeable: boolean;
}

/** The global notice (from the environment, for every program) and the program's notices, less those dismissed. */
export function visibleNotices(env: Pick<Env, "GLOBAL_NOTICE_MESSAGE" | "GLOBAL_NOTICE_TYPE">, tenant: TenantConfig, dismissed: readonly string[]) {
  const notices: ShownNotice[] = [];
  if (env.GLOBAL_NOTICE_MESSAGE) {
    notices.push({ key: "global", type: env.GLOBAL_NOTICE_TYPE, message: env.GLOBAL_NOTICE_MESSAGE, closeable: true });
  }
  for (const notice of tenant.notices) {
    notices.push({ key: `program:${notice.id}`, type: notice.type, message: notice.message, closeable: notice.closeable });
  }
  return notices.filter((notice) => !(notice.closeable && dismissed.includes(notice.key)));
}
