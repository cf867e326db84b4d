import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { Field, SelectField } from "~/components/forms";
import { FramingStep } from "~/components/framing-step";
import { ImageCropper } from "~/components/image-cropper";
import { MeIn3Figure } from "~/components/profile/sections";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { refuseToFeed, requireViewer, type GuardArgs } from "~/modules/auth/guards.server";
import { bodyLimit, MAX_BODY_BYTES, TOO_LARGE_PARAM } from "~/modules/http/body-limits";
import { CAPTION_MAX, ME_IN_3_SLOTS } from "~/modules/profile/categories";
import { deleteMeIn3Picture, meIn3Height, meIn3Of, meIn3Schema, MeIn3FramingSchema, MeIn3SlotSchema, reframeMeIn3Picture, saveMeIn3Picture } from "~/modules/profile/me-in-3.server";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { findAsset } from "~/modules/storage/assets.server";
import { chosenCrop, fieldsOf } from "~/modules/storage/crop-fields.server";
import { centreCrop } from "~/modules/storage/image-purposes";
import { BAD_CROP } from "~/modules/storage/images.server";
import { uploadKinds } from "~/modules/storage/upload-kinds";

export const meta: MetaFunction = () => [{ title: "Your Me In 3" }];

export const handle = bodyLimit(MAX_BODY_BYTES, { upload: true });

const PAGE = "/profile/me-in-3";

/** Me In 3 is the program's to offer (meIn3Enabled); a person edits only their own. */
async function requireMeIn3(args: GuardArgs) {
  const viewer = await requireViewer(args);
  if (!viewer.tenant.siteConfig.meIn3Enabled) await refuseToFeed(args, "Me In 3 is not available in this program.");
  return viewer;
}

/** The person's three pictures and the program's categories; after an upload without JavaScript, the framing step for the kept original (?slot=&original=). */
export async function loader(args: LoaderFunctionArgs) {
  const viewer = await requireMeIn3(args);
  const db = args.context.db;
  const categories = viewer.tenant.profileCategories;
  const url = new URL(args.request.url);
  const pictures = await meIn3Of(db, viewer.employee.id, categories);
  const framing = MeIn3FramingSchema.pick({ slot: true, original: true }).safeParse(fieldsOf(url.searchParams, ["slot", "original"]));
  const kept = framing.success ? await findAsset(db, framing.data.original) : null;
  const original = kept?.uploadedBy === viewer.employee.id ? kept.asset : null;
  const step =
    framing.success && original?.width && original.height
      ? { slot: framing.data.slot, id: original.id, source: original.source, width: original.width, height: original.height, crop: centreCrop(original.width, original.height, "meIn3") }
      : null;
  return json({
    personId: viewer.employee.id,
    pictures,
    categories: categories.meIn3.filter((category) => category.enabled).map((category) => ({ value: category.id, label: category.name })),
    framing: step,
    tooLarge: url.searchParams.has(TOO_LARGE_PARAM) ? uploadKinds.image.tooLarge : null,
  });
}

type Refusal = { slot: number; errors: Record<string, string[] | null>; typed: { category: string; caption: string } };

export async function action(args: ActionFunctionArgs) {
  const viewer = await requireMeIn3(args);
  const { app } = args.context;
  const db = args.context.db;
  const form = await args.request.formData();
  const intent = form.get("intent");
  if (intent === "delete") {
    const parsed = MeIn3SlotSchema.safeParse(fieldsOf(form, ["slot"]));
    if (parsed.success) await deleteMeIn3Picture(db, viewer.employee.id, parsed.data.slot);
    return redirectWithToast(args, PAGE, { type: "success", message: "The picture is removed." });
  }
  if (intent === "crop") {
    const parsed = MeIn3FramingSchema.safeParse(fieldsOf(form, ["slot", "original", "x", "y", "width"]));
    if (!parsed.success) return redirectWithToast(args, PAGE, { type: "error", message: BAD_CROP });
    const { slot, original, x, y, width } = parsed.data;
    const framed = await reframeMeIn3Picture(app, db, viewer.employee.id, slot, original, { x, y, width, height: meIn3Height(width) });
    if (!framed.ok) return redirectWithToast(args, `${PAGE}?slot=${slot}&original=${original}`, { type: "error", message: framed.message });
    return redirectWithToast(args, PAGE, { type: "success", message: "Your picture is framed." });
  }
  const submission = parseWithZod(form, { schema: meIn3Schema(viewer.tenant.profileCategories) });
  const slot = Number(form.get("slot")) || 1;
  const typed = { category: String(form.get("category") ?? ""), caption: String(form.get("caption") ?? "") };
  const refuse = (errors: Record<string, string[] | null>) => json<Refusal>({ slot, errors, typed }, { status: 400 });
  if (submission.status !== "success") return refuse(submission.reply().error ?? {});
  const file = form.get("picture");
  const chosen = chosenCrop(form);
  if (!chosen.ok) return refuse({ picture: [BAD_CROP] });
  const upload = file instanceof File && file.size > 0 ? { bytes: Buffer.from(await file.arrayBuffer()), fileName: file.name, crop: chosen.crop } : null;
  const saved = await saveMeIn3Picture(app, db, viewer.employee.id, submission.value, upload);
  if (!saved.ok) return refuse({ picture: [saved.message] });
  args.context.log.info({ event: "me_in_3_saved", slot: submission.value.slot, uploaded: upload !== null }, "Me In 3 picture saved");
  if (saved.original) {
    return redirectWithToast(args, `${PAGE}?slot=${submission.value.slot}&original=${saved.original.id}`, { type: "success", message: "Your picture is saved. Frame it differently below if you like." });
  }
  return redirectWithToast(args, PAGE, { type: "success", message: "Your picture is saved." });
}

