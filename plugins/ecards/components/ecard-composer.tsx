import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { CountedTextArea, ErrorList } from "~/components/forms";
import { ChosenPeople, PeopleStep } from "~/components/recognition/people-step";
import { RecognitionCheck } from "~/components/recognition/recognition-check";
import { HiddenFields, StepButton as RecognitionStepButton, useLiveChoice } from "~/components/recognition/step-button";
import { Button } from "~/components/ui/button";
import { UploadField } from "~/components/upload-field";
import { useHydrated } from "~/utils/use-hydrated";
import type { EcardComposerView } from "../composer.server";
import { designCategories, ECARD_HEIGHT, ECARD_WIDTH } from "../designs";
import { ecardDraftFields, ecardDraftQuery, MESSAGE_MAX_LENGTH } from "../draft";

/** How the sender's own picture is labelled where they choose it (a card says UPLOADED_ALT). */
const UPLOADED_TITLE = "Your picture";

const COMPOSE = "/ecard/new";

function StepButton(props: Omit<Parameters<typeof RecognitionStepButton>[0], "action">) {
  return <RecognitionStepButton action={COMPOSE} {...props} />;
}

/** What the card's own fields draw: the draft, its errors, and what the program offers. */
export type CardFieldsView = Pick<EcardComposerView, "draft" | "errors" | "designs" | "ownMedia" | "offers" | "today" | "latest">;

function DesignOption({ id, src, title, checked }: { id: string; src: string; title: string; checked: boolean }) {
  return (
    <label className="group relative cursor-pointer rounded-md border-2 border-transparent has-[:checked]:border-brand has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand">
      <input type="radio" name="design" value={id} defaultChecked={checked} className="sr-only" />
      <img src={src} alt={title} width={ECARD_WIDTH} height={ECARD_HEIGHT} loading="lazy" className="aspect-video h-auto w-full rounded" />
    </label>
  );
}

/** The designs to choose from, by category, and the sender's own picture or video; `uploads` offers the steps that add one (the composer's). */
function DesignPicker({ view, uploads }: { view: CardFieldsView; uploads: boolean }) {
  const errorId = view.errors.design ? "ecard-design-error" : undefined;
  const media = view.ownMedia;
  const canUpload = uploads && (view.offers.customPicture || view.offers.video);
  if (view.designs.length === 0 && !media && !canUpload) return <p className="text-sm text-slate-700">This program offers no eCard designs yet.</p>;
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={errorId}>
      <legend className="text-sm font-medium">Design</legend>
      <ErrorList id={errorId} errors={view.errors.design} />
      {media || canUpload ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-slate-700">Your own</p>
          <div className="grid grid-cols-2 items-center gap-2 sm:grid-cols-3">
            {media ? <DesignOption id={media.id} src={media.src} title={media.kind === "video" ? "Your video" : UPLOADED_TITLE} checked={view.draft.design === media.id} /> : null}
            {canUpload ? (
              <div className="flex flex-col items-start gap-2">
                {view.offers.customPicture ? <StepButton value="picture">{media?.kind === "image" ? "Use another picture" : "Use your own picture"}</StepButton> : null}
                {view.offers.video ? <StepButton value="video">{media?.kind === "video" ? "Use another video" : "Send a video"}</StepButton> : null}
              </div>
            ) : null}
          </div>
        </div>
      ) : null}
      {designCategories.map((category) => {
        const offered = view.designs.filter((design) => design.category === category);
        if (offered.length === 0) return null;
        return (
          <div key={category} className="flex flex-col gap-2">
            <p className="text-sm text-slate-700">{category}</p>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {offered.map((design) => (
                <DesignOption key={design.id} id={design.id} src={design.src} title={design.title} checked={view.draft.design === design.id} />
              ))}
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}

/** The card's own fields: its design, message, who else sees it and when it goes (the composer's, and a scheduled card's edit). */
export function CardFields({ view, uploads = false }: { view: CardFieldsView; uploads?: boolean }) {
  const hydrated = useHydrated();
  const [later, setLater] = useState(view.draft.later);
  return (
    <>
      <DesignPicker view={view} uploads={uploads} />
      <CountedTextArea label="Message" id="ecard-message" name="message" max={MESSAGE_MAX_LENGTH} defaultValue={view.draft.message} errors={view.errors.message} />
      {view.offers.managerCopy || view.offers.isPublic ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium">Who else sees it</legend>
          {view.offers.managerCopy ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="cc" value="1" defaultChecked={view.draft.managerCopy} /> Send a copy to each recipient's manager
            </label>
          ) : null}
          {view.offers.isPublic ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="public" value="1" defaultChecked={view.draft.isPublic} /> Share it on the feed (recipients who prefer private recognition are left out)
            </label>
          ) : null}
        </fieldset>
      ) : null}
      <fieldset className="flex flex-col gap-2" aria-describedby={view.errors.date ? "ecard-date-error" : undefined}>
        <legend className="text-sm font-medium">When</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="when" value="now" defaultChecked={!view.draft.later} onChange={() => setLater(false)} /> Send now
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="when" value="later" defaultChecked={view.draft.later} onChange={() => setLater(true)} /> Send on a later day, at 9:00
        </label>
        <div className={later || !hydrated ? "flex flex-col gap-1 pl-6" : "hidden"}>
          <label htmlFor="ecard-date" className="text-sm">
            Day to send it
          </label>
          <input
            id="ecard-date"
            name="date"
            type="date"
            min={view.today}
            max={view.latest}
            defaultValue={view.draft.date}
            aria-invalid={view.errors.date ? true : undefined}
            className="field w-48"
          />
        </div>
        <ErrorList id="ecard-date-error" errors={view.errors.date} />
      </fieldset>
    </>
  );
}

