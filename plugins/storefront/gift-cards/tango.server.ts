import { setTimeout as delay } from "node:timers/promises";
import { z } from "zod";
import { isCategory, type Catalogue, type Category, type GiftCardBrand, type GiftCardItem } from "./catalogue";
import { OrderDeclined, type Credential, type GiftCardProvider, type OrderRequest, type PlacedOrder } from "./provider.server";

/** Tango Card's integration (sandbox) API; production is https://api.tangocard.com/raas/v2. */
export const TANGO_SANDBOX_URL = "https://integration-api.tangocard.com/raas/v2";

export interface TangoConfig {
  baseUrl: string;
  platformName: string;
  platformKey: string;
  accountIdentifier: string;
  customerIdentifier: string;
  currency: string;
  /** The currency of the program's points, which exchange rates convert from. */
  programCurrency: string;
  /** Waits between retries (tests shorten it). */
  retryDelayMs?: number;
}

/** Tries after the first of a request answered 5xx (or 429, or not at all). */
export const TANGO_RETRIES = 5;
const REQUEST_TIMEOUT_MS = 15_000;
/** Catalogues change a few times a day; a program's is kept this long. */
const CATALOGUE_TTL_MS = 60 * 60 * 1000;

/** Tango's error body (their common shape for 4xx and 5xx). */
const errorBody = z.object({
  requestId: z.string().optional(),
  httpCode: z.number().optional(),
  i18nKey: z.string().optional(),
  message: z.string().optional(),
  errors: z.array(z.object({ path: z.string().optional(), i18nKey: z.string().optional(), message: z.string().optional() })).optional(),
});

/** An answer other than success: its status and Tango's error body, as far as it parsed. */
export class TangoError extends Error {
  constructor(
    readonly status: number,
    readonly body: z.infer<typeof errorBody>,
  ) {
    super(`Tango ${status}: ${body.message ?? "no message"}${body.errors?.length ? ` (${body.errors.map((e) => `${e.path ?? "?"}: ${e.message ?? e.i18nKey}`).join("; ")})` : ""}`);
    this.name = "TangoError";
  }

  /** The reason code the shop logs and keeps with a failed order. */
  get reason() {
    return this.body.errors?.[0]?.i18nKey ?? this.body.i18nKey ?? `HTTP_${this.status}`;
  }
}

const retried = (status: number) => status >= 500 || status === 429 || status === 408;

const money = (value: number) => Math.round(value * 100);

const catalogSchema = z.object({
  brands: z.array(
    z.object({
      brandKey: z.string(),
      brandName: z.string(),
      shortDescription: z.string().nullish(),
      description: z.string().nullish(),
      status: z.string().nullish(),
      imageUrls: z.record(z.string(), z.string()).nullish(),
      categories: z.array(z.object({ name: z.string().nullish() }).or(z.string())).nullish(),
      items: z.array(
        z.object({
          utid: z.string(),
          rewardName: z.string(),
          currencyCode: z.string(),
          status: z.string().nullish(),
          valueType: z.enum(["FIXED_VALUE", "VARIABLE_VALUE"]),
          faceValue: z.number().nullish(),
          minValue: z.number().nullish(),
          maxValue: z.number().nullish(),
        }),
      ),
    }),
  ),
});

const ratesSchema = z.object({
  exchangeRates: z.array(z.object({ rewardCurrency: z.string(), baseCurrency: z.string(), baseFx: z.number().positive() })),
});

const orderSchema = z.object({
  referenceOrderID: z.string(),
  reward: z
    .object({
      credentialList: z.array(z.object({ label: z.string(), value: z.string(), type: z.string().nullish() })).nullish(),
      credentials: z.record(z.string(), z.string()).nullish(),
      redemptionInstructions: z.string().nullish(),
    })
    .nullish(),
});

/** Words in Tango's category names that place a brand in one of the store's eight. */
const categoryWords: [RegExp, Category][] = [
  [/restaurant|dining|food|coffee/i, "dining"],
  [/entertain|movie|music|gaming|book/i, "entertainment"],
  [/fashion|apparel|clothing|beauty/i, "fashion"],
  [/grocer|supermarket/i, "groceries"],
  [/home|garden|improvement/i, "home"],
  [/travel|hotel|airline|ride/i, "travel"],
  [/electronic|tech/i, "electronics"],
  [/charit|donat|giving/i, "giving"],
];

function categoriesOf(names: string[]): Category[] {
  const found = new Set<Category>();
  for (const name of names) for (const [words, category] of categoryWords) if (words.test(name)) found.add(category);
  return [...found].filter(isCategory);
}

function itemOf(item: z.infer<typeof catalogSchema>["brands"][number]["items"][number]): GiftCardItem | null {
  const base = { utid: item.utid, name: item.rewardName, currency: item.currencyCode };
  if (item.valueType === "FIXED_VALUE") return item.faceValue ? { ...base, valueType: "FIXED_VALUE", faceValue: money(item.faceValue) } : null;
  if (item.minValue == null || item.maxValue == null) return null;
  return { ...base, valueType: "VARIABLE_VALUE", minValue: money(item.minValue), maxValue: money(item.maxValue) };
}

