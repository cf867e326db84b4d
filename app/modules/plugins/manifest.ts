import type { ComponentType } from "react";
import type { Migration } from "kysely";
import type { z } from "zod";
import type { Viewer } from "~/modules/auth/viewer";
import type { JobDefinition, JobSchedule } from "~/modules/jobs/job";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { Registry } from "./registry";
import type { Tenant } from "~/modules/tenants/tenant";
import type { AppServices } from "~/modules/services.server";
import type { Extension, ExtensionPoint } from "./extension-point";

/** The header menus of the spec's shell, in display order. */
export const menuIds = ["admin", "recognize", "incentives", "shop", "profile"] as const;
export type MenuId = (typeof menuIds)[number];

/**
 * Where a card goes: a home-page sidebar, or its centre column (the Moments feed, its welcome
 * post); a section of a person's profile (their awards, say; the person's id is in `params.id`);
 * or the top of the notifications page (open awards first).
 */
export type SidebarSlot = "left" | "main" | "right" | "profile" | "notifications";

interface Visibility {
  /** An employee permission flag that must be true: a core one, or one a plugin declares. */
  permission?: string;
  /** Any further condition (program flags, supervisor status...). */
  when?: (viewer: Viewer) => boolean;
}

export interface MenuEntry extends Visibility {
  menu: MenuId;
  label: string;
  to: string;
  order?: number;
}

export interface CardLoadArgs {
  viewer: Viewer;
  db: ProgramDb;
  request: Request;
  /** The page's route parameters (a profile's `id`). */
  params: Readonly<Record<string, string | undefined>>;
  registry: Registry;
  /** The app's services (storage, outside services), as a route's loader has them in its context. */
  app: AppServices;
}

export interface SidebarCard<Data = unknown> extends Visibility {
  /** Unique across the app; the client looks the component up by it, the server its data function. */
  id: string;
  slot: SidebarSlot;
  order: number;
  /** Plugins give a `lazySlot(() => import(...))`, so a page ships only the cards it shows. */
  Component: ComponentType<{ data: Data }>;
}

export type CardDataFunction<Data = unknown> = (args: CardLoadArgs) => Promise<Data>;

/** A kind of notification; offered in a person's settings only when it can reach them (its permission and condition). */
export interface NotificationType extends Visibility {
  id: string;
  label: string;
}

export interface NotificationGroup extends Visibility {
  /** General, Manager, Admin, Incentive in the spec; a plugin may add its own. */
  id: string;
  title: string;
  types: readonly NotificationType[];
}

/** The demo users (README) a demo seed may grant a plugin's permission to. */
export type DemoRole = "admin" | "manager" | "employee";

/** A per-employee permission flag a plugin adds to the spec's set (stored with the others). */
export interface PermissionDeclaration {
  label: string;
  /** What an employee has when nothing is stored for them. */
  default: boolean;
  /** Demo users who get it when a demo program is seeded with the plugin on. */
  grantedInDemoTo?: DemoRole[];
}

/** What a renderer of a published item gets: the data its publisher stored, and when. */
export interface PublishedItemView {
  id: number;
  foreignId: string;
  data: Record<string, unknown>;
  created: string;
}

/**
 * A kind of item a plugin publishes to the Moments feed (its socialType) or to
 * profile walls (its wall item code), with the component that draws it. The
 * plugin that shows feeds or walls finds the component here, knowing nothing of
 * the publisher; the publisher publishes whether or not that plugin is on.
 */
export interface PublishedItemKind {
  label: string;
  /** Plugins give a `lazySlot(() => import(...))`, so a page ships only the renderers it shows. */
  Component: ComponentType<{ item: PublishedItemView }>;
}

/** What a contribution (core or plugin) adds to the shell. */
export interface Contributions {
  menuEntries?: readonly MenuEntry[];
  sidebarCards?: readonly SidebarCard<any>[];
  notificationGroups?: readonly NotificationGroup[];
  /** Extension points it offers (ids "<plugin id>.<name>", or "core.<name>" for the core's). */
  extensionPoints?: readonly ExtensionPoint<any>[];
  /** What it adds to extension points: the core's, its own, or those of plugins it depends on. */
  extensions?: readonly Extension[];
}

