import { z } from "zod";

/** A named set of provider credentials in the environment (TANGO_<SET>_PLATFORM_NAME...): never the secrets themselves. */
const credentialSet = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]{0,29}$/, "must be upper-case letters, digits and _ (an environment variable's middle part)");

/**
 * Where the program's gift cards come from: the sandbox inside the app (sample brands, orders that
 * complete at once: the embedded default), or Tango Card's RaaS API with the program's account.
 */
const giftCardProvider = z.discriminatedUnion("provider", [
  z.object({ provider: z.literal("sandbox") }),
  z.object({
    provider: z.literal("tango"),
    accountIdentifier: z.string().trim().min(1).max(100),
    customerIdentifier: z.string().trim().min(1).max(100),
    /** The account's currency (ISO 4217). */
    currency: z.string().regex(/^[A-Z]{3}$/, "must be a 3-letter currency code"),
    /** Which credentials of the deployment; its default set (TANGO_PLATFORM_NAME...) when omitted. */
    credentials: credentialSet.optional(),
  }),
]);

/** The storefront plugin's options in a tenant file, under features.storefront (the spec's site config flags by their names). */
export const shopOptions = z.object({
  /** The digital gift-card store. */
  tangoEnabled: z.boolean().default(true),
  giftCards: giftCardProvider.default({ provider: "sandbox" }),
  /** Program managers are told each morning the provider's account holds less than this (its currency; 0: never). */
  lowBalanceAlert: z.number().min(0).max(10_000_000).default(0),
});

