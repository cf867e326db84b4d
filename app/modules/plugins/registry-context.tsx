import { createContext, useContext } from "react";
import type { Registry } from "./registry";

const RegistryContext = createContext<Registry | null>(null);

/** Gives the components below it a registry: the root gives the installed one; a test may give its own. */
export const RegistryProvider = RegistryContext.Provider;

/** The registry of the page being drawn (components look plugins' renderers and labels up in it). */
export function useRegistry(): Registry {
  const registry = useContext(RegistryContext);
  if (!registry) throw new Error("useRegistry needs a RegistryProvider above it (the root gives one)");
  return registry;
}
