/**
 * A place where plugins add to another part of the app, after Backstage's
 * createExtensionPoint. The core offers some (actions on a person's profile and
 * on a feed item, pending approvals); a plugin may offer its own to the plugins
 * that declare they depend on it (one catalogue that the gift-card store, the
 * company store and incentives share). A point's type is what is added to it.
 */
export interface ExtensionPoint<T> {
  /** "core.<name>", or "<plugin id>.<name>" for a point a plugin offers. */
  readonly id: string;
  /** Carries T for the type checker only; never set. */
  readonly added?: T;
}

export function createExtensionPoint<T>(id: string): ExtensionPoint<T> {
  return { id };
}

/** One addition to an extension point, as a manifest or a server part lists it under `extensions`. */
export interface Extension {
  point: ExtensionPoint<unknown>;
  value: unknown;
}

/** Adds `value` to `point`: the type checker holds it to the point's type. */
export function extend<T>(point: ExtensionPoint<T>, value: T): Extension {
  return { point, value };
}
