/** The milestones' own icons (lucide's names): `npm run icons` draws them into sprite.svg beside this file. */
export const ICON_NAMES = ["award", "cake", "flag"] as const;
