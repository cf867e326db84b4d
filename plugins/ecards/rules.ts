/** The spec's eCard limits and the reply rule, shared by the server and the pages. */
export const REPLY_MAX_LENGTH = 450;
export const ECARD_PAGE_SIZE = 10;

export type Box = "sent" | "received" | "manager";

/** Where a box's list and cards live. */
export const boxPaths: Record<Box, string> = { sent: "/ecard/sent", received: "/ecard/received", manager: "/ecard/received/manager" };

/**
 * The spec's eCard reply permission: a viewer may reply only if not the sender, a recipient,
 * and has not already replied.
 */
export function mayReply(card: { senderId: number; recipientIds: readonly number[]; replierIds: readonly number[] }, viewerId: number) {
  return viewerId !== card.senderId && card.recipientIds.includes(viewerId) && !card.replierIds.includes(viewerId);
}

/** The file field of the designs page's upload form. */
export const DESIGN_FIELD = "picture";
