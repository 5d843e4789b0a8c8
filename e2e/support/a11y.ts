import axe from 'axe-core';
import { expect, test, type Frame, type Page } from '@playwright/test';

/** The WCAG 2.0/2.1/2.2 level A and AA rules; best-practice and AAA rules are left out. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);
/** How many offending elements each violation lists; enough to find the component, short enough to read. */
const TARGETS_SHOWN = 3;

type Violation = { id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown }> };
/** The page's window once axe-core is injected into it. */
type AxeWindow = Window & { axe?: typeof axe };

/**
 * axe-core in a frame, once per document: a frame that already has it (an earlier check of the same page) keeps it.
 * A frame that takes no script (a sandboxed one, such as the administrator's mail preview) is left out, as axe's own
 * Playwright runner leaves it out.
 */
async function injectAxe(frame: Frame): Promise<void> {
  try {
    if (await frame.evaluate(() => (window as AxeWindow).axe === undefined)) await frame.evaluate(axe.source);
  } catch {
    // a frame that is gone or takes no script
  }
}

/**
 * Runs axe-core on what the page shows now and fails on any serious or critical WCAG A/AA violation
 * (moderate and minor ones are not failures). Callers first assert the screen is visible;
 * `screen` names it in the failure message. The failure is soft: the journey goes on, so one run lists every
 * screen's violations, and the test still fails at its end.
 *
 * axe runs in the page itself (`axe.run`, the page's same-origin frames included) and reports violations only. It is
 * not @axe-core/playwright's `AxeBuilder.analyze()`: that injects axe into every frame again on each call, then opens a
 * blank page to merge the frames' full results (passes included), 5-8 s a check at a load average of 20 against 1-2 s
 * for this, over about 200 checks a run (issue 31: the journeys' time).
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // A dialog or notice still fading in or out is half transparent: its contrast would be measured mid-way. Wait for
  // the running transitions (not the endless ones, such as spinners), at most 3 s.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]),
  );
  for (const frame of page.frames()) await injectAxe(frame);
  const violations: Violation[] = await page.evaluate(
    (tags) =>
      (window as AxeWindow).axe!.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }).then((results) => results.violations),
    WCAG_TAGS,
  );
  const serious = violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''));
  // The whole report (each element's markup and why it fails, contrast ratios included) goes with the test's results.
  if (serious.length > 0) await test.info().attach(`axe ${screen}`, { body: JSON.stringify(serious, null, 2), contentType: 'application/json' });
  const failures = serious.map((violation) => {
    const targets = violation.nodes.slice(0, TARGETS_SHOWN).map((node) => JSON.stringify(node.target));
    const more = violation.nodes.length > TARGETS_SHOWN ? ` (+${violation.nodes.length - TARGETS_SHOWN} more)` : '';
    return `${violation.id} [${violation.impact}] ${violation.help}: ${targets.join(', ')}${more}`;
  });
  expect.soft(failures, `serious or critical accessibility violations on the ${screen} screen (${page.url()})`).toEqual([]);
}
