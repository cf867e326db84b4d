import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatPoints } from "~/modules/points/accounts";
import { formatMoney } from "../pricing";

/** What the shopper has to spend, shown on every step. */
export interface Wallet {
  points: number;
  spend: { cents: number; currency: string };
}

/**
 * One step of the storefront (the spec's dialog pages), as a page of its own: each step is a URL
 * with plain forms, so it works without JavaScript. Close leaves the order in progress (it lives
 * only in the steps' URLs), as closing the dialog resets it.
 */
export function StorefrontStep({ title, wallet, back, children }: { title: string; wallet?: Wallet; back?: { to: string; label: string }; children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-700">Shop</p>
        <Link to="/feed" className="text-sm text-brand underline">
          Close
        </Link>
      </div>
      <h1 className="text-2xl font-semibold">{title}</h1>
      {wallet ? (
        <p className="text-slate-700">
          You have <strong className="text-slate-900">{formatPoints(wallet.points)} points</strong> to spend, worth {formatMoney(wallet.spend.cents, wallet.spend.currency)}.
        </p>
      ) : null}
      {children}
      {back ? (
        <p>
          <Link to={back.to} className="text-sm text-brand underline">
            {back.label}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
