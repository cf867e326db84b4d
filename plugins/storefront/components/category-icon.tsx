import { Icon } from "../icons";
import type { Category } from "../gift-cards/catalogue";

/** The store's eight category images. */
const icons = {
  dining: "utensils-crossed",
  entertainment: "clapperboard",
  fashion: "shirt",
  groceries: "shopping-basket",
  home: "sofa",
  travel: "plane",
  electronics: "laptop",
  giving: "heart-handshake",
} as const satisfies Record<Category, string>;

export function CategoryIcon({ category }: { category: Category }) {
  return <Icon name={icons[category]} className="h-6 w-6" />;
}
