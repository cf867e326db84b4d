import { HASHTAG_LIMIT, HASHTAG_MAX_LENGTH, messages } from "./rules";

/** The spec's hashtag pattern: letters of any script and digits (marks too, for scripts that combine them), one word. */
const HASHTAG = /^[\p{L}\p{M}\p{N}]+$/u;
/** A hashtag inside post text, for turning it into a link. */
export const HASHTAG_IN_TEXT = /#([\p{L}\p{M}\p{N}]+)/gu;

/** How hashtags compare: "#Kudos" and "kudos" are one tag. */
export function hashtagKey(name: string) {
  return name.replace(/^#/, "").normalize("NFC").toLocaleLowerCase("en-US");
}

/** Why a typed hashtag cannot be added, or null when it can (isBanned: the program's banned list, as hashtags.server.ts compares it). */
export function hashtagProblem(name: string, isBanned: (tag: string) => boolean): string | null {
  const bare = name.replace(/^#/, "");
  if (!HASHTAG.test(bare) || bare.length > HASHTAG_MAX_LENGTH) return messages.hashtagPattern;
  if (isBanned(bare)) return messages.hashtagBanned;
  return null;
}

/** Adds typed hashtags (space separated, '#' optional) to a list: duplicates ignored, at most HASHTAG_LIMIT kept. */
export function addHashtags(current: readonly string[], typed: string) {
  const next = [...current];
  for (const word of typed.split(/\s+/).map((w) => w.replace(/^#/, "")).filter(Boolean)) {
    if (!next.some((tag) => hashtagKey(tag) === hashtagKey(word))) next.push(word);
  }
  return next;
}

export function tooManyHashtags(tags: readonly string[]) {
  return tags.length > HASHTAG_LIMIT ? `A post has at most ${HASHTAG_LIMIT} hashtags.` : null;
}
