import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import { registry } from "./installed";

/**
 * Settles once the code of every lazy slot (card, feed item, wall item) that data names has loaded,
 * so that what shows the data shows it whole. A slot whose code could not be loaded fails alone
 * when it renders, as on the first load.
 */
export function slotsLoaded(data: unknown): Promise<void> {
  return registry.preloadSlots(registry.slotsIn(data)).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * The client loader of a page that shows lazy slots: after a navigation in the browser the page
 * shows once the code of every slot its data names has loaded, instead of with those parts empty
 * until their code arrives.
 */
export async function loadWithSlots({ serverLoader }: ClientLoaderFunctionArgs) {
  const data = await serverLoader();
  await slotsLoaded(data);
  return data;
}
