import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import type { Tenant } from "~/modules/tenants/tenant";
import { OrderDeclined } from "../gift-cards/provider.server";
import { giftCardIntegration } from "../gift-cards/integration.server";
import { giftCardProviderFor, MissingCredentials } from "../gift-cards/providers.server";
import { TangoError, tangoProvider, TANGO_RETRIES } from "../gift-cards/tango.server";
import { server } from "../../../tests/mocks/server";

const BASE = "https://raas.tango.test/raas/v2";
const config = {
  baseUrl: BASE,
  platformName: "AcmePlatform",
  platformKey: "s3cret-key",
  accountIdentifier: "acme-rewards",
  customerIdentifier: "acme",
  currency: "USD",
  programCurrency: "USD",
  retryDelayMs: 1,
};
const basic = `Basic ${Buffer.from("AcmePlatform:s3cret-key").toString("base64")}`;
const order = {
  externalRef: "a1b2c3",
  utid: "U561593",
  amountCents: 2_500,
  currency: "USD",
  recipient: { email: "sam@example.org", firstName: "Sam", lastName: "Shopper" },
  senderName: "Acme Corporation",
};
const placed = {
  referenceOrderID: "RA230101-1234-56",
  externalRefID: "a1b2c3",
  status: "COMPLETE",
  reward: {
    credentialList: [
      { label: "Card Number", value: "6006 4912 3456", type: "text" },
      { label: "Redemption Link", value: "https://sandbox.rewardcodes.example/r/abc", type: "url" },
    ],
    redemptionInstructions: "Use online or in store.",
  },
};

describe("the Tango Card RaaS v2 client", () => {
  it("reads the catalogue and exchange rates with HTTP Basic, in cents, active items only", async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get(`${BASE}/catalogs`, ({ request }) => {
        seen.push(request.headers.get("authorization"));
        return HttpResponse.json({
          catalogName: "Acme",
          brands: [
            {
              brandKey: "B1",
              brandName: "Bookshop",
              shortDescription: "Books",
              status: "active",
              imageUrls: { "200w-326ppi": "https://img.example/b1.png" },
              categories: [{ name: "Entertainment & Books" }],
              items: [
                { utid: "U1", rewardName: "Bookshop eGift", currencyCode: "USD", status: "active", valueType: "VARIABLE_VALUE", minValue: 5, maxValue: 500 },
                { utid: "U2", rewardName: "Old", currencyCode: "USD", status: "inactive", valueType: "FIXED_VALUE", faceValue: 10 },
              ],
            },
            { brandKey: "B2", brandName: "Café de Paris", status: "active", items: [{ utid: "U3", rewardName: "Café", currencyCode: "EUR", valueType: "FIXED_VALUE", faceValue: 20 }] },
            { brandKey: "B3", brandName: "Gone", status: "inactive", items: [{ utid: "U4", rewardName: "Gone", currencyCode: "USD", valueType: "FIXED_VALUE", faceValue: 5 }] },
          ],
        });
      }),
      http.get(`${BASE}/exchangerates`, ({ request }) => {
        seen.push(request.headers.get("authorization"));
        return HttpResponse.json({ disclaimer: "", exchangeRates: [{ rewardCurrency: "EUR", baseCurrency: "USD", baseFx: 0.92 }] });
      }),
    );
    const catalogue = await tangoProvider(config).catalogue();
    expect(seen).toEqual([basic, basic]);
    expect(catalogue.brands.map((brand) => brand.key)).toEqual(["B1", "B2"]);
    expect(catalogue.brands[0]).toMatchObject({
      name: "Bookshop",
      imageUrl: "https://img.example/b1.png",
      categories: ["entertainment"],
      items: [{ utid: "U1", valueType: "VARIABLE_VALUE", minValue: 500, maxValue: 50_000, currency: "USD" }],
    });
    expect(catalogue.brands[1]!.items).toEqual([{ utid: "U3", name: "Café", currency: "EUR", valueType: "FIXED_VALUE", faceValue: 2_000 }]);
    expect(catalogue.fx("USD")).toBe(1);
    expect(catalogue.fx("EUR")).toBe(0.92);
    expect(catalogue.fx("GBP")).toBeNull();
  });

  it("orders under our reference as externalRefID, from the program's account, and reads the card", async () => {
    let body: Record<string, unknown> = {};
    server.use(
      http.post(`${BASE}/orders`, async ({ request }) => {
        expect(request.headers.get("authorization")).toBe(basic);
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(placed, { status: 201 });
      }),
    );
    const result = await tangoProvider(config).placeOrder(order);
    expect(body).toMatchObject({ accountIdentifier: "acme-rewards", customerIdentifier: "acme", amount: 25, utid: "U561593", externalRefID: "a1b2c3", sendEmail: true });
    expect(result).toEqual({
      reference: "RA230101-1234-56",
      credentials: [
        { label: "Card Number", value: "6006 4912 3456", kind: "text" },
        { label: "Redemption Link", value: "https://sandbox.rewardcodes.example/r/abc", kind: "url" },
      ],
      redemptionInstructions: "Use online or in store.",
      emailedByProvider: true,
    });
  });

  it("asks again after a 500, and succeeds", async () => {
    let calls = 0;
    server.use(http.post(`${BASE}/orders`, () => (++calls === 1 ? HttpResponse.json({ httpCode: 500, message: "Internal error" }, { status: 500 }) : HttpResponse.json(placed))));
    expect((await tangoProvider(config).placeOrder(order)).reference).toBe("RA230101-1234-56");
    expect(calls).toBe(2);
  });

  it("gives up after 5 retries of a 5xx with an error that is not a refusal (the order is asked again later)", async () => {
    let calls = 0;
    server.use(http.post(`${BASE}/orders`, () => (calls++, HttpResponse.json({ httpCode: 503, message: "Unavailable" }, { status: 503 }))));
    const error = await tangoProvider(config).placeOrder(order).catch((e: unknown) => e);
    expect(calls).toBe(TANGO_RETRIES + 1);
    expect(error).toBeInstanceOf(TangoError);
    expect(error).not.toBeInstanceOf(OrderDeclined);
  });

  it("turns a 4xx into a refusal with Tango's reason code and message, asked once", async () => {
    let calls = 0;
    server.use(
      http.post(`${BASE}/orders`, () => {
        calls++;
        return HttpResponse.json(
          {
            timestamp: "2026-11-26T10:00:00Z",
            requestId: "r-1",
            path: "/raas/v2/orders",
            httpCode: 400,
            httpPhrase: "Bad Request",
            i18nKey: "RAAS:REQUEST:VALIDATION",
            message: "The request had validation errors",
            errors: [{ path: "utid", i18nKey: "RAAS:ORDER:INVALID_UTID", message: "Invalid utid", invalidValue: "U561593" }],
          },
          { status: 400 },
        );
      }),
    );
    const error = (await tangoProvider(config).placeOrder(order).catch((e: unknown) => e)) as OrderDeclined;
    expect(calls).toBe(1);
    expect(error).toBeInstanceOf(OrderDeclined);
    expect(error.reason).toBe("RAAS:ORDER:INVALID_UTID");
    expect(error.message).toBe("Tango 400: The request had validation errors (utid: Invalid utid)");
  });

  it("finds an order by our reference, and reads the account's balance", async () => {
    server.use(
      http.get(`${BASE}/orders`, ({ request }) => HttpResponse.json({ orders: new URL(request.url).searchParams.get("externalRefID") === "a1b2c3" ? [placed] : [] })),
      http.get(`${BASE}/accounts/acme-rewards`, () => HttpResponse.json({ accountIdentifier: "acme-rewards", currentBalance: 1234.56, currencyCode: "USD" })),
    );
    const tango = tangoProvider(config);
    expect((await tango.findOrder("a1b2c3"))?.reference).toBe("RA230101-1234-56");
    expect(await tango.findOrder("zzz")).toBeNull();
    expect(await tango.balance()).toEqual({ cents: 123_456, currency: "USD" });
  });
});

