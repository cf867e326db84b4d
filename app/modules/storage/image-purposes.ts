/**
 * The spec's crop ratios and canvases. A picture is cropped to its purpose's
 * ratio, then drawn on the canvas (see processImage); a feed picture keeps its
 * own ratio when it lies between 9:16 and 16:9. The celebration board's canvas
 * (305x512) is a box the 5:4 crop fits into (305x244), as the two cannot both be exact.
 */
export const imagePurposes = {
  avatar: { label: "Avatar", minRatio: 1, maxRatio: 1, canvas: { width: 480, height: 480 } },
  meIn3: { label: "Me In 3", minRatio: 16 / 19, maxRatio: 16 / 19, canvas: { width: 640, height: 760 } },
  celebrationBoard: { label: "Celebration board", minRatio: 5 / 4, maxRatio: 5 / 4, canvas: { width: 305, height: 512 } },
  feed: { label: "Feed", minRatio: 9 / 16, maxRatio: 16 / 9, canvas: { width: 1000, height: 563 } },
  ecard: { label: "eCard", minRatio: 16 / 9, maxRatio: 16 / 9, canvas: { width: 700, height: 394 } },
  /** Pictures shown at their own shape (a welcome or contact-us image): only the width limit applies. */
  plain: { label: "Picture", minRatio: 0, maxRatio: Infinity, canvas: { width: 1920, height: Infinity } },
} as const;

export type ImagePurpose = keyof typeof imagePurposes;

/** A rectangle of the source picture, in its pixels (after its EXIF orientation is applied). */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The centre crop of a `width`x`height` picture to the nearest ratio `purpose` allows. */
export function centreCrop(width: number, height: number, purpose: ImagePurpose): CropArea {
  const { minRatio, maxRatio } = imagePurposes[purpose];
  const ratio = Math.min(Math.max(width / height, minRatio), maxRatio);
  const cropWidth = Math.min(width, Math.round(height * ratio));
  const cropHeight = Math.min(height, Math.round(cropWidth / ratio));
  return { x: Math.floor((width - cropWidth) / 2), y: Math.floor((height - cropHeight) / 2), width: cropWidth, height: cropHeight };
}

/** Whether `area` lies inside the picture and has (within a pixel's rounding) a ratio `purpose` allows. */
export function isValidCrop(area: CropArea, width: number, height: number, purpose: ImagePurpose) {
  const { minRatio, maxRatio } = imagePurposes[purpose];
  const inside = area.x >= 0 && area.y >= 0 && area.width >= 1 && area.height >= 1 && area.x + area.width <= width && area.y + area.height <= height;
  if (!inside) return false;
  const slack = 1 / Math.min(area.width, area.height) + 0.005;
  const ratio = area.width / area.height;
  return ratio >= minRatio * (1 - slack) && ratio <= maxRatio * (1 + slack);
}
