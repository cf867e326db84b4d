/** The store's category icons (lucide's names): `npm run icons` draws them into sprite.svg beside this file. */
export const ICON_NAMES = ["clapperboard", "heart-handshake", "laptop", "plane", "shirt", "shopping-basket", "sofa", "utensils-crossed"] as const;