/**
 * A plugin's manifest (plugins/<id>/plugin.ts): what it adds to the shell. It is
 * bundled for the browser too, so it holds no server code; that goes in the
 * plugin's server part (plugin.server.ts).
 */
export interface PluginManifest extends Contributions {
  /** Equal to the plugin's folder name under plugins/, and its key under `features` in a tenant file. */
  id: string;
  title: string;
  description: string;
  /** Plugins it builds on (their extension points): a tenant may switch it on only with each of them on. */
  dependsOn?: readonly string[];
  /** Permission flags this plugin adds, by the spec's names. */
  permissions?: Record<string, PermissionDeclaration>;
  /**
   * People-lookup filters it adds, by name (a picker's `for=`): who may be picked must have the
   * permission flag (a card's recipients, a nomination's nominees). Offered while the plugin is on.
   */
  lookupFilters?: Record<string, { permission: string }>;
  /** Kinds of points transfers this plugin records in the ledger, with the label the transaction history shows. */
  transferKinds?: Record<string, string>;
  /** Items it publishes to the Moments feed, by the spec's socialType (ecard, receivedNomination...). */
  feedItemKinds?: Record<string, PublishedItemKind>;
  /** Items it publishes to profile walls, by the spec's wall item code (NOMINATION, ECARD, SERVICE_AWARD...). */
  wallItemKinds?: Record<string, PublishedItemKind>;
}

/** The server-only half of a contribution: card data functions, background jobs and their schedules. */
export interface ServerContributions {
  /** What it adds to extension points on the server (a provider's API client, an approvals count). */
  extensions?: readonly Extension[];
  /** Data functions of sidebar cards, by card id; they run in the page's loader. */
  cardData?: Record<string, CardDataFunction<any>>;
  /** Kinds of background job (named "<plugin id>.<name>"); they run only in programs that have the plugin on. */
  jobs?: JobDefinition<any>[];
  /** Recurring jobs, in each program's time zone; each names one of `jobs`. */
  schedules?: JobSchedule<any>[];
  /** Report types it adds to the reports page (ids "<owner>.<name>": "core." for the core's). */
  reports?: ReportType[];
}

/** A plugin's server part (plugins/<id>/plugin.server.ts). */
export interface PluginServer extends ServerContributions {
  id: string;
  /** The plugin's options in a tenant file, beside `enabled` (tenant files are validated on the server only). */
  options?: z.ZodObject;
  migrations?: Record<string, Migration>;
  /**
   * Tables its migrations create that hold no program's rows (common templates, say): start-up
   * refuses any other table without program_id, and a program's handle only reads these.
   */
  globalTables?: readonly string[];
  /** Demo data for a new demo program that has the plugin on; `people` maps demo sign-in names to ids. */
  seedDemo?: (args: DemoSeedArgs) => Promise<void>;
  /** The program settings section that edits this plugin's options (fields are keys of `options`). */
  settings?: SettingsSection;
  /**
   * Configuration it keeps in the database (award types, eCard templates, profile categories, core
   * values): tenant export writes it under `data.<plugin id>` beside the options, and a tenant file
   * that carries it replaces the program's copy whenever the file's copy changes.
   */
  configData?: ConfigData<any>;
  /**
   * The data of each feed and wall item kind its manifest declares, by kind: a publish whose data
   * does not parse throws, so every renderer (whoever shows feeds or walls) gets what it expects.
   */
  itemData?: { feed?: Record<string, z.ZodType<Record<string, unknown>>>; wall?: Record<string, z.ZodType<Record<string, unknown>>> };
}

/** A plugin's configuration held in the database, as a tenant file carries it. */
export interface ConfigData<Data> {
  /** Checks a tenant file's copy (and its JSON paths in errors). */
  schema: z.ZodType<Data>;
  /** The program's copy, in a stable order (an export of an unchanged program is byte for byte the same). */
  read(db: ProgramDb): Promise<Data>;
  /** Replaces the program's copy with the file's; runs in a transaction with the record of what was applied. */
  replace(db: ProgramDb, data: Data): Promise<void>;
}

