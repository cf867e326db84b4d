import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { formatPoints } from "~/modules/points/accounts";
import { formatMoney } from "../pricing";
import { SHOP_FAILED } from "../stores";
import { StorefrontStep, type Wallet } from "./storefront-step";
import { AwardCard } from "./service-awards-card";
import { StoreList, type StoreChoice } from "./store-list";

/** The storefront's first three pages: 1 Shop with (award credit or points), 2 Select Award, 3 Choose where to redeem. */
export type ShopPageData =
  | { page: "shop-with"; wallet: Wallet | null; awardCredit: { count: number; value: string } }
  | { page: "select-award"; wallet: Wallet | null; owner: string; awards: { id: number; name: string; yearsService: number; value: string; displayLines: string[]; imageUrl: string | null }[] }
  | { page: "choose-store"; wallet: Wallet | null; award: { name: string; value: string } | null; stores: StoreChoice[] };

const TITLES: Record<ShopPageData["page"], string> = { "shop-with": "Shop with", "select-award": "Select Award", "choose-store": "Choose where to redeem" };

export const shopPageMeta: MetaFunction = ({ data }) => [{ title: data ? TITLES[(data as ShopPageData).page] : "Shop" }];

function Choice({ to, title, children }: { to: string; title: string; children: React.ReactNode }) {
  return (
    <Card className="flex h-full flex-col gap-2">
      <h2 className="text-lg font-semibold">
        <Link to={to} className="text-brand underline">
          {title}
        </Link>
      </h2>
      <p className="text-sm text-slate-700">{children}</p>
    </Card>
  );
}

export function ShopPage({ data }: { data: ShopPageData }) {
  const step = (children: React.ReactNode, back?: { to: string; label: string }) => (
    <StorefrontStep title={TITLES[data.page]} wallet={data.wallet ?? undefined} back={back}>
      {children}
    </StorefrontStep>
  );
  switch (data.page) {
    case "shop-with":
      return step(
        <ul className="grid gap-4 sm:grid-cols-2">
          <li>
            <Choice to="/storefront/awards" title="Award credit">
              {data.awardCredit.count === 1 ? "Your service award" : `Your ${data.awardCredit.count} service awards`}, worth {data.awardCredit.value}.
            </Choice>
          </li>
          <li>
            <Choice to="/storefront/points" title="Points">
              {data.wallet ? `Your ${formatPoints(data.wallet.points)} points, worth ${formatMoney(data.wallet.spend.cents, data.wallet.spend.currency)}.` : "Your points."}
            </Choice>
          </li>
        </ul>,
      );
    case "select-award":
      return step(
        <ul className="grid gap-4 sm:grid-cols-2">
          {data.awards.map((award) => (
            <li key={award.id}>
              <AwardCard award={award} owner={data.owner}>
                <Link to={`/storefront/awards/${award.id}`} className="self-start text-brand underline">
                  Redeem your {award.name}
                </Link>
              </AwardCard>
            </li>
          ))}
        </ul>,
        data.wallet ? { to: "/storefront", label: "Back to Shop with" } : undefined,
      );
    case "choose-store":
      return step(
        <>
          {data.award ? (
            <p>
              Redeeming your <strong>{data.award.name}</strong>, worth <strong>{data.award.value}</strong>.
            </p>
          ) : null}
          {data.stores.length === 0 ? (
            <p role="alert" className="text-red-700">
              {SHOP_FAILED}
            </p>
          ) : (
            <StoreList stores={data.stores} />
          )}
        </>,
        data.award ? { to: "/storefront", label: "Back to the shop" } : undefined,
      );
  }
}

/** A route that shows one of the shop's first pages. */
export function ShopPageRoute() {
  return <ShopPage data={useLoaderData<ShopPageData>()} />;
}
