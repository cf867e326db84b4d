import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";

/** How React marks a Suspense boundary it left for the browser to render: on the server, one whose content threw. */
const LEFT_TO_BROWSER = "<!--$!-->";

/**
 * A whole HTML document as one string (decision 039). React renders the rest
 * of the page around a part that throws inside a Suspense boundary (a card, a
 * feed item) and says nothing; `onPartFailed` hears of it, once per document.
 */
export function renderDocument(element: ReactElement, onPartFailed: () => void) {
  const html = renderToString(element);
  if (html.includes(LEFT_TO_BROWSER)) onPartFailed();
  return `<!DOCTYPE html>${html}`;
}
