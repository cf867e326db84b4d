import { useCallback, useEffect, useState, type ChangeEvent, type ReactNode } from "react";
import Cropper, { type Area } from "react-easy-crop";
import { Label } from "~/components/ui/label";
import { uploadKinds } from "~/modules/storage/upload-kinds";

/**
 * A picture field with a cropper. Without JavaScript it is a plain file input (the server
 * crops at the centre). With it, the chosen picture opens in a cropper of `aspect` (a ratio, or
 * a range the picture's own shape is brought into: the feed's 9:16 to 16:9) (drag to move,
 * slider or wheel to zoom) whose area goes with the file as x, y, width and height; a picture
 * over 10 MB is refused before it is sent.
 */
export function ImageCropper({
  id,
  name,
  label,
  aspect,
  round = false,
  frameLabel,
  help,
  error,
  onError,
  required = false,
}: {
  id: string;
  name: string;
  label: string;
  aspect: number | { min: number; max: number };
  round?: boolean;
  /** What the cropper's frame asks the person to do ("Drag the picture to frame your face"). */
  frameLabel: string;
  help?: ReactNode;
  error?: string;
  onError(message: string | undefined): void;
  required?: boolean;
}) {
  const [source, setSource] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [fitted, setFitted] = useState(typeof aspect === "number" ? aspect : aspect.max);
  const fit = ({ naturalWidth, naturalHeight }: { naturalWidth: number; naturalHeight: number }) => {
    if (typeof aspect !== "number") setFitted(Math.min(Math.max(naturalWidth / naturalHeight, aspect.min), aspect.max));
  };
  useEffect(() => () => (source ? URL.revokeObjectURL(source) : undefined), [source]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setArea(null);
    setSource(null);
    if (!file) return;
    if (file.size > uploadKinds.image.maxBytes) {
      event.target.value = "";
      onError(uploadKinds.image.tooLarge);
      return;
    }
    onError(undefined);
    setZoom(1);
    setCrop({ x: 0, y: 0 });
    setSource(URL.createObjectURL(file));
  };
  const done = useCallback((_: Area, pixels: Area) => setArea(pixels), []);
  const described = [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <input
        id={id}
        name={name}
        type="file"
        accept={uploadKinds.image.types.join(",")}
        required={required}
        onChange={choose}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className="text-sm"
      />
      {help ? (
        <p id={`${id}-help`} className="text-xs text-slate-600">
          {help}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {source ? (
        <>
          <div className="relative h-72 w-full overflow-hidden rounded-md bg-slate-900" aria-label={frameLabel} role="group">
            <Cropper
              image={source}
              crop={crop}
              zoom={zoom}
              aspect={fitted}
              cropShape={round ? "round" : "rect"}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={done}
              onMediaLoaded={fit}
            />
          </div>
          <Label htmlFor={`${id}-zoom`}>Zoom</Label>
          <input id={`${id}-zoom`} type="range" min={1} max={3} step={0.05} value={zoom} onChange={(event) => setZoom(Number(event.target.value))} />
        </>
      ) : null}
      {area ? (["x", "y", "width", "height"] as const).map((key) => <input key={key} type="hidden" name={key} value={Math.max(0, Math.round(area[key]))} />) : null}
    </div>
  );
}
