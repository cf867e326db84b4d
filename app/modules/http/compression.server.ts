import zlib from "node:zlib";
import compression from "compression";
import type express from "express";

/**
 * Brotli at quality 4 with a 256 KB window: its default 4 MB window, allocated
 * for every response, cost two thirds of a page's throughput.
 */
const compressor = compression({
  brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
  // A part of a file (206) goes as it is: its Content-Range counts the file's own bytes.
  filter: (req, res) => !res.getHeader("Content-Range") && compression.filter(req, res),
});

/** How long written output may wait in the compressor: streamed parts still leave promptly. */
const FLUSH_AFTER_MS = 20;

/**
 * Pages, data and downloads as brotli or gzip, by Accept-Encoding. Remix
 * flushes the compressor after every chunk it writes. Here that happens at most
 * once per 20 ms, and not at all once the response has ended. A page rendered
 * at once is then compressed in one piece: fewer, larger blocks, less work.
 */
export const compressResponses: express.RequestHandler = (req, res, next) =>
  compressor(req, res, () => {
    const flush = (res as { flush?: () => void }).flush;
    if (flush) {
      let scheduled = false;
      (res as { flush?: () => void }).flush = () => {
        if (scheduled) return;
        scheduled = true;
        setTimeout(() => {
          scheduled = false;
          if (!res.writableEnded) flush.call(res);
        }, FLUSH_AFTER_MS);
      };
    }
    next();
  });
