import type { Viewer } from "~/modules/auth/viewer";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { allowedAmong, findByEmails, isEmailList, lookUpPeople, membersOf, type LookupResult } from "~/modules/people/lookup.server";
import { shortcutLabels, type GroupName, type Shortcut } from "~/modules/people/people";
import { lookupScope } from "~/modules/people/scope.server";
import type { Registry } from "~/modules/plugins/registry";
import { rowId } from "~/utils/row-id";
import { groupNamesOf, recipientsByIds, type Recipient } from "./recipients.server";
import { addToSelection, everyonePicked, removeFromSelection, selectionPoints, type Selection } from "./selection";

/** Who composes, where: their program's handle, the viewer and the plugins on. */
export interface RecognitionAccess {
  db: ProgramDb;
  viewer: Viewer;
  registry: Registry;
}

export interface PeopleNotice {
  message: string;
  names: string[];
}

/**
 * How a composer picks people: the lookup's purpose ("mentions", or a plugin's filter such
 * as eCards' recipients), the people it refuses with the notices naming them (Moments refuses
 * those who hide from its feed), and what it says of people without points picked for points
 * (they are named instead).
 */
export interface PeoplePolicy {
  purpose: string;
  refuses?: { who: (recipient: Recipient) => boolean; named: string; pointed: string };
  notPointsEligible: string;
}

/** What the people step asks, from its URL: a lookup (`q`), `do` add the picked (`pick`) or the pasted (`emails`), or `remove` one. */
export interface PeopleInput {
  q: string;
  op: string;
  picks: string[];
  emails: string;
  remove: number | null;
}

export function readPeopleInput(params: URLSearchParams): PeopleInput {
  return {
    q: (params.get("q") ?? "").slice(0, 100),
    op: params.get("do") ?? "",
    picks: params.getAll("pick"),
    emails: (params.get("emails") ?? "").slice(0, 20_000),
    remove: rowId(params.get("remove")),
  };
}

type Picks = { ids: number[]; source: string | null }[];

function resolvingScope(access: RecognitionAccess, policy: PeoplePolicy) {
  // Those the policy refuses are found too, so that a notice can name them.
  return { ...lookupScope(access.viewer, access.registry, policy.purpose), excludeHiddenFromFeed: false };
}

/** Which of `ids` may be picked under the policy (checked again when the recognition is sent). */
export function pickableAmong(access: RecognitionAccess, policy: PeoplePolicy, ids: readonly number[]) {
  return allowedAmong(access.db, ids, resolvingScope(access, policy));
}

/** The people behind the `pick` values of a lookup ("e12", "g5", "sMY_DOWNLINE"), as the lookup's purpose allows. */
async function resolvePicks(access: RecognitionAccess, policy: PeoplePolicy, picks: string[]): Promise<Picks> {
  const scope = resolvingScope(access, policy);
  const wanted = picks.slice(0, 10);
  const named = wanted.flatMap((pick) => (pick.startsWith("e") && rowId(pick.slice(1)) !== null ? [rowId(pick.slice(1))!] : []));
  const allowed = await pickableAmong(access, policy, named);
  const resolved: Picks = [];
  for (const pick of wanted) {
    if (pick.startsWith("e")) {
      const id = rowId(pick.slice(1));
      if (id !== null && allowed.has(id)) resolved.push({ ids: [id], source: null });
      continue;
    }
    const group = pick.startsWith("g") ? rowId(pick.slice(1)) : null;
    const shortcut = pick.startsWith("s") && pick.slice(1) in shortcutLabels ? (pick.slice(1) as Shortcut) : null;
    if (group === null && shortcut === null) continue;
    const members = await membersOf(access.db, group !== null ? { group } : { shortcut: shortcut! }, scope);
    resolved.push({ ids: members.map((member) => member.id), source: group !== null ? `g${group}` : shortcut });
  }
  return resolved;
}

/**
 * One people step's work on a selection: `list` ("named" or "pointed") gains the people
 * picked, pasted or typed as addresses, or loses one removed; a search looks people up.
 * The notices say who was refused or could not be given points.
 */
export async function pickPeople(access: RecognitionAccess, policy: PeoplePolicy, input: PeopleInput, start: Selection, list: keyof Selection) {
  let selection = start;
  const notices: PeopleNotice[] = [];
  const add = async (groups: Picks) => {
    const people = await recipientsByIds(access.db, groups.flatMap((group) => group.ids));
    const refused = new Set<string>();
    const notEligible = new Set<string>();
    for (const group of groups) {
      const found = group.ids.filter((id) => people.has(id));
      const allowed = found.filter((id) => !policy.refuses?.who(people.get(id)!));
      for (const id of found) if (policy.refuses?.who(people.get(id)!)) refused.add(people.get(id)!.displayName);
      if (list === "pointed") {
        for (const id of allowed) if (!people.get(id)!.usesPoints) notEligible.add(people.get(id)!.displayName);
        selection = addToSelection(selection, "pointed", allowed.filter((id) => people.get(id)!.usesPoints), group.source);
        selection = addToSelection(selection, "named", allowed.filter((id) => !people.get(id)!.usesPoints), group.source);
      } else {
        selection = addToSelection(selection, "named", allowed, group.source);
      }
    }
    if (refused.size > 0 && policy.refuses) notices.push({ message: list === "pointed" ? policy.refuses.pointed : policy.refuses.named, names: [...refused] });
    if (notEligible.size > 0) notices.push({ message: policy.notPointsEligible, names: [...notEligible] });
  };

  if (input.op === "add") await add(await resolvePicks(access, policy, input.picks));
  // A list of addresses, pasted in its own box or typed into the search: the same people, the same notices.
  const searched = input.op === "search" || (input.q !== "" && input.op === "");
  const pasted = input.op === "paste" ? input.emails : searched && isEmailList(input.q) ? input.q : "";
  if (pasted.trim()) {
    const found = await findByEmails(access.db, pasted, resolvingScope(access, policy));
    await add([{ ids: found.people.map((person) => person.id), source: null }]);
    if (found.unknown.length > 0) notices.push({ message: "No one in this program has these addresses:", names: found.unknown });
  }
  if (input.remove !== null) selection = removeFromSelection(selection, list, input.remove);
  let lookup: { q: string; result: LookupResult } | null = null;
  if (searched && !isEmailList(input.q)) {
    lookup = { q: input.q, result: await lookUpPeople(access.db, input.q, lookupScope(access.viewer, access.registry, policy.purpose)) };
  }
  return { selection, lookup, notices };
}

/** What a composer shows of its selection: each person picked, the names of the groups they came through, the points given. */
export interface SelectionView {
  selection: Selection;
  recipients: Record<number, Recipient>;
  groupNames: Record<string, GroupName>;
  totalPoints: number;
}

export async function describeSelection(db: ProgramDb, selection: Selection): Promise<SelectionView> {
  const everyone = everyonePicked(selection);
  const [recipients, groupNames] = await Promise.all([
    recipientsByIds(db, everyone.map((pick) => pick.employeeId)),
    groupNamesOf(db, everyone.flatMap((pick) => pick.sources)),
  ]);
  return { selection, recipients: Object.fromEntries(recipients), groupNames: Object.fromEntries(groupNames), totalPoints: selectionPoints(selection) };
}
