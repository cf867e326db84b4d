// After `remix build`: writes a brotli (.br) and a gzip (.gz) copy beside each
// script and stylesheet in public/build, at the highest levels, once. The server
// sends whichever the browser accepts (static-files.server.ts), so no request
// pays for compressing a file that never changes.
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const BUILD = "public/build";
const COMPRESSIBLE = /\.(js|css|json|svg)$/;

function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(file) : [file];
  });
}

let plain = 0;
let brotli = 0;
for (const file of filesUnder(BUILD).filter((name) => COMPRESSIBLE.test(name))) {
  const content = fs.readFileSync(file);
  const br = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  plain += content.length;
  brotli += br.length;
}
console.log(`compressed public/build: ${Math.round(plain / 1024)} KB, ${Math.round(brotli / 1024)} KB as brotli`);
