// Writes .br and .gz beside every built script and stylesheet, once at build time, so the server sends
// compressed bytes without compressing per request (@fastify/static preCompressed).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(fileURLToPath(import.meta.url), '../../dist');
for (const file of readdirSync(dist, { recursive: true }).map(String)) {
  if (!/\.(js|css)$/.test(file)) continue;
  const full = path.join(dist, file);
  const bytes = readFileSync(full);
  writeFileSync(`${full}.gz`, gzipSync(bytes, { level: 9 }));
  writeFileSync(`${full}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}
