import { z } from "zod";
import { pixel } from "~/modules/storage/crop-fields.server";

/** The crop step without JavaScript: a square (avatar) at x, y of the given size. */
export const recropForm = z.object({
  original: z.uuid(),
  x: pixel,
  y: pixel,
  size: pixel.min(1, "Choose an area inside the picture, in the shape shown."),
});
