/** This plugin's icons (lucide's names): `npm run icons` draws them into sprite.svg beside this file. */
export const ICON_NAMES = ["trophy", "target", "rocket", "heart-handshake", "lightbulb", "graduation-cap", "leaf", "shield-check"] as const;
