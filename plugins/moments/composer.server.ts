import type { GroupName } from "~/modules/people/people";
import { lookupScope } from "~/modules/people/scope.server";
import type { AppServices } from "~/modules/services.server";
import { TOO_LARGE_PARAM } from "~/modules/http/body-limits";
import { findLinkPreview, previewLink, type LinkPreviewDeps } from "~/modules/links/link-previews.server";
import { LINK_MAX_LENGTH, linkProblem, parseLink, type LinkPreview } from "~/modules/links/links";
import { TooManyActions, tooManyAttempts } from "~/modules/limits/action-limiter.server";
import { GIF_MAX_SHOWN, GIF_PAGE_SIZE, GIFS_UNAVAILABLE, gifSource, type Gif } from "~/modules/gifs/gifs";
import { GifsUnavailableError } from "~/modules/gifs/giphy.server";
import { pendingCheck, pointsProblems, pointsToGive } from "~/modules/recognition/checks.server";
import { describeSelection, pickPeople, readPeopleInput, type PeopleNotice, type PeoplePolicy, type PeopleInput, type SelectionView } from "~/modules/recognition/people-step.server";
import { groupNamesOf, recipientsByIds, verifiedSources } from "~/modules/recognition/recipients.server";
import { everyonePicked, pointsValue } from "~/modules/recognition/selection";
import type { PickedPerson } from "~/modules/people/people";
import type { LookupResult } from "~/modules/people/lookup.server";
import { findAsset, storeUpload } from "~/modules/storage/assets.server";
import { storeUploadedVideo } from "~/modules/storage/video-processing.server";
import { chosenCrop } from "~/modules/storage/crop-fields.server";
import { BAD_CROP } from "~/modules/storage/images.server";
import { EMPTY_FILE, uploadKinds } from "~/modules/storage/upload-kinds";
import { IMAGE_ALT_MAX, isEmptyDraft, readDraft, withAttachment, type Draft } from "./draft";
import type { FeedAccess } from "./guards.server";
import { addHashtags, HASHTAG_IN_TEXT, hashtagKey, hashtagProblem, tooManyHashtags } from "./hashtags";
import { bannedHashtags, trendingHashtags } from "./hashtags.server";
import { MENTIONS_ONE_BY_ONE, messages, POST_MAX_LENGTH } from "./rules";

export const composerSteps = ["compose", "mentions", "points", "hashtags", "image", "video", "link", "gif"] as const;
export type ComposerStep = (typeof composerSteps)[number] | "heads-up" | "confirm-points";

/** How the composer picks people: its lookup leaves out who hides from the feed, and names them when a group brings them. */
const mentionPolicy: PeoplePolicy = {
  purpose: "mentions",
  refuses: { who: (recipient) => recipient.hidden, named: messages.privacyMentions, pointed: messages.privacyPoints },
  notPointsEligible: messages.notPointsEligible,
};

