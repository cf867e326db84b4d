import type { PluginMigrations } from "~/modules/db/migrator.server";
import type { z } from "zod";
import type { Viewer } from "~/modules/auth/viewer";
import { isPluginEnabled } from "~/modules/tenants/features";
import type { ExtensionPoint } from "./extension-point";
import type { SlotName } from "./lazy-slot";
import { checkDependencies, indexExtensions } from "./extensions";
import type { TenantConfig } from "~/modules/tenants/tenant";
import {
  menuIds,
  type DemoRole,
  type CardDataFunction,
  type Contributions,
  type MenuEntry,
  type MenuId,
  type NotificationGroup,
  type PluginManifest,
  type PluginServer,
  type PublishedItemKind,
  type ServerContributions,
  type SidebarCard,
  type SidebarSlot,
} from "./manifest";

export interface MenuLink {
  label: string;
  to: string;
}

/** The server halves: the core's card data and each plugin's server part. */
export interface ServerParts {
  core: ServerContributions;
  plugins: readonly PluginServer[];
}

type TenantSchema = z.ZodType<TenantConfig, unknown>;

const PLUGIN_ROUTE_ID = /^plugins\/([^/]+)\//;

function visibleTo(viewer: Viewer, item: { permission?: string; when?: (v: Viewer) => boolean }) {
  if (item.permission && !viewer.employee.permissions[item.permission]) return false;
  return item.when ? item.when(viewer) : true;
}

function checkServerParts(core: Contributions, plugins: readonly PluginManifest[], server: ServerParts) {
  const cardsOf = (contributions: Contributions) => new Set((contributions.sidebarCards ?? []).map((card) => card.id));
  const check = (owner: string, cards: Set<string>, part: ServerContributions) => {
    for (const id of Object.keys(part.cardData ?? {})) {
      if (!cards.has(id)) throw new Error(`${owner} gives data for card "${id}", which its manifest does not declare`);
    }
  };
  check("The core", cardsOf(core), server.core);
  for (const part of server.plugins) {
    const manifest = plugins.find((plugin) => plugin.id === part.id);
    if (!manifest) throw new Error(`Server part "${part.id}" has no plugin manifest in plugins/index.ts`);
    check(`Plugin ${part.id}`, cardsOf(manifest), part);
    for (const name of Object.keys(part.migrations ?? {})) {
      if (!name.includes(part.id)) throw new Error(`Migration "${name}" of plugin ${part.id} must name the plugin`);
    }
  }
}

/**
 * Everything the core knows about plugins goes through here. The core's own
 * menu entries, cards and notification groups are contributed the same way, so
 * the shell treats both alike; a plugin's contributions count only while the
 * tenant has it on. The browser's registry has no server parts; the server's does.
 */
/** The people lookup's own purposes: anyone, and people to mention (the core's; plugins add filters). */
export const CORE_LOOKUPS: readonly string[] = ["people", "mentions"];

