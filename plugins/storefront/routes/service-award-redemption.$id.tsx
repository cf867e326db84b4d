import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireOpenAward } from "../awards/award-shop.server";
import { AwardCard } from "../components/service-awards-card";
import { formatMoney } from "../pricing";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? data.award.name : "Service award" }];

/** The spec's service award detail: the feed unless the id is one of the viewer's open awards; else the award, its announcement, and Redeem Award. */
export async function loader(args: LoaderFunctionArgs) {
  const { viewer, award } = await requireOpenAward(args, "id");
  return json({
    award: { ...award, value: formatMoney(award.valueCents, args.context.tenant.config.points.currency) },
    displayName: viewer.employee.displayName,
  });
}

export default function ServiceAwardPage() {
  const { award, displayName } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">{award.name}</h1>
      <AwardCard award={award} owner={displayName} />
      {award.announcement ? (
        <section aria-labelledby="announcement" className="flex flex-col gap-2">
          <h2 id="announcement" className="text-lg font-semibold">
            Announcement
          </h2>
          {award.announcement.split(/\n{2,}/).map((paragraph, index) => (
            <p key={index} className="whitespace-pre-line">
              {paragraph}
            </p>
          ))}
        </section>
      ) : null}
      {award.documentUrl ? (
        <p>
          <a href={award.documentUrl} className="text-brand underline">
            Read the announcement document
          </a>
        </p>
      ) : null}
      {award.hideShopButton ? null : (
        <p>
          <Link to={`/storefront/awards/${award.id}`} className="inline-flex rounded-md bg-brand px-4 py-2 font-medium text-white">
            Redeem Award
          </Link>
        </p>
      )}
    </div>
  );
}
