import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Card, CardTitle } from "~/components/ui/card";
import { NominationFacts, NominationSteps, type NominationFactsData, type StepLine } from "./nomination-parts";

/** A nomination's page: its facts (and certificate), then its approval chain; `children` go between (an approver's decision). */
export function NominationPage({ back, title, nomination, steps, certificate, children }: { back: { to: string; label: string }; title: string; nomination: NominationFactsData; steps: StepLine[]; certificate: boolean; children?: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <Link to={back.to} className="text-sm text-brand">
        ← {back.label}
      </Link>
      <Card>
        <h1 className="mb-4 text-xl font-semibold">{title}</h1>
        <NominationFacts nomination={nomination} certificate={certificate} />
      </Card>
      {children}
      <Card>
        <CardTitle>Approvals</CardTitle>
        <NominationSteps steps={steps} />
      </Card>
    </div>
  );
}
