import { addPicked, removePicked, shortcutLabels, type GroupName, type Shortcut } from "~/modules/people/people";
import { findByEmails, isEmailList, lookUpPeople, membersOf, type LookupResult } from "~/modules/people/lookup.server";
import { lookupScope } from "~/modules/people/scope.server";
import { pointsSummary } from "~/modules/points/ledger.server";
import { rowId } from "~/utils/row-id";
import type { AppServices } from "~/modules/services.server";
import { TOO_LARGE_PARAM } from "~/modules/http/body-limits";
import { findLinkPreview, previewLink, type LinkPreviewDeps } from "~/modules/links/link-previews.server";
import { INVALID_LINK, LINK_MAX_LENGTH, parseLink, type LinkPreview } from "~/modules/links/links";
import { TooManyActions, tooManyAttempts } from "~/modules/limits/action-limiter.server";
import { GIF_MAX_SHOWN, GIF_PAGE_SIZE, GIFS_UNAVAILABLE, gifSource, type Gif } from "~/modules/gifs/gifs";
import { GifsUnavailableError } from "~/modules/gifs/giphy.server";
import { findAsset, storeUpload } from "~/modules/storage/assets.server";
import { storeUploadedVideo } from "~/modules/storage/video-processing.server";
import { EMPTY_FILE, uploadKinds } from "~/modules/storage/upload-kinds";
import { IMAGE_ALT_MAX, isEmptyDraft, readDraft, withAttachment, type Draft, type DraftMention } from "./draft";
import type { FeedAccess } from "./guards.server";
import { addHashtags, hashtagKey, hashtagProblem, tooManyHashtags } from "./hashtags";
import { bannedHashtags, trendingHashtags } from "./hashtags.server";
import { groupNamesOf, recipientsByIds, verifiedSources, type Recipient } from "./recipients.server";
import { MENTIONS_ONE_BY_ONE, messages, POST_MAX_LENGTH } from "./rules";

export const composerSteps = ["compose", "mentions", "points", "hashtags", "image", "video", "link", "gif"] as const;
export type ComposerStep = (typeof composerSteps)[number] | "heads-up" | "confirm-points";

export interface ComposerNotice {
  message: string;
  names: string[];
}

/** Everything a composer step draws: the draft as the server checked it, and what the step needs. */
export interface ComposerView {
  step: ComposerStep;
  draft: Draft;
  recipients: Record<number, Recipient>;
  groupNames: Record<string, GroupName>;
  lookup: { q: string; result: LookupResult } | null;
  notices: ComposerNotice[];
  errors: Record<string, string[]>;
  /** What was typed into the hashtag box, kept when it was refused. */
  tagInput: string;
  trending: string[];
  canGivePoints: boolean;
  pointsAvailable: number;
  totalPoints: number;
  /** The private-recognition check's subject: a name, or "Several recipients". */
  privateSubject: string | null;
  /** The post's picture, or its video, as uploaded for it. */
  picture: Attachment | null;
  video: Attachment | null;
  /** Or its link's preview; on the link step, the preview of the address typed there. */
  link: LinkPreview | null;
  /** What was typed into the link step's address box. */
  linkInput: string;
  /** Or its GIF. */
  gif: Gif | null;
  /** GIFs can be added (the app has a GIF provider). */
  gifsOffered: boolean;
  /** The GIF step's search ('' for trending) and what it found. */
  gifSearch: { query: string; gifs: Gif[]; more: boolean; shown: number } | null;
}

export interface Attachment {
  id: string;
  src: string;
  contentType: string;
  width: number | null;
  height: number | null;
}

/** An upload of the draft's, if it is one of the right kind this person uploaded in this program (anything else is not theirs to post). */
async function attachmentOf(access: FeedAccess, id: string | null, kind: "image" | "video"): Promise<Attachment | null> {
  if (!id) return null;
  const found = await findAsset(access.db, id);
  if (!found || found.asset.kind !== kind || found.uploadedBy !== access.viewer.employee.id) return null;
  const { source, contentType, width, height } = found.asset;
  return { id, src: source, contentType, width, height };
}

