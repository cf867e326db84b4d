import type { LoaderFunctionArgs } from "@remix-run/node";
import { ecardComposerLoader } from "./ecard.new._index";

export { action, default, meta } from "./ecard.new._index";

/** The composer with a design of the library preselected (the spec's /ecard/new/{id}). */
export const loader = (args: LoaderFunctionArgs) => ecardComposerLoader(args, args.params.designId ?? null);
