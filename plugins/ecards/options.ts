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
  /** Senders may send a video as the card (through the platform's video processing). */
  videosEnabled: z.boolean().default(true),
  /** How many eCards one person may send (each notifies its recipients and their managers). */
  limits: z.object({ perMinute: z.number().int().min(1).max(10_000).default(10), perHour: z.number().int().min(1).max(100_000).default(100) }).default({ perMinute: 10, perHour: 100 }),
  /** The designs' library, shared by every program, is offered (each of its designs can be hidden on the designs page). */
  libraryEnabled: z.boolean().default(true),
});

export type EcardsOptions = z.infer<typeof ecardsOptions>;
