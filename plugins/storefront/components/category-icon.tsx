import { Clapperboard, HeartHandshake, Laptop, Plane, Shirt, ShoppingBasket, Sofa, UtensilsCrossed, type LucideIcon } from "lucide-react";
import type { Category } from "../gift-cards/catalogue";

/** The store's eight category images. */
const icons: Record<Category, LucideIcon> = {
  dining: UtensilsCrossed,
  entertainment: Clapperboard,
  fashion: Shirt,
  groceries: ShoppingBasket,
  home: Sofa,
  travel: Plane,
  electronics: Laptop,
  giving: HeartHandshake,
};

export function CategoryIcon({ category }: { category: Category }) {
  const Icon = icons[category];
  return <Icon aria-hidden="true" className="h-6 w-6" />;
}
