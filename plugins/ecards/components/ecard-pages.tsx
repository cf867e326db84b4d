import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { SerializeFrom } from "@remix-run/node";
import type { ReactNode } from "react";
import type { boxPageLoader, cardPageLoader } from "../pages.server";
import type { EcardView } from "../read.server";
import { boxPaths } from "../rules";
import { EcardFace } from "./ecard-face";
import { BoxTabs, EcardList } from "./ecard-list";
import { EcardReplies, type ReplyResult } from "./ecard-replies";

type BoxData = SerializeFrom<typeof boxPageLoader>;
type CardData = SerializeFrom<typeof cardPageLoader>;

function EcardsHeader({ children }: { children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold">My eCards</h1>
      {children}
      <Link to="/ecard/new" className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-white">
        Send an eCard
      </Link>
    </div>
  );
}

/** One of the viewer's boxes: its tabs and a page of its cards. */
export function BoxPage() {
  const data = useLoaderData<BoxData>();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <EcardsHeader />
      <BoxTabs box={data.box} isSupervisor={data.isSupervisor} />
      <EcardList box={data.box} items={data.items} page={data.page} more={data.more} />
    </div>
  );
}

/** One eCard as designed, its replies, and `actions` (the sender's, on a card not yet sent). */
export function CardPage({ actions }: { actions?: (card: EcardView) => ReactNode }) {
  const { card, editing, isSupervisor } = useLoaderData<CardData>();
  const result = useActionData<ReplyResult>();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <EcardsHeader />
      <BoxTabs box={card.box} isSupervisor={isSupervisor} />
      <Link to={boxPaths[card.box]} className="self-start text-sm text-brand underline">
        Back to the list
      </Link>
      <EcardFace card={card} />
      {actions?.(card)}
      {card.status === "SENT" ? <EcardReplies card={card} result={result} editing={editing} /> : null}
    </div>
  );
}

export const cardMeta = () => [{ title: "eCard" }];
export const boxMeta = () => [{ title: "My eCards" }];