function SlotForm({ slot, categories, picture, refusal }: { slot: number; categories: { value: string; label: string }[]; picture: { categoryId: string; caption: string } | null; refusal: Refusal | null }) {
  const [clientError, setClientError] = useState<string | undefined>();
  const busy = useNavigation().state === "submitting";
  const typed = refusal?.typed ?? { category: picture?.categoryId ?? "", caption: picture?.caption ?? "" };
  const errors = refusal?.errors ?? {};
  return (
    <Form method="post" encType="multipart/form-data" className="grid gap-3" onSubmit={(event) => clientError && event.preventDefault()}>
      <input type="hidden" name="slot" value={slot} />
      <SelectField
        label="What it shows"
        props={{ id: `category-${slot}`, name: "category", defaultValue: typed.category, required: true }}
        placeholder="Choose a category"
        options={categories}
        errors={errors.category}
      />
      <Field label="Caption" inputProps={{ id: `caption-${slot}`, name: "caption", defaultValue: typed.caption, maxLength: CAPTION_MAX }} errors={errors.caption} />
      <ImageCropper
        id={`picture-${slot}`}
        name="picture"
        label={picture ? "Replace the picture" : "Picture"}
        aspect={16 / 19}
        frameLabel="Drag the picture to frame it"
        help="JPEG, PNG, WebP or GIF, up to 10 MB. Frame it in the shape shown once chosen, or it is cropped at its centre; it is sized to 640 × 760."
        error={clientError ?? errors.picture?.join(" ")}
        onError={setClientError}
        required={!picture}
      />
      <div>
        <Button type="submit" disabled={busy}>
          Save picture {slot}
        </Button>
      </div>
    </Form>
  );
}

export default function MeIn3Page() {
  const { personId, pictures, categories, framing, tooLarge } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>() ?? null;
  return (
    <div className="mx-auto grid max-w-3xl gap-4">
      <div>
        <h1 className="text-2xl font-semibold">Your Me In 3</h1>
        <p className="text-sm text-slate-700">Three pictures that tell your colleagues who you are, each of one of the program's categories, with a caption if you like.</p>
        <Link to={`/profile/${personId}`} className="text-sm text-brand underline">
          Back to your profile
        </Link>
      </div>
      {tooLarge ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {tooLarge}
        </p>
      ) : null}
      {framing ? (
        <FramingStep
          title={`Frame picture ${framing.slot}`}
          intro="The area below starts at the centre and keeps the Me In 3 shape (16 by 19): move it with the numbers from its top-left corner, and change its width."
          picture={framing}
          hidden={{ slot: String(framing.slot), original: framing.id }}
          fields={[
            ["x", "From the left (pixels)", framing.crop.x],
            ["y", "From the top (pixels)", framing.crop.y],
            ["width", "Width (pixels)", framing.crop.width],
          ]}
        />
      ) : null}
      {ME_IN_3_SLOTS.map((slot) => {
        const picture = pictures.find((candidate) => candidate.slot === slot) ?? null;
        return (
          <Card key={slot} className="grid gap-4 p-6 sm:grid-cols-[12rem_1fr]" aria-labelledby={`slot-${slot}`}>
            <div className="grid content-start gap-2">
              <h2 id={`slot-${slot}`} className="font-semibold">
                Picture {slot}
              </h2>
              {picture ? (
                <>
                  <MeIn3Figure picture={picture} />
                  <Form method="post">
                    <input type="hidden" name="slot" value={slot} />
                    <Button type="submit" name="intent" value="delete" variant="outline" size="sm">
                      Remove picture {slot}
                    </Button>
                  </Form>
                </>
              ) : (
                <p className="text-sm text-slate-700">No picture yet.</p>
              )}
            </div>
            <SlotForm slot={slot} categories={categories} picture={picture} refusal={refusal?.slot === slot ? refusal : null} />
          </Card>
        );
      })}
    </div>
  );
}