export const PICTURE_GONE = "This picture is no longer available. Add it again.";
export const VIDEO_GONE = "This video is no longer available. Add it again.";
export const LINK_GONE = "This link's preview is no longer available. Add the link again.";
export const GIF_GONE = "This GIF is no longer available. Choose another.";
export const GIFS_OFF = "GIFs can't be added here. Remove the GIF to post.";
export const ONE_ATTACHMENT = "A post has one attachment: a picture, a video, a GIF or a link.";

const WHOLE = /^\d{1,9}$/;

/** A points value as typed, or null when it is not a positive whole number. */
export function pointsValue(typed: string) {
  const trimmed = typed.trim();
  return WHOLE.test(trimmed) && Number(trimmed) > 0 ? Number(trimmed) : null;
}

function totalOf(draft: Draft) {
  return draft.pointsMentions.reduce((sum, mention) => sum + (pointsValue(mention.points) ?? 0), 0);
}

async function pointsAccess(access: FeedAccess, editing: boolean) {
  const { viewer, db, options } = access;
  const allowed = viewer.employee.permissions.canGiveDiscretionaryPoints && options.postTypes.userGenerated.pointsMentionsEnabled && !editing;
  const available = allowed ? (await pointsSummary(db, viewer.employee.id)).discretionaryPointsAvailable : 0;
  return { canGivePoints: allowed && available > 0, pointsAvailable: available };
}

type Picks = { ids: number[]; source: string | null }[];

/** The people behind the `pick` values of a lookup ("e12", "g5", "sMY_DOWNLINE"), as the mention scope allows, with those who hide from the feed set apart. */
async function resolvePicks(access: FeedAccess, picks: string[]): Promise<Picks> {
  const { viewer, db } = access;
  const scope = { ...lookupScope(viewer, access.registry, "mentions"), excludeHiddenFromFeed: false };
  const resolved: Picks = [];
  for (const pick of picks.slice(0, 10)) {
    if (pick.startsWith("e")) {
      const id = rowId(pick.slice(1));
      if (id !== null && id !== viewer.employee.id) resolved.push({ ids: [id], source: null });
      continue;
    }
    const group = pick.startsWith("g") ? rowId(pick.slice(1)) : null;
    const shortcut = pick.startsWith("s") && pick.slice(1) in shortcutLabels ? (pick.slice(1) as Shortcut) : null;
    if (group === null && shortcut === null) continue;
    const members = await membersOf(db, group !== null ? { group } : { shortcut: shortcut! }, scope);
    resolved.push({ ids: members.map((member) => member.id), source: group !== null ? `g${group}` : shortcut });
  }
  return resolved;
}

interface StepInput {
  step: ComposerStep;
  q: string;
  op: string;
  picks: string[];
  emails: string;
  remove: number | null;
  tag: string;
  addTag: string;
  removeTag: string;
  removeImage: boolean;
  removeVideo: boolean;
  removeLink: boolean;
  /** The address typed on the link step. */
  url: string;
  removeGif: boolean;
  /** The GIF step's search, how many results to show, and the GIF chosen. */
  gifQuery: string;
  gifsShown: number;
  pickGif: string;
}

function readStep(params: URLSearchParams): StepInput {
  // "go": the step a button asks for; "at": the step the form was on.
  const step = params.get("go") ?? params.get("at");
  return {
    step: (composerSteps as readonly string[]).includes(step ?? "") ? (step as ComposerStep) : "compose",
    q: (params.get("q") ?? "").slice(0, 100),
    op: params.get("do") ?? "",
    picks: params.getAll("pick"),
    emails: (params.get("emails") ?? "").slice(0, 20_000),
    remove: rowId(params.get("remove")),
    tag: (params.get("tag") ?? "").slice(0, 200),
    addTag: (params.get("addTag") ?? "").slice(0, 100),
    removeTag: (params.get("removeTag") ?? "").slice(0, 100),
    removeImage: params.has("removeImage"),
    removeVideo: params.has("removeVideo"),
    removeLink: params.has("removeLink"),
    url: (params.get("url") ?? "").slice(0, LINK_MAX_LENGTH + 1),
    removeGif: params.has("removeGif"),
    gifQuery: (params.get("gifq") ?? "").slice(0, 50),
    // 'Show More' asks for the next page on top of those shown: a multiple of the page size, up to the most a search shows.
    gifsShown: Math.min(Math.max(Math.ceil((Number(params.get("gifs")) || GIF_PAGE_SIZE) / GIF_PAGE_SIZE), 1) * GIF_PAGE_SIZE, GIF_MAX_SHOWN),
    pickGif: (params.get("pickGif") ?? "").slice(0, 64),
  };
}

