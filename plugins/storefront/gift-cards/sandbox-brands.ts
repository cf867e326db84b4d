import type { Category } from "./catalogue";

/** How a sandbox brand's card is drawn: its own colours and initials (no third party's logo). */
export interface SandboxBrand {
  key: string;
  name: string;
  description: string;
  categories: Category[];
  colors: [background: string, foreground: string];
  /** Face values in whole units of the program's currency, or a range. */
  values: number[] | { min: number; max: number };
}

/** The sandbox provider's brands: invented, one or more per category, fixed and variable amounts. */
export const sandboxBrands: SandboxBrand[] = [
  { key: "harbor-coffee", name: "Harbor Coffee", description: "Coffee, tea and pastries at any Harbor café.", categories: ["dining"], colors: ["#7c2d12", "#ffedd5"], values: [5, 10, 25] },
  { key: "maple-table", name: "Maple Table", description: "Dinner for two, or lunch for the team.", categories: ["dining"], colors: ["#b91c1c", "#fef2f2"], values: { min: 10, max: 200 } },
  { key: "bluebell-cinema", name: "Bluebell Cinema", description: "Tickets and popcorn at every Bluebell screen.", categories: ["entertainment"], colors: ["#1e3a8a", "#dbeafe"], values: [15, 30, 50] },
  { key: "northwind-books", name: "Northwind Books", description: "Books, e-books and audiobooks.", categories: ["entertainment", "home"], colors: ["#14532d", "#dcfce7"], values: { min: 5, max: 250 } },
  { key: "summit-outfitters", name: "Summit Outfitters", description: "Clothes and gear for the outdoors.", categories: ["fashion", "travel"], colors: ["#0f766e", "#ccfbf1"], values: { min: 20, max: 500 } },
  { key: "thread-and-loom", name: "Thread & Loom", description: "Everyday clothing and shoes.", categories: ["fashion"], colors: ["#6b21a8", "#f3e8ff"], values: [25, 50, 100] },
  { key: "cedar-market", name: "Cedar Market", description: "Fresh groceries, delivered or in store.", categories: ["groceries"], colors: ["#3f6212", "#ecfccb"], values: { min: 10, max: 300 } },
  { key: "fern-and-finch", name: "Fern & Finch Home", description: "Furniture, plants and things for the home.", categories: ["home"], colors: ["#854d0e", "#fef9c3"], values: { min: 25, max: 500 } },
  { key: "atlas-travel", name: "Atlas Travel", description: "Flights, trains and hotels.", categories: ["travel"], colors: ["#0369a1", "#e0f2fe"], values: [50, 100, 250] },
  { key: "pixel-electronics", name: "Pixel Electronics", description: "Phones, laptops and headphones.", categories: ["electronics"], colors: ["#111827", "#f9fafb"], values: { min: 25, max: 500 } },
  { key: "kindred-giving", name: "Kindred Giving", description: "A donation to the charity of your choice.", categories: ["giving"], colors: ["#be185d", "#fce7f3"], values: { min: 5, max: 500 } },
  { key: "everyday-rewards", name: "Everyday Rewards", description: "One card for hundreds of shops.", categories: ["groceries", "fashion", "home"], colors: ["#c2410c", "#fff7ed"], values: { min: 10, max: 500 } },
];

export function sandboxBrand(key: string) {
  return sandboxBrands.find((brand) => brand.key === key);
}

/** Up to two initials of a brand's name ("Fern & Finch Home" → "FF"). */
export function initialsOf(name: string) {
  return name
    .split(/\s+/)
    .filter((word) => /^[A-Za-z]/.test(word))
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join("");
}
