import type { LoaderFunctionArgs } from "@remix-run/node";
import { designSvg } from "../design-art";
import { designPng } from "../design-png.server";
import { drawableDesign } from "../designs";

const cached = "public, max-age=86400";

/** A design of the library (or the video poster), drawn (the same for every program): as SVG for pages, as PNG for e-mails. */
export async function loader({ params }: LoaderFunctionArgs) {
  const [id, format] = (params.file ?? "").split(".", 2);
  const design = drawableDesign(id ?? "");
  if (!design || (format !== "svg" && format !== "png")) throw new Response("Not found", { status: 404 });
  if (format === "svg") return new Response(designSvg(design), { headers: { "Content-Type": "image/svg+xml", "Cache-Control": cached } });
  return new Response(new Uint8Array(await designPng(design)), { headers: { "Content-Type": "image/png", "Cache-Control": cached } });
}
