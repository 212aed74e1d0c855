// Offline support: registers the service worker and tells the app (src/ui/browser.rs) when a
// new version is waiting; the app's "Update now" sends jr-apply-update, and the page reloads
// once the new version has taken over.
if ('serviceWorker' in navigator) {
  let requested = false;
  const announce = () => {
    window.jrUpdateReady = true;
    window.dispatchEvent(new Event('jr-update-ready'));
  };
  navigator.serviceWorker
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
    });
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
