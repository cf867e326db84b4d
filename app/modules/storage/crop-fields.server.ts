import { z } from "zod";
import type { CropArea } from "./image-purposes";

export const pixel = z.coerce.number().int("must be a whole number").min(0).max(100_000);

/** The area a cropper (or a crop step's fields) chose, in the picture's pixels; all four or none. */
export const cropFields = z
  .object({ x: pixel.optional(), y: pixel.optional(), width: pixel.min(1).optional(), height: pixel.min(1).optional() })
  .refine((crop) => [crop.x, crop.y, crop.width, crop.height].every((v) => v === undefined) || [crop.x, crop.y, crop.width, crop.height].every((v) => v !== undefined), {
    message: "Choose an area inside the picture, in the shape shown.",
  });

/** Form fields (or a URL's parameters) as zod reads them: empty strings are absent. */
export function fieldsOf(form: Pick<FormData, "get"> | URLSearchParams, names: readonly string[]) {
  return Object.fromEntries(
    names.flatMap((name) => {
      const value = form.get(name);
      return typeof value === "string" && value.trim() !== "" ? [[name, value.trim()]] : [];
    }),
  );
}

/**
 * The area a cropper sent with a picture (x, y, width, height): none when it sent none (the
 * server crops at the centre), or not ok when the fields do not make an area.
 */
export function chosenCrop(form: FormData): { ok: true; crop?: CropArea } | { ok: false } {
  const parsed = cropFields.safeParse(fieldsOf(form, ["x", "y", "width", "height"]));
  if (!parsed.success) return { ok: false };
  const { x, y, width, height } = parsed.data;
  return { ok: true, crop: width !== undefined ? { x: x!, y: y!, width, height: height! } : undefined };
}