/**
 * One composer step, from its URL: the draft, and what the step was asked to
 * do to it (look people up, add the picked or pasted, remove one, add or remove
 * a hashtag, preview or add a link). A function of the URL, so a step can be
 * reloaded, linked to and fetched by the page's script alike. `services`
 * fetch link previews; without them (the feed's empty composer) the link step
 * only shows.
 */
export async function composerStep(access: FeedAccess, params: URLSearchParams, services: LinkPreviewDeps | null = null): Promise<ComposerView> {
  const input = readStep(params);
  let draft = readDraft(params);
  if (!draft.key) draft.key = crypto.randomUUID();
  const notices: ComposerNotice[] = [];
  const errors: Record<string, string[]> = {};
  const points = await pointsAccess(access, draft.editing !== null);
  const step = input.step === "points" && !points.canGivePoints ? "compose" : input.step;
  const target = step === "points" ? "pointsMentions" : "mentions";
  let lookup: ComposerView["lookup"] = null;
  let tagInput = "";
  if (input.removeImage) draft = { ...draft, image: null, imageAlt: "" };
  if (input.removeVideo) draft = { ...draft, video: null };
  if (input.removeLink) draft = { ...draft, link: null };
  if (input.removeGif) draft = { ...draft, gif: null, gifTitle: "" };
  if (params.has(TOO_LARGE_PARAM)) {
    if (step === "video") errors.video = [uploadKinds.video.tooLarge];
    else errors.picture = [uploadKinds.image.tooLarge];
  }

  const add = async (groups: Picks) => {
    const ids = groups.flatMap((group) => group.ids);
    const people = await recipientsByIds(access.db, ids);
    const hidden = new Set<string>();
    const notEligible = new Set<string>();
    for (const group of groups) {
      const allowed = group.ids.filter((id) => people.has(id) && !people.get(id)!.hidden);
      for (const id of group.ids) if (people.get(id)?.hidden) hidden.add(people.get(id)!.displayName);
      if (target === "pointsMentions") {
        const earners = allowed.filter((id) => people.get(id)!.usesPoints);
        for (const id of allowed) if (!people.get(id)!.usesPoints) notEligible.add(people.get(id)!.displayName);
        draft.pointsMentions = addPicked(draft.pointsMentions, earners, group.source, (picked) => ({ ...picked, points: "" }));
        draft.mentions = addPicked(draft.mentions, allowed.filter((id) => !people.get(id)!.usesPoints), group.source, (picked) => picked);
      } else {
        draft.mentions = addPicked(draft.mentions, allowed, group.source, (picked) => picked);
      }
    }
    const pointed = new Set(draft.pointsMentions.map((mention) => mention.employeeId));
    draft.mentions = draft.mentions.filter((mention) => !pointed.has(mention.employeeId));
    if (hidden.size > 0) notices.push({ message: target === "pointsMentions" ? messages.privacyPoints : messages.privacyMentions, names: [...hidden] });
    if (notEligible.size > 0) notices.push({ message: messages.notPointsEligible, names: [...notEligible] });
  };

  if (step === "mentions" || step === "points") {
    if (input.op === "add") await add(await resolvePicks(access, input.picks));
    // A list of addresses, pasted in its own box or typed into the search: the same people, the same notices.
    const searched = input.op === "search" || (input.q !== "" && input.op === "");
    const pasted = input.op === "paste" ? input.emails : searched && isEmailList(input.q) ? input.q : "";
    if (pasted.trim()) {
      const scope = { ...lookupScope(access.viewer, access.registry, "mentions"), excludeHiddenFromFeed: false };
      const found = await findByEmails(access.db, pasted, scope);
      await add([{ ids: found.people.map((person) => person.id), source: null }]);
      if (found.unknown.length > 0) notices.push({ message: "No one in this program has these addresses:", names: found.unknown });
    }
    if (input.remove !== null) {
      draft = target === "pointsMentions" ? { ...draft, pointsMentions: removePicked(draft.pointsMentions, input.remove) } : { ...draft, mentions: removePicked(draft.mentions, input.remove) };
    }
    if (searched && !isEmailList(input.q)) {
      lookup = { q: input.q, result: await lookUpPeople(access.db, input.q, lookupScope(access.viewer, access.registry, "mentions")) };
    }
  }

  // Only the hashtag step reads the banned list: the feed's empty composer costs no query for it.
  if (step === "hashtags") {
    const banned = await bannedHashtags(access.db);
    if (input.removeTag) draft.hashtags = draft.hashtags.filter((tag) => hashtagKey(tag) !== hashtagKey(input.removeTag));
    const typed = input.addTag || (input.op === "add-tag" ? input.tag : "");
    if (typed.trim()) {
      const words = typed.split(/\s+/).filter(Boolean);
      const problem = words.map((word) => hashtagProblem(word, banned)).find(Boolean) ?? tooManyHashtags(addHashtags(draft.hashtags, typed));
      if (problem) {
        errors.tag = [problem];
        tagInput = input.tag;
      } else {
        draft.hashtags = addHashtags(draft.hashtags, typed);
      }
    }
  }

  const common = { lookup, notices, errors, tagInput, points };
  if (step === "link" && services) return describe(access, { ...common, ...(await linkStep(access, services, input, draft, errors)) });
  if (step === "gif") return describe(access, { ...common, ...(await gifStep(access, services, input, draft, errors)) });
  return describe(access, { ...common, draft, step });
}

