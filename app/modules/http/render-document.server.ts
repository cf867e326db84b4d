import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";

/** How React marks a Suspense boundary it left for the browser to render: on the server, one whose content threw. */
const LEFT_TO_BROWSER = "<!--$!-->";

const MODULE_PRELOAD = '<link rel="modulepreload"';
const HELD_PRELOAD_REL = "held-modulepreload";
/** Remix's `<Scripts>` ends with one inline module: it imports the page's route modules, then the entry that hydrates. */
const HYDRATION_MODULE = /<script nonce="([^"]*)" type="module" async="">/;
const HELD_MODULE_TYPE = "held-module";

/** How many module preloads are asked for in one task: each costs the browser a request's setup, 0.2–0.9 ms here. */
const PRELOADS_PER_TASK = 8;

/**
 * Asks for what was held once the browser has painted the page: at its first paint entry, or a
 * frame later where paint timing is not reported. A hidden tab paints nothing until it is shown,
 * so there the page's modules are asked for at once. The preloads go a few per task, so that asking
 * for fifty modules is no long task of its own; the module that hydrates comes after the last.
 */
const AFTER_FIRST_PAINT = [
  "(()=>{let asked=false;const ask=()=>{if(asked)return;asked=true;",
  `const hrefs=[...document.querySelectorAll('link[rel="${HELD_PRELOAD_REL}"]')].map((held)=>held.href);`,
  `const next=()=>{for(const href of hrefs.splice(0,${PRELOADS_PER_TASK})){const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link)}`,
  "if(hrefs.length>0)return setTimeout(next);",
  `const held=document.querySelector('script[type="${HELD_MODULE_TYPE}"]');const script=document.createElement("script");script.type="module";script.nonce=held.nonce;script.textContent=held.textContent;document.body.append(script)};`,
  "next()};",
  'if(document.hidden)return ask();document.addEventListener("visibilitychange",ask,{once:true});',
  'if(self.PerformanceObserver?.supportedEntryTypes?.includes("paint"))new PerformanceObserver((_,observer)=>{observer.disconnect();ask()}).observe({type:"paint",buffered:true});',
  "else requestAnimationFrame(()=>setTimeout(ask))})()",
].join("");

/**
 * Remix's `<Scripts>` preloads every module the page hydrates with (about fifty on the feed) and
 * runs them as soon as they arrive, so the browser hydrated before its first paint. The page is whole
 * and works before any of them runs, so they are fetched once it has painted (decisions 079, 083):
 * the links and the module stay where React rendered them (hydration matches elements, not their
 * attributes) with a type the browser does not fetch or run, and a script after them asks for them
 * anew after the first paint. `<Scripts>` takes no attribute for its links: this is the one place
 * the document can say it.
 */
function holdModulesUntilPainted(html: string) {
  const module = HYDRATION_MODULE.exec(html);
  if (!module) return html;
  const nonce = module[1];
  const end = html.indexOf("</script>", module.index) + "</script>".length;
  const held = module[0].replace('type="module"', `type="${HELD_MODULE_TYPE}"`);
  return (
    html.slice(0, module.index).replaceAll(MODULE_PRELOAD, `<link rel="${HELD_PRELOAD_REL}"`) +
    held +
    html.slice(module.index + module[0].length, end) +
    `<script nonce="${nonce}">${AFTER_FIRST_PAINT}</script>` +
    html.slice(end)
  );
}

/**
 * A whole HTML document as one string (decision 039). React renders the rest
 * of the page around a part that throws inside a Suspense boundary (a card, a
 * feed item) and says nothing; `onPartFailed` hears of it, once per document.
 */
export function renderDocument(element: ReactElement, onPartFailed: () => void) {
  const html = renderToString(element);
  if (html.includes(LEFT_TO_BROWSER)) onPartFailed();
  return `<!DOCTYPE html>${holdModulesUntilPainted(html)}`;
}
