import type { LoaderFunctionArgs } from "@remix-run/node";
import { designSvg } from "../design-art";
import { designById } from "../designs";

/** A design of the library, drawn (the same for every program; immutable, so cached for long). */
export async function loader({ params }: LoaderFunctionArgs) {
  const design = params.file?.endsWith(".svg") ? designById(params.file.slice(0, -4)) : undefined;
  if (!design) throw new Response("Not found", { status: 404 });
  return new Response(designSvg(design), { headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400" } });
}
