import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";

/** How React marks a Suspense boundary it left for the browser to render: on the server, one whose content threw. */
const LEFT_TO_BROWSER = "<!--$!-->";

/** Remix's module preloads, each `<link rel="modulepreload" href="…"/>`: a build's paths, escaped by React, with no space. */
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]*)"[^>]*\/>/g;
/** What a held preload is rendered as: an element for hydration to match, with nothing to fetch (its href is on the script). */
const HELD_PRELOAD = "<link/>";
/** Remix's `<Scripts>` ends with one inline module: it imports the page's route modules, then the entry that hydrates. */
const HYDRATION_MODULE = /<script nonce="([^"]*)" type="module" async="">/;
const HELD_MODULE_TYPE = "held-module";

/** How many module preloads are asked for in one task: each costs the browser a request's setup, 0.2–0.9 ms here. */
const PRELOADS_PER_TASK = 8;

/**
 * Asks for what was held once the browser has painted the page: at its first paint entry, or a
 * frame later where paint timing is not reported. A hidden tab paints nothing until it is shown,
 * so there the page's modules are asked for at once. The preloads (the script's `data-held`, paths
 * after its `data-base`) go a few per task, so that asking for fifty modules is no long task of its
 * own; the module that hydrates comes after the last.
 */
const AFTER_FIRST_PAINT = [
  "(()=>{const{base,held:names}=document.currentScript.dataset;let asked=false;const ask=()=>{if(asked)return;asked=true;",
  'const hrefs=names?names.split(" ").map((name)=>base+name):[];',
  `const next=()=>{for(const href of hrefs.splice(0,${PRELOADS_PER_TASK})){const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link)}`,
  "if(hrefs.length>0)return setTimeout(next);",
  `const held=document.querySelector('script[type="${HELD_MODULE_TYPE}"]');const script=document.createElement("script");script.type="module";script.nonce=held.nonce;script.textContent=held.textContent;document.body.append(script)};`,
  "next()};",
  'if(document.hidden)return ask();document.addEventListener("visibilitychange",ask,{once:true});',
  'if(self.PerformanceObserver?.supportedEntryTypes?.includes("paint"))new PerformanceObserver((_,observer)=>{observer.disconnect();ask()}).observe({type:"paint",buffered:true});',
  "else requestAnimationFrame(()=>setTimeout(ask))})()",
].join("");

/** The longest start that every path shares, to its last `/` ("/build/"); "" when they share none. */
function sharedDirectory(paths: string[]) {
  const first = paths[0]!;
  let length = 0;
  while (length < first.length && paths.every((path) => path[length] === first[length])) length++;
  return length === 0 ? "" : first.slice(0, first.lastIndexOf("/", length - 1) + 1);
}

/**
 * Remix's `<Scripts>` preloads every module the page hydrates with (about fifty on the feed) and
 * runs them as soon as they arrive, so the browser hydrated before its first paint. The page is whole
 * and works before any of them runs, so they are fetched once it has painted (decisions 079, 083):
 * the module stays where React rendered it with a type the browser does not run, each preload is
 * left as a bare `<link/>` (hydration matches elements, not their attributes), and a script after
 * them, carrying the preloads' paths in one attribute (decision 098), asks for them after the first
 * paint. `<Scripts>` takes no attribute for its links: this is the one place the document can say it.
 */
function holdModulesUntilPainted(html: string) {
  const module = HYDRATION_MODULE.exec(html);
  if (!module) return html;
  const nonce = module[1];
  const end = html.indexOf("</script>", module.index) + "</script>".length;
  const held = module[0].replace('type="module"', `type="${HELD_MODULE_TYPE}"`);
  const hrefs: string[] = [];
  const before = html.slice(0, module.index).replace(MODULE_PRELOAD, (_, href: string) => {
    hrefs.push(href);
    return HELD_PRELOAD;
  });
  const base = hrefs.length > 0 ? sharedDirectory(hrefs) : "";
  const names = hrefs.map((href) => href.slice(base.length)).join(" ");
  return (
    before +
    held +
    html.slice(module.index + module[0].length, end) +
    `<script nonce="${nonce}" data-base="${base}" data-held="${names}">${AFTER_FIRST_PAINT}</script>` +
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
