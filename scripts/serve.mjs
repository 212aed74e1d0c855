// Serves the release build (dist/, from scripts/build.mjs) on http://127.0.0.1:8080 with the
// single-page fallback, the same server the end-to-end tests use. Ctrl-C stops it.
import { serveDist } from '../tests/e2e/harness.mjs';

const port = Number(process.env.PORT || 8080);
const server = await serveDist({ port });
console.log(`Serving dist/ on ${server.url} (Ctrl-C stops it)`);
