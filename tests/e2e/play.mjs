// What a player does on every resolver screen, shared by the end-to-end tests: go to an area,
// open the demo game, open a resolver, tap a toggle, enter the dice thrown on the table, read
// the result card.
import { openApp } from './harness.mjs';

export { settle } from './harness.mjs';
export const main = (page) => page.getByRole('navigation', { name: 'Main' });
export const result = (page) => page.getByRole('status', { name: 'Result' });
export const toggle = (page, legend, label) =>
  page.getByRole('group', { name: legend, exact: true }).getByRole('button', { name: label, exact: true }).tap();

export async function area(page, name) {
  await main(page).getByRole('link', { name, exact: true }).tap();
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

/** Opens the demo game from Saved games and goes to the Resolve area. */
export async function demo(page, url) {
  await openApp(page, url);
  await page.getByRole('link', { name: 'Saved games' }).tap();
  await page.getByRole('button', { name: 'Open the demo game' }).tap();
  await area(page, 'Resolve');
}

export async function resolver(page, name) {
  await page.getByRole('navigation', { name: 'Resolvers' }).getByRole('link', { name: new RegExp(`^${name}`) }).tap();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

/** Faces by die: numbers are "Die 1", "Die 2"...; "Name:face" names the die. */
export async function dice(page, ...faces) {
  for (const [i, face] of faces.entries()) {
    const [name, value] = typeof face === 'string' ? face.split(':') : [`Die ${i + 1}`, String(face)];
    await page.getByRole('group', { name, exact: true }).getByRole('button', { name: value, exact: true }).tap();
  }
}
