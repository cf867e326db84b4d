// Edits applied to dependencies as `npm run build` folds them into the server
// bundle (decision 026). Remix 2 rebuilds its route tables on every request:
// each of the four or five route matches a page render makes flattens, scores
// and sorts every route and compiles a regular expression per route path, and
// every render rebuilds the React route tree twice. With a plugin's worth of
// routes that is a fifth of a page's CPU. The tables are pure functions of the
// build's routes, which never change in a running server, so each is computed
// once, and the matches of recently requested paths are kept. Conform's form
// metadata is kept per form state; a loader's JSON is read back from its text,
// and Kysely's nodes are not frozen (decision 088). Links are not marked for a
// route discovery that is off, and a link or form whose target starts at the root
// resolves it without a JSON copy of the matched routes; such a link is rendered as a
// plain `<a>` (decision 117). An element keeps the props object it was given, and a
// loader the request it came with when stripping changes nothing (decision 119).
// An edit whose text is not found fails the build:
// a new version of the package must be looked at again, never silently left
// slow or half edited.
import { readFile } from "node:fs/promises";
import remixConfig from "../remix.config.js";

/** @type {{ file: string; edits: { find: string; replace: string }[] }[]} */
export const serverBundlePatches = [
  {
    // Route matching: the ranked branches of a route array, and each path's compiled pattern, once.
    file: "node_modules/@remix-run/router/dist/router.cjs.js",
    edits: [
      {
        find: "function matchRoutesImpl(routes, locationArg, basename, allowPartial) {",
        replace: [
          // The matches of the paths asked for lately, per route array: a page render asks for the same path
          // three times or more. Frozen, since every caller now shares them (none writes to a match).
          "const recentMatches = new WeakMap();",
          "const RECENT_MATCHES = 500;",
          "function matchRoutesImpl(routes, locationArg, basename, allowPartial) {",
          "  let pathnameArg = typeof locationArg === \"string\" ? locationArg : locationArg.pathname;",
          "  let key = `${allowPartial}:${basename}:${pathnameArg}`;",
          "  let recent = recentMatches.get(routes);",
          "  if (!recent) recentMatches.set(routes, (recent = new Map()));",
          "  if (recent.has(key)) return recent.get(key);",
          "  let matches = matchRoutesUncached(routes, locationArg, basename, allowPartial);",
          "  if (matches) for (let match of matches) Object.freeze(Object.freeze(match).params);",
          "  if (recent.size >= RECENT_MATCHES) recent.delete(recent.keys().next().value);",
          "  recent.set(key, matches);",
          "  return matches;",
          "}",
          "function matchRoutesUncached(routes, locationArg, basename, allowPartial) {",
        ].join("\n"),
      },
      {
        find: "  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n",
        replace: "  let branches = rankedBranchesOf(routes);\n",
      },
      {
        find: "function flattenRoutes(routes, branches, parentsMeta, parentPath) {",
        replace: [
          "const rankedBranches = new WeakMap();",
          "function rankedBranchesOf(routes) {",
          "  let branches = rankedBranches.get(routes);",
          "  if (!branches) {",
          "    branches = flattenRoutes(routes);",
          "    rankRouteBranches(branches);",
          "    rankedBranches.set(routes, branches);",
          "  }",
          "  return branches;",
          "}",
          "function flattenRoutes(routes, branches, parentsMeta, parentPath) {",
        ].join("\n"),
      },
      {
        find: "function compilePath(path, caseSensitive, end) {",
        replace: [
          "const compiledPaths = new Map();",
          "function compilePath(path, caseSensitive, end) {",
          "  const key = `${caseSensitive}:${end}:${path}`;",
          "  let compiled = compiledPaths.get(key);",
          "  if (!compiled) {",
          "    compiled = compilePathOnce(path, caseSensitive, end);",
          "    compiledPaths.set(key, compiled);",
          "  }",
          "  return compiled;",
          "}",
          "function compilePathOnce(path, caseSensitive, end) {",
        ].join("\n"),
      },
      {
        // A path from the root without a "." or ".." segment is its own resolution: the ~180 links
        // and forms of /feed split and joined theirs for nothing (0.2 ms of its render).
        find: '        pathname = resolvePathname(toPathname.substring(1), "/");\n',
        replace: '        pathname = /\\/\\.\\.?(\\/|$)/.test(toPathname) ? resolvePathname(toPathname.substring(1), "/") : toPathname;\n',
      },
      {
        // A loader's json() answer keeps the text it was made from: a document's render reads
        // it back with JSON.parse, not through the Response's body stream (0.1 ms a loader).
        // The body stays unread, so a data request still sends it as it is.
        find: "  return new Response(JSON.stringify(data), _extends({}, responseInit, {\n    headers\n  }));\n};\n",
        replace: [
          "  let text = JSON.stringify(data);",
          "  let response = new Response(text, _extends({}, responseInit, {\n    headers\n  }));",
          "  jsonTexts.set(response, text);",
          "  return response;",
          "};",
          "const jsonTexts = new WeakMap();",
          "",
        ].join("\n"),
      },
      {
        find: "        if (result.body == null) {\n          data = null;\n        } else {\n          data = await result.json();\n        }\n",
        replace:
          "        if (result.body == null) {\n          data = null;\n        } else {\n          data = jsonTexts.has(result) ? JSON.parse(jsonTexts.get(result)) : await result.json();\n        }\n",
      },
    ],
  },
  {
    // Each loader got its request copied twice (`stripIndexParam`, then `stripDataParam`): a new
    // Request with a copy of the headers and an AbortSignal following the first, four on /feed,
    // about a twentieth of a simple page's CPU. Where the copy's URL would be the request's own,
    // the loader gets the request itself: the same URL, method, headers, body and signal.
    file: "node_modules/@remix-run/server-runtime/dist/data.js",
    edits: [
      {
        find: "  for (let toKeep of indexValuesToKeep) {\n    url.searchParams.append(\"index\", toKeep);\n  }\n",
        replace: "  for (let toKeep of indexValuesToKeep) {\n    url.searchParams.append(\"index\", toKeep);\n  }\n  if (url.href === request.url) return request;\n",
      },
      {
        find: "function stripDataParam(request) {\n  let url = new URL(request.url);\n  url.searchParams.delete(\"_data\");\n",
        replace: "function stripDataParam(request) {\n  let url = new URL(request.url);\n  url.searchParams.delete(\"_data\");\n  if (url.href === request.url) return request;\n",
      },
    ],
  },
  {
    // The static router's data routes (and their manifest), once per route tree.
    file: "node_modules/react-router-dom/server.js",
    edits: [
      {
        find: "  let manifest = {};\n  let dataRoutes = router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest);\n",
        replace: "  let { manifest, dataRoutes } = staticDataRoutesOf(routes);\n",
      },
      {
        find: "function createStaticRouter(routes, context, opts = {}) {",
        replace: [
          "const staticDataRoutes = new WeakMap();",
          "function staticDataRoutesOf(routes) {",
          "  let converted = staticDataRoutes.get(routes);",
          "  if (!converted) {",
          "    let manifest = {};",
          "    converted = { manifest, dataRoutes: router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest) };",
          "    staticDataRoutes.set(routes, converted);",
          "  }",
          "  return converted;",
          "}",
          "function createStaticRouter(routes, context, opts = {}) {",
        ].join("\n"),
      },
    ],
  },
  {
    // Remix's server render: the React route tree of the build's manifest, once.
    file: "node_modules/@remix-run/react/dist/server.js",
    edits: [
      {
        find: "  let routes$1 = routes.createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);\n",
        replace: [
          "  let routes$1 = serverRoutes.get(manifest.routes);",
          "  if (!routes$1) {",
          "    routes$1 = routes.createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);",
          "    serverRoutes.set(manifest.routes, routes$1);",
          "  }",
          "",
        ].join("\n"),
      },
      {
        find: "function RemixServer({",
        replace: "const serverRoutes = new WeakMap();\nfunction RemixServer({",
      },
    ],
  },
  {
    // Every link and form resolves its target against the matched routes' paths, twice a link,
    // through a JSON copy of them made to compare memo keys (a server render memoises nothing).
    // A target whose path starts at the root reads none of them: it skips the copy.
    file: "node_modules/react-router/dist/umd/react-router.production.min.js",
    edits: [
      {
        find: 'l=JSON.stringify(r.UNSAFE_getResolveToMatches(i,o.v7_relativeSplatPath));return a.useMemo(()=>r.resolveTo(e,JSON.parse(l),u,"path"===n),[e,l,u,n])}',
        replace: 'l="string"==typeof e&&"/"===e[0]?"":JSON.stringify(r.UNSAFE_getResolveToMatches(i,o.v7_relativeSplatPath));return a.useMemo(()=>r.resolveTo(e,""===l?[]:JSON.parse(l),u,"path"===n),[e,l,u,n])}',
      },
    ],
  },
  // Links and forms say `data-discover="true"` for lazy route discovery. With it off (decision 086)
  // the browser has the whole manifest and nothing reads the attribute: 89 of them, 1.9 KB, on /feed.
  // Then a link to a path from the root renders, on the server, what React Router's would: an `<a>`
  // whose href is its target (rebuilt as React Router rebuilds it, an empty `?` or `#` dropped),
  // without the twenty hooks the two Links call to resolve it and to handle a click the server
  // never sees (a sixth of /feed's render: 89 links). A target with a `.` or `..` segment, or a
  // link that prefetches, is rendered by the Links as before (decision 117).
  ...(remixConfig.future.v3_lazyRouteDiscovery
    ? []
    : [
        {
          file: "node_modules/@remix-run/react/dist/components.js",
          edits: [
            {
              find: 'return discover === "render" && !isAbsolute && !reloadDocument ? "true" : undefined;',
              replace: "return undefined;",
            },
            {
              find: 'let Link = /*#__PURE__*/React__namespace.forwardRef(({\n  to,\n  prefetch = "none",\n  discover = "render",\n  ...props\n}, forwardedRef) => {\n',
              replace: [
                "const PATH_FROM_ROOT = /^\\/(?!\\/)(?!.*\\/\\.\\.?(?:[/?#]|$))/;",
                'let Link = /*#__PURE__*/React__namespace.forwardRef(({\n  to,\n  prefetch = "none",\n  discover = "render",\n  ...props\n}, forwardedRef) => {',
                '  if (prefetch === "none" && typeof to === "string" && PATH_FROM_ROOT.test(to)) {',
                "    let { onClick, relative, reloadDocument, replace, state, target, preventScrollReset, viewTransition, ...rest } = props;",
                '    return React__namespace.createElement("a", _rollupPluginBabelHelpers["extends"]({}, rest, { href: reactRouterDom.createPath(reactRouterDom.parsePath(to)), target }));',
                "  }",
                "",
              ].join("\n"),
            },
          ],
        },
      ]),
  {
    // Conform's field and form metadata: each property read made a new metadata object of fifteen
    // getters and its Proxy (getInputProps reads a dozen), 8% of /login. The object reads the form
    // state it was made at, so it is kept per field until the state changes: the same values.
    file: "node_modules/@conform-to/react/dist/context.mjs",
    edits: [
      {
        find: [
          "  var name = typeof key === 'undefined' ? prefix : formatPaths([...getPaths(prefix), key]);",
          "  return new Proxy({}, {",
          "    get(_, key, receiver) {",
          "      var _state$constraint$nam;",
          "      var metadata = getMetadata(context, subjectRef, stateSnapshot, name);",
        ].join("\n"),
        replace: [
          "  var name = typeof key === 'undefined' ? prefix : formatPaths([...getPaths(prefix), key]);",
          "  var kept = keptMetadata(context, subjectRef, stateSnapshot, name);",
          "  return new Proxy({}, {",
          "    get(_, key, receiver) {",
          "      var _state$constraint$nam;",
          "      var metadata = kept();",
        ].join("\n"),
      },
      {
        find: [
          "  return new Proxy({}, {",
          "    get(_, key, receiver) {",
          "      var metadata = getMetadata(context, subjectRef, stateSnapshot);",
        ].join("\n"),
        replace: [
          "  var kept = keptMetadata(context, subjectRef, stateSnapshot, '');",
          "  return new Proxy({}, {",
          "    get(_, key, receiver) {",
          "      var metadata = kept();",
        ].join("\n"),
      },
      {
        find: "function getFieldMetadata(context, subjectRef, stateSnapshot) {",
        replace: [
          "function keptMetadata(context, subjectRef, stateSnapshot, name) {",
          "  var keptState, metadata;",
          "  return () => {",
          "    var state = context.getState();",
          "    if (state !== keptState) {",
          "      metadata = getMetadata(context, subjectRef, stateSnapshot, name);",
          "      keptState = state;",
          "    }",
          "    return metadata;",
          "  };",
          "}",
          "function getFieldMetadata(context, subjectRef, stateSnapshot) {",
        ].join("\n"),
      },
    ],
  },
  {
    // React 18's jsx() copies every element's props into a new object (a for-in over them), to take
    // out `key` and `ref`: a ninth of /feed's render, 600 elements. Compiled JSX passes a fresh
    // object literal with the key apart, so an element without `key`, `ref` or default props keeps
    // the object it was given: the same props, uncopied (decision 119). The browser's bundle copies.
    file: "node_modules/react/cjs/react-jsx-runtime.production.min.js",
    edits: [
      {
        find: "function q(c,a,g){var b,d={},e=null,h=null;",
        replace:
          'function q(c,a,g){if(void 0===a.key&&void 0===a.ref&&void 0===a.__self&&void 0===a.__source&&!(c&&c.defaultProps))return{$$typeof:k,type:c,key:void 0===g?null:""+g,ref:null,props:a,_owner:n.current};var b,d={},e=null,h=null;',
      },
    ],
  },
  {
    // Kysely freezes every node of every query it builds, scopes and compiles: a sixth of its
    // time on /feed. Nothing mutates a node (each step makes new ones), and the tests, which run
    // the unbundled package, keep the freeze as the guard that says so.
    file: "node_modules/kysely/dist/esm/util/object-utils.js",
    edits: [{ find: "export function freeze(obj) {\n    return Object.freeze(obj);\n}", replace: "export function freeze(obj) {\n    return obj;\n}" }],
  },
];

/**
 * An esbuild plugin that applies the edits, failing the build when one no
 * longer fits its file or when a patched file is not part of the bundle.
 */
export function patchDependencies(patches = serverBundlePatches) {
  return {
    name: "patch-dependencies",
    setup(build) {
      const applied = new Set();
      build.onEnd(() => {
        const missed = patches.filter(({ file }) => !applied.has(file)).map(({ file }) => file);
        if (missed.length > 0) throw new Error(`Not in the server bundle, so not patched: ${missed.join(", ")} (see scripts/server-bundle-patches.js)`);
      });
      for (const { file, edits } of patches) {
        const filter = new RegExp(`${file.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$`);
        build.onLoad({ filter }, async ({ path }) => {
          let contents = await readFile(path, "utf8");
          for (const { find, replace } of edits) {
            if (contents.split(find).length !== 2) throw new Error(`${file}: the text to patch is not there exactly once (see scripts/server-bundle-patches.js):\n${find}`);
            contents = contents.replace(find, () => replace);
          }
          applied.add(file);
          return { contents, loader: "js" };
        });
      }
    },
  };
}
