// Offline support: registers the service worker and tells the app (src/ui/browser.rs) when a
// new version is waiting; the app's "Update now" sends jr-apply-update, and the page reloads
// once the new version has taken over.
// The service worker is registered once the app has started (src/ui/browser.rs sets
// data-started): its install fetches every screen's wasm chunk, which must not compete with the
// first screen's own download and start-up on a slow phone.
function whenStarted(f) {
  const root = document.documentElement;
  if (root.dataset.started === 'true') return f();
  const observer = new MutationObserver(() => {
    if (root.dataset.started === 'true') {
      observer.disconnect();
      f();
    }
  });
  observer.observe(root, { attributes: true, attributeFilter: ['data-started'] });
}

if ('serviceWorker' in navigator) {
  let requested = false;
  const announce = () => {
    window.jrUpdateReady = true;
    window.dispatchEvent(new Event('jr-update-ready'));
  };
  whenStarted(() => navigator.serviceWorker
    .register('./sw.js')
    .then((reg) => {
      if (reg.waiting && navigator.serviceWorker.controller) announce();
      reg.addEventListener('updatefound', () => {
        const worker = reg.installing;
        if (!worker) return;
        worker.addEventListener('statechange', () => {
          if (worker.state === 'installed' && navigator.serviceWorker.controller) announce();
        });
      });
      const check = () => reg.update().catch(() => {});
      window.jrCheckForUpdate = check;
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    })
    .catch(() => {
      window.jrOfflineUnavailable = true;
    }));
  window.addEventListener('jr-apply-update', () => {
    requested = true;
    navigator.serviceWorker.getRegistration().then((reg) => {
      if (reg && reg.waiting) reg.waiting.postMessage({ type: 'SKIP_WAITING' });
      else location.reload();
    });
  });
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (requested) location.reload();
  });
}
