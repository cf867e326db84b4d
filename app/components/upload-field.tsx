import { ErrorList } from "~/components/forms";
import { ImageCropper } from "~/components/image-cropper";
import { uploadKinds, type UploadKind } from "~/modules/storage/upload-kinds";

/**
 * A file field of an upload step: for a picture with a shape (`crop`), the cropper; else a plain
 * file input. Either says why a file is refused beside it, and refuses one over its kind's size
 * before it is sent (`onError`, with JavaScript).
 */
export function UploadField({
  id,
  name,
  kind,
  label,
  help,
  errors,
  onError,
  crop,
}: {
  id: string;
  name: string;
  kind: UploadKind;
  label: string;
  help: string;
  errors?: string[];
  onError(message: string | undefined): void;
  crop?: { aspect: number | { min: number; max: number }; frameLabel: string };
}) {
  const rules = uploadKinds[kind];
  if (crop) return <ImageCropper id={id} name={name} label={label} aspect={crop.aspect} frameLabel={crop.frameLabel} help={help} error={errors?.join(" ")} onError={onError} />;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="file"
        accept={rules.types.join(",")}
        onChange={(event) => onError((event.currentTarget.files?.[0]?.size ?? 0) > rules.maxBytes ? rules.tooLarge : undefined)}
        aria-invalid={errors ? true : undefined}
        aria-describedby={`${id}-help`}
        className="text-sm"
      />
      <p id={`${id}-help`} className="text-xs text-slate-600">
        {help}
      </p>
      <ErrorList errors={errors} />
    </div>
  );
}
