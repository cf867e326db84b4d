import { ImageCropper } from "~/components/image-cropper";

/** The picture field of the avatar form: a round, square cropper (the server centre-crops without JavaScript, then offers a crop step). */
export function AvatarCropper({ error, onError }: { error?: string; onError(message: string | undefined): void }) {
  return <ImageCropper id="picture" name="picture" label="Picture" aspect={1} round frameLabel="Drag the picture to frame your face" error={error} onError={onError} required />;
}