function placedOf(body: z.infer<typeof orderSchema>): PlacedOrder {
  const reward = body.reward;
  const list = reward?.credentialList ?? Object.entries(reward?.credentials ?? {}).map(([label, value]) => ({ label, value, type: null }));
  const credentials: Credential[] = list.map(({ label, value, type }) => ({
    label,
    value,
    kind: type === "url" || /^https:\/\//.test(value) ? "url" : type === "date" ? "date" : "text",
  }));
  return { reference: body.referenceOrderID, credentials, redemptionInstructions: reward?.redemptionInstructions ?? null, emailedByProvider: true };
}

/**
 * Tango Card's Rewards as a Service API, v2: HTTP Basic with the platform's
 * name and key; the catalogue, exchange rates, the account's balance, and
 * orders under our external reference (Tango answers a repeated one with the
 * order it has). A 5xx, 429 or no answer is tried again up to 5 times, waiting
 * twice as long each time; other answers are final.
 */
export function tangoProvider(config: TangoConfig): GiftCardProvider {
  const authorization = `Basic ${Buffer.from(`${config.platformName}:${config.platformKey}`).toString("base64")}`;
  const base = config.baseUrl.replace(/\/$/, "");
  let cached: { at: number; catalogue: Promise<Catalogue> } | null = null;

  async function request<T>(schema: z.ZodType<T>, method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(`${base}${path}`, {
          method,
          headers: { authorization, accept: "application/json", ...(body ? { "content-type": "application/json" } : {}) },
          body: body ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (error) {
        if (attempt >= TANGO_RETRIES) throw error;
        await delay((config.retryDelayMs ?? 500) * 2 ** attempt);
        continue;
      }
      if (response.ok) return schema.parse(await response.json());
      const parsed = errorBody.safeParse(await response.json().catch(() => ({})));
      const error = new TangoError(response.status, parsed.success ? parsed.data : {});
      if (!retried(response.status) || attempt >= TANGO_RETRIES) throw error;
      await delay((config.retryDelayMs ?? 500) * 2 ** attempt);
    }
  }

  async function loadCatalogue(): Promise<Catalogue> {
    const [catalog, rates] = await Promise.all([request(catalogSchema, "GET", "/catalogs?verbose=true"), request(ratesSchema, "GET", "/exchangerates")]);
    const brands: GiftCardBrand[] = catalog.brands
      .filter((brand) => (brand.status ?? "active").toLowerCase() === "active")
      .map((brand) => ({
        key: brand.brandKey,
        name: brand.brandName,
        description: brand.shortDescription ?? "",
        imageUrl: Object.entries(brand.imageUrls ?? {}).sort(([a], [b]) => a.localeCompare(b))[0]?.[1] ?? "",
        categories: categoriesOf((brand.categories ?? []).map((c) => (typeof c === "string" ? c : (c.name ?? "")))),
        items: brand.items.filter((item) => (item.status ?? "active").toLowerCase() === "active").flatMap((item) => itemOf(item) ?? []),
      }))
      .filter((brand) => brand.items.length > 0);
    const fx = (currency: string) =>
      currency === config.programCurrency
        ? 1
        : (rates.exchangeRates.find((rate) => rate.baseCurrency === config.programCurrency && rate.rewardCurrency === currency)?.baseFx ?? null);
    return { brands, fx };
  }

  return {
    id: "tango",
    catalogue() {
      if (!cached || Date.now() - cached.at > CATALOGUE_TTL_MS) {
        const catalogue = loadCatalogue();
        cached = { at: Date.now(), catalogue };
        catalogue.catch(() => (cached = null));
      }
      return cached.catalogue;
    },
    async placeOrder(order: OrderRequest) {
      try {
        const body = await request(orderSchema, "POST", "/orders", {
          accountIdentifier: config.accountIdentifier,
          customerIdentifier: config.customerIdentifier,
          amount: order.amountCents / 100,
          utid: order.utid,
          externalRefID: order.externalRef,
          sendEmail: true,
          recipient: order.recipient,
          sender: { firstName: order.senderName, lastName: "", email: "" },
        });
        return placedOf(body);
      } catch (error) {
        if (error instanceof TangoError && !retried(error.status)) throw new OrderDeclined(error.reason, error.message);
        throw error;
      }
    },
    async findOrder(externalRef) {
      const found = await request(z.object({ orders: z.array(orderSchema) }), "GET", `/orders?externalRefID=${encodeURIComponent(externalRef)}&elementsPerBlock=1`);
      return found.orders[0] ? placedOf(found.orders[0]) : null;
    },
    async balance() {
      const account = await request(z.object({ currentBalance: z.number(), currencyCode: z.string() }), "GET", `/accounts/${encodeURIComponent(config.accountIdentifier)}`);
      return { cents: money(account.currentBalance), currency: account.currencyCode };
    },
  };
}
