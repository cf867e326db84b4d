// What a document's bytes are made of (issue 31, part 2): its class attributes, the hydration
// data (`window.__remixContext`), the module preloads (held until the first paint), and each card
// (`data-card`) of the shell.

/** Bytes of every match of `pattern` in `html`. */
function bytesOf(html, pattern) {
  let bytes = 0;
  for (const match of html.matchAll(pattern)) bytes += Buffer.byteLength(match[0]);
  return bytes;
}

/** The element that opens at `start` (a `<div>`), to its matching close. */
function divAt(html, start) {
  const tags = /<div\b|<\/div>/g;
  tags.lastIndex = start;
  let depth = 0;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    depth += tag[0] === "</div>" ? -1 : 1;
    if (depth === 0) return html.slice(start, tags.lastIndex);
  }
  return html.slice(start);
}

/** The module paths a document asks for after its first paint: its held script's `data-held`, each after `data-base`. */
export function heldModules(html) {
  const [, base = "", names = ""] = / data-base="([^"]*)" data-held="([^"]*)"/.exec(html) ?? [];
  return names ? names.split(" ").map((name) => `${base}${name}`) : [];
}

/** A document's size and its parts' sizes, in bytes. */
export function documentParts(html) {
  const cards = [...html.matchAll(/<div data-card="([^"]+)"/g)].map((match) => ({ id: match[1], bytes: Buffer.byteLength(divAt(html, match.index)) }));
  return {
    bytes: Buffer.byteLength(html),
    classAttributes: bytesOf(html, / class="[^"]*"/g),
    hydrationData: bytesOf(html, /window\.__remixContext = [\s\S]*?<\/script>/g),
    modulePreloads: bytesOf(html, /<link\/>| data-base="[^"]*" data-held="[^"]*"/g),
    cards,
  };
}
