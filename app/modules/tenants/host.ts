/**
 * The subdomain a Host header names: `acme.example.com` and
 * `acme.localhost:3000` both mean `acme`. A bare host (`localhost`, an IP
 * address, an apex domain) names none; the caller falls back to the default.
 */
export function subdomainFromHost(host: string | null): string | null {
  if (!host) return null;
  const hostname = host
    .trim()
    .toLowerCase()
    .replace(/:\d+$/, "")
    .replace(/\.$/, "");
  if (hostname.startsWith("[") || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname)) return null;
  const labels = hostname.split(".");
  const isLocal = labels[labels.length - 1] === "localhost";
  if ((isLocal && labels.length >= 2) || labels.length >= 3) return labels[0] || null;
  return null;
}
