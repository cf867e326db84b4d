import { useCallback, useEffect, useState, type ChangeEvent } from "react";
import Cropper, { type Area } from "react-easy-crop";
import { Label } from "~/components/ui/label";

const MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_TOO_LARGE = "Images must be at most 10 MB.";

/**
 * The picture field of the avatar form. Without JavaScript it is a plain file
 * input (the server centre-crops, then offers a crop step). With it, the
 * chosen picture opens in a square cropper (drag to move, slider or wheel to
 * zoom) whose area goes with the file as x, y, width and height; a picture over
 * 10 MB is refused before it is sent.
 */
export function AvatarCropper({ error, onError }: { error?: string; onError(message: string | undefined): void }) {
  const [source, setSource] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  useEffect(() => () => (source ? URL.revokeObjectURL(source) : undefined), [source]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setArea(null);
    setSource(null);
    if (!file) return;
    if (file.size > MAX_BYTES) {
      event.target.value = "";
      onError(IMAGE_TOO_LARGE);
      return;
    }
    onError(undefined);
    setZoom(1);
    setCrop({ x: 0, y: 0 });
    setSource(URL.createObjectURL(file));
  };
  const done = useCallback((_: Area, pixels: Area) => setArea(pixels), []);

  return (
    <div className="grid gap-2">
      <Label htmlFor="picture">Picture</Label>
      <input
        id="picture"
        name="picture"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        required
        onChange={choose}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "picture-error" : undefined}
        className="text-sm"
      />
      {error ? (
        <p id="picture-error" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {source ? (
        <>
          <div className="relative h-72 w-full overflow-hidden rounded-md bg-slate-900" aria-label="Drag the picture to frame your face" role="group">
            <Cropper image={source} crop={crop} zoom={zoom} aspect={1} cropShape="round" onCropChange={setCrop} onZoomChange={setZoom} onCropComplete={done} />
          </div>
          <Label htmlFor="zoom">Zoom</Label>
          <input id="zoom" type="range" min={1} max={3} step={0.05} value={zoom} onChange={(event) => setZoom(Number(event.target.value))} />
        </>
      ) : null}
      {area
        ? (["x", "y", "width", "height"] as const).map((key) => <input key={key} type="hidden" name={key} value={Math.max(0, Math.round(area[key]))} />)
        : null}
    </div>
  );
}
