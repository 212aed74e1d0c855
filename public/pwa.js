// Offline support: registers the service worker and tells the app (crates/app/src/shell/
// browser.rs) when a new version is waiting; the app's "Update now" sends jr-apply-update, and
// the page reloads once the new version has taken over.
// The service worker is registered once the app has started (browser.rs sets data-started) and
// its first frame is drawn: its install fetches every screen's wasm chunk, which must not
// compete with the first screen's own download and start-up on a slow phone (registering in
// the start-up's own task held the first frame back by a few ms at 4x, issue 15). A hidden
// page draws no frame: the timeout registers it anyway.
function afterFirstFrame(f) {
  let done = false;
  const once = () => {
    if (!done) {
      done = true;
      f();
    }
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 250);
}

function whenStarted(f) {
  const root = document.documentElement;
  if (root.dataset.started === 'true') return afterFirstFrame(f);
  const observer = new MutationObserver(() => {
    if (root.dataset.started === 'true') {
      observer.disconnect();
      afterFirstFrame(f);
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
