import { Link } from "@remix-run/react";
import { Card } from "~/components/ui/card";

export interface OpenAwardsCardData {
  awards: { id: number; name: string; yearsService: number; value: string; displayLines: string[]; hideShopButton: boolean }[];
}

/** The viewer's open service awards, first on the notifications page (the spec's award cards, by id). */
export function OpenAwardsCard({ data }: { data: OpenAwardsCardData }) {
  if (data.awards.length === 0) return null;
  return (
    <section aria-labelledby="open-awards" className="flex flex-col gap-3">
      <h2 id="open-awards" className="text-lg font-semibold">
        Your service awards
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {data.awards.map((award) => (
          <li key={award.id}>
            <Card className="flex h-full flex-col gap-1">
              {award.displayLines.map((line) => (
                <p key={line} className="font-medium">
                  {line}
                </p>
              ))}
              <p className="text-sm text-slate-700">
                {award.name}: {award.yearsService === 1 ? "1 year" : `${award.yearsService} years`} of service, {award.value}
              </p>
              <Link to={`/service-award-redemption/${award.id}`} className="self-start text-brand underline">
                {award.hideShopButton ? "See your award" : "Redeem Award"}
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