export function createRegistry(
  core: Contributions,
  plugins: readonly PluginManifest[],
  server?: ServerParts & { tenantSchema: TenantSchema },
) {
  const ids = new Set<string>();
  for (const plugin of plugins) {
    if (!/^[a-z][a-z0-9-]*$/.test(plugin.id)) throw new Error(`Plugin id "${plugin.id}" must be lower-case kebab-case`);
    if (ids.has(plugin.id)) throw new Error(`Plugin id "${plugin.id}" is registered twice`);
    ids.add(plugin.id);
  }
  const pluginPermissions = new Map<string, string>();
  for (const plugin of plugins) {
    for (const name of Object.keys(plugin.permissions ?? {})) {
      const owner = pluginPermissions.get(name);
      if (owner) throw new Error(`Permission "${name}" is declared by both ${owner} and ${plugin.id}`);
      pluginPermissions.set(name, plugin.id);
    }
  }
  const permissionDefaults: Record<string, boolean> = Object.fromEntries(
    plugins.flatMap((plugin) => Object.entries(plugin.permissions ?? {}).map(([name, declared]) => [name, declared.default])),
  );
  const lookupFilters = new Map<string, { pluginId: string; permission: string }>();
  for (const plugin of plugins) {
    for (const [name, filter] of Object.entries(plugin.lookupFilters ?? {})) {
      if (CORE_LOOKUPS.includes(name) || lookupFilters.has(name)) throw new Error(`Lookup filter "${name}" of ${plugin.id} is already taken`);
      if (!(filter.permission in (plugin.permissions ?? {}))) throw new Error(`Lookup filter "${name}" of ${plugin.id} names permission "${filter.permission}", which the plugin does not declare`);
      lookupFilters.set(name, { pluginId: plugin.id, permission: filter.permission });
    }
  }
  const transferKindLabels = new Map(plugins.flatMap((plugin) => Object.entries(plugin.transferKinds ?? {})));
  const itemKinds = (which: "feedItemKinds" | "wallItemKinds") => {
    const kinds = new Map<string, PublishedItemKind & { pluginId: string }>();
    for (const plugin of plugins) {
      for (const [kind, declared] of Object.entries(plugin[which] ?? {})) {
        const owner = kinds.get(kind);
        if (owner) throw new Error(`${which === "feedItemKinds" ? "Feed" : "Wall"} item kind "${kind}" is declared by both ${owner.pluginId} and ${plugin.id}`);
        kinds.set(kind, { ...declared, pluginId: plugin.id });
      }
    }
    return kinds;
  };
  const feedKinds = itemKinds("feedItemKinds");
  const wallKinds = itemKinds("wallItemKinds");
  const allCards = [core, ...plugins].flatMap((c) => c.sidebarCards ?? []);
  const cardIds = new Set<string>();
  for (const card of allCards) {
    if (cardIds.has(card.id)) throw new Error(`Sidebar card id "${card.id}" is declared twice`);
    cardIds.add(card.id);
  }
  if (server) checkServerParts(core, plugins, server);
  checkDependencies(plugins);
  const extensionIndex = indexExtensions(core, plugins, server ? [server.core, ...server.plugins] : []);

  const cardData = new Map<string, CardDataFunction>(
    [server?.core, ...(server?.plugins ?? [])].flatMap((part) => Object.entries(part?.cardData ?? {})),
  );

  function active(tenant: TenantConfig): Contributions[] {
    return [core, ...plugins.filter((plugin) => isPluginEnabled(tenant, plugin.id))];
  }

  function serverParts() {
    if (!server) throw new Error("This registry has no server parts (it is the browser's)");
    return server;
  }

  function ownedServerParts(): { owner: string; part: ServerContributions }[] {
    const { core: corePart, plugins: pluginParts } = serverParts();
    return [{ owner: "core", part: corePart }, ...pluginParts.map((part) => ({ owner: part.id, part }))];
  }

  return {
    plugins,

    /** One schema for a tenant file: the core part and each plugin's options (server only). */
    get tenantSchema() {
      return serverParts().tenantSchema;
    },

    get(id: string) {
      return plugins.find((plugin) => plugin.id === id) ?? null;
    },

    /** The permission flags plugins add, and which plugin declares each. */
    pluginPermissions: pluginPermissions as ReadonlyMap<string, string>,

    /** The people-lookup filter `name` of a plugin this tenant has on (whom it lets be picked), or undefined. */
    lookupFilter(config: TenantConfig, name: string) {
      const filter = lookupFilters.get(name);
      if (!filter || !isPluginEnabled(config, filter.pluginId)) return undefined;
      return { permission: filter.permission, fallback: permissionDefaults[filter.permission] ?? false };
    },

    /** An employee's flags with each plugin permission they have no stored value for at its default. */
    withPermissionDefaults<P extends Record<string, boolean>>(permissions: P): P {
      return { ...permissionDefaults, ...permissions };
    },

    /** The label of a ledger transfer kind a plugin declares, or null for the core's own. */
    transferKindLabel(kind: string) {
      return transferKindLabels.get(kind) ?? null;
    },

    /** The permissions each demo user gets from the plugins this tenant has on. */
    demoGrants(tenant: TenantConfig): Record<DemoRole, Record<string, boolean>> {
      const grants: Record<DemoRole, Record<string, boolean>> = { admin: {}, manager: {}, employee: {} };
      for (const plugin of plugins.filter((p) => isPluginEnabled(tenant, p.id))) {
        for (const [name, declared] of Object.entries(plugin.permissions ?? {})) {
          for (const role of declared.grantedInDemoTo ?? []) grants[role][name] = true;
        }
      }
      return grants;
    },

    /** The settings sections of the plugins this tenant has on, with the option schema that checks each. */
    settingsSections(tenant: TenantConfig) {
      return serverParts()
        .plugins.filter((part) => part.settings && part.options && isPluginEnabled(tenant, part.id))
        .map((part) => ({ pluginId: part.id, title: plugins.find((p) => p.id === part.id)!.title, fields: part.settings!.fields, options: part.options! }));
    },

    /** What the change history calls each plugin and each of its editable options, whether the plugin is on or not. */
    settingsLabels(): Record<string, { title: string; options: Record<string, string> }> {
      return Object.fromEntries(
        plugins.map((plugin) => {
          const fields = serverParts().plugins.find((part) => part.id === plugin.id)?.settings?.fields ?? {};
          return [plugin.id, { title: plugin.title, options: Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.label])) }];
        }),
      );
    },

    /** Every plugin's migrations and the tables it declares global; the schema is the same whatever a tenant switches on. */
    migrations(): PluginMigrations[] {
      return serverParts().plugins.map((part) => ({ plugin: part.id, migrations: part.migrations ?? {}, globalTables: part.globalTables ?? [] }));
    },

    /** Every kind of background job, with its owner ("core" or a plugin id), whatever a tenant switches on. */
    jobs() {
      return ownedServerParts().flatMap(({ owner, part }) => (part.jobs ?? []).map((definition) => ({ owner, definition })));
    },

    /** Every recurring job, with its owner ("core" or a plugin id). */
    schedules() {
      return ownedServerParts().flatMap(({ owner, part }) => (part.schedules ?? []).map((schedule) => ({ owner, schedule })));
    },

    /** The demo-data hooks of the plugins this tenant has on. */
    demoSeeds(tenant: TenantConfig) {
      return serverParts()
        .plugins.filter((part) => isPluginEnabled(tenant, part.id))
        .flatMap((part) => (part.seedDemo ? [part.seedDemo] : []));
    },

    /** The plugin a route belongs to, from the id remix.config.js gave it. */
    pluginOfRoute(routeId: string) {
      return PLUGIN_ROUTE_ID.exec(routeId)?.[1] ?? null;
    },

    menus(viewer: Viewer): Record<MenuId, MenuLink[]> {
      const entries: MenuEntry[] = active(viewer.tenant)
        .flatMap((c) => c.menuEntries ?? [])
        .filter((entry) => visibleTo(viewer, entry))
        .sort((a, b) => (a.order ?? 100) - (b.order ?? 100) || a.label.localeCompare(b.label));
      return Object.fromEntries(
        menuIds.map((menu) => [
          menu,
          entries.filter((entry) => entry.menu === menu).map(({ label, to }) => ({ label, to })),
        ]),
      ) as Record<MenuId, MenuLink[]>;
    },

    cards(viewer: Viewer, slot: SidebarSlot): SidebarCard[] {
      return active(viewer.tenant)
        .flatMap((c) => c.sidebarCards ?? [])
        .filter((card) => card.slot === slot && visibleTo(viewer, card))
        .sort((a, b) => a.order - b.order);
    },

    /** The server data function of a card, if it has one. */
    cardData(cardId: string) {
      serverParts();
      return cardData.get(cardId) ?? null;
    },

    /** The groups and types that can reach this viewer, merged by id: a plugin may add its types to a core group such as General. */
    notificationGroups(viewer: Viewer): NotificationGroup[] {
      const groups = new Map<string, NotificationGroup>();
      for (const group of active(viewer.tenant).flatMap((c) => c.notificationGroups ?? [])) {
        if (!visibleTo(viewer, group)) continue;
        const types = group.types.filter((type) => visibleTo(viewer, type));
        const existing = groups.get(group.id);
        groups.set(group.id, existing ? { ...existing, types: [...existing.types, ...types] } : { ...group, types });
      }
      return [...groups.values()].filter((group) => group.types.length > 0);
    },

    /** The group a notification type belongs to in this tenant (core or a plugin it has on), or null. */
    notificationGroupOf(tenant: TenantConfig, typeId: string): NotificationGroup | null {
      return active(tenant).flatMap((c) => c.notificationGroups ?? []).find((group) => group.types.some((type) => type.id === typeId)) ?? null;
    },

    /** The declared kind of a feed item (its socialType), whoever published it, or null. */
    feedItemKind(kind: string) {
      return feedKinds.get(kind) ?? null;
    },

    /** The feed item kinds (socialTypes) of the plugins this tenant has on. */
    feedItemKinds(tenant: TenantConfig) {
      return [...feedKinds].filter(([, kind]) => isPluginEnabled(tenant, kind.pluginId)).map(([kindId]) => kindId);
    },

    /** The declared kind of a wall item (its wall code), or null. */
    wallItemKind(itemType: string) {
      return wallKinds.get(itemType) ?? null;
    },

    /** The wall's filters in this tenant: the wall item kinds of the plugins it has on. */
    wallItemKinds(tenant: TenantConfig) {
      return [...wallKinds].filter(([, kind]) => isPluginEnabled(tenant, kind.pluginId)).map(([itemType, kind]) => ({ itemType, label: kind.label }));
    },

    /** The installed plugins that keep configuration data in the database, with how (server only). */
    configDataKeepers() {
      return serverParts().plugins.flatMap((part) => (part.configData ? [{ pluginId: part.id, configData: part.configData }] : []));
    },

    /** How plugin `pluginId` reads and replaces its configuration data, or null (server only). */
    configDataOf(pluginId: string) {
      return serverParts().plugins.find((part) => part.id === pluginId)?.configData ?? null;
    },

    /** The schema a published item's data must parse with (server only): its declaring plugin's, by kind. */
    itemDataSchema(which: "feed" | "wall", kind: string) {
      return serverParts().plugins.find((part) => part.itemData?.[which]?.[kind])?.itemData![which]![kind] ?? null;
    },

    /** What the core and the plugins this tenant has on add to an extension point (the server's registry includes server parts' additions). */
    extensions: extensionIndex.extensionsOf,

    /** What is added to `point` that this viewer may see (its permission and condition). */
    visibleExtensions<T extends { permission?: string; when?: (viewer: Viewer) => boolean }>(viewer: Viewer, point: ExtensionPoint<T>): T[] {
      return extensionIndex
        .extensionsOf(viewer.tenant, point)
        .map((extension) => extension.value)
        .filter((value) => visibleTo(viewer, value));
    },

    /** The core's report types and those of the plugins this tenant has on. */
    reportTypes(tenant: TenantConfig) {
      const { core: corePart, plugins: pluginParts } = serverParts();
      return [corePart, ...pluginParts.filter((part) => isPluginEnabled(tenant, part.id))].flatMap((part) => part.reports ?? []);
    },

    cardComponent(id: string) {
      return allCards.find((card) => card.id === id)?.Component ?? null;
    },

    /**
     * The lazy slots a page's loader data names, wherever they sit in it: a loaded card (`id` and
     * `data`), a feed item (`kind`), a wall item (`itemType`). A name nothing declares is left out.
     */
    slotsIn(data: unknown): SlotName[] {
      const names = new Set<SlotName>();
      const visit = (value: unknown) => {
        if (Array.isArray(value)) return value.forEach(visit);
        if (value === null || typeof value !== "object") return;
        const { id, data: cardData, kind, itemType } = value as Record<string, unknown>;
        if (typeof id === "string" && cardData !== undefined && cardIds.has(id)) names.add(`card:${id}`);
        if (typeof kind === "string" && feedKinds.has(kind)) names.add(`feed:${kind}`);
        if (typeof itemType === "string" && wallKinds.has(itemType)) names.add(`wall:${itemType}`);
        Object.values(value).forEach(visit);
      };
      visit(data);
      return [...names];
    },

    /** Loads the code of the lazy slot components named (SlotFrame), or of every one: the server's start-up never waits for one while rendering. */
    async preloadSlots(names?: SlotName[]) {
      const slots: (readonly [SlotName, { Component: unknown }])[] = [
        ...allCards.map((card) => [`card:${card.id}`, card] as const),
        ...[...feedKinds].map(([kind, declared]) => [`feed:${kind}`, declared] as const),
        ...[...wallKinds].map(([itemType, declared]) => [`wall:${itemType}`, declared] as const),
      ];
      const wanted = names && new Set(names);
      const loading = slots.filter(([name]) => !wanted || wanted.has(name)).map(([, slot]) => (slot.Component as { preload?: () => Promise<void> }).preload?.());
      // Every load settles first (the browser hydrates only then), and a failed one is reported after.
      const failed = (await Promise.allSettled(loading)).find((result) => result.status === "rejected");
      if (failed) throw failed.reason;
    },
  };
}

export type Registry = ReturnType<typeof createRegistry>;
