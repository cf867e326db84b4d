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

export interface PersonOption {
  id: number;
  displayName: string;
  firstName: string;
  lastName: string;
  jobTitle: string | null;
  avatarUrl: string | null;
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

/** One person chosen, and the groups they were chosen through (none when chosen by name). */
export interface Mention {
  employeeId: number;
  displayName: string;
  groupNames: GroupName[];
}

function sameGroup(a: GroupName, b: GroupName) {
  return a.name === b.name && a.bucket === b.bucket;
}

/**
 * Adds people to a selection (spec: Mention selection). Duplicates merge: a
 * person already chosen keeps their place and gains the group's name.
 */
export function addMentions(selection: readonly Mention[], people: readonly Pick<PersonOption, "id" | "displayName">[], through?: GroupName): Mention[] {
  const next = selection.map((mention) => ({ ...mention, groupNames: [...mention.groupNames] }));
  for (const person of people) {
    const existing = next.find((mention) => mention.employeeId === person.id);
    if (!existing) next.push({ employeeId: person.id, displayName: person.displayName, groupNames: through ? [through] : [] });
    else if (through && !existing.groupNames.some((group) => sameGroup(group, through))) existing.groupNames.push(through);
  }
  return next;
}

/**
 * Removes one person. Removing a member of a group breaks the group up: its
 * other members stay, as individual mentions (they lose that group's name).
 */
export function removeMention(selection: readonly Mention[], employeeId: number): Mention[] {
  const removed = selection.find((mention) => mention.employeeId === employeeId);
  if (!removed) return [...selection];
  return selection
    .filter((mention) => mention.employeeId !== employeeId)
    .map((mention) => ({ ...mention, groupNames: mention.groupNames.filter((group) => !removed.groupNames.some((gone) => sameGroup(gone, group))) }));
}
