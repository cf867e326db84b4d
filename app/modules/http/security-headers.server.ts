import { randomBytes } from "node:crypto";
import type express from "express";
import { VIDEO_EMBED_ORIGINS } from "~/modules/links/links";
import { GIPHY_MEDIA_ORIGIN } from "~/modules/gifs/gifs";

/** A fresh nonce for a response's inline scripts (Remix's hydration data and route modules). */
export function newNonce() {
  return randomBytes(16).toString("base64");
}

/**
 * The policy for every response: scripts only from this origin or carrying
 * this response's nonce; media from this origin and GIPHY's; frames only of
 * the two video sites whose players links embed; never framed itself; no plugins. Styles may be inline (server
 * rendered style attributes, the unknown-program page). Form targets are not
 * limited: single sign-on redirects a form to each program's own IdP, and
 * cross-site posts are refused by the Origin check.
 */
export function contentSecurityPolicy(nonce: string) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `media-src 'self' ${GIPHY_MEDIA_ORIGIN}`,
    "connect-src 'self'",
    `frame-src ${VIDEO_EMBED_ORIGINS.join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Headers every answer carries, pages, data, files, redirects and error pages
 * alike. Responses default to `private, no-store` (what a signed-in page
 * shows is nobody else's); static files and routes that may be cached say so
 * themselves, which replaces the default.
 */
export function securityHeaders(req: express.Request, res: express.Response, next: express.NextFunction) {
  const nonce = newNonce();
  res.locals.cspNonce = nonce;
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Referrer-Policy", "same-origin");
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
  next();
}
