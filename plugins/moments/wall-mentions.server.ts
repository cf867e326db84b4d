import type { ProgramDb } from "~/modules/db/program-db.server";
import type { Registry } from "~/modules/plugins/registry";
import { publishToWall } from "~/modules/publications/publish.server";

const SOCIAL_MENTION_WALL = "SOCIAL_MENTION" as const;
const POINTS_MENTION_WALL = "POINTS_MENTION" as const;
const MENTION_WALL_KINDS = [SOCIAL_MENTION_WALL, POINTS_MENTION_WALL];

/** What a mention's wall item shows of its post: a line of its text. */
function excerptOf(text: string) {
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/**
 * Puts a post's mentions on the walls of those it mentions: SOCIAL_MENTION for a mention,
 * POINTS_MENTION (with the points) for one that gave points. Whether a wall is shown is its
 * person's myTimelineEnabled, read when it is viewed.
 */
export async function publishMentionsToWalls(registry: Registry, tx: ProgramDb, post: { id: number; from: string; text: string }, mentions: readonly { employeeId: number; points: number | null }[]) {
  const shown = { postId: post.id, from: post.from, excerpt: excerptOf(post.text) };
  const foreignId = String(post.id);
  const plain = mentions.filter((mention) => mention.points === null).map((mention) => mention.employeeId);
  await publishToWall(registry, tx, { itemType: SOCIAL_MENTION_WALL, foreignId, employeeIds: plain, data: shown });
  // One statement per amount given (a post to a group gives each the same).
  const byPoints = new Map<number, number[]>();
  for (const { employeeId, points } of mentions) if (points !== null) byPoints.set(points, [...(byPoints.get(points) ?? []), employeeId]);
  for (const [points, employeeIds] of byPoints) await publishToWall(registry, tx, { itemType: POINTS_MENTION_WALL, foreignId, employeeIds, data: { ...shown, points } });
}

/** Takes a post's mentions off walls: all of them (the post is gone), or those of `employeeIds` (no longer mentioned). */
export async function removeMentionsFromWalls(tx: ProgramDb, postId: number, employeeIds?: readonly number[]) {
  if (employeeIds?.length === 0) return;
  await tx
    .deleteFrom("wall_item")
    .where("item_type", "in", MENTION_WALL_KINDS)
    .where("foreign_id", "=", String(postId))
    .$if(employeeIds !== undefined, (query) => query.where("employee_id", "in", [...employeeIds!]))
    .execute();
}
