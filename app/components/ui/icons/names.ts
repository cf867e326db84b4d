/** The core's icons (lucide's names): `npm run icons` draws them into sprite.svg beside this file. */
export const ICON_NAMES = ["bell", "check", "chevron-down", "circle", "house", "menu", "search", "shopping-bag", "star", "x"] as const;