/** Everything a composer step draws: the draft as the server checked it (its people described), and what the step needs. */
export interface ComposerView extends SelectionView {
  step: ComposerStep;
  draft: Draft;
  lookup: { q: string; result: LookupResult } | null;
  notices: PeopleNotice[];
  errors: Record<string, string[]>;
  /** What was typed into the hashtag box, kept when it was refused. */
  tagInput: string;
  trending: string[];
  canGivePoints: boolean;
  pointsAvailable: number;
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

function pointsAccess(access: FeedAccess, editing: boolean) {
  return pointsToGive(access.db, access.viewer, access.options.postTypes.userGenerated.pointsMentionsEnabled && !editing);
}

interface StepInput extends PeopleInput {
  step: ComposerStep;
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
    ...readPeopleInput(params),
    step: (composerSteps as readonly string[]).includes(step ?? "") ? (step as ComposerStep) : "compose",
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
  let notices: PeopleNotice[] = [];
  const errors: Record<string, string[]> = {};
  const points = await pointsAccess(access, draft.editing !== null);
  const step = input.step === "points" && !points.canGivePoints ? "compose" : input.step;
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
  if (step === "mentions" || step === "points") {
    const picked = await pickPeople(access, mentionPolicy, input, draft.selection, step === "points" ? "pointed" : "named");
    draft = { ...draft, selection: picked.selection };
    ({ lookup, notices } = picked);
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
    errors.url = [linkProblem(input.url)];
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
export async function attachPicture(app: AppServices, access: FeedAccess, params: URLSearchParams, form: FormData) {
  const { draft: posted, view } = await attaching(access, params);
  const file = form.get("picture");
  const draft = { ...posted, imageAlt: String(form.get("imgAlt") ?? "").slice(0, IMAGE_ALT_MAX) };
  if (!(file instanceof File) || file.size === 0) return { ok: false as const, view: await view(draft, "image", { picture: [EMPTY_FILE] }) };
  // The area the cropper chose (with JavaScript); without it the picture is cropped at its centre to a shape the feed allows.
  const chosen = chosenCrop(form);
  if (!chosen.ok) return { ok: false as const, view: await view(draft, "image", { picture: [BAD_CROP] }) };
  const stored = await storeUpload(app.storage, access.db, {
    bytes: Buffer.from(await file.arrayBuffer()),
    fileName: file.name,
    kind: "image",
    purpose: "feed",
    employeeId: access.viewer.employee.id,
    crop: chosen.crop,
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
  const linkId = parts.previewed ?? draft.link;
  const [people, trending, picture, video, link] = await Promise.all([
    describeSelection(access.db, draft.selection),
    parts.step === "hashtags" ? trendingHashtags(access.db) : Promise.resolve([]),
    attachmentOf(access, draft.image, "image"),
    attachmentOf(access, draft.video, "video"),
    linkId ? findLinkPreview(access.db, linkId, access.siteHost) : Promise.resolve(null),
  ]);
  return {
    step: parts.step,
    draft,
    ...people,
    lookup: parts.lookup,
    notices: parts.notices,
    errors: parts.errors,
    tagInput: parts.tagInput,
    trending,
    ...parts.points,
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
  // Tags written in the text ('… #launchq4') are the post's hashtags as much as those added through the step, by the same rules.
  const hashtags = addHashtags(draft.hashtags, Array.from(draft.text.matchAll(HASHTAG_IN_TEXT), (match) => match[1]!).join(" "));
  const banned = await bannedHashtags(access.db);
  for (const tag of hashtags) {
    const found = hashtagProblem(tag, banned);
    if (found && !errors.hashtags?.includes(found)) problem("hashtags", found);
  }
  const tooMany = tooManyHashtags(hashtags);
  if (tooMany) problem("hashtags", tooMany);

  const everyone = everyonePicked(draft.selection);
  const recipients = await recipientsByIds(access.db, everyone.map((mention) => mention.employeeId));
  const sourcesOf = await verifiedSources(access.db, everyone, { ...lookupScope(access.viewer, access.registry, "mentions"), excludeHiddenFromFeed: false });
  const mentionedOneByOne = everyone.filter((mention) => sourcesOf.get(mention.employeeId)!.length === 0).length;
  if (mentionedOneByOne > MENTIONS_ONE_BY_ONE) problem("mentions", messages.tooManyMentions);
  const hidden = everyone.filter((mention) => recipients.get(mention.employeeId)?.hidden).map((mention) => recipients.get(mention.employeeId)!.displayName);
  if (hidden.length > 0) problem("mentions", `${messages.privacyMentions}: ${hidden.join(", ")}`);
  if (everyone.some((mention) => !recipients.has(mention.employeeId) || mention.employeeId === access.viewer.employee.id)) {
    problem("mentions", "Some of the people mentioned can't be mentioned here. Remove them and try again.");
  }
  const cannotGive = draft.editing ? "Points mentions can't be added to a post that is being edited." : undefined;
  for (const [field, found] of Object.entries(pointsProblems(draft.selection, recipients, points, { notEligible: messages.notPointsEligible, cannotGive }))) {
    for (const message of found) problem(field, message);
  }
  if (Object.keys(errors).length > 0) return { ok: false, view: await view("compose") };

  const check = pendingCheck(access.viewer, draft.selection, recipients, form);
  if (check) return { ok: false, view: await view(check.step, check.step === "heads-up" ? check.subject : null) };

  const sourceNames = await groupNamesOf(access.db, [...sourcesOf.values()].flat());
  const groupNamesFor = (mention: PickedPerson) => sourcesOf.get(mention.employeeId)!.flatMap((source) => (sourceNames.has(source) ? [sourceNames.get(source)!] : []));
  return {
    ok: true,
    view: await view("compose"),
    input: {
      text: draft.text.trim(),
      hashtags,
      mentions: [
        ...draft.selection.named.map((mention) => ({ employeeId: mention.employeeId, groupNames: groupNamesFor(mention), points: null })),
        ...draft.selection.pointed.map((mention) => ({ employeeId: mention.employeeId, groupNames: groupNamesFor(mention), points: pointsValue(mention.points)! })),
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