/** A report: rows for a period of one program, as the spec's report result (reportName, startDate, endDate, rows). */
export interface ReportType {
  /** Unique; "<plugin id>.<name>", or "core.<name>". */
  id: string;
  title: string;
  /** The employee permission that may run it besides program managers, who may run every report. */
  permission?: string;
  columns: { key: string; label: string }[];
  rows(args: ReportArgs): Promise<Record<string, string | number | null>[]>;
}

/** What a report runs with: its program's handle and the period, from the first instant of `start` to the last of `end`. */
export interface ReportArgs {
  db: ProgramDb;
  start: Date;
  end: Date;
  /** The program's time zone, for calendar days in rows. */
  timeZone: string;
  registry: Registry;
}

/** Labels of the options a program manager may edit; the option schema types and validates each. */
export interface SettingsSection {
  fields: Record<string, { label: string; help?: string }>;
}

export interface DemoSeedArgs {
  db: ProgramDb;
  tenant: Tenant;
  /** The plugins, to publish demo items through the core as a real run does. */
  registry: Registry;
  /** The named demo users (admin, manager, employee...) by login id. */
  people: ReadonlyMap<string, number>;
  /** Everyone seeded in the program, the synthetic population included. */
  everyone: readonly number[];
  /** How many synthetic feed posts the program's size asks for (0 but at scale). */
  posts: number;
  /** The seed's deterministic generator, so a program seeds the same on every machine. */
  random: () => number;
}

/** Its literal types are kept, so the names it declares become types through `InstalledPlugins`. */
export function definePlugin<const Manifest extends PluginManifest>(manifest: Manifest): Manifest {
  return manifest;
}

/** The core's contributions, their literal types kept (the core's notification types). */
export function defineContributions<const Core extends Contributions>(contributions: Core): Core {
  return contributions;
}

/**
 * The installed plugins' manifests by id. Each plugin adds its own in its plugin.ts:
 *
 *     declare module "~/modules/plugins/manifest" { interface InstalledPlugins { kudos: typeof kudosPlugin } }
 *
 * so the names it declares (permissions, notification types, feed and wall item kinds, ledger
 * kinds) are types wherever code uses them: a typo does not compile. The registry checks the
 * same names at start-up, for what types cannot see (a manifest's own menu entries and cards).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface InstalledPlugins {}

type Manifests = InstalledPlugins[keyof InstalledPlugins];
/** The keys of a record field of each manifest (distributed over the union, so no plugin's names are lost). */
type KeysOf<M, Field extends string> = M extends { readonly [F in Field]?: infer Declared } ? keyof NonNullable<Declared> & string : never;
type GroupsOf<M> = M extends { readonly notificationGroups?: readonly (infer Group)[] } ? Group : never;

/** The notification type ids that contributions (the core's, or a plugin's manifest) declare. */
export type NotificationTypeIds<C> = GroupsOf<C> extends infer Group ? (Group extends { readonly types: readonly (infer Type)[] } ? (Type extends { readonly id: infer Id extends string } ? Id : never) : never) : never;

/** A permission flag an installed plugin declares. */
export type PluginPermissionName = KeysOf<Manifests, "permissions">;
/** A notification type an installed plugin declares. */
export type PluginNotificationType = NotificationTypeIds<Manifests>;
/** A ledger transfer kind an installed plugin declares. */
export type PluginTransferKind = KeysOf<Manifests, "transferKinds">;
/** A feed item kind (socialType) an installed plugin declares. */
export type FeedItemKindName = KeysOf<Manifests, "feedItemKinds">;
/** A wall item kind (wall code) an installed plugin declares. */
export type WallItemKindName = KeysOf<Manifests, "wallItemKinds">;

export function definePluginServer(server: PluginServer) {
  return server;
}

/** Types a plugin's configuration data by its schema. */
export function defineConfigData<Data>(configData: ConfigData<Data>) {
  return configData;
}
