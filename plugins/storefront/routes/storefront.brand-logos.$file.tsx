import type { LoaderFunctionArgs } from "@remix-run/node";
import { initialsOf, sandboxBrand } from "../gift-cards/sandbox-brands";

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A sandbox brand's card face, drawn here: its colours, initials and name (no third party's logo). */
export async function loader({ params }: LoaderFunctionArgs) {
  const brand = params.file?.endsWith(".svg") ? sandboxBrand(params.file.slice(0, -4)) : undefined;
  if (!brand) throw new Response("Not found", { status: 404 });
  const [background, foreground] = brand.colors;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="326" height="200" viewBox="0 0 326 200">
<rect width="326" height="200" rx="14" fill="${background}"/>
<circle cx="276" cy="40" r="70" fill="${foreground}" opacity="0.12"/>
<text x="24" y="112" font-family="Georgia, serif" font-size="64" font-weight="bold" fill="${foreground}">${escape(initialsOf(brand.name))}</text>
<text x="24" y="168" font-family="Arial, sans-serif" font-size="20" fill="${foreground}">${escape(brand.name)}</text>
</svg>`;
  return new Response(svg, { headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400" } });
}
