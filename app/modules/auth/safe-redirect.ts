const FALLBACK = "/feed";

/**
 * Only same-site relative paths are ever followed: "/path?query#hash". Anything
 * that a browser could read as another origin (`//host`, `/\host`, a scheme,
 * control characters, encoded variants of these) gives the fallback.
 */
export function safeRedirectPath(target: unknown, fallback = FALLBACK): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2000) return fallback;
  let decoded = target;
  try {
    for (let i = 0; i < 3; i++) {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    }
  } catch {
    return fallback;
  }
  for (const candidate of [target, decoded]) {
    if (!candidate.startsWith("/")) return fallback;
    if (candidate.startsWith("//") || candidate.startsWith("/\\")) return fallback;
    if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return fallback;
  }
  const url = new URL(target, "http://same.invalid");
  if (url.origin !== "http://same.invalid") return fallback;
  // Dot segments are resolved here ("/a/..//host" becomes "//host"), so check the result again.
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith("//") ? fallback : path;
}
