import fs from "node:fs";
import path from "node:path";
import express from "express";

/** The files under `dir`, as the URL paths they are served at. */
function listFiles(dir: string, prefix = ""): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const url = `${prefix}/${entry.name}`;
    if (entry.isDirectory()) return listFiles(path.join(dir, entry.name), url);
    return entry.isFile() ? [url] : [];
  });
}

/** Static options that replace the pages' default `private, no-store` (serve-static keeps a Cache-Control already set). */
function cachedFor(cacheControl: string) {
  return { cacheControl: false, setHeaders: (res: express.Response) => res.setHeader("Cache-Control", cacheControl) };
}

const ENCODED_COPIES = { br: ".br", gzip: ".gz" } as const;

/**
 * Sends the copy of a build file compressed at build time (scripts/compress-assets.js)
 * that the browser accepts, brotli first: the file is then served as it is.
 */
function precompressed(buildDir: string): express.RequestHandler {
  const files = new Set(fs.existsSync(buildDir) ? listFiles(buildDir) : []);
  return (req, res, next) => {
    if (!files.has(`${req.path}${ENCODED_COPIES.br}`)) return next();
    res.vary("Accept-Encoding");
    const encoding = req.acceptsEncodings("br", "gzip");
    if (encoding === "br" || encoding === "gzip") {
      res.setHeader("Content-Encoding", encoding);
      res.type(path.extname(req.path));
      req.url = `${req.path}${ENCODED_COPIES[encoding]}`;
    }
    next();
  };
}

/**
 * Serves `public/`. The build's fingerprinted files are cached for a year,
 * compressed once at build time, and never reach the pages' middleware, not
 * even when missing (a plain 404). The other files (icons, logos, the
 * maintenance page) are listed once at start-up, so a page request never asks
 * the disk whether it is a file.
 */
export function staticFiles(publicDir: string): express.Router {
  const router = express.Router();
  const buildDir = path.join(publicDir, "build");
  router.use("/build", precompressed(buildDir), express.static(buildDir, cachedFor("public, max-age=31536000, immutable")));
  router.use("/build", (_req, res) => {
    res.status(404).type("text/plain").send("Not found.");
  });
  const files = new Set(listFiles(publicDir).filter((file) => !file.startsWith("/build/")));
  const serve = express.static(publicDir, cachedFor("public, max-age=3600"));
  router.use((req, res, next) => (files.has(req.path) ? serve(req, res, next) : next()));
  return router;
}
