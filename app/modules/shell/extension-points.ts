import type { Viewer } from "~/modules/auth/viewer";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { AppServices } from "~/modules/services.server";
import type { Tenant } from "~/modules/tenants/tenant";
import { createExtensionPoint } from "~/modules/plugins/extension-point";

interface Visibility {
  /** An employee permission flag the viewer must have. */
  permission?: string;
  when?: (viewer: Viewer) => boolean;
}

/** An action on someone's profile (send an eCard, nominate, give points): a link to the adding plugin's page for that person. */
export interface ProfileAction extends Visibility {
  label: string;
  href(personId: number): string;
  /** On the viewer's own profile too (most actions are for others). */
  onOwnProfile?: boolean;
  /** A permission flag the person must have too (an action both sides take part in, such as a card both send and receive). */
  personPermission?: string;
  order?: number;
}

/** What a milestone card is about: whose milestone, which, and its day (YYYY-MM-DD). */
export interface Milestone {
  personId: number;
  event: "BIRTHDAY" | "ANNIVERSARY";
  date: string;
}

/**
 * An action on a milestone card (a birthday, a work anniversary; a plugin that shows them draws
 * them): a link to the adding plugin's page for that person and day, such as 'Send eCard'.
 */
export interface MilestoneAction extends Visibility {
  label: string;
  href(milestone: Milestone): string;
  /** A permission flag the milestone's person must have too (both sides use eCards). */
  personPermission?: string;
  order?: number;
}

/** A link a plugin adds to one of the milestone cards a page shows. */
export interface MilestoneLink {
  milestone: Milestone;
  label: string;
  href: string;
}

/**
 * Links that depend on what a plugin holds for the milestone cards a page shows (the viewer's own
 * anniversary's service award), read on the server with them. Server only.
 */
export interface MilestoneLinks extends Visibility {
  links(args: { db: ProgramDb; viewer: Viewer; shown: readonly Milestone[] }): Promise<MilestoneLink[]>;
}

/** The privacy preferences of the core that only a plugin acts on (the others, the core reads itself). */
export type PluginReadPreference = "hideFromMomentsFeed" | "birthdayRecognitionType" | "anniversaryRecognitionType";

/** Preferences a plugin reads: /settings/privacy offers them only while a plugin the program has on reads them. */
export interface PreferenceReader {
  preferences: readonly PluginReadPreference[];
}

/** A connection to an outside service as /settings/integrations shows it: what it is, whether it works, and how. */
export interface IntegrationState {
  name: string;
  connected: boolean;
  detail: string;
}

/** A plugin's connection to an outside service (the shop's gift-card provider), read for /settings/integrations. Server only. */
export interface Integration {
  state(args: { tenant: Tenant }): IntegrationState;
}

/** A chapter of a person's recognition story (/profile/{id}/story) that a plugin writes: a title and what it counts (the hashtags of their recognition). */
export interface StoryChapter {
  title: string;
  entries: { label: string; count: number }[];
}

/** Where a plugin's chapter of a person's recognition story comes from (it may keep it: `versionedCache`). Server only. */
export interface StoryChapterSource {
  chapter(args: { db: ProgramDb; viewer: Viewer; personId: number }): Promise<StoryChapter | null>;
}

/** Questions a plugin answers on the help page (how to send an eCard), for those who may use it. */
export interface HelpQuestions extends Visibility {
  questions: readonly { question: string; answer: string }[];
}

/** An action in a feed item's menu (answer with an eCard, amplify a nomination): a link to the adding plugin's page for that item. */
export interface FeedItemAction extends Visibility {
  label: string;
  href(item: { id: number; kind: string; foreignId: string }): string;
  /** Only on items it fits (of some kinds, say); on every item without it. */
  appliesTo?(item: { kind: string; mine: boolean }): boolean;
}

/** Requests waiting for the viewer's decision (points requests, a plugin's own), counted on the approvals card. Server only. */
export interface PendingApprovals extends Visibility {
  label: string;
  /** The list of them. */
  to: string;
  count(args: { db: ProgramDb; viewer: Viewer }): Promise<number>;
  /**
   * Passes an absent approver's pending requests of this kind to another approver (program
   * settings' Approvers page), telling them; returns how many moved.
   */
  reassign?(args: { app: AppServices; tenant: Tenant; db: ProgramDb; fromId: number; toId: number; actorId: number }): Promise<number>;
}

/** Someone a published feed item names: shown on it as a post's mentions are (with the points the publisher gave them). */
export interface PublishedMention {
  employeeId: number;
  points?: number | null;
}

/**
 * Told of each item published to the feed, in the publisher's transaction. Moments records its
 * mentions, so a birthday, an eCard or a nomination shows, and is reacted to, commented on and
 * amplified, as any post. Server only.
 */
export interface FeedItemListener {
  published(args: { db: ProgramDb; item: { id: number; kind: string; authorId: number | null; mentions: readonly PublishedMention[] } }): Promise<void>;
}

export const profileActions = createExtensionPoint<ProfileAction>("core.profile-actions");
export const feedItemActions = createExtensionPoint<FeedItemAction>("core.feed-item-actions");
export const milestoneActions = createExtensionPoint<MilestoneAction>("core.milestone-actions");
export const milestoneLinks = createExtensionPoint<MilestoneLinks>("core.milestone-links");
export const pendingApprovals = createExtensionPoint<PendingApprovals>("core.pending-approvals");
export const feedItemPublished = createExtensionPoint<FeedItemListener>("core.feed-item-published");
export const preferenceReaders = createExtensionPoint<PreferenceReader>("core.preference-readers");
export const integrations = createExtensionPoint<Integration>("core.integrations");
export const storyChapters = createExtensionPoint<StoryChapterSource>("core.story-chapters");
export const helpQuestions = createExtensionPoint<HelpQuestions>("core.help-questions");

/** The core's extension points (core-contributions offers them). */
export const coreExtensionPoints = [profileActions, feedItemActions, milestoneActions, milestoneLinks, pendingApprovals, feedItemPublished, preferenceReaders, integrations, storyChapters, helpQuestions];
