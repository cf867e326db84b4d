/** A frequently asked question and its answer, as the help page lists it. */
export interface HelpQuestion {
  question: string;
  answer: string;
}

/** Words as the help search compares them: lower case, without accents. */
function words(text: string) {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Whether every word searched for begins a word of the question or its answer ("redeem cod" finds "Redeem a code"). */
export function answers(entry: HelpQuestion, search: string) {
  const wanted = words(search);
  const said = words(`${entry.question} ${entry.answer}`);
  return wanted.every((word) => said.some((candidate) => candidate.startsWith(word)));
}

/** The most characters of a help search. */
export const HELP_SEARCH_MAX = 100;
