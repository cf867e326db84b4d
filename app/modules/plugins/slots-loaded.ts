import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import { registry } from "./installed";

/**
 * The client loader of a page that shows lazy slots (cards, feed items, wall items): after a
 * navigation in the browser the page shows once the code of every slot its data names has loaded,
 * instead of with those parts empty until their code arrives. A slot whose code could not be
 * loaded fails alone when it renders, as on the first load.
 */
export async function loadWithSlots({ serverLoader }: ClientLoaderFunctionArgs) {
  const data = await serverLoader();
  await registry.preloadSlots(registry.slotsIn(data)).catch(() => undefined);
  return data;
}
