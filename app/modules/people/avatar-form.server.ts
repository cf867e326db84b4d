import { z } from "zod";

const pixel = z.coerce.number().int("must be a whole number").min(0).max(100_000);

/** The area a cropper (or the crop step's fields) chose, in the picture's pixels; all four or none. */
export const cropFields = z
  .object({ x: pixel.optional(), y: pixel.optional(), width: pixel.min(1).optional(), height: pixel.min(1).optional() })
  .refine((crop) => [crop.x, crop.y, crop.width, crop.height].every((v) => v === undefined) || [crop.x, crop.y, crop.width, crop.height].every((v) => v !== undefined), {
    message: "Choose an area inside the picture, in the shape shown.",
  });

/** The crop step without JavaScript: a square (avatar) at x, y of the given size. */
export const recropForm = z.object({
  original: z.uuid(),
  x: pixel,
  y: pixel,
  size: pixel.min(1, "Choose an area inside the picture, in the shape shown."),
});

/** Form fields as zod reads them: empty strings are absent. */
export function fieldsOf(form: FormData, names: readonly string[]) {
  return Object.fromEntries(names.flatMap((name) => {
    const value = form.get(name);
    return typeof value === "string" && value.trim() !== "" ? [[name, value.trim()]] : [];
  }));
}
