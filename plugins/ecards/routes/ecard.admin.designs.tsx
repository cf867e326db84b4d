import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { Field, SelectField } from "~/components/forms";
import { ImageCropper } from "~/components/image-cropper";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { requireProgramManager } from "~/modules/auth/guards.server";
import { bodyLimit, TOO_LARGE_PARAM } from "~/modules/http/body-limits";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { uploadKinds } from "~/modules/storage/upload-kinds";
import { designLibrary, setLibraryDesignShown, setOwnDesignEnabled, uploadDesign, type DesignUpload } from "../design-library.server";
import { DESIGN_FIELD } from "../rules";
import { designCategories, ECARD_HEIGHT, ECARD_WIDTH } from "../designs";
import { ecardsOptionsOf } from "../guards.server";

export const meta: MetaFunction = () => [{ title: "eCard designs" }];

const PAGE = "/ecard/admin/designs";

/** A design's picture streams to disk; one too large comes back as ?tooLarge=1, said beside its field. */
export const handle = bodyLimit(uploadKinds.image.maxBytes + 1024 * 1024, { upload: true, streamed: true });

/** The program's eCard designs for a program manager: its own (uploaded), and the library's. */
export async function loader(args: LoaderFunctionArgs) {
  await requireProgramManager(args);
  const { libraryEnabled } = ecardsOptionsOf(args.context.tenant.config);
  const tooLarge = new URL(args.request.url).searchParams.has(TOO_LARGE_PARAM);
  return json({ ...(await designLibrary(args.context.db)), libraryEnabled, tooLarge });
}

/** `?upload` adds a design from the multipart form; otherwise `intent` turns a design on or off. */
export async function action(args: ActionFunctionArgs) {
  const viewer = await requireProgramManager(args);
  if (new URL(args.request.url).searchParams.has("upload")) {
    const added = await uploadDesign(args, viewer.employee.id);
    if (!added.ok) return json<DesignUpload>(added, { status: 400 });
    return redirectWithToast(args, PAGE, { type: "success", message: "The design was added." });
  }
  const form = await args.request.formData();
  const id = String(form.get("design") ?? "").slice(0, 60);
  const intent = form.get("intent");
  const done =
    intent === "show" || intent === "hide"
      ? await setLibraryDesignShown(args.context.db, id, intent === "show")
      : intent === "on" || intent === "off"
        ? await setOwnDesignEnabled(args.context.db, id, intent === "on")
        : false;
  if (!done) return redirectWithToast(args, PAGE, { type: "error", message: "That design is no longer there." });
  const said = { show: "The design is offered again.", hide: "The design is hidden.", on: "The design is on.", off: "The design is off." } as const;
  return redirectWithToast(args, PAGE, { type: "success", message: said[intent as keyof typeof said] });
}

function DesignTile({ src, title, category, children }: { src: string; title: string; category: string; children: React.ReactNode }) {
  return (
    <li className="flex flex-col gap-2 rounded-md border border-slate-200 bg-white p-2">
      <img src={src} alt={title} width={ECARD_WIDTH} height={ECARD_HEIGHT} loading="lazy" className="aspect-video h-auto w-full rounded" />
      <p className="text-sm">
        <span className="font-medium">{title}</span>
        <span className="block text-slate-600">{category}</span>
      </p>
      {children}
    </li>
  );
}

function Toggle({ id, intent, label, name }: { id: string; intent: string; label: string; name: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="design" value={id} />
      <Button type="submit" name="intent" value={intent} variant="outline" size="sm">
        {label}
        <span className="sr-only"> {name}</span>
      </Button>
    </Form>
  );
}

export default function EcardDesignsPage() {
  const { own, library, libraryEnabled, tooLarge } = useLoaderData<typeof loader>();
  const added = useActionData<typeof action>();
  const errors = added && !added.ok ? added.errors : tooLarge ? { [DESIGN_FIELD]: [uploadKinds.image.tooLarge] } : {};
  const typed = added && !added.ok ? added.typed : { title: "", category: "" };
  const [clientError, setClientError] = useState<string | undefined>();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <h1 className="text-2xl font-semibold">eCard designs</h1>
      <Card className="p-4">
        <h2 className="mb-3 text-lg font-semibold">Add a design</h2>
        <Form method="post" action={`${PAGE}?upload`} encType="multipart/form-data" className="flex flex-col gap-3">
          <ImageCropper
            id="design-picture"
            name={DESIGN_FIELD}
            label="Picture"
            aspect={16 / 9}
            frameLabel="Drag the picture to frame the design"
            help="JPEG, PNG, WebP or GIF, up to 10 MB. Frame it in the eCard's shape (16:9) once chosen, or it is cropped at its centre; it is sized to 700 × 394."
            error={clientError ?? errors[DESIGN_FIELD]?.join(" ")}
            onError={setClientError}
          />
          <Field label="Description" inputProps={{ id: "design-title", name: "title", defaultValue: typed.title, maxLength: 120 }} errors={errors.title} />
          <SelectField
            label="Category"
            props={{ id: "design-category", name: "category", defaultValue: typed.category }}
            placeholder="Choose a category"
            options={designCategories.map((category) => ({ value: category, label: category }))}
            errors={errors.category}
          />
          <Button type="submit" className="self-start">
            Add design
          </Button>
        </Form>
      </Card>
      <section aria-labelledby="own-designs" className="flex flex-col gap-3">
        <h2 id="own-designs" className="text-lg font-semibold">
          This program's designs
        </h2>
        {own.length === 0 ? <p className="text-slate-700">None yet: add one above.</p> : null}
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {own.map((design) => (
            <DesignTile key={design.id} src={design.src} title={design.title} category={`${design.category}${design.enabled ? "" : " · off"}`}>
              <Toggle id={design.id} intent={design.enabled ? "off" : "on"} label={design.enabled ? "Turn off" : "Turn on"} name={design.title} />
            </DesignTile>
          ))}
        </ul>
      </section>
      <section aria-labelledby="library-designs" className="flex flex-col gap-3">
        <h2 id="library-designs" className="text-lg font-semibold">
          The design library
        </h2>
        {libraryEnabled ? null : <p className="text-slate-700">The library is off for this program (program settings, eCards): none of these is offered.</p>}
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {library.map((design) => (
            <DesignTile key={design.id} src={design.src} title={design.title} category={`${design.category}${design.shown ? "" : " · hidden"}`}>
              <Toggle id={design.id} intent={design.shown ? "hide" : "show"} label={design.shown ? "Hide" : "Offer again"} name={design.title} />
            </DesignTile>
          ))}
        </ul>
      </section>
    </div>
  );
}
