import { z } from "zod";

/** The eCards plugin's options in a tenant file, under features.ecards. */
export const ecardsOptions = z.object({
  /** Senders who have points to give may add points per recipient. */
  pointsEnabled: z.boolean().default(true),
  /** Senders may send a copy to each recipient's manager (the spec's manager-cc). */
  managerCopyEnabled: z.boolean().default(true),
  /** Senders may make an eCard public: published to the feed (for recipients who accept public recognition). */
  publicEcardsEnabled: z.boolean().default(true),
  /** Senders may upload a picture of their own as the card (cropped to the eCard's shape). */
  customPicturesEnabled: z.boolean().default(true),
  /** The designs' library, shared by every program, is offered (each of its designs can be hidden on the designs page). */
  libraryEnabled: z.boolean().default(true),
});

export type EcardsOptions = z.infer<typeof ecardsOptions>;
