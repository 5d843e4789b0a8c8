import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** The WCAG 2.0/2.1/2.2 level A and AA rules; best-practice and AAA rules are left out. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);
/** How many offending elements each violation lists; enough to find the component, short enough to read. */
const TARGETS_SHOWN = 3;

/**
 * Runs axe-core on what the page shows now and fails on any serious or critical WCAG A/AA violation
 * (moderate and minor ones are not failures). Callers first assert the screen is visible;
 * `screen` names it in the failure message. The failure is soft: the journey goes on, so one run lists every
 * screen's violations, and the test still fails at its end.
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
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const serious = results.violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''));
  // The whole report (each element's markup and why it fails, contrast ratios included) goes with the test's results.
  if (serious.length > 0) await test.info().attach(`axe ${screen}`, { body: JSON.stringify(serious, null, 2), contentType: 'application/json' });
  const failures = serious.map((violation) => {
    const targets = violation.nodes.slice(0, TARGETS_SHOWN).map((node) => JSON.stringify(node.target));
    const more = violation.nodes.length > TARGETS_SHOWN ? ` (+${violation.nodes.length - TARGETS_SHOWN} more)` : '';
    return `${violation.id} [${violation.impact}] ${violation.help}: ${targets.join(', ')}${more}`;
  });
  expect.soft(failures, `serious or critical accessibility violations on the ${screen} screen (${page.url()})`).toEqual([]);
}
