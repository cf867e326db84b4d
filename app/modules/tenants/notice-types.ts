/** How a site notice looks: the tenant schema checks it, the settings page offers it (without zod). */
export const noticeTypes = ["error", "warning", "success", "info"] as const;
