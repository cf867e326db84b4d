import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { formatPoints } from "~/modules/points/accounts";
import { formatMoney } from "../pricing";

/** What the shopper has to spend, shown on every step. */
export interface Wallet {
  points: number;
  spend: { cents: number; currency: string };
}

/** Where Close goes: leaving the steps resets the order in progress, which lives only in their URLs. */
const CLOSE_TO = "/feed";

const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/** The server's step: a dialog element shown in the page's flow, as a page of its own. */
const IN_PAGE = "static m-0 block w-full max-w-none border-0 bg-transparent p-0 text-inherit";
/** The same element once JavaScript runs: modal over an inert page, Escape closing it. */
const MODAL = "m-auto max-h-[calc(100dvh-2rem)] w-[min(60rem,calc(100vw-2rem))] overflow-y-auto rounded-lg border-0 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50";

/**
 * The steps as the spec's storefront dialog. One <dialog> element from the server on, so nothing
 * typed before the page's JavaScript ran is lost when it turns modal.
 */
function StepDialog({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const [modal, setModal] = useState(false);
  useBrowserLayoutEffect(() => {
    const element = dialog.current!;
    element.close();
    element.showModal();
    setModal(true);
    return () => element.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      open
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        event.preventDefault();
        navigate(CLOSE_TO);
      }}
      className={modal ? MODAL : IN_PAGE}
    >
      {children}
    </dialog>
  );
}

/**
 * One step of the storefront (the spec's dialog pages). Each step is a URL with plain forms, so
 * without JavaScript it is a page of its own; with JavaScript the steps open as a modal dialog.
 * Close (or Escape) leaves the order in progress, as closing the dialog resets it. `asPage` keeps
 * a page that is not a step of the dialog (the order list) a page.
 */
export function StorefrontStep({ title, wallet, back, asPage = false, children }: { title: string; wallet?: Wallet; back?: { to: string; label: string }; asPage?: boolean; children: ReactNode }) {
  const titleId = useId();
  const step = (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-700">Shop</p>
        <Link to={CLOSE_TO} className="text-sm text-brand underline">
          Close
        </Link>
      </div>
      <h1 id={titleId} className="text-2xl font-semibold">
        {title}
      </h1>
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
  return asPage ? step : <StepDialog labelledBy={titleId}>{step}</StepDialog>;
}