/** The link step's work: the address typed there previewed, or added to the draft, which then goes back to composing. */
async function linkStep(access: FeedAccess, services: LinkPreviewDeps, input: StepInput, draft: Draft, errors: Record<string, string[]>) {
  const kept = { draft, step: "link" as ComposerStep, linkInput: input.url, previewed: null as number | null };
  if (input.op !== "preview-link" && input.op !== "add-link") return { ...kept, linkInput: "" };
  const url = parseLink(input.url);
  if (!url) {
    errors.url = [INVALID_LINK];
    return kept;
  }
  let preview: number;
  try {
    preview = await previewLink(services, access.db, url, access.viewer.employee.id);
  } catch (error) {
    if (!(error instanceof TooManyActions)) throw error;
    errors.url = [tooManyAttempts(error.retryAfterSeconds, error.limit)];
    return kept;
  }
  if (input.op === "preview-link") return { ...kept, previewed: preview };
  return { ...kept, draft: withAttachment(draft, { link: preview }), step: "compose" as ComposerStep, linkInput: "" };
}

/**
 * A draft's GIF checked at submit as in its step: offered at all (the app has a
 * provider), and still there. Its title is the provider's, not what the form says.
 */
async function checkedGif(access: FeedAccess, id: string): Promise<{ ok: true; gif: Gif } | { ok: false; problem: string }> {
  if (!access.gifs) return { ok: false, problem: GIFS_OFF };
  try {
    const gif = await access.gifs.find(id);
    return gif ? { ok: true, gif } : { ok: false, problem: GIF_GONE };
  } catch (error) {
    if (!(error instanceof GifsUnavailableError)) throw error;
    return { ok: false, problem: GIFS_UNAVAILABLE };
  }
}

