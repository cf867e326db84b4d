import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { rowIdOrNotFound } from "~/utils/row-id";
import { useLoaderData } from "@remix-run/react";
import { NominationPage } from "../components/nomination-page";
import { requireNominations } from "../guards.server";
import { mayDownloadCertificate, nominationWithSteps } from "../read.server";

export const meta: MetaFunction = () => [{ title: "Nomination" }];

export async function loader(args: LoaderFunctionArgs) {
  const { db, viewer } = await requireNominations(args);
  const found = await nominationWithSteps(db, rowIdOrNotFound(args.params.id));
  if (!found || found.parties.nominatorId !== viewer.employee.id) throw new Response("Not found", { status: 404 });
  return json({ nomination: found.nomination, steps: found.steps, certificate: mayDownloadCertificate(viewer, found) });
}

export default function SentNominationPage() {
  const { nomination, steps, certificate } = useLoaderData<typeof loader>();
  return <NominationPage back={{ to: "/nomination/sent", label: "Nominations sent" }} title={`Your nomination of ${nomination.nominee}`} nomination={nomination} steps={steps} certificate={certificate} />;
}
