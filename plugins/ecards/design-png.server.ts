import { designSvg } from "./design-art";
import type { Design } from "./designs";

const drawn = new Map<string, Promise<Buffer>>();

/**
 * A library design as a PNG, for where SVG does not show (e-mail clients). Drawn once per
 * process: a design is the same for every program and never changes. sharp is imported then, not at
 * start (decision 115).
 */
export function designPng(design: Design) {
  let png = drawn.get(design.id);
  if (!png) {
    png = import("sharp").then(({ default: sharp }) => sharp(Buffer.from(designSvg(design))).png({ compressionLevel: 9 }).toBuffer());
    drawn.set(design.id, png);
  }
  return png;
}
