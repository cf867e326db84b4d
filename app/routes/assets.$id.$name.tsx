import type { LoaderFunctionArgs } from "@remix-run/node";
import { programDb } from "~/modules/auth/guards.server";
import { readAsset } from "~/modules/storage/assets.server";

/** RFC 6266: an ASCII fallback name and the exact one, percent-encoded. */
function disposition(kind: "inline" | "attachment", name: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Serves an uploaded file of this program. Its id is random, so its address is
 * its key (as e-mails, which carry no session, need); another program's id is
 * not found here. Pictures and videos show in the page; other files download.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const found = await readAsset(context.app.storage, programDb(context), params.id ?? "");
  if (!found) throw new Response("Not found", { status: 404 });
  const { asset, bytes } = found;
  return new Response(bytes.body, {
    headers: {
      "Content-Type": asset.contentType,
      "Content-Length": String(bytes.size),
      "Content-Disposition": disposition(asset.kind === "file" ? "attachment" : "inline", asset.name),
      // An asset never changes: a new upload is a new asset.
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
