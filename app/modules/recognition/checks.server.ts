import type { Viewer } from "~/modules/auth/viewer";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { viewerPointsSummary } from "~/modules/points/ledger.server";
import type { Recipient } from "./recipients.server";
import { everyonePicked, pointsValue, recognitionMessages, selectionPoints, type Fields, type Selection } from "./selection";

/** Whether the viewer may give points here (`offered`: the composer offers it at all), and how many they have to give. */
export async function pointsToGive(db: ProgramDb, viewer: Viewer, offered: boolean) {
  const allowed = offered && viewer.employee.permissions.canGiveDiscretionaryPoints === true;
  const available = allowed ? (await viewerPointsSummary({ db, viewer })).discretionaryPointsAvailable : 0;
  return { canGivePoints: allowed && available > 0, pointsAvailable: available };
}

/**
 * The selection's points checked (spec: Points mentions): each a positive whole number, to
 * someone who uses points, and together no more than the giver has. Problems by field:
 * `points` for the whole, `pts.<id>` for one person's.
 */
export function pointsProblems(
  selection: Selection,
  recipients: ReadonlyMap<number, Recipient>,
  giver: { canGivePoints: boolean; pointsAvailable: number },
  said: { notEligible: string; cannotGive?: string },
) {
  const problems: Record<string, string[]> = {};
  const problem = (field: string, message: string) => void (problems[field] ??= []).push(message);
  if (selection.pointed.length === 0) return problems;
  if (!giver.canGivePoints) problem("points", said.cannotGive ?? recognitionMessages.notEnoughPoints);
  for (const pick of selection.pointed) {
    if (pointsValue(pick.points) === null) problem(`pts.${pick.employeeId}`, recognitionMessages.pointsNotWhole);
    if (recipients.get(pick.employeeId) && !recipients.get(pick.employeeId)!.usesPoints) problem(`pts.${pick.employeeId}`, said.notEligible);
  }
  if (giver.canGivePoints && selectionPoints(selection) > giver.pointsAvailable) problem("points", recognitionMessages.notEnoughPoints);
  return problems;
}

export type RecognitionCheck = { step: "heads-up"; subject: string } | { step: "confirm-points" };

/**
 * The two checks before a recognition goes (spec: Private-recognition check, Points
 * confirmation), each until the form says it was seen: 'Heads Up!' names who prefers private
 * recognition (when the program offers the preference, and the recognition is seen by others:
 * `shownToOthers`), 'Way to Recognize!' confirms the points.
 */
export function pendingCheck(viewer: Viewer, selection: Selection, recipients: ReadonlyMap<number, Recipient>, form: Fields, shownToOthers = true): RecognitionCheck | null {
  const privateOnes = everyonePicked(selection).filter((pick) => recipients.get(pick.employeeId)?.prefersPrivate);
  if (shownToOthers && viewer.tenant.siteConfig.employeePreferencesEnabled && privateOnes.length > 0 && form.get("seenPrivate") !== "1") {
    const subject = privateOnes.length === 1 ? recipients.get(privateOnes[0]!.employeeId)!.displayName : recognitionMessages.severalRecipients;
    return { step: "heads-up", subject };
  }
  if (selectionPoints(selection) > 0 && form.get("seenPoints") !== "1") return { step: "confirm-points" };
  return null;
}
