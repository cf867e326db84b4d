import { remembered } from "~/utils/remembered";
import type { TenantConfig } from "./tenant";

export function colorCss(colors: TenantConfig["branding"]["colors"]) {
  return `:root{--brand-primary:${colors.primary};--brand-primary-foreground:${colors.primaryForeground};--brand-header:${colors.header};--brand-header-foreground:${colors.headerForeground};--brand-accent:${colors.accent};}\n`;
}

const versions = new WeakMap<TenantConfig["branding"]["colors"], string>();

/**
 * A short content hash, so the stylesheet URL changes whenever the colours do
 * and can be cached for good. Worked out once per tenant config version (the
 * effective config is kept until settings change).
 */
export function colorVersion(colors: TenantConfig["branding"]["colors"]) {
  return remembered(versions, colors, () => {
    let hash = 5381;
    for (const ch of colorCss(colors)) hash = ((hash * 33) ^ ch.charCodeAt(0)) >>> 0;
    return hash.toString(36);
  });
}
