/** The notification centre's rules (spec: platform constants), shared by the server and the page. */
export const NOTIFICATION_PAGE_SIZE = 50;
/** The bell shows '!!' from this many unread. */
export const BELL_LIMIT = 100;
/** Unread notifications of these types count toward the approvals card. */
export const APPROVAL_TYPES = ["DISC_APP", "PT_APP"] as const;

export function bellText(unread: number) {
  return unread >= BELL_LIMIT ? "!!" : String(unread);
}

export const channelLabels = { EMAIL: "E-mail", SMS: "Text message", PUSH: "Push notification" } as const;
export type Channel = keyof typeof channelLabels;

export interface NotificationItem {
  id: number;
  type: string;
  message: string;
  link: string | null;
  isRead: boolean;
  created: string;
}
