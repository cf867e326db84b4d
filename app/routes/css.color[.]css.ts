import type { LoaderFunctionArgs } from "@remix-run/node";
import { colorCss } from "~/modules/tenants/theme";

/** The spec's per-subdomain color.css: the program's colours as CSS variables. */
export async function loader({ context }: LoaderFunctionArgs) {
  return new Response(colorCss(context.tenant.config.branding.colors), {
    headers: {
      "Content-Type": "text/css; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
      Vary: "Host",
    },
  });
}
