import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { ErrorList } from "~/components/forms";
import { ChosenPeople, PeopleStep } from "~/components/recognition/people-step";
import { RecognitionCheck } from "~/components/recognition/recognition-check";
import { HiddenFields, StepButton as RecognitionStepButton } from "~/components/recognition/step-button";
import { GifPlayer } from "~/components/gifs/gif-player";
import { LinkCard } from "~/components/links/link-card";
import { GIF_PAGE_SIZE } from "~/modules/gifs/gifs";
import { Button } from "~/components/ui/button";
import { cn } from "~/utils/cn";
import { useFieldValue } from "~/utils/use-field-value";
import { useHydrated } from "~/utils/use-hydrated";
import type { ComposerView } from "../composer.server";
import { UploadField } from "~/components/upload-field";
import { draftFields, draftQuery, IMAGE_ALT_MAX, isEmptyDraft, type Draft } from "../draft";
import { HASHTAG_LIMIT, MENTIONS_ONE_BY_ONE, messages, POST_MAX_LENGTH } from "../rules";

const COMPOSE = "/compose";

/** A button that asks /compose for a step or for something done to the draft (the core's step button, here). */
function StepButton(props: Omit<Parameters<typeof RecognitionStepButton>[0], "action">) {
  return <RecognitionStepButton action={COMPOSE} {...props} />;
}

type SubmitStep = (extra: [string, string][]) => void;

/** The cap on people named one by one, said where people are picked (the server refuses more with messages.tooManyMentions). */
const mentionsNote = `Up to ${MENTIONS_ONE_BY_ONE} people one by one; a group or shortcut reaches everyone in it.`;

function MentionsStep({ view, submitStep }: { view: ComposerView; submitStep: SubmitStep }) {
  const points = view.step === "points";
  return (
    <PeopleStep
      view={view}
      list={points ? "pointed" : "named"}
      action={COMPOSE}
      purpose="mentions"
      title={points ? "Give points" : "Mention people"}
      note={mentionsNote}
      pointsAvailable={view.pointsAvailable}
      chosenLabel={points ? "Points mentions" : "Mentioned"}
      onChoose={(value) => submitStep([["do", "add"], ["pick", value]])}
    />
  );
}

