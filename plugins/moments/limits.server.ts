import type { ActionLimit, ActionLimiter } from "~/modules/limits/action-limiter.server";
import type { PostInput } from "./composer.server";
import type { MomentsOptions } from "./options";

type Kind = "posts" | "comments" | "reactions" | "reports" | "mentions";

/** Whose allowance an action takes from: a person of a program. */
const personKey = (programId: number, employeeId: number) => `moments:${programId}:${employeeId}`;

/** One of the program's per-person limits (its feed config's `limits`), per minute and per hour. */
export function momentsLimit(options: MomentsOptions, kind: Kind): ActionLimit {
  const { perMinute, perHour } = options.limits[kind];
  return {
    name: kind,
    windows: [
      { points: perMinute, seconds: 60 },
      { points: perHour, seconds: 60 * 60 },
    ],
  };
}

/**
 * A post's charges: the post itself (a new one), each person it names one by
 * one (each is notified on their own; a group or shortcut goes out through one
 * fan-out job), and, per program, a post to All Staff. Throws TooManyActions,
 * taking nothing.
 */
export function chargePost(limits: ActionLimiter, options: MomentsOptions, programId: number, authorId: number, input: PostInput) {
  const who = personKey(programId, authorId);
  return limits.takeAll([
    ...(input.editing === null ? [{ limit: momentsLimit(options, "posts"), who }] : []),
    { limit: momentsLimit(options, "mentions"), who, cost: input.mentionedOneByOne },
    ...(input.mentionsAllStaff ? [{ limit: { name: "posts to All Staff", windows: [{ points: options.limits.allStaffPostsPerHour, seconds: 60 * 60 }] }, who: `moments:${programId}` }] : []),
  ]);
}

/** One interaction's charge (a comment, a reaction, a report) for its author. */
export function chargeInteraction(limits: ActionLimiter, options: MomentsOptions, programId: number, actorId: number, kind: Exclude<Kind, "posts" | "mentions">) {
  return limits.take(momentsLimit(options, kind), personKey(programId, actorId));
}
