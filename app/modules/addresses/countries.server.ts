import { getCountries } from "libphonenumber-js";

export interface Country {
  code: string;
  name: string;
}

let countries: Country[] | null = null;

/**
 * The countries an address may be in, by English name: the ISO 3166-1 codes of
 * libphonenumber's metadata (Google keeps it current), named by the runtime's
 * CLDR data (Intl.DisplayNames), so neither list is ours to maintain.
 */
export function countryList(): Country[] {
  if (!countries) {
    const names = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
    countries = getCountries()
      .map((code) => ({ code, name: names.of(code) ?? code }))
      .sort((a, b) => a.name.localeCompare(b.name, "en"));
  }
  return countries;
}

export function isCountry(code: string) {
  return countryList().some((country) => country.code === code);
}

export function countryName(code: string) {
  return countryList().find((country) => country.code === code)?.name ?? code;
}
