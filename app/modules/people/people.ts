/** The recipient lookup's rules (spec: Recipient lookup), shared by the server and the picker. */
export const MIN_QUERY_LENGTH = 3;
export const OPTION_LIMIT = 3;
export const NO_NAMES_FOUND = "No names found.";

export const shortcutLabels = {
  ALL_STAFF: "All Staff",
  MY_DOWNLINE: "My Downline",
  MY_DIRECT_REPORTS: "My Direct Reports",
} as const;
export type Shortcut = keyof typeof shortcutLabels;

/**
 * A person as a card draws them beside what they did (a post's author, a milestone's person): name
 * and picture. Without the job title, what keeps such cards need not watch it (decision 126).
 */
export interface PersonShown {
  id: number;
  displayName: string;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
}

/** A person as a list or picker offers them: name, picture and job title. */
export interface PersonOption extends PersonShown {
  jobTitle: string | null;
}

export interface GroupOption {
  id: number;
  name: string;
  bucket: string;
  count: number;
}

/** The spec's group name on a mention: a member chosen through a group (or a shortcut) keeps its name. */
export interface GroupName {
  name: string;
  bucket: string;
}

/**
 * One person picked, and where from: "g<group id>" or a shortcut name for each
 * group they were picked through (none when picked by name). The spec's
 * groupNames are these sources' names.
 */
export interface PickedPerson {
  employeeId: number;
  sources: string[];
}

/**
 * Adds people to a selection (spec: Mention selection). Duplicates merge: a
 * person already picked keeps their place and gains the source.
 */
export function addPicked<P extends PickedPerson>(selection: readonly P[], ids: readonly number[], source: string | null, make: (picked: PickedPerson) => P): P[] {
  const next = selection.map((picked) => ({ ...picked, sources: [...picked.sources] }));
  for (const employeeId of ids) {
    const existing = next.find((picked) => picked.employeeId === employeeId);
    if (!existing) next.push(make({ employeeId, sources: source ? [source] : [] }));
    else if (source && !existing.sources.includes(source)) existing.sources.push(source);
  }
  return next;
}

/**
 * Removes one person. Removing a member of a group breaks the group up: its
 * other members stay, as individual mentions (they lose that group).
 */
export function removePicked<P extends PickedPerson>(selection: readonly P[], employeeId: number): P[] {
  const removed = selection.find((picked) => picked.employeeId === employeeId);
  if (!removed) return [...selection];
  return selection
    .filter((picked) => picked.employeeId !== employeeId)
    .map((picked) => ({ ...picked, sources: picked.sources.filter((source) => !removed.sources.includes(source)) }));
}
