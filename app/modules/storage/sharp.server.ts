import type Sharp from "sharp";

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded at its first use: its native library (libvips) took 7 MB of every web process's
 * memory from its start, though most processes go long without a picture to read (decision 115).
 */
export function loadSharp() {
  return (loading ??= import("sharp").then((module) => module.default));
}
