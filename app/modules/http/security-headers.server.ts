import { randomBytes } from "node:crypto";
import type express from "express";
import helmet from "helmet";
import { VIDEO_EMBED_ORIGINS } from "~/modules/links/links";
import { GIPHY_MEDIA_ORIGIN } from "~/modules/gifs/gifs";

/**
 * The policy for every response: scripts only from this origin or carrying
 * this response's nonce; media from this origin and GIPHY's; frames only of
 * the two video sites whose players links embed; never framed itself; no plugins. Styles may be inline (server
 * rendered style attributes, the unknown-program page). Form targets are not
 * limited: single sign-on redirects a form to each program's own IdP, and
 * cross-site posts are refused by the Origin check. Written out once, around
 * the place of the nonce: building it per response cost a twentieth of a
 * millisecond of every answer.
 */
const [policyBeforeNonce, policyAfterNonce] = [
  ["default-src", "'self'"],
  ["script-src", "'self'", "'nonce-\0'"],
  ["style-src", "'self'", "'unsafe-inline'"],
  ["img-src", "'self'", "data:", "blob:", "https:"],
  ["font-src", "'self'"],
  ["media-src", "'self'", GIPHY_MEDIA_ORIGIN],
  ["connect-src", "'self'"],
  ["frame-src", ...VIDEO_EMBED_ORIGINS],
  ["object-src", "'none'"],
  ["base-uri", "'self'"],
  ["frame-ancestors", "'none'"],
]
  .map((directive) => directive.join(" "))
  .join(";")
  .split("\0") as [string, string];

const NONCE_BYTES = 16;
let randomPool = Buffer.alloc(0);
let poolOffset = 0;

/**
 * A fresh nonce: 16 random bytes, drawn from the system's generator 4 KB at a time (one call per
 * 256 responses; a call per response cost more than the rest of these headers), as base64.
 */
function freshNonce() {
  if (poolOffset + NONCE_BYTES > randomPool.length) {
    randomPool = randomBytes(NONCE_BYTES * 256);
    poolOffset = 0;
  }
  poolOffset += NONCE_BYTES;
  return randomPool.toString("base64", poolOffset - NONCE_BYTES, poolOffset);
}

/**
 * helmet's other headers: never framed, no sniffing, the referrer kept to this
 * site, the opener isolated. Strict-Transport-Security is sent on HTTPS
 * requests only (below). Cross-Origin-Resource-Policy is left off: mail
 * readers on other sites show programs' logos and pictures.
 */
const helmetHeaders = helmet({
  contentSecurityPolicy: false,
  frameguard: { action: "deny" },
  referrerPolicy: { policy: "same-origin" },
  strictTransportSecurity: false,
  crossOriginResourcePolicy: false,
});

/**
 * Headers every answer carries, pages, data, files, redirects and error pages
 * alike. Responses default to `private, no-store` (what a signed-in page
 * shows is nobody else's); static files and routes that may be cached say so
 * themselves, which replaces the default.
 */
export function securityHeaders(req: express.Request, res: express.Response, next: express.NextFunction) {
  // A fresh nonce for this response's inline scripts (Remix's hydration data and route modules).
  const nonce = freshNonce();
  res.locals.cspNonce = nonce;
  res.setHeader("Content-Security-Policy", `${policyBeforeNonce}${nonce}${policyAfterNonce}`);
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
  res.setHeader("Cache-Control", "private, no-store");
  // Remix's adapter appends each header of a route's response; a route's own Cache-Control replaces the default instead.
  const append = res.append.bind(res);
  res.append = (field: string, value?: string | string[]) => {
    if (field.toLowerCase() === "cache-control" && value !== undefined) {
      res.setHeader(field, value);
      return res;
    }
    return append(field, value);
  };
  if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  helmetHeaders(req, res, next);
}