/** The GIF step's work: GIPHY searched (trending for no search), or the GIF chosen there added to the draft, which then goes back to composing. */
async function gifStep(access: FeedAccess, services: LinkPreviewDeps | null, input: StepInput, draft: Draft, errors: Record<string, string[]>) {
  const none = { draft, step: "compose" as ComposerStep, gifSearch: null };
  if (!access.gifs) return none;
  const search = { query: input.gifQuery, shown: input.gifsShown };
  try {
    const chosen = input.pickGif ? await access.gifs.find(input.pickGif) : null;
    if (chosen) return { ...none, draft: withAttachment(draft, { gif: chosen.id, gifTitle: chosen.title }) };
    if (input.pickGif) errors.gif = [GIF_GONE];
    return { draft, step: "gif" as ComposerStep, gifSearch: { ...search, ...(await access.gifs.search(search.query, search.shown)) } };
  } catch (error) {
    if (!(error instanceof GifsUnavailableError)) throw error;
    services?.log.warn({ event: "gifs_unavailable", err: error.message }, "GIPHY could not be reached");
    errors.gif = [GIFS_UNAVAILABLE];
    return { draft, step: "gif" as ComposerStep, gifSearch: { ...search, gifs: [], more: false } };
  }
}

/** The draft a picture or video step posted (it rides in the URL), back at `step` saying why a file was refused. */
async function attaching(access: FeedAccess, params: URLSearchParams) {
  const draft = readDraft(params);
  if (!draft.key) draft.key = crypto.randomUUID();
  const points = await pointsAccess(access, draft.editing !== null);
  const view = (next: Draft, step: ComposerStep, errors: Record<string, string[]> = {}) =>
    describe(access, { draft: next, step, lookup: null, notices: [], errors, tagInput: "", points });
  return { draft, view };
}

/**
 * Adds a picture to the draft in `params`: checked by its content, re-encoded
 * for the feed (centred in a shape between 9:16 and 16:9, 1000 px wide at
 * most, no metadata) and stored; then back to the post. A file refused stays
 * out, and the picture step says why beside its field.
 */
export async function attachPicture(app: AppServices, access: FeedAccess, params: URLSearchParams, file: File | null, alt: string) {
  const { draft: posted, view } = await attaching(access, params);
  const draft = { ...posted, imageAlt: alt.slice(0, IMAGE_ALT_MAX) };
  if (!file || file.size === 0) return { ok: false as const, view: await view(draft, "image", { picture: [EMPTY_FILE] }) };
  const stored = await storeUpload(app.storage, access.db, {
    bytes: Buffer.from(await file.arrayBuffer()),
    fileName: file.name,
    kind: "image",
    purpose: "feed",
    employeeId: access.viewer.employee.id,
  });
  if (!stored.ok) return { ok: false as const, view: await view(draft, "image", { picture: [stored.message] }) };
  const next = withAttachment(draft, { image: stored.asset.id, imageAlt: draft.imageAlt });
  return { ok: true as const, draft: next, view: await view(next, "compose") };
}

/**
 * Adds a video to the draft in `params`, from the file the upload streamed to
 * disk: checked by its content (MP4, WebM or MOV, 100 MB at most) and stored as
 * it is. A file refused stays out, and the video step says why.
 */
export async function attachVideo(app: AppServices, access: FeedAccess, params: URLSearchParams, upload: { path: string; name: string } | null) {
  const { draft, view } = await attaching(access, params);
  if (!upload) return { ok: false as const, view: await view(draft, "video", { video: [EMPTY_FILE] }) };
  const stored = await storeUploadedVideo(app, access.db, { path: upload.path, fileName: upload.name, employeeId: access.viewer.employee.id });
  if (!stored.ok) return { ok: false as const, view: await view(draft, "video", { video: [stored.message] }) };
  const next = withAttachment(draft, { video: stored.asset.id });
  return { ok: true as const, draft: next, view: await view(next, "compose") };
}

/** A video too large to stream: back to the video step, saying so. */
export async function videoTooLarge(access: FeedAccess, params: URLSearchParams) {
  const { draft, view } = await attaching(access, params);
  return view(draft, "video", { video: [uploadKinds.video.tooLarge] });
}

