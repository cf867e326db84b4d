/** The spec's board categories, in its order, with the words a board of each shows. */
export const boardCategories = {
  BIRTHDAY: "Birthday",
  DEPARTURE: "Farewell",
  LIFE_CELEBRATION: "Life celebration",
  RETIREMENT: "Retirement",
  ANNIVERSARY: "Work anniversary",
  CONDOLENCES: "Condolences",
  WELCOME: "Welcome",
  CONGRATULATIONS: "Congratulations",
} as const;

export type BoardCategory = keyof typeof boardCategories;

export const categoryIds = Object.keys(boardCategories) as [BoardCategory, ...BoardCategory[]];

/** Each category's banner colours (light, with dark text: contrast holds in both themes). */
export const categoryTones: Record<BoardCategory, string> = {
  BIRTHDAY: "bg-pink-100 text-pink-950",
  DEPARTURE: "bg-sky-100 text-sky-950",
  LIFE_CELEBRATION: "bg-violet-100 text-violet-950",
  RETIREMENT: "bg-amber-100 text-amber-950",
  ANNIVERSARY: "bg-emerald-100 text-emerald-950",
  CONDOLENCES: "bg-slate-200 text-slate-950",
  WELCOME: "bg-teal-100 text-teal-950",
  CONGRATULATIONS: "bg-orange-100 text-orange-950",
};