describe("a program's gift-card provider", () => {
  const tenantWith = (programId: number, giftCards: unknown): Tenant => ({ programId, config: { points: { currency: "USD", pointValue: 0.01 }, features: { storefront: { enabled: true, giftCards } } } as never });

  it("is the sandbox unless the tenant file names a Tango account", () => {
    expect(giftCardProviderFor(tenantWith(9001, undefined), {}).id).toBe("sandbox");
  });

  it("takes Tango's credentials from the environment, by the named set, and refuses to start without them", async () => {
    const giftCards = { provider: "tango", accountIdentifier: "eu-rewards", customerIdentifier: "acme-eu", currency: "EUR", credentials: "EU" };
    expect(() => giftCardProviderFor(tenantWith(9002, giftCards), { TANGO_PLATFORM_NAME: "Default", TANGO_PLATFORM_KEY: "k" })).toThrow(
      new MissingCredentials(["TANGO_EU_PLATFORM_NAME", "TANGO_EU_PLATFORM_KEY"]),
    );
    let authorization: string | null = null;
    server.use(http.get(`${BASE}/accounts/eu-rewards`, ({ request }) => ((authorization = request.headers.get("authorization")), HttpResponse.json({ currentBalance: 10, currencyCode: "EUR" }))));
    const provider = giftCardProviderFor(tenantWith(9003, giftCards), { TANGO_EU_PLATFORM_NAME: "EuPlatform", TANGO_EU_PLATFORM_KEY: "eu-key", TANGO_EU_API_URL: BASE });
    expect(provider.id).toBe("tango");
    expect(await provider.balance()).toEqual({ cents: 1_000, currency: "EUR" });
    expect(authorization).toBe(`Basic ${Buffer.from("EuPlatform:eu-key").toString("base64")}`);
  });

  it("is shown on /settings/integrations as the sandbox, Tango without its credentials, or switched off", () => {
    expect(giftCardIntegration.state({ tenant: tenantWith(9004, undefined) })).toEqual({ name: "Gift cards", connected: true, detail: "The embedded sandbox: cards are for trying the shop, not real." });
    const tango = { provider: "tango", accountIdentifier: "a", customerIdentifier: "c", currency: "USD", credentials: "NOWHERE" };
    expect(giftCardIntegration.state({ tenant: tenantWith(9005, tango) })).toEqual({ name: "Gift cards", connected: false, detail: "Tango Card is chosen but the deployment has no credentials for it." });
    const off = { programId: 9006, config: { points: { currency: "USD", pointValue: 0.01 }, features: { storefront: { enabled: true, tangoEnabled: false } } } } as never;
    expect(giftCardIntegration.state({ tenant: off })).toMatchObject({ connected: false, detail: "Digital gift cards are switched off for this program." });
  });
});