/** The view of a draft at a step: its people and group names looked up, its attachment found. */
async function describe(
  access: FeedAccess,
  parts: Pick<ComposerView, "draft" | "step" | "lookup" | "notices" | "errors" | "tagInput"> & {
    points: Awaited<ReturnType<typeof pointsAccess>>;
    privateSubject?: string | null;
    linkInput?: string;
    /** A preview the link step fetched, not (yet) the draft's. */
    previewed?: number | null;
    gifSearch?: ComposerView["gifSearch"];
  },
): Promise<ComposerView> {
  const { draft } = parts;
  const all = [...draft.mentions, ...draft.pointsMentions];
  const linkId = parts.previewed ?? draft.link;
  const [recipients, groupNames, trending, picture, video, link] = await Promise.all([
    recipientsByIds(access.db, all.map((mention) => mention.employeeId)),
    groupNamesOf(access.db, all.flatMap((mention) => mention.sources)),
    parts.step === "hashtags" ? trendingHashtags(access.db) : Promise.resolve([]),
    attachmentOf(access, draft.image, "image"),
    attachmentOf(access, draft.video, "video"),
    linkId ? findLinkPreview(access.db, linkId, access.siteHost) : Promise.resolve(null),
  ]);
  return {
    step: parts.step,
    draft,
    recipients: Object.fromEntries(recipients),
    groupNames: Object.fromEntries(groupNames),
    lookup: parts.lookup,
    notices: parts.notices,
    errors: parts.errors,
    tagInput: parts.tagInput,
    trending,
    ...parts.points,
    totalPoints: totalOf(draft),
    privateSubject: parts.privateSubject ?? null,
    picture,
    video,
    link,
    linkInput: parts.linkInput ?? "",
    gif: draft.gif ? { id: draft.gif, title: draft.gifTitle || "GIF", src: gifSource(draft.gif), width: null, height: null } : null,
    gifsOffered: access.gifs !== null,
    gifSearch: parts.gifSearch ?? null,
  };
}

/** What a checked draft posts: people resolved, points parsed. */
export interface PostInput {
  text: string;
  hashtags: string[];
  mentions: { employeeId: number; groupNames: GroupName[]; points: number | null }[];
  picture: { id: string; alt: string } | null;
  video: string | null;
  /** The id of the link's preview. */
  link: number | null;
  gif: { id: string; title: string } | null;
  key: string;
  editing: number | null;
  /** People named one by one, not through a group or shortcut (each is notified on their own). */
  mentionedOneByOne: number;
  /** Someone is named through 'All Staff'. */
  mentionsAllStaff: boolean;
}

export type PostCheck = { ok: true; input: PostInput; view: ComposerView } | { ok: false; view: ComposerView };

/**
 * Checks a draft for posting, rule by rule (spec: Post, Points mentions,
 * Hashtags, Private-recognition check, Points confirmation). The two checks
 * come back as steps of their own until the form says they were seen.
 */
