import { registry } from "~/modules/plugins/installed";
import { coreTransferKindLabels } from "./accounts";

/** What the transaction history calls a kind of transfer: the core's label, or the declaring plugin's. */
export function transferKindLabel(kind: string) {
  return coreTransferKindLabels[kind as keyof typeof coreTransferKindLabels] ?? registry.transferKindLabel(kind) ?? kind;
}
