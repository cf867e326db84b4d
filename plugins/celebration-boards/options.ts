import { z } from "zod";
import { boardCategories, categoryIds, type BoardCategory } from "./categories";

/** Every category, in the spec's order, under its own words (as the schema would make them: a default is not parsed again). */
const everyCategory = categoryIds.map((category) => ({ category, displayText: boardCategories[category] as string }));

/** The celebration boards plugin's options in a tenant file, under features["celebration-boards"] (the spec's board config). */
export const boardsOptions = z.object({
  /** The categories a creator chooses from, each under the program's own words (the spec's activeCategories with displayText). */
  activeCategories: z
    .array(z.object({ category: z.enum(categoryIds), displayText: z.string().trim().min(1).max(40) }))
    .min(1)
    .max(categoryIds.length)
    .refine((list) => new Set(list.map((each) => each.category)).size === list.length, "each category once")
    .default(everyCategory),
  /** Contributors may add a picture of their own to their message (the spec's customImagesEnabled). */
  customImagesEnabled: z.boolean().default(true),
  /** A creator may share a delivered board on the Moments feed (for recipients who accept public recognition). */
  shareOnFeedEnabled: z.boolean().default(true),
  /** How many days after it is made a board may stay open for contributions, at most. */
  maxDaysOpen: z.number().int().min(1).max(90).default(30),
});

export type BoardsOptions = z.infer<typeof boardsOptions>;

/** The words a category goes by in this program (its own, or the spec's when it turned the category off since). */
export function categoryText(options: BoardsOptions, category: BoardCategory) {
  return options.activeCategories.find((each) => each.category === category)?.displayText ?? boardCategories[category];
}
