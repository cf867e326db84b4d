import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { rowIdOrNotFound } from "~/utils/row-id";
import { useLoaderData } from "@remix-run/react";
import { NominationPage } from "../components/nomination-page";
import { requireNominations } from "../guards.server";
import { markReceivedRead, mayDownloadCertificate, nominationWithSteps } from "../read.server";

export const meta: MetaFunction = () => [{ title: "Nomination" }];

/** A nomination the viewer received (approved ones only); opening it marks it read. */
export async function loader(args: LoaderFunctionArgs) {
  const { db, viewer } = await requireNominations(args);
  const id = rowIdOrNotFound(args.params.id);
  const found = await nominationWithSteps(db, id);
  if (!found || found.parties.nomineeId !== viewer.employee.id || found.nomination.status !== "APPROVED") throw new Response("Not found", { status: 404 });
  await markReceivedRead(db, viewer.employee.id, id);
  return json({ nomination: found.nomination, steps: found.steps, certificate: mayDownloadCertificate(viewer, found) });
}

export default function ReceivedNominationPage() {
  const { nomination, steps, certificate } = useLoaderData<typeof loader>();
  return <NominationPage back={{ to: "/nomination/received", label: "Nominations received" }} title={`${nomination.nominator} nominated you`} nomination={nomination} steps={steps} certificate={certificate} />;
}
