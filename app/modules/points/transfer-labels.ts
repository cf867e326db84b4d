import type { Registry } from "~/modules/plugins/registry";
import { coreTransferKindLabels } from "./accounts";

/** What the transaction history calls a kind of transfer: the core's label, or the declaring plugin's. */
export function transferKindLabel(registry: Registry, kind: string) {
  return coreTransferKindLabels[kind as keyof typeof coreTransferKindLabels] ?? registry.transferKindLabel(kind) ?? kind;
}