function ComposeStep({ view }: { view: EcardComposerView }) {
  const pointsErrors = Object.entries(view.errors).filter(([field]) => field.startsWith("pts."));
  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="ecard-to" className="flex flex-col gap-2">
        <h2 id="ecard-to" className="font-semibold">
          To
        </h2>
        <ChosenPeople view={view} list="named" label="Recipients" action={COMPOSE} />
        <ChosenPeople view={view} list="pointed" label="Recipients with points" action={COMPOSE} />
        <ErrorList errors={[...(view.errors.mentions ?? []), ...(view.errors.points ?? [])]} />
        {pointsErrors.map(([field, errors]) => (
          <ErrorList key={field} errors={errors.map((error) => `${view.recipients[Number(field.slice(4))]?.displayName ?? "Points"}: ${error}`)} />
        ))}
        <div className="flex flex-wrap gap-2">
          <StepButton value="people">Add recipients</StepButton>
          {view.canGivePoints ? <StepButton value="points">Give points</StepButton> : null}
        </div>
      </section>
      <CardFields view={view} uploads />
      <div className="flex flex-wrap justify-end gap-2">
        <Button asChild variant="ghost">
          <Link to="/feed">Cancel</Link>
        </Button>
        <Button type="submit" formMethod="post" formAction={COMPOSE}>
          Send eCard
        </Button>
      </div>
    </div>
  );
}

const uploadSteps = {
  picture: {
    kind: "image",
    title: "Use your own picture",
    label: "Picture",
    help: "JPEG, PNG, WebP or GIF, up to 10 MB, in the eCard's shape (16:9): frame it once chosen, or it is cropped at its centre.",
    submit: "Add picture",
  },
  video: {
    kind: "video",
    title: "Send a video",
    label: "Video",
    help: "MP4, WebM or MOV, up to 100 MB. It plays on the card once it is processed.",
    submit: "Add video",
  },
} as const;

/** The picture or video step: a file of the sender's, posted (as a file must be) to a route of its own with the draft in the URL. */
function UploadStep({ view, step, uploading }: { view: EcardComposerView; step: keyof typeof uploadSteps; uploading: boolean }) {
  const { kind, title, label, help, submit } = uploadSteps[step];
  const [clientError, setClientError] = useState<string | undefined>();
  const errors = clientError ? [clientError] : view.errors[step];
  const crop = kind === "image" ? { aspect: 16 / 9, frameLabel: "Drag the picture to frame the card" } : undefined;
  return (
    <div className="flex flex-col gap-3">
      <h2 className="font-semibold">{title}</h2>
      <UploadField id={`ecard-${step}`} name={step} kind={kind} label={label} help={help} errors={errors} onError={setClientError} crop={crop} />
      {uploading ? (
        <p role="status" className="rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900">
          Uploading. Please do not leave this page.
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" formMethod="post" formEncType="multipart/form-data" formAction={`${COMPOSE}/${step}?${ecardDraftQuery(view.draft, { go: step })}`} size="sm" disabled={Boolean(clientError) || uploading}>
          {submit}
        </Button>
        <StepButton value="compose">Back</StepButton>
      </div>
    </div>
  );
}

/**
 * The eCard composer: one form whose steps (recipients, points, the two checks before sending)
 * are GETs of /ecard/new carrying the draft, and whose Send is a POST there. It works as plain
 * pages without JavaScript; with it, a person chosen in the live lookup is added at once.
 */
export function EcardComposer({ view }: { view: EcardComposerView }) {
  const { form, onChoose } = useLiveChoice(COMPOSE);
  const checking = view.step === "heads-up" || view.step === "confirm-points";
  const navigation = useNavigation();
  return (
    <Form ref={form} method="get" action={COMPOSE} aria-label="eCard composer" className="flex flex-col gap-3">
      <HiddenFields fields={ecardDraftFields(view.draft, { card: view.step === "compose", points: view.step === "points" })} />
      <input type="hidden" name="at" value={checking ? "compose" : view.step} />
      {view.step === "compose" ? <ComposeStep view={view} /> : null}
      {view.step === "picture" || view.step === "video" ? <UploadStep view={view} step={view.step} uploading={navigation.state === "submitting"} /> : null}
      {view.step === "people" || view.step === "points" ? (
        <PeopleStep
          view={view}
          list={view.step === "points" ? "pointed" : "named"}
          action={COMPOSE}
          purpose="ecards"
          title={view.step === "points" ? "Give points" : "Choose recipients"}
          pointsAvailable={view.pointsAvailable}
          chosenLabel={view.step === "points" ? "Recipients with points" : "Recipients"}
          onChoose={onChoose}
        />
      ) : null}
      {checking && view.check ? <RecognitionCheck check={view.check} totalPoints={view.totalPoints} action={COMPOSE} proceed="Send Anyway" back="Edit eCard" /> : null}
    </Form>
  );
}
