// Service worker, written by scripts/post-build.mjs for each build.
// Caches every file of this build on install; serves them cache-first, so the app starts and
// works with the network off. A new build installs beside the old one and waits until the
// players tap "Update now" (public/pwa.js), so versions never mix.
const VERSION = '__VERSION__';
const ASSETS = __ASSETS__;
const CACHE = `johnny-reb-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(ASSETS.map((a) => new Request(a, { cache: 'reload' })))),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('johnny-reb-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // Every address of the app is the same single page.
    event.respondWith(
      caches.open(CACHE).then((c) => c.match('./index.html')).then((r) => r || fetch(request)),
    );
    return;
  }
  event.respondWith(
    caches.open(CACHE).then((c) => c.match(request, { ignoreSearch: true })).then((r) => r || fetch(request)),
  );
});
