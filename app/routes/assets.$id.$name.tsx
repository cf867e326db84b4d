import type { LoaderFunctionArgs } from "@remix-run/node";
import { readAsset } from "~/modules/storage/assets.server";
import { requestedRange } from "~/modules/storage/byte-range";

/** RFC 6266: an ASCII fallback name and the exact one, percent-encoded. */
function disposition(kind: "inline" | "attachment", name: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Serves an uploaded file of this program, or a common one. Its id is random,
 * so its address is its key (as e-mails, which carry no session, need);
 * another program's id is not found here. Pictures and videos show in the
 * page; other files download. A Range asks for a part (a video player seeking).
 */
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  let unsatisfiable: number | null = null;
  const range = (size: number) => {
    const asked = requestedRange(request.headers.get("Range"), size);
    if (asked !== "unsatisfiable") return asked;
    unsatisfiable = size;
    return null;
  };
  const found = await readAsset(context.app.storage, context.db, params.id ?? "", range);
  if (!found) throw new Response("Not found", { status: 404 });
  if (unsatisfiable !== null) {
    await found.bytes.body.cancel();
    return new Response(null, { status: 416, headers: { "Content-Range": `bytes */${unsatisfiable}` } });
  }
  const { asset, bytes } = found;
  return new Response(bytes.body, {
    status: found.range ? 206 : 200,
    headers: {
      "Content-Type": asset.contentType,
      "Content-Length": String(bytes.size),
      ...(found.range ? { "Content-Range": `bytes ${found.range.start}-${found.range.end}/${asset.byteSize}` } : {}),
      "Accept-Ranges": "bytes",
      "Content-Disposition": disposition(asset.kind === "file" ? "attachment" : "inline", asset.name),
      // An asset never changes (a new upload is a new asset), but for a video still processing, whose file may be rewritten.
      "Cache-Control": asset.processing === "PROCESSING" ? "no-store" : "public, max-age=31536000, immutable",
    },
  });
}
