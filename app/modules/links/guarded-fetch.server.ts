import dns from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import net, { type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * GETs of addresses people typed, for link previews, that can only reach the
 * public internet: hosts are named, never numbered, and every host is resolved first, refused if any of its
 * addresses is private, loopback, link-local or otherwise not public, and then
 * connected to at the address that was checked (a second resolution could
 * answer differently). Redirects are followed the same way, a few at most.
 */

/** A host's addresses; DNS by default. */
export type Resolve = (host: string) => Promise<string[]>;

export const resolveWithDns: Resolve = async (host) => (await dns.lookup(host, { all: true, verbatim: true })).map((found) => found.address);

/** IPv6's global unicast space: anything outside it (IPv4-compatible ::/96, site-local fec0::/10...) is no public host. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/**
 * Whether an address is on the public internet: ipaddr.js's special-purpose
 * ranges (IANA's registries: private, loopback, link-local, shared, reserved,
 * documentation, multicast, NAT64, 6to4, Teredo, IPv4-mapped, site-local...) are
 * not, and in IPv6 only global unicast is.
 */
export function isPublicAddress(address: string) {
  if (net.isIP(address) === 0) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.range() !== "unicast") return false;
  return parsed.kind() === "ipv4" || (parsed as ipaddr.IPv6).match(GLOBAL_UNICAST_V6);
}

export class BlockedAddressError extends Error {
  override name = "BlockedAddressError";
}

export interface FetchedBody {
  url: URL;
  /** The media type, without parameters, in lower case. */
  contentType: string;
  /** The charset the answer named, if any. */
  charset: string | null;
  body: Buffer;
  /** The body was longer than `maxBytes` and was cut there. */
  truncated: boolean;
}

export interface GuardedFetchOptions {
  accept: string;
  maxBytes: number;
  /** Of the whole fetch, redirects included. */
  timeoutMs?: number;
  resolve?: Resolve;
}

const MAX_REDIRECTS = 4;
const USER_AGENT = "RecognizeLinkPreview/1.0 (+link previews for posts)";

/** The one address a host is reached at, after every address it has was found public. */
async function publicAddressOf(url: URL, resolve: Resolve) {
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new BlockedAddressError(`${url.protocol} is not fetched`);
  // Only the web's own ports: a preview is no way to knock on other services of a public host.
  if (url.port !== "") throw new BlockedAddressError(`port ${url.port} is not fetched`);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  // By name only, at every hop, as a typed link must be: a redirect is no way around that rule.
  if (net.isIP(host)) throw new BlockedAddressError(`${host} is an address, not a name`);
  const addresses = await resolve(host);
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) throw new BlockedAddressError(`${host} is not a public address`);
  return addresses[0]!;
}

/** Connects to `address` whatever the host name resolves to now (TLS still checks the certificate against the name). */
function pinnedLookup(address: string): LookupFunction {
  const family = net.isIP(address);
  return (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

type Answer = { status: number; location: string | null; contentType: string; charset: string | null; body: Buffer; truncated: boolean };

function getOnce(url: URL, address: string, options: GuardedFetchOptions, signal: AbortSignal): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const request = client.get(
      url,
      { headers: { accept: options.accept, "accept-encoding": "identity", "user-agent": USER_AGENT }, lookup: pinnedLookup(address), signal },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = typeof response.headers.location === "string" ? response.headers.location : null;
        const [type = "", ...parameters] = (response.headers["content-type"] ?? "").split(";");
        const contentType = type.trim().toLowerCase();
        const charset = parameters.map((parameter) => /^\s*charset\s*=\s*"?([\w.:-]{1,40})"?\s*$/i.exec(parameter)?.[1] ?? null).find(Boolean) ?? null;
        if (status >= 300 && status < 400) {
          response.resume();
          resolve({ status, location, contentType, charset, body: Buffer.alloc(0), truncated: false });
          return;
        }
        const chunks: Buffer[] = [];
        let length = 0;
        let truncated = false;
        response.on("data", (chunk: Buffer) => {
          if (truncated) return;
          const room = options.maxBytes - length;
          if (chunk.length < room) {
            chunks.push(chunk);
            length += chunk.length;
            return;
          }
          // Enough: what is past the limit is never read.
          chunks.push(chunk.subarray(0, room));
          truncated = true;
          resolve({ status, location, contentType, charset, body: Buffer.concat(chunks), truncated });
          response.destroy();
        });
        response.on("end", () => resolve({ status, location, contentType, charset, body: Buffer.concat(chunks), truncated }));
        response.on("error", (error) => (truncated ? undefined : reject(error)));
      },
    );
    request.on("error", reject);
  });
}

/**
 * GETs `url` from the public internet: the final answer's body (at most
 * `maxBytes`) when it is a 200, null for any other status. Throws
 * BlockedAddressError for an address that is not public, at any hop.
 */
export async function guardedFetch(url: URL, options: GuardedFetchOptions): Promise<FetchedBody | null> {
  const resolve = options.resolve ?? resolveWithDns;
  const signal = AbortSignal.timeout(options.timeoutMs ?? 5000);
  let current = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const answer = await getOnce(current, await publicAddressOf(current, resolve), options, signal);
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      current = new URL(answer.location, current);
      continue;
    }
    if (answer.status !== 200) return null;
    const { contentType, charset, body, truncated } = answer;
    return { url: current, contentType, charset, body, truncated };
  }
  return null;
}
