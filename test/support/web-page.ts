import axe from "axe-core";
import type { Page } from "playwright-core";
import { until } from "./until.js";

/**
 * Waits until `expression` is truthy in the page. waitForFunction would eval in the page, which
 * the app's CSP forbids; evaluate is not bound by it.
 */
export const pageUntil = (page: Page, expression: string) =>
  until(expression, () => page.evaluate(expression), { timeoutMs: 15_000, intervalMs: 50 });

/** The page's serious and critical accessibility violations, as `rule: targets` lines. */
export async function axeSerious(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  // Page-side code is given as text: the tests are compiled without the DOM's types.
  const result = (await page.evaluate(
    'axe.run(document, { resultTypes: ["violations"] })',
  )) as axe.AxeResults;
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
