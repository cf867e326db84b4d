// Node's module hook for scripts/run-source.js: an .svg import is its path from the file system
// root, where the build would give its URL under /build/_assets. Scripts never render a page.
export async function load(url, context, nextLoad) {
  if (url.endsWith(".svg")) return { format: "module", source: `export default ${JSON.stringify(new URL(url).pathname)};`, shortCircuit: true };
  return nextLoad(url, context);
}
