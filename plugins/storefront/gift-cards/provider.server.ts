import type { Catalogue } from "./catalogue";

/** What the shop asks a provider to deliver: one card of `utid` worth `amountCents`, named by our reference. */
export interface OrderRequest {
  /** Ours, sent as the provider's external reference: the same one twice is the same order. */
  externalRef: string;
  utid: string;
  amountCents: number;
  currency: string;
  recipient: { email: string; firstName: string; lastName: string };
  /** The program's name, as the card's sender. */
  senderName: string;
}

/** A line of what redeems a card: its number, PIN, a link, an expiry date. */
export interface Credential {
  label: string;
  value: string;
  kind: "text" | "url" | "date";
}

export interface PlacedOrder {
  /** The provider's own id of the order. */
  reference: string;
  credentials: Credential[];
  redemptionInstructions: string | null;
  /** The provider e-mailed the card to the recipient itself; otherwise the shop does. */
  emailedByProvider: boolean;
}

/** The provider refused the order for good (a bad item, a closed account): the points go back. */
export class OrderDeclined extends Error {
  constructor(
    /** The provider's reason code, for the log and the program's orders list. */
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = "OrderDeclined";
  }
}

/**
 * A source of digital gift cards. `placeOrder` throws OrderDeclined when the
 * answer is no; any other error means "not known yet" (a time-out, an outage),
 * and the order is asked again under the same external reference, which the
 * provider answers with the order it already has instead of a second one.
 */
export interface GiftCardProvider {
  readonly id: "sandbox" | "tango";
  catalogue(): Promise<Catalogue>;
  placeOrder(order: OrderRequest): Promise<PlacedOrder>;
  /** The order placed under `externalRef`, or null when the provider has none. */
  findOrder(externalRef: string): Promise<PlacedOrder | null>;
  /** What the program's account can still pay for. */
  balance(): Promise<{ cents: number; currency: string }>;
}
