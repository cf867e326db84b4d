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
  /** The service award that pays for it (then `points` is 0). */
  award_id: ColumnType<number | null, number | null | undefined, never>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  completed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface StorefrontBrandOffTable {
  program_id: number;
  brand_key: string;
}

/** OPEN: can be redeemed; REDEEMING: an order it pays for is with the provider; REDEEMED. A failed order opens it again. */
export type AwardStatus = "OPEN" | "REDEEMING" | "REDEEMED";

export interface ServiceAwardTypeTable {
  id: Generated<number>;
  program_id: number;
  name: string;
  years_service: number;
  value_cents: number;
  display1: string | null;
  display2: string | null;
  display3: string | null;
  announcement: string | null;
  hide_shop_button: Generated<boolean>;
  active: Generated<boolean>;
  image_asset_id: Generated<string | null>;
  document_asset_id: Generated<string | null>;
}

export interface ServiceAwardTable {
  id: Generated<number>;
  program_id: number;
  employee_id: number;
  award_type_id: number;
  years_service: number;
  anniversary: ColumnType<string, string, never>;
  status: Generated<AwardStatus>;
  granted_at: ColumnType<Date, Date | string | undefined, never>;
  redeemed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

declare module "~/modules/db/schema" {
  interface Database {
    shop_order: ShopOrderTable;
    storefront_brand_off: StorefrontBrandOffTable;
    service_award_type: ServiceAwardTypeTable;
    service_award: ServiceAwardTable;
  }
}
