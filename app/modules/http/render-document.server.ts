import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";

/** How React marks a Suspense boundary it left for the browser to render: on the server, one whose content threw. */
const LEFT_TO_BROWSER = "<!--$!-->";

const MODULE_PRELOAD = '<link rel="modulepreload"';

/**
 * Remix's `<Scripts>` preloads every module the page hydrates with (about fifty on the feed) at the
 * priority of a render-blocking script; the page is whole and works before any of them runs, so they
 * are fetched after the stylesheets and pictures of the first paint (decision 079). `<Scripts>` takes
 * no attribute for its links: this is the one place the document can say it.
 */
function preloadModulesLast(html: string) {
  return html.replaceAll(MODULE_PRELOAD, `${MODULE_PRELOAD} fetchpriority="low"`);
}

/**
 * A whole HTML document as one string (decision 039). React renders the rest
 * of the page around a part that throws inside a Suspense boundary (a card, a
 * feed item) and says nothing; `onPartFailed` hears of it, once per document.
 */
export function renderDocument(element: ReactElement, onPartFailed: () => void) {
  const html = renderToString(element);
  if (html.includes(LEFT_TO_BROWSER)) onPartFailed();
  return `<!DOCTYPE html>${preloadModulesLast(html)}`;
}
