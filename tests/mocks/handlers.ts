import type { RequestHandler } from "msw";

/** Handlers for outside services (gift cards, SMS, GIFs) join here as those integrations land. */
export const handlers: RequestHandler[] = [];