export async function checkForPosting(access: FeedAccess, form: FormData, extraErrors: Record<string, string[]> = {}): Promise<PostCheck> {
  const draft = readDraft(form);
  if (!draft.key) draft.key = crypto.randomUUID();
  const points = await pointsAccess(access, draft.editing !== null);
  const errors: Record<string, string[]> = { ...extraErrors };
  const problem = (field: string, message: string) => void (errors[field] ??= []).push(message);
  const view = (step: ComposerStep, privateSubject: string | null = null) =>
    describe(access, { draft, step, lookup: null, notices: [], errors, tagInput: "", points, privateSubject });

  if (draft.text.length > POST_MAX_LENGTH) problem("text", `A post has at most ${POST_MAX_LENGTH} characters.`);
  if (isEmptyDraft(draft)) problem("text", "Write something, or add a picture, a video, a hashtag or a mention.");
  if ([draft.image, draft.video, draft.link, draft.gif].filter((attachment) => attachment !== null).length > 1) problem("picture", ONE_ATTACHMENT);
  if (draft.image && !(await attachmentOf(access, draft.image, "image"))) problem("picture", PICTURE_GONE);
  if (draft.video && !(await attachmentOf(access, draft.video, "video"))) problem("video", VIDEO_GONE);
  if (draft.link && !(await findLinkPreview(access.db, draft.link, access.siteHost))) problem("link", LINK_GONE);
  const gif = draft.gif ? await checkedGif(access, draft.gif) : null;
  if (gif && !gif.ok) problem("gif", gif.problem);
  const banned = await bannedHashtags(access.db);
  for (const tag of draft.hashtags) {
    const found = hashtagProblem(tag, banned);
    if (found && !errors.hashtags?.includes(found)) problem("hashtags", found);
  }
  const tooMany = tooManyHashtags(draft.hashtags);
  if (tooMany) problem("hashtags", tooMany);

  const everyone = [...draft.mentions, ...draft.pointsMentions];
  const recipients = await recipientsByIds(access.db, everyone.map((mention) => mention.employeeId));
  const sourcesOf = await verifiedSources(access.db, everyone, { ...lookupScope(access.viewer, access.registry, "mentions"), excludeHiddenFromFeed: false });
  const mentionedOneByOne = everyone.filter((mention) => sourcesOf.get(mention.employeeId)!.length === 0).length;
  if (mentionedOneByOne > MENTIONS_ONE_BY_ONE) problem("mentions", messages.tooManyMentions);
  const hidden = everyone.filter((mention) => recipients.get(mention.employeeId)?.hidden).map((mention) => recipients.get(mention.employeeId)!.displayName);
  if (hidden.length > 0) problem("mentions", `${messages.privacyMentions}: ${hidden.join(", ")}`);
  if (everyone.some((mention) => !recipients.has(mention.employeeId) || mention.employeeId === access.viewer.employee.id)) {
    problem("mentions", "Some of the people mentioned can't be mentioned here. Remove them and try again.");
  }

  if (draft.pointsMentions.length > 0) {
    if (!points.canGivePoints) problem("points", draft.editing ? "Points mentions can't be added to a post that is being edited." : messages.notEnoughPoints);
    for (const mention of draft.pointsMentions) {
      if (pointsValue(mention.points) === null) problem(`pts.${mention.employeeId}`, messages.pointsNotWhole);
      if (recipients.get(mention.employeeId) && !recipients.get(mention.employeeId)!.usesPoints) problem(`pts.${mention.employeeId}`, messages.notPointsEligible);
    }
    if (points.canGivePoints && totalOf(draft) > points.pointsAvailable) problem("points", messages.notEnoughPoints);
  }
  if (Object.keys(errors).length > 0) return { ok: false, view: await view("compose") };

  const privateOnes = everyone.filter((mention) => recipients.get(mention.employeeId)!.prefersPrivate);
  if (access.viewer.tenant.siteConfig.employeePreferencesEnabled && privateOnes.length > 0 && form.get("seenPrivate") !== "1") {
    const subject = privateOnes.length === 1 ? recipients.get(privateOnes[0]!.employeeId)!.displayName : messages.severalRecipients;
    return { ok: false, view: await view("heads-up", subject) };
  }
  if (totalOf(draft) > 0 && form.get("seenPoints") !== "1") return { ok: false, view: await view("confirm-points") };

  const sourceNames = await groupNamesOf(access.db, [...sourcesOf.values()].flat());
  const groupNamesFor = (mention: DraftMention) => sourcesOf.get(mention.employeeId)!.flatMap((source) => (sourceNames.has(source) ? [sourceNames.get(source)!] : []));
  return {
    ok: true,
    view: await view("compose"),
    input: {
      text: draft.text.trim(),
      hashtags: draft.hashtags,
      mentions: [
        ...draft.mentions.map((mention) => ({ employeeId: mention.employeeId, groupNames: groupNamesFor(mention), points: null })),
        ...draft.pointsMentions.map((mention) => ({ employeeId: mention.employeeId, groupNames: groupNamesFor(mention), points: pointsValue(mention.points)! })),
      ],
      picture: draft.image ? { id: draft.image, alt: draft.imageAlt.trim() } : null,
      video: draft.video,
      link: draft.link,
      gif: gif?.ok ? { id: gif.gif.id, title: gif.gif.title || "GIF" } : null,
      key: draft.key,
      editing: draft.editing,
      mentionedOneByOne,
      mentionsAllStaff: [...sourcesOf.values()].some((sources) => sources.includes("ALL_STAFF")),
    },
  };
}
