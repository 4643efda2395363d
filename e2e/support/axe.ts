import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * axe for a journey's page, made cheap to call often: violations only (passes and incomplete are never read), and
 * axe.run in the page itself (legacy mode) rather than a run per frame finished in a new blank page the library opens
 * for every call — that blank page was half of each call's second. Legacy mode checks same-origin frames but not
 * cross-origin or about:srcdoc ones; ours are same-origin, and the srcdoc previews are sandboxed and left out anyway
 * (e2e/axe-finds-violations.test.ts proves a frame's violation is still found).
 */
export function newAxeBuilder(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode(true);
}

/**
 * Every violation axe finds on the page (WCAG 2.0 and 2.1, A and AA, and axe's best practices), one line per
 * element. Sandboxed frames are left out: axe runs a script inside each frame, and a frame that may run none
 * (the owner app's mail and header/footer previews, `sandbox=""`) would leave it waiting.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await newAxeBuilder(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).exclude('iframe[sandbox]').analyze();
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.impact} ${violation.id}: ${node.target.join(' ')} (${violation.help})`));
}
