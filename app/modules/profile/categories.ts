/**
 * The program's categories for Me In 3 (what each of a person's three pictures shows) and My
 * Stuff (favourite things, each an item of a category). They are program configuration: the
 * tenant file's `profileCategories`, with what program managers change saved on top, so a
 * tenant reproduced from its file has them (decision 071). Ids never change once made; a
 * category or item switched off hides what people chose of it, and switching it on again
 * brings that back.
 */
export interface ProfileCategory {
  id: string;
  name: string;
  enabled: boolean;
}

export interface StuffCategory extends ProfileCategory {
  items: ProfileCategory[];
}

export interface ProfileCategories {
  meIn3: ProfileCategory[];
  myStuff: StuffCategory[];
}

/** The most characters of a category's or an item's name. */
export const CATEGORY_NAME_MAX = 40;
/** The most characters of a Me In 3 caption. */
export const CAPTION_MAX = 150;
/** Me In 3 holds three pictures. */
export const ME_IN_3_SLOTS = [1, 2, 3] as const;
/** The most favourite things a person keeps in My Stuff. */
export const MY_STUFF_MAX = 30;

const on = (id: string, name: string): ProfileCategory => ({ id, name, enabled: true });

export const defaultProfileCategories: ProfileCategories = {
  meIn3: [on("family", "My family"), on("hobby", "A hobby"), on("place", "A favourite place"), on("pet", "A pet"), on("workspace", "Where I work best"), on("proud", "Something I'm proud of")],
  myStuff: [
    { ...on("coffee", "Coffee"), items: [on("espresso", "Espresso"), on("latte", "Latte"), on("cappuccino", "Cappuccino"), on("tea", "Tea, not coffee")] },
    { ...on("food", "Food"), items: [on("pizza", "Pizza"), on("sushi", "Sushi"), on("tacos", "Tacos"), on("curry", "Curry"), on("salad", "Salad")] },
    { ...on("music", "Music"), items: [on("rock", "Rock"), on("jazz", "Jazz"), on("pop", "Pop"), on("classical", "Classical"), on("hip-hop", "Hip-hop")] },
    { ...on("sport", "Sport"), items: [on("football", "Football"), on("basketball", "Basketball"), on("running", "Running"), on("cycling", "Cycling"), on("swimming", "Swimming")] },
    { ...on("reading", "Reading"), items: [on("fiction", "Fiction"), on("biography", "Biography"), on("science", "Science"), on("comics", "Comics")] },
  ],
};

/** An id for a new category or item named `name`, unlike any of `taken`. */
export function newCategoryId(name: string, taken: readonly string[]) {
  const base =
    name
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 32) || "category";
  let id = base;
  for (let n = 2; taken.includes(id); n += 1) id = `${base}-${n}`;
  return id;
}

/** The enabled Me In 3 category of `id`, or undefined (unknown or switched off). */
export function shownCategory(categories: ProfileCategories, id: string) {
  return categories.meIn3.find((category) => category.id === id && category.enabled);
}

/** The enabled My Stuff item `itemId` of the enabled category `categoryId`, with its category, or undefined. */
export function shownItem(categories: ProfileCategories, categoryId: string, itemId: string) {
  const category = categories.myStuff.find((candidate) => candidate.id === categoryId && candidate.enabled);
  const item = category?.items.find((candidate) => candidate.id === itemId && candidate.enabled);
  return category && item ? { category, item } : undefined;
}
