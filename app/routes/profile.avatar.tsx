import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { FramingStep } from "~/components/framing-step";
import { AvatarCropper } from "~/components/people/avatar-cropper";
import { Avatar } from "~/components/shell/avatar";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { requireViewer } from "~/modules/auth/guards.server";
import { bodyLimit, MAX_BODY_BYTES, TOO_LARGE_PARAM } from "~/modules/http/body-limits";
import { recropForm } from "~/modules/people/avatar-form.server";
import { chosenCrop, fieldsOf } from "~/modules/storage/crop-fields.server";
import { recropAvatar, setAvatar } from "~/modules/people/avatar.server";
import { loadProfile } from "~/modules/people/profile.server";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { findAsset } from "~/modules/storage/assets.server";
import { centreCrop } from "~/modules/storage/image-purposes";
import { BAD_CROP } from "~/modules/storage/images.server";
import { EMPTY_FILE, uploadKinds } from "~/modules/storage/upload-kinds";

export const meta: MetaFunction = () => [{ title: "Your picture" }];

export const handle = bodyLimit(MAX_BODY_BYTES, { upload: true });

export const AVATAR_SAVED = "Your picture is saved.";

/** The avatar form; after an upload without JavaScript, the crop step for the kept original (?original=<id>). */
export async function loader(args: LoaderFunctionArgs) {
  const viewer = await requireViewer(args);
  const db = args.context.db;
  const profile = await loadProfile(db, viewer.employee.id);
  const url = new URL(args.request.url);
  const originalId = url.searchParams.get("original") ?? "";
  const kept = originalId ? await findAsset(db, originalId) : null;
  const original = kept?.uploadedBy === viewer.employee.id ? kept.asset : null;
  const step = original?.width && original.height ? { id: original.id, source: original.source, width: original.width, height: original.height, crop: centreCrop(original.width, original.height, "avatar") } : null;
  // A picture too large to read came back here (without JavaScript the browser cannot check first).
  const tooLarge = url.searchParams.has(TOO_LARGE_PARAM) ? uploadKinds.image.tooLarge : null;
  return json({ person: profile!.person, original: step, tooLarge });
}

export async function action(args: ActionFunctionArgs) {
  const viewer = await requireViewer(args);
  const { app } = args.context;
  const db = args.context.db;
  const form = await args.request.formData();
  if (form.get("intent") === "crop") {
    const parsed = recropForm.safeParse(fieldsOf(form, ["original", "x", "y", "size"]));
    if (!parsed.success) return json({ error: BAD_CROP }, { status: 400 });
    const { original, x, y, size } = parsed.data;
    const result = await recropAvatar(app, db, viewer.employee.id, original, { x, y, width: size, height: size });
    if (!result.ok) return json({ error: result.message }, { status: 400 });
    return redirectWithToast(args, `/profile/${viewer.employee.id}`, { type: "success", message: AVATAR_SAVED });
  }
  const file = form.get("picture");
  if (!(file instanceof File) || file.size === 0) return json({ error: EMPTY_FILE }, { status: 400 });
  const chosen = chosenCrop(form);
  if (!chosen.ok) return json({ error: BAD_CROP }, { status: 400 });
  const area = chosen.crop;
  const result = await setAvatar(app, db, viewer.employee.id, { bytes: Buffer.from(await file.arrayBuffer()), fileName: file.name, crop: area });
  if (!result.ok) return json({ error: result.message }, { status: 400 });
  args.context.log.info({ event: "avatar_changed", cropped: Boolean(area) }, "avatar changed");
  if (result.original) {
    return redirectWithToast(args, `/profile/avatar?original=${result.original.id}`, { type: "success", message: `${AVATAR_SAVED} Frame it differently below if you like.` });
  }
  return redirectWithToast(args, `/profile/${viewer.employee.id}`, { type: "success", message: AVATAR_SAVED });
}

export default function AvatarPage() {
  const { person, original, tooLarge } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [clientError, setClientError] = useState<string | undefined>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto grid max-w-xl gap-4">
      <Card className="p-6">
        <div className="mb-4 flex items-center gap-4">
          <Avatar id={person.id} firstName={person.firstName} lastName={person.lastName} src={person.avatarUrl} className="size-16 text-xl" />
          <h1 className="text-xl font-semibold">Your picture</h1>
        </div>
        <Form method="post" encType="multipart/form-data" className="grid gap-4" onSubmit={(event) => clientError && event.preventDefault()}>
          <AvatarCropper error={clientError ?? (result && "error" in result ? result.error : (tooLarge ?? undefined))} onError={setClientError} />
          <div>
            <Button type="submit" disabled={busy}>
              Save picture
            </Button>
          </div>
        </Form>
      </Card>
      {original ? (
        <FramingStep
          title="Frame your picture"
          intro="The square below starts at the centre: move it with the numbers from its top-left corner, and change its size."
          picture={original}
          hidden={{ original: original.id }}
          fields={[
            ["x", "From the left (pixels)", original.crop.x],
            ["y", "From the top (pixels)", original.crop.y],
            ["size", "Size (pixels)", original.crop.width],
          ]}
        />
      ) : null}
    </div>
  );
}
