import type { LoaderFunctionArgs } from "@remix-run/node";
import { rowIdOrNotFound } from "~/utils/row-id";
import { certificatePdf } from "../certificate.server";
import { requireNominations } from "../guards.server";
import { mayDownloadCertificate, nominationWithSteps } from "../read.server";

/** The certificate of an approved nomination, as a PDF download, for its nominee, nominator, the nominee's manager and program managers. */
export async function loader(args: LoaderFunctionArgs) {
  const { db, viewer } = await requireNominations(args);
  const found = await nominationWithSteps(db, rowIdOrNotFound(args.params.id));
  if (!found || !mayDownloadCertificate(viewer, found)) throw new Response("Not found", { status: 404 });
  const { nomination } = found;
  const pdf = await certificatePdf(viewer.tenant, {
    nominee: nomination.nominee,
    nominator: nomination.nominator,
    coreValue: nomination.coreValue,
    awardLevel: nomination.awardLevel,
    message: nomination.message,
    approved: new Date(nomination.decided ?? nomination.created),
  });
  const fileName = `certificate-${nomination.id}.pdf`;
  return new Response(new Uint8Array(pdf), {
    headers: { "Content-Type": "application/pdf", "Content-Disposition": `attachment; filename="${fileName}"`, "Cache-Control": "private, no-store" },
  });
}
