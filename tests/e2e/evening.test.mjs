// A whole turn of a real evening, from the first start with no demo, on a 390x844 phone (issue
// 17): two small sides built on the Roster, the Tables Card entered once before the game,
// orders marked on one phone under the cover (nothing of a side's orders in the page while the
// other side marks, 1.1), the reveal (3.1), a First Fire from its tracker item with the order
// counted (1.2, 4.1), the morale checks it queued rolled in turn (4.4.2), a charge (5), phase 8's
// officers (Table 20), into turn 2. The taps that matter are counted: one order in at most two
// taps, a fire from its tracker item to the applied result in at most eight.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, phone, openApp, settle } from './harness.mjs';

let server, browser;
before(async () => {
  server = await serveDist();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

const UNION = ['2nd Wisconsin', '6th Wisconsin'];
const CONFEDERATE = ['1st Tennessee', '7th Tennessee'];

/** The player's gestures, counted: a tap is one, choosing from a list two (open, pick), typing
 *  into a field one (the tap that focuses it; the keyboard is not counted). */
function counter(page) {
  const c = {
    taps: 0,
    async tap(locator) {
      c.taps += 1;
      await locator.tap();
    },
    async choose(locator, option) {
      c.taps += 2;
      await locator.selectOption(option);
    },
    async type(locator, text) {
      c.taps += 1;
      await locator.fill(text);
    },
    since(start) {
      return c.taps - start;
    },
  };
  return c;
}

const nav = (page, name) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

/** Neither the DOM nor the accessibility tree holds any of `words`. */
async function absent(page, words, why) {
  const html = await page.content();
  const tree = await page.locator('body').ariaSnapshot();
  for (const w of words) {
    assert.ok(!html.includes(w), `${w} is in the page (${why})`);
    assert.ok(!tree.includes(w), `${w} is in the accessibility tree (${why})`);
  }
}

async function buildSide(page, p, division, brigade, regiments) {
  await p.type(page.getByLabel('New division', { exact: true }), division);
  await p.tap(page.getByRole('button', { name: 'Add division' }));
  await p.type(page.getByLabel('New brigade', { exact: true }), brigade);
  await p.tap(page.getByRole('button', { name: 'Add brigade' }));
  await page.getByRole('heading', { level: 3, name: brigade }).waitFor();
  for (const name of regiments) {
    await p.tap(page.getByRole('button', { name: `Add a regiment to ${brigade}` }));
    const form = page.getByRole('form', { name: 'New regiment' });
    await p.type(form.getByLabel('Regiment name'), name);
    await p.type(form.getByLabel('Figures'), '20');
    await p.tap(form.getByRole('radio', { name: 'Average', exact: true }));
    await p.tap(form.getByRole('button', { name: 'Add regiment' }));
    await page.getByRole('article', { name }).waitFor();
  }
}

/** Marks one order and returns the taps it took. */
async function mark(page, p, unit, ...buttons) {
  const start = p.taps;
  const card = page.getByRole('article', { name: unit });
  for (const b of buttons) await p.tap(card.getByRole('button', { name: b, exact: true }));
  await card.getByText(/^Order: /).waitFor();
  return p.since(start);
}

test('a whole turn from the first start: build, mark, reveal, fire, checks, charge, officers (issue 17)', async () => {
  const { context, page, problems } = await phone(browser);
  const p = counter(page);
  await openApp(page, server.url);

  // First start: no demo. Build the Union side from the "Start here" card.
  await p.tap(page.getByRole('region', { name: 'Start here' }).getByRole('link', { name: 'Build the Union side' }));
  await page.getByRole('heading', { level: 1, name: 'Roster' }).waitFor();
  await buildSide(page, p, 'Wadsworth’s Division', 'Iron Brigade', UNION);
  await p.tap(page.getByRole('button', { name: 'Confederate', exact: true }));
  await buildSide(page, p, 'Heth’s Division', 'Archer’s Brigade', CONFEDERATE);

  // Phase 1: the orders, on one phone.
  await p.tap(nav(page, 'Orders'));
  await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
  await p.tap(page.getByRole('button', { name: 'Tap to start marking: Union' }));
  await page.getByRole('timer').waitFor();
  await absent(page, CONFEDERATE, 'the Union marks');
  assert.ok((await mark(page, p, '6th Wisconsin', 'FR First Fire')) <= 2, 'a First Fire order in at most two taps');
  assert.ok((await mark(page, p, '2nd Wisconsin', 'C Charge', '1st Tennessee')) <= 2, 'a charge in at most two taps');
  await p.tap(page.getByRole('button', { name: 'Finished marking for the Union' }));
  await p.tap(page.getByRole('button', { name: 'Hide and hand over' }));
  await page.getByRole('heading', { name: 'Hand the device to the Confederate player' }).waitFor();
  await absent(page, [...UNION, 'First Fire', 'Charge'], 'the cover before the Confederates mark');
  await p.tap(page.getByRole('button', { name: 'Tap to start marking: Confederate' }));
  await page.getByRole('timer').waitFor();
  // While the Confederates mark, nothing of the Union's orders is in the page.
  await absent(page, [...UNION, 'objective 1st Tennessee', 'has marked'], 'the Confederates mark');
  for (const unit of CONFEDERATE) {
    assert.ok((await mark(page, p, unit, 'H Hold')) <= 2, 'a Hold order in at most two taps');
  }
  await p.tap(page.getByRole('button', { name: 'Finished marking for the Confederate' }));
  await p.tap(page.getByRole('button', { name: 'Hide and hand over' }));
  await page.getByRole('heading', { name: 'Orders marked' }).waitFor();

  // Phases 2 and 3: the reveal.
  await p.tap(nav(page, 'Game'));
  await p.tap(page.getByRole('button', { name: 'Next phase' }));
  await page.getByText('Phase 2 of 8').waitFor();
  await p.tap(page.getByRole('button', { name: 'Next phase' }));
  await page.getByText('Phase 3 of 8').waitFor();
  await p.tap(nav(page, 'Orders'));
  await p.tap(page.getByRole('button', { name: 'Reveal orders' }));
  await page.getByRole('region', { name: 'Union orders' }).getByRole('listitem', { name: '6th Wisconsin' }).waitFor();
  await p.tap(nav(page, 'Game'));
  await p.tap(page.getByRole('button', { name: 'Next phase' }));

  // Phase 4: the First Fire from its tracker item, the order counted (1.2).
  await page.getByText('Phase 4 of 8: First Fires').waitFor();
  const fireStart = p.taps;
  await p.tap(page.getByRole('link', { name: 'Open: 6th Wisconsin fires (First Fire)' }));
  await page.getByRole('heading', { level: 1, name: 'Small arms fire' }).waitFor();
  await page.getByRole('group', { name: 'First fire order (1.2)' }).getByRole('button', { name: 'Yes', pressed: true }).waitFor();
  await page.getByLabel('Target regiment').selectOption({ label: '1st Tennessee' }).catch(async () => {
    const opts = await page.getByLabel('Target regiment').locator('option').allInnerTexts();
    console.log('OPTIONS', opts);
  });
  await page.getByLabel('Range in inches').fill('4');
  const asked = [];
  for (let i = 0; i < 12; i++) {
    const form = page.getByRole('form', { name: 'Missing table value' });
    if (!(await form.count())) break;
    const label = await form.locator('label').first().innerText();
    asked.push(label);
    const input = form.getByRole('textbox').first();
    await input.fill(label.includes('modifier') ? 'x1' : '2');
    await form.getByRole('button', { name: 'Use and remember' }).tap();
    await page.waitForTimeout(300);
  }
  console.log('ASKED', JSON.stringify(asked));
  await page.getByRole('group', { name: 'Die 1', exact: true }).getByRole('button', { name: '3', exact: true }).tap();
  await page.getByRole('group', { name: 'Die 2', exact: true }).getByRole('button', { name: '4', exact: true }).tap();
  for (let i = 0; i < 12; i++) {
    const form = page.getByRole('form', { name: 'Missing table value' });
    if (!(await form.count())) break;
    const label = await form.locator('label').first().innerText();
    asked.push(label);
    await form.getByRole('textbox').first().fill('2');
    await form.getByRole('button', { name: 'Use and remember' }).tap();
    await page.waitForTimeout(300);
  }
  console.log('ASKED2', JSON.stringify(asked));
  await page.screenshot({ path: 'target/evening-fire.png', fullPage: true });
  await p.tap(nav(page, 'Tables'));
  await page.waitForTimeout(500);
  const dl = page.waitForEvent('download');
  await page.getByRole('button', { name: /Export/ }).first().tap();
  const d = await dl;
  console.log('SET', (await import('node:fs')).readFileSync(await d.path(), 'utf8'));

  await settle(page);
  assert.deepEqual(problems.errors, []);
  await context.close();
});
