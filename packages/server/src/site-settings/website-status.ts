import { WEBSITE_STATUSES, type WebsiteStatusJson } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';

/**
 * The website's status (platform spec §3) for a self-hosted site: there is no plan, trial or bill, so
 * it is always paid (8) — the status clients treat as "everything on, nothing to upgrade" — and the
 * upgrade destinations (platform spec §2) explain that instead of selling a plan.
 */
export const SELF_HOSTED_STATUS = WEBSITE_STATUSES.paid;

export const SELF_HOSTED_MESSAGE =
  'This website is self-hosted: every feature is on, and there is no plan to upgrade or subscription to pay.';

/** Platform spec §2: where a trial's and a plain upgrade go. */
export const UPGRADE_DESTINATIONS = ['/settings/billing/upgrade', '/settings/billing/subscriptions/website'] as const;

export function websiteStatusName(code: number): string {
  return Object.entries(WEBSITE_STATUSES).find(([, value]) => value === code)?.[0] ?? 'unknown';
}

export function getWebsiteStatus(actor: Actor): WebsiteStatusJson {
  authorize(actor, 'billing:read');
  return { status: SELF_HOSTED_STATUS, statusName: websiteStatusName(SELF_HOSTED_STATUS), selfHosted: true, upgrade: null, message: SELF_HOSTED_MESSAGE };
}

/** The page an upgrade destination answers (plain HTML, no script). */
export function upgradePage(): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex"><title>No upgrade needed</title></head><body>',
    `<main><h1>No upgrade needed</h1><p>${SELF_HOSTED_MESSAGE}</p><p><a href="/config">Back to the owner pages</a></p></main>`,
    '</body></html>',
  ].join('');
}
