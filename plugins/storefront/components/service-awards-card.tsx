import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Card } from "~/components/ui/card";
import { yearsText } from "~/modules/time/calendar-days";
import type { AwardStatus } from "../schema";

export interface ServiceAwardsCardData {
  /** Whose awards they are: the card shows the employee's display name. */
  owner: string;
  awards: {
    id: number;
    name: string;
    yearsService: number;
    value: string;
    displayLines: string[];
    imageUrl: string | null;
    status: AwardStatus;
    /** Where Redeem Award goes (the award's page when it has an announcement, else the shop); null when the shop button is hidden. */
    redeemHref: string | null;
  }[];
}

const STATUS: Record<Exclude<AwardStatus, "OPEN">, string> = { REDEEMING: "Being redeemed", REDEEMED: "Redeemed" };

/** One award as the spec's card shows it: its picture and display lines, the employee's display name, then its name, years of service and value; `children` is what can be done with it. */
export function AwardCard({ award, owner, children }: { award: { name: string; yearsService: number; value: string; displayLines: string[]; imageUrl: string | null }; owner: string; children?: ReactNode }) {
  return (
    <Card className="flex h-full flex-col gap-1">
      {award.imageUrl ? <img src={award.imageUrl} alt="" className="mb-2 h-32 w-full rounded object-cover" /> : null}
      {award.displayLines.map((line) => (
        <p key={line} className="font-medium">
          {line}
        </p>
      ))}
      <p>{owner}</p>
      <p className="text-sm text-slate-700">
        {award.name}: {yearsText(award.yearsService)} of service, {award.value}
      </p>
      {children}
    </Card>
  );
}

/** The spec's service award cards, by id: display lines, years of service, and Redeem Award while open (unless its type hides it). */
export function ServiceAwardsCard({ data }: { data: ServiceAwardsCardData }) {
  if (data.awards.length === 0) return null;
  return (
    <section aria-labelledby="service-awards" className="flex flex-col gap-3">
      <h2 id="service-awards" className="text-lg font-semibold">
        Your service awards
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {data.awards.map((award) => (
          <li key={award.id}>
            <AwardCard award={award} owner={data.owner}>
              {award.status !== "OPEN" ? (
                <p className="text-sm font-medium text-slate-700">{STATUS[award.status]}</p>
              ) : award.redeemHref ? (
                <Link to={award.redeemHref} className="self-start text-brand underline">
                  Redeem Award
                </Link>
              ) : null}
            </AwardCard>
          </li>
        ))}
      </ul>
    </section>
  );
}
