import type { ByteRange } from "./blob-store.server";

/**
 * The one byte range a Range header asks of an object of `size` bytes
 * (RFC 9110): "bytes=0-99", "bytes=100-" or "bytes=-500". Null asks for the
 * whole object (no header, several ranges, or another unit: all may be
 * answered whole); "unsatisfiable" lies outside it (416).
 */
export function requestedRange(header: string | null, size: number): ByteRange | "unsatisfiable" | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? "");
  if (!match || (match[1] === "" && match[2] === "")) return null;
  const [first, last] = [match[1]!, match[2]!];
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}
