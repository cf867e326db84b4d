import { centreCrop, imagePurposes, isValidCrop, type CropArea, type ImagePurpose } from "./image-purposes";

/** The spec's compression: JPEG at quality 0.92, never wider than 1920 px. */
const JPEG_QUALITY = 92;
const MAX_WIDTH = 1920;
/** A picture of more pixels than this (a "decompression bomb") is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000;

export type ProcessedImage =
  | { ok: true; body: Buffer; width: number; height: number; contentType: "image/jpeg" }
  | { ok: false; message: string };

export const UNREADABLE_IMAGE = "This picture could not be read. Choose another file.";
export const BAD_CROP = "Choose an area inside the picture, in the shape shown.";

/** The size of a picture as it is seen (EXIF orientation applied), or null when it cannot be read. */
export async function imageSize(input: Buffer) {
  // Imported at first use: its native library is mapped into no process that reads no picture (decision 115).
  const { default: sharp } = await import("sharp");
  try {
    const { width, height, autoOrient } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    return { width: autoOrient?.width ?? width, height: autoOrient?.height ?? height };
  } catch {
    return null;
  }
}

/**
 * A crop in its canvas's own ratio is drawn on the canvas exactly, as the
 * spec's cropper does (an avatar is always 480x480; a 16:9 feed picture
 * 1000x563, not 1000x562). Any other crop is scaled down, never up, to fit the
 * canvas and the width limit.
 */
function targetSize(area: CropArea, purpose: ImagePurpose) {
  const { canvas, minRatio, maxRatio } = imagePurposes[purpose];
  const scale = Math.min(1, Math.min(canvas.width, MAX_WIDTH) / area.width, canvas.height / area.height);
  const canvasRatio = canvas.width / canvas.height;
  const onCanvasRatio = Math.abs(area.width / area.height - canvasRatio) < 0.01 * canvasRatio && canvasRatio >= minRatio * 0.99 && canvasRatio <= maxRatio * 1.01;
  if (onCanvasRatio) return { width: canvas.width, height: canvas.height };
  return { width: Math.max(1, Math.round(area.width * scale)), height: Math.max(1, Math.round(area.height * scale)) };
}

/**
 * Re-encodes an uploaded picture: turned upright by its EXIF orientation, cropped
 * to `crop` (or the centre crop) in its purpose's ratio, scaled down to fit the
 * purpose's canvas, and written as a fresh JPEG without any metadata (EXIF, GPS,
 * camera): sharp keeps none unless asked to.
 */
export async function processImage(input: Buffer, purpose: ImagePurpose, crop?: CropArea): Promise<ProcessedImage> {
  const size = await imageSize(input);
  if (!size) return { ok: false, message: UNREADABLE_IMAGE };
  const area = crop ?? centreCrop(size.width, size.height, purpose);
  if (!isValidCrop(area, size.width, size.height, purpose)) return { ok: false, message: BAD_CROP };
  const { width, height } = targetSize(area, purpose);
  const { default: sharp } = await import("sharp");
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .autoOrient()
      .extract({ left: area.x, top: area.y, width: area.width, height: area.height })
      .resize({ width, height, fit: "fill" })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { ok: true, body: data, width: info.width, height: info.height, contentType: "image/jpeg" };
  } catch {
    return { ok: false, message: UNREADABLE_IMAGE };
  }
}
