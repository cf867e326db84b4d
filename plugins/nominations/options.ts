import { z } from "zod";

const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "must be 1-40 characters of a-z, 0-9 and -");

/** An award level: its points (paid on final approval), the chain of approvals it needs, and who may choose it. */
const awardLevel = z.object({
  id: slug,
  label: z.string().min(1).max(60),
  points: z.number().int().min(0).max(1_000_000),
  /** In order; a step without a fitting approver is passed over (to a program manager when all are). None: approved when made. */
  approvals: z.array(z.enum(["MANAGER", "PROGRAM_MANAGER", "NOMINATION_APPROVER"])).max(3).default(["MANAGER"]),
  /** Who may choose it: everyone who nominates, people with direct reports (and program managers), or program managers only. */
  nominators: z.enum(["EVERYONE", "SUPERVISORS", "PROGRAM_MANAGERS"]).default("EVERYONE"),
});

const defaultCoreValues = [
  { id: "customer-first", label: "Customer First" },
  { id: "ownership", label: "Ownership" },
  { id: "teamwork", label: "Teamwork" },
  { id: "innovation", label: "Innovation" },
];

/** Whole, as the schema would make them (a default is not parsed again: an export must read the same). */
const defaultAwardLevels: z.output<typeof awardLevel>[] = [
  { id: "bronze", label: "Bronze", points: 500, approvals: ["MANAGER"], nominators: "EVERYONE" },
  { id: "silver", label: "Silver", points: 2_000, approvals: ["MANAGER", "PROGRAM_MANAGER"], nominators: "EVERYONE" },
  { id: "gold", label: "Gold", points: 5_000, approvals: ["MANAGER", "PROGRAM_MANAGER"], nominators: "SUPERVISORS" },
];

/** The nominations plugin's options in a tenant file, under features.nominations (the spec's points/corevalue and points/awardlevel). */
export const nominationsOptions = z.object({
  coreValues: z
    .array(z.object({ id: slug, label: z.string().min(1).max(60) }))
    .min(1)
    .max(20)
    .refine((values) => new Set(values.map((value) => value.id)).size === values.length, "each core value needs its own id")
    .default(defaultCoreValues),
  awardLevels: z
    .array(awardLevel)
    .min(1)
    .max(10)
    .refine((levels) => new Set(levels.map((level) => level.id)).size === levels.length, "each award level needs its own id")
    .default(defaultAwardLevels),
  /** The points come from the nominator's points to give (checked when nominating, paid on final approval) instead of the program's bucket. */
  pointsFromNominator: z.boolean().default(false),
  /** An approved nomination is shown on the Moments feed (for nominees who accept public recognition). */
  publishToFeed: z.boolean().default(true),
});

export type NominationsOptions = z.infer<typeof nominationsOptions>;
export type AwardLevel = NominationsOptions["awardLevels"][number];
export type CoreValue = NominationsOptions["coreValues"][number];
