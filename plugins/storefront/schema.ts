import type { ColumnType, Generated } from "kysely";
import type { Credential } from "./gift-cards/provider.server";

/** PENDING: points debited, the provider not yet sure; then COMPLETE, or FAILED with the points returned. */
export type OrderStatus = "PENDING" | "COMPLETE" | "FAILED";

export interface ShopOrderTable {
  id: Generated<number>;
  program_id: number;
  employee_id: number;
  order_key: string;
  provider: string;
  brand_key: string;
  brand_name: string;
  utid: string;
  amount_cents: number;
  currency: string;
  points: number;
  email: string;
  status: Generated<OrderStatus>;
  claimed_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  attempts: Generated<number>;
  failure_reason: string | null;
  provider_reference: string | null;
  credentials: ColumnType<Credential[] | null, string | null, string | null>;
  redemption_instructions: string | null;
  resubmit_of: number | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  completed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface StorefrontBrandOffTable {
  program_id: number;
  brand_key: string;
}

declare module "~/modules/db/schema" {
  interface Database {
    shop_order: ShopOrderTable;
    storefront_brand_off: StorefrontBrandOffTable;
  }
}