function HashtagStep({ view }: { view: ComposerView }) {
  return (
    <div className="flex flex-col gap-3">
      <h2 className="font-semibold">Hashtags</h2>
      <p className="text-sm text-slate-700">
        {view.draft.hashtags.length}/{HASHTAG_LIMIT} Added
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor="composer-tag" className="text-sm font-medium">
            Hashtag
          </label>
          <input
            id="composer-tag"
            name="tag"
            defaultValue={view.tagInput}
            aria-invalid={view.errors.tag ? true : undefined}
            aria-describedby={view.errors.tag ? "composer-tag-error" : undefined}
            className="field"
          />
        </div>
        <StepButton name="do" value="add-tag">
          Add
        </StepButton>
      </div>
      <ErrorList id="composer-tag-error" errors={view.errors.tag} />
      {view.draft.hashtags.length > 0 ? (
        <ul aria-label="Hashtags added" className="flex flex-wrap gap-2">
          {view.draft.hashtags.map((tag) => (
            <li key={tag} className="pill">
              #{tag}
              <button type="submit" name="removeTag" value={tag} formMethod="get" formAction="/compose" formNoValidate className="text-slate-700 underline">
                Remove<span className="sr-only"> #{tag}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {view.trending.length > 0 ? (
        <div>
          <p className="text-sm font-medium">Trending</p>
          <ul className="flex flex-wrap gap-2">
            {view.trending.map((tag) => (
              <li key={tag}>
                <button type="submit" name="addTag" value={tag} formMethod="get" formAction="/compose" formNoValidate className="rounded-full border border-slate-300 px-2 py-1 text-sm">
                  #{tag}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div>
        <StepButton value="compose">Back</StepButton>
      </div>
    </div>
  );
}

/** The two attachment steps: each posts its file (as a file must be) to a route of its own, with the draft in the URL. */
const attachmentSteps = {
  image: {
    field: "picture",
    title: "Add a picture",
    label: "Picture",
    help: "JPEG, PNG, WebP or GIF, up to 10 MB. Frame it once chosen; without that, a picture taller than 9:16 or wider than 16:9 is cropped at its centre.",
    action: "/compose/picture",
    submit: "Add picture",
  },
  video: {
    field: "video",
    title: "Add a video",
    label: "Video",
    help: "MP4, WebM or MOV, up to 100 MB.",
    action: "/compose/video",
    submit: "Add video",
  },
} as const;

function AttachmentStep({ view, step, uploading, children }: { view: ComposerView; step: keyof typeof attachmentSteps; uploading: boolean; children?: ReactNode }) {
  const { field, title, label, help, action, submit } = attachmentSteps[step];
  const [clientError, setClientError] = useState<string | undefined>();
  const tooBig = clientError !== undefined;
  const errors = clientError ? [clientError] : view.errors[field];
  // A feed picture keeps its own shape between 9:16 and 16:9 (the spec's feed crop); the cropper frames it within that.
  const crop = step === "image" ? { aspect: { min: 9 / 16, max: 16 / 9 }, frameLabel: "Drag the picture to frame it" } : undefined;
  return (
    <div className="flex flex-col gap-3">
      <h2 className="font-semibold">{title}</h2>
      <UploadField id={`composer-${field}`} name={field} kind={step} label={label} help={help} errors={errors} onError={setClientError} crop={crop} />
      {children}
      {uploading && step === "video" ? (
        <p role="status" className="rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900">
          {messages.videoUploading}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" formMethod="post" formEncType="multipart/form-data" formAction={`${action}?${draftQuery(view.draft, { go: step })}`} size="sm" disabled={tooBig || uploading}>
          {submit}
        </Button>
        <StepButton value="compose">Back</StepButton>
      </div>
    </div>
  );
}

/** How long the link step waits after the last keystroke before it previews the address (spec: 500 ms). */
const LINK_PREVIEW_DELAY_MS = 500;

/**
 * The link step: an address, previewed as its card. Without JavaScript,
 * Preview and Add link are steps of their own; with it, the preview follows
 * the typing (once it pauses) and Add link is the same request as ever.
 */
function LinkStep({ view, submitStep }: { view: ComposerView; submitStep: SubmitStep }) {
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  // A preview still waiting must not follow (and so cancel) what the form sends meanwhile, such as Add link.
  useEffect(() => {
    const form = input.current?.form;
    const cancel = () => clearTimeout(timer.current);
    form?.addEventListener("submit", cancel);
    return () => {
      cancel();
      form?.removeEventListener("submit", cancel);
    };
  }, []);
  const preview = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => submitStep([["do", "preview-link"]]), LINK_PREVIEW_DELAY_MS);
  };
  return (
    <div className="flex flex-col gap-3">
      <h2 className="font-semibold">Add a link</h2>
      <div className="flex flex-col gap-1">
        <label htmlFor="composer-url" className="text-sm font-medium">
          Web address
        </label>
        <input
          ref={input}
          id="composer-url"
          name="url"
          defaultValue={view.linkInput}
          inputMode="url"
          autoComplete="url"
          placeholder="example.com/news"
          onChange={preview}
          aria-invalid={view.errors.url ? true : undefined}
          aria-describedby={view.errors.url ? "composer-url-error" : undefined}
          className="field"
        />
        <ErrorList id="composer-url-error" errors={view.errors.url} />
      </div>
      {view.link ? (
        <div aria-label="Link preview" role="group">
          <LinkCard link={view.link} />
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <StepButton name="do" value="preview-link">
          Preview
        </StepButton>
        <StepButton name="do" value="add-link" variant="default">
          Add link
        </StepButton>
        <StepButton value="compose">Back</StepButton>
      </div>
    </div>
  );
}

/** The GIF step (spec: 'Select a GIF'): a search (GIPHY's trending GIFs before one), previews to choose from, 'Show More', and GIPHY's attribution. */
function GifStep({ view }: { view: ComposerView }) {
  const search = view.gifSearch;
  return (
    <div className="flex flex-col gap-3">
      <h2 className="font-semibold">Select a GIF</h2>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor="composer-gifq" className="text-sm font-medium">
            Search GIFs
          </label>
          <input id="composer-gifq" name="gifq" type="search" defaultValue={search?.query ?? ""} className="field" />
        </div>
        <StepButton name="do" value="search-gifs">
          Search
        </StepButton>
      </div>
      <ErrorList errors={view.errors.gif} />
      {search && search.gifs.length === 0 && !view.errors.gif ? <p className="text-sm text-slate-700">No GIFs found.</p> : null}
      {search && search.gifs.length > 0 ? (
        <ul aria-label="GIFs" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {search.gifs.map((gif) => (
            <li key={gif.id}>
              <button
                type="submit"
                name="pickGif"
                value={gif.id}
                formMethod="get"
                formAction="/compose"
                formNoValidate
                className="block w-full overflow-hidden rounded-md border border-slate-200 hover:border-brand focus-visible:outline-2 focus-visible:outline-brand"
              >
                <video src={gif.src} width={gif.width ?? undefined} height={gif.height ?? undefined} autoPlay loop muted playsInline aria-hidden className="h-28 w-full bg-slate-100 object-cover" />
                <span className="sr-only">Choose {gif.title}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {search?.more ? (
          <StepButton name="gifs" value={search.shown + GIF_PAGE_SIZE}>
            Show More
          </StepButton>
        ) : null}
        <StepButton value="compose">Back</StepButton>
        <p className="ml-auto text-xs text-slate-600">Powered by GIPHY</p>
      </div>
    </div>
  );
}

/** The draft's attachment as the compose step shows it, with its Remove button, and what was wrong with it. */
function Attached({ shown, remove, label, errors, children }: { shown: boolean; remove: string; label: string; errors?: string[]; children: ReactNode }) {
  return (
    <>
      {shown ? (
        <div className="flex items-start gap-3">
          {children}
          <StepButton name={remove} value="1" variant="ghost">
            {label}
          </StepButton>
        </div>
      ) : null}
      <ErrorList errors={errors} />
    </>
  );
}

function canPost(draft: Draft, text: string) {
  return text.trim() !== "" || !isEmptyDraft({ ...draft, text: "" });
}

function ComposeStep({ view, busy, expanded }: { view: ComposerView; busy: boolean; expanded: boolean }) {
  const hydrated = useHydrated();
  const [text, setText, textarea] = useFieldValue<HTMLTextAreaElement>(view.draft.text);
  const editing = view.draft.editing !== null;
  // In the feed, collapsed until focus or content (CSS, so it works without JavaScript too).
  const collapsed = !expanded && !editing && isEmptyDraft(view.draft) && Object.keys(view.errors).length === 0;
  return (
    <div className="group flex flex-col gap-2">
      <label htmlFor="composer-text" className="sr-only">
        {editing ? "Edit your post" : "Recognize someone"}
      </label>
      <textarea
        ref={textarea}
        id="composer-text"
        name="text"
        rows={3}
        maxLength={hydrated ? POST_MAX_LENGTH : undefined}
        defaultValue={view.draft.text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Recognize someone or share a moment..."
        aria-invalid={view.errors.text ? true : undefined}
        aria-describedby="composer-text-help"
        className="rounded-md border border-slate-300 px-3 py-2"
      />
      <p id="composer-text-help" className="text-xs text-slate-600" aria-live="polite">
        {hydrated ? `${POST_MAX_LENGTH - text.length} characters left` : `Up to ${POST_MAX_LENGTH} characters`}
      </p>
      <ErrorList errors={view.errors.text} />
      <ChosenPeople view={view} list="named" label="Mentioned" action={COMPOSE} />
      <ChosenPeople view={view} list="pointed" label="Points mentions" action={COMPOSE} />
      {view.draft.hashtags.length > 0 ? <p className="text-sm text-slate-700">{view.draft.hashtags.map((tag) => `#${tag}`).join(" ")}</p> : null}
      <Attached shown={view.video !== null} remove="removeVideo" label="Remove video" errors={view.errors.video}>
        <video controls preload="metadata" className="max-h-32 rounded-md bg-slate-900">
          {view.video ? <source src={view.video.src} type={view.video.contentType} /> : null}
        </video>
      </Attached>
      <Attached shown={view.picture !== null} remove="removeImage" label="Remove picture" errors={view.errors.picture}>
        {view.picture ? <img src={view.picture.src} alt={view.draft.imageAlt || "The picture for this post"} className="max-h-32 rounded-md" /> : null}
      </Attached>
      <Attached shown={view.link !== null} remove="removeLink" label="Remove link" errors={view.errors.link}>
        <div className="min-w-0 flex-1">{view.link ? <LinkCard link={view.link} /> : null}</div>
      </Attached>
      <Attached shown={view.gif !== null} remove="removeGif" label="Remove GIF" errors={view.errors.gif}>
        {view.gif ? <GifPlayer gif={view.gif} className="max-h-32" /> : null}
      </Attached>
      <ErrorList errors={[...(view.errors.mentions ?? []), ...(view.errors.points ?? []), ...(view.errors.hashtags ?? [])]} />
      {Object.entries(view.errors)
        .filter(([field]) => field.startsWith("pts."))
        .map(([field, errors]) => (
          <ErrorList key={field} errors={errors.map((error) => `${view.recipients[Number(field.slice(4))]?.displayName ?? "Points"}: ${error}`)} />
        ))}
      <div className={cn("flex-wrap items-center gap-2", collapsed ? "hidden group-focus-within:flex group-has-[textarea:not(:placeholder-shown)]:flex" : "flex")}>
        <StepButton value="mentions">Mention</StepButton>
        {view.canGivePoints ? <StepButton value="points">Give Points</StepButton> : null}
        <StepButton value="hashtags">Hashtags</StepButton>
        {/* A post has one attachment: once one is added, the others are not offered. */}
        {view.picture || view.video || view.link || view.gif ? null : (
          <>
            <StepButton value="image">Picture</StepButton>
            <StepButton value="video">Video</StepButton>
            {view.gifsOffered ? <StepButton value="gif">GIF</StepButton> : null}
            <StepButton value="link">Link</StepButton>
          </>
        )}
        <span className="ml-auto flex gap-2">
          <Button asChild variant="ghost" size="sm">
            <Link to="/feed">Cancel</Link>
          </Button>
          <Button type="submit" formMethod="post" formAction="/compose" size="sm" disabled={busy || (hydrated && !canPost(view.draft, text))}>
            {editing ? "Post Changes" : "Post"}
          </Button>
        </span>
      </div>
    </div>
  );
}

/**
 * The post composer: one form whose steps (mentions, points, hashtags, a
 * picture, a video, a GIF or a link, and the two checks before sending) are GETs of /compose carrying the draft, and whose
 * Post is a POST there. Without JavaScript each step is a page; with it the
 * same requests go through a fetcher and the steps are panels in place.
 */
/** `expanded`: its actions show from the start, as on the composer's own page; in the feed they wait for focus or content. */
export function Composer({ view: initial, expanded = false }: { view: ComposerView; expanded?: boolean }) {
  const fetcher = useFetcher<{ view: ComposerView }>();
  const form = useRef<HTMLFormElement>(null);
  // The draft belongs to this form from the first render: the page's reloads (after a reaction,
  // or after this form posts) must not reset it; a post that went through answers with a fresh draft.
  const [first] = useState(initial);
  const view = fetcher.data?.view ?? first;
  const except = { text: view.step === "compose", points: view.step === "points", imageAlt: view.step === "image" };
  // A step asked for by script (a person chosen in the lookup): the form's fields, as its buttons send them.
  const submitStep: SubmitStep = (extra) => {
    const data = new FormData(form.current!);
    for (const [name, value] of extra) data.append(name, value);
    fetcher.submit(data, { method: "get", action: "/compose" });
  };
  return (
    <fetcher.Form ref={form} method="get" action="/compose" aria-label="Post composer" className="flex flex-col gap-3">
      <HiddenFields fields={draftFields(view.draft, except)} />
      <input type="hidden" name="at" value={["heads-up", "confirm-points"].includes(view.step) ? "compose" : view.step} />
      {view.step === "compose" ? <ComposeStep key={view.draft.key + view.draft.text} view={view} busy={fetcher.state !== "idle"} expanded={expanded} /> : null}
      {view.step === "mentions" || view.step === "points" ? <MentionsStep view={view} submitStep={submitStep} /> : null}
      {view.step === "hashtags" ? <HashtagStep view={view} /> : null}
      {view.step === "image" ? (
        <AttachmentStep view={view} step="image" uploading={fetcher.state === "submitting"}>
          <div className="flex flex-col gap-1">
            <label htmlFor="composer-picture-alt" className="text-sm font-medium">
              Describe the picture for people who can't see it
            </label>
            <input id="composer-picture-alt" name="imgAlt" defaultValue={view.draft.imageAlt} maxLength={IMAGE_ALT_MAX} className="field" />
          </div>
        </AttachmentStep>
      ) : null}
      {view.step === "video" ? <AttachmentStep view={view} step="video" uploading={fetcher.state === "submitting"} /> : null}
      {view.step === "link" ? <LinkStep view={view} submitStep={submitStep} /> : null}
      {view.step === "gif" ? <GifStep view={view} /> : null}
      {view.step === "heads-up" || view.step === "confirm-points" ? (
        <RecognitionCheck
          check={view.step === "heads-up" ? { step: "heads-up", subject: view.privateSubject ?? "" } : { step: "confirm-points" }}
          totalPoints={view.totalPoints}
          action={COMPOSE}
          proceed="Post Anyway"
          back="Edit Post"
        />
      ) : null}
    </fetcher.Form>
  );
}
