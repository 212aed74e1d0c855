// Every banner readable in the three themes (light, dark, sunlight): the real "Time is up"
// banner of secret orders (1.1.1) at every moment of its flash, and one banner of each kind the
// screens use (warning, error, info, the time-up warning) with the text, muted text, links and
// buttons they hold. Text needs 4.5:1 against what is behind it (WCAG 1.4.3), a button's edge
// 3:1 against the banner (WCAG 1.4.11: "Hide and hand over" was once navy on navy).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phone, openApp } from './harness.mjs';
import { appUnderTest } from './play.mjs';

const app = appUnderTest();

const THEMES = ['light', 'dark', 'sunlight'];
const KINDS = ['warning', 'error', 'info', 'warning time-up'];

/** Adds one banner of each kind at the top of the area, built as the screens build them. */
async function addSpecimens(page) {
  await page.evaluate((kinds) => {
    const area = document.querySelector('main') || document.body;
    for (const kind of kinds) {
      const b = document.createElement('div');
      b.className = `banner ${kind} specimen`;
      b.setAttribute('role', 'status');
      b.innerHTML =
        `<p><strong>A ${kind} banner</strong> with plain text</p>` +
        '<p class="muted">and muted text, <a href="#x">a link</a></p>' +
        '<div class="actions"><button class="button">A button</button>' +
        '<button class="button primary">The main button</button></div>';
      area.prepend(b);
    }
  }, KINDS);
}

/** Every failure of contrast inside every banner on the page, in words. */
function failures(page) {
  return page.evaluate(() => {
    const rgba = (s) => {
      const m = s.match(/rgba?\(([^)]+)\)/);
      if (!m) return [0, 0, 0, 0];
      const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
      return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
    };
    const over = (top, below) => {
      const a = top[3];
      return [0, 1, 2].map((i) => top[i] * a + below[i] * (1 - a)).concat(1);
    };
    // What is painted behind an element: its own and its ancestors' backgrounds, blended.
    const behind = (el) => {
      const layers = [];
      for (let e = el; e; e = e.parentElement) {
        const c = rgba(getComputedStyle(e).backgroundColor);
        if (c[3] > 0) layers.push(c);
        if (c[3] >= 1) break;
      }
      let colour = [255, 255, 255, 1];
      for (const c of layers.reverse()) colour = over(c, colour);
      return colour;
    };
    const lum = ([r, g, b]) => {
      const f = (v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const ratio = (a, b) => {
      const [l1, l2] = [lum(a), lum(b)].sort((x, y) => y - x);
      return (l1 + 0.05) / (l2 + 0.05);
    };
    const name = (el) => `${el.tagName.toLowerCase()}.${el.className} "${el.textContent.trim().slice(0, 30)}"`;
    const found = [];
    for (const banner of document.querySelectorAll('.banner')) {
      const kind = banner.className;
      for (const el of [banner, ...banner.querySelectorAll('*')]) {
        const ownText = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
        if (ownText) {
          const bg = behind(el);
          const fg = over(rgba(getComputedStyle(el).color), bg);
          const r = ratio(fg, bg);
          if (r < 4.5) found.push(`${kind}: text of ${name(el)} ${r.toFixed(2)}:1`);
        }
        if (el.matches('.button')) {
          const around = behind(el.parentElement);
          const style = getComputedStyle(el);
          const fill = over(rgba(style.backgroundColor), around);
          const edge = over(rgba(style.borderTopColor), around);
          const r = Math.max(ratio(fill, around), parseFloat(style.borderTopWidth) > 0 ? ratio(edge, around) : 1);
          if (r < 3) found.push(`${kind}: edge of ${name(el)} ${r.toFixed(2)}:1`);
        }
      }
    }
    return found;
  });
}

/** Holds every animation (the time-up flash) at a fraction of its run. */
function holdAnimations(page, fraction) {
  return page.evaluate((f) => {
    for (const a of document.getAnimations()) {
      a.pause();
      const t = a.effect.getComputedTiming();
      a.currentTime = (t.activeDuration || 0) * f;
    }
  }, fraction);
}

test('every banner is readable in the light, dark and sunlight themes, the time-up flash included (1.1.1)', async () => {
  const { context, page, problems } = await phone(app.browser);
  await openApp(page, app.server.url, 'games');
  await page.getByRole('button', { name: 'Open the demo game' }).tap();
  await page.getByText('Open now').first().waitFor();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders', exact: true }).tap();
  await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
  await page.getByText('Marking settings').tap();
  await page.getByLabel('Marking time in seconds (1.1.1: 180)').fill('5');
  await page.getByRole('button', { name: 'Set marking time' }).tap();
  await page.getByText('Now 0:05.').waitFor();
  await page.getByText('Marking settings').tap();
  await page.getByRole('button', { name: 'Tap to start marking: Union' }).tap();
  const timeUp = page.getByRole('alert').filter({ hasText: 'Time is up' });
  await timeUp.waitFor({ timeout: 15000 });
  await timeUp.getByRole('button', { name: 'Hide and hand over' }).waitFor();
  await addSpecimens(page);
  assert.equal(await page.locator('.banner').count(), KINDS.length + 1);

  const seen = [];
  for (const theme of THEMES) {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
    for (const moment of [0, 0.5, 1]) {
      await holdAnimations(page, moment);
      seen.push(...(await failures(page)).map((f) => `${theme} at ${moment}: ${f}`));
    }
  }
  assert.deepEqual(seen, []);
  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('the contrast check fails a banner whose button melts into it', async () => {
  // The check itself: navy on navy, as the time-up flash once painted it, is caught.
  const { context, page } = await phone(app.browser);
  await openApp(page, app.server.url);
  await addSpecimens(page);
  await page.evaluate(() => {
    const b = document.querySelector('.banner.specimen');
    b.style.background = getComputedStyle(b.querySelector('.button.primary')).backgroundColor;
  });
  const found = await failures(page);
  assert.ok(found.some((f) => f.includes('edge of button.button primary')), found.join('\n'));
  await context.close();
});
