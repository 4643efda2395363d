import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Every violation axe finds on the page (WCAG 2.0 and 2.1, A and AA, and axe's best practices), one line per
 * element. Sandboxed frames are left out: axe runs a script inside each frame, and a frame that may run none
 * (the owner app's mail and header/footer previews, `sandbox=""`) would leave it waiting.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).exclude('iframe[sandbox]').analyze();
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.impact} ${violation.id}: ${node.target.join(' ')} (${violation.help})`));
}
