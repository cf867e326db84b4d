/** The store's eight categories (spec section 9: eight built-in category images), in display order. */
export const categories = {
  dining: "Dining",
  entertainment: "Entertainment",
  fashion: "Fashion",
  groceries: "Groceries",
  home: "Home",
  travel: "Travel",
  electronics: "Electronics",
  giving: "Giving",
} as const;

export type Category = keyof typeof categories;

export function isCategory(value: string): value is Category {
  return Object.hasOwn(categories, value);
}

/** A card a brand offers: one face value, or any amount in a range (cents of `currency`). */
export type GiftCardItem = {
  utid: string;
  name: string;
  currency: string;
} & ({ valueType: "FIXED_VALUE"; faceValue: number } | { valueType: "VARIABLE_VALUE"; minValue: number; maxValue: number });

export interface GiftCardBrand {
  key: string;
  name: string;
  description: string;
  /** An image URL: the provider's, or one of the sandbox's own drawings. */
  imageUrl: string;
  categories: Category[];
  items: GiftCardItem[];
}

export interface Catalogue {
  brands: GiftCardBrand[];
  /** Units of `currency` one unit of the program's currency buys (the provider's exchange rate); null when it has none. */
  fx(currency: string): number | null;
}

/** The least an item sells for (its face value when fixed). */
export function minimumOf(item: GiftCardItem) {
  return item.valueType === "FIXED_VALUE" ? item.faceValue : item.minValue;
}

export type Amounts = { fixed: number; currency: string } | { min: number; max: number; currency: string };

/** The amounts a brand allows, as the catalogue lists them ("$10, $25" or "$5 to $500"). */
export function amountsOf(brand: GiftCardBrand): Amounts[] {
  return brand.items.map((item) => (item.valueType === "FIXED_VALUE" ? { fixed: item.faceValue, currency: item.currency } : { min: item.minValue, max: item.maxValue, currency: item.currency }));
}
