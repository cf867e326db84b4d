import { changeLine as line, humanise, same, show } from "~/utils/change-lines";
import { flattenDotted } from "~/utils/dotted";

/** What the change history calls things: each plugin and its options, and the site settings. */
export interface SettingsLabels {
  plugins: Record<string, { title: string; options: Record<string, string> }>;
  site: Record<string, string>;
  /** By dotted path in `notifications`. */
  notifications: Record<string, string>;
}

/** An effective tenant config (file and overrides merged), as far as the history reads it. */
interface ConfigView {
  features?: Record<string, Record<string, unknown>>;
  siteConfig?: Record<string, unknown>;
  notifications?: Record<string, unknown>;
  notices?: { id: string; message: string }[];
  profileCategories?: { meIn3?: Named[]; myStuff?: (Named & { items?: Named[] })[] };
}

interface Named {
  id: string;
  name: string;
  enabled?: boolean;
}

/** A list of categories (or items) before and after: each one added, renamed, shown or hidden. */
function namedChanges(label: string, before: readonly Named[] = [], after: readonly Named[] = []) {
  return after.flatMap((entry) => {
    const old = before.find((candidate) => candidate.id === entry.id);
    if (!old) return [`${label} added: ${show(entry.name)}`];
    const lines = old.name === entry.name ? [] : [line(`${label} renamed`, old.name, entry.name)];
    if (old.enabled !== entry.enabled) lines.push(`${label} ${show(entry.name)}: ${entry.enabled === false ? "hidden" : "shown"}`);
    return lines;
  });
}

/**
 * One saved change as a person reads it: each setting whose effective value
 * differs, by its label, with before and after. Values that were written but
 * did not change (a section saved as it was) are left out.
 */
export function describeSettingsChange(before: ConfigView, after: ConfigView, labels: SettingsLabels): string[] {
  const lines: string[] = [];
  const pluginIds = [...new Set([...Object.keys(before.features ?? {}), ...Object.keys(after.features ?? {})])].sort();
  for (const id of pluginIds) {
    const plugin = labels.plugins[id] ?? { title: humanise(id), options: {} };
    // Nested options read as their leaves ("reactions.like.enabled"), as their settings fields name them.
    const from = flattenDotted(before.features?.[id] ?? {});
    const to = flattenDotted(after.features?.[id] ?? {});
    if (!same(from.enabled, to.enabled)) lines.push(line(plugin.title, from.enabled === true, to.enabled === true));
    for (const option of [...new Set([...Object.keys(from), ...Object.keys(to)])].filter((key) => key !== "enabled").sort()) {
      if (!same(from[option], to[option])) lines.push(line(`${plugin.title}, ${plugin.options[option] ?? humanise(option)}`, from[option], to[option]));
    }
  }
  const siteKeys = [...new Set([...Object.keys(before.siteConfig ?? {}), ...Object.keys(after.siteConfig ?? {})])].sort();
  for (const key of siteKeys) {
    const [from, to] = [before.siteConfig?.[key], after.siteConfig?.[key]];
    if (!same(from, to)) lines.push(line(labels.site[key] ?? humanise(key), from, to));
  }
  const [fromNotifications, toNotifications] = [flattenDotted(before.notifications ?? {}), flattenDotted(after.notifications ?? {})];
  for (const key of [...new Set([...Object.keys(fromNotifications), ...Object.keys(toNotifications)])].sort()) {
    if (!same(fromNotifications[key], toNotifications[key])) lines.push(line(labels.notifications[key] ?? humanise(key), fromNotifications[key], toNotifications[key]));
  }
  const beforeNotices = before.notices ?? [];
  const afterNotices = after.notices ?? [];
  for (const notice of afterNotices) {
    if (!beforeNotices.some((old) => old.id === notice.id)) lines.push(`Notice added: ${show(notice.message)}`);
  }
  for (const notice of beforeNotices) {
    if (!afterNotices.some((kept) => kept.id === notice.id)) lines.push(`Notice removed: ${show(notice.message)}`);
  }
  const [fromCategories, toCategories] = [before.profileCategories ?? {}, after.profileCategories ?? {}];
  lines.push(...namedChanges("Me In 3 category", fromCategories.meIn3, toCategories.meIn3), ...namedChanges("My Stuff category", fromCategories.myStuff, toCategories.myStuff));
  for (const category of toCategories.myStuff ?? []) {
    const old = fromCategories.myStuff?.find((candidate) => candidate.id === category.id);
    lines.push(...namedChanges(`My Stuff item of ${show(category.name)}`, old?.items, category.items));
  }
  return lines;
}
