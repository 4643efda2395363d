import { sql, type Kysely } from 'kysely';
import type { Failure } from '../failures';
import { formatDate, formatMoney } from '@vitrine/format';
import { RETURNABLE_ORDER_STATUSES } from '@vitrine/contracts';
import type { Database, Website } from '../db/schema';
import { PASSWORD_RESET_MESSAGES } from '../site-users';
import type { AccessDecision, Viewer } from './access';
import { liveMembership } from './access';
import { membershipStatusOf, MEMBERSHIP_STATUS_LABELS, listSiteUserMemberships } from './memberships';
import { findPaywallProducts, listAreaPages, listAreaRows } from './queries';

/** Page-type codes (platform §2) of the members' pages. */
export const MEMBER_PAGE_TYPES = { lockScreen: 103, accessDenied: 106, membershipConfirmed: 208, account: 2 } as const;

/** The words of the members' pages (the lock labels are the platform's, §2). */
export const MEMBER_PAGE_TEXT = {
  lockedTitle: 'This page is locked',
  membersOnlyTitle: 'This page available only site members',
  lockPrompt: 'Enter the password to see this page.',
  wrongPassword: 'That password is not right. Try again.',
  tooMany: 'Too many tries. Wait a few minutes and try again.',
  membersOnlyPrompt: 'Join to see this page.',
  signInToJoin: 'Sign in or create an account to join.',
  joinFree: 'Join for free',
  joinPaid: 'Become a member',
  confirmedTitle: 'Membership confirmed',
  confirmedPending: 'Your payment is being confirmed. This page shows your membership once it is.',
  accountTitle: 'Your account',
  accountsOff: 'Accounts are not offered on this website.',
} as const;

/** A plain HTML form: the crumb is filled in by the layout's render (never in the JSON context). */
export interface MemberPageForm {
  action: string;
  fields: { name: string; value: string }[];
}

/** Only same-site paths may be a `next` (no `//host`, no scheme). */
export function safeNextPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length > 500 || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  return value;
}

export interface DeniedPageInput {
  /** The page's own address, where a member comes back to (and the lock form returns to). */
  path: string;
  pageId: string;
  pageTitle: string;
  viewer: Viewer;
  /** The lock screen's error, from the unlock form's redirect (?lockError=wrong|wait). */
  lockError?: string;
}

/**
 * The parts of the page a visitor without access gets in place of the page: the member-area access-denied page
 * (106) naming each area with its join button — signed out, links to sign in or create an account first — or the
 * lock screen (103) with the password form. The page's own content is never in them.
 */
export async function deniedPageParts(db: Kysely<Database>, website: Website, decision: Exclude<AccessDecision, { allowed: true }>, input: DeniedPageInput) {
  if (decision.reason === 'password') {
    const error = input.lockError === 'wrong' ? MEMBER_PAGE_TEXT.wrongPassword : input.lockError === 'wait' ? MEMBER_PAGE_TEXT.tooMany : '';
    return {
      pageType: MEMBER_PAGE_TYPES.lockScreen,
      title: MEMBER_PAGE_TEXT.lockedTitle,
      lock: {
        title: MEMBER_PAGE_TEXT.lockedTitle,
        prompt: MEMBER_PAGE_TEXT.lockPrompt,
        error,
        form: { action: '/members/unlock', fields: [{ name: 'pageId', value: input.pageId }, { name: 'next', value: input.path }] } satisfies MemberPageForm,
      },
    };
  }
  const rows = await listAreaRows(db, website.id, decision.memberAreas.map((area) => area.id));
  const products = await findPaywallProducts(db, website.id, website.currency, rows.flatMap((row) => (row.paywall_product_id ? [row.paywall_product_id] : [])));
  const signedIn = input.viewer.siteUserId !== null;
  const signInUrl = `/account?next=${encodeURIComponent(input.path)}`;
  return {
    pageType: MEMBER_PAGE_TYPES.accessDenied,
    title: MEMBER_PAGE_TEXT.membersOnlyTitle,
    accessDenied: {
      title: MEMBER_PAGE_TEXT.membersOnlyTitle,
      prompt: signedIn ? MEMBER_PAGE_TEXT.membersOnlyPrompt : MEMBER_PAGE_TEXT.signInToJoin,
      pageTitle: input.pageTitle,
      signedIn,
      signInUrl,
      areas: rows.map((row) => {
        const product = row.paywall_product_id ? products.get(row.paywall_product_id) : undefined;
        return {
          id: row.id,
          name: row.name,
          description: row.description,
          access: row.access,
          priceLabel: row.access === 'paid' ? product?.priceLabel ?? '' : '',
          joinLabel: row.join_button_text || (row.access === 'free' ? MEMBER_PAGE_TEXT.joinFree : MEMBER_PAGE_TEXT.joinPaid),
          joinForm: signedIn ? ({ action: '/members/join', fields: [{ name: 'memberAreaId', value: row.id }, { name: 'next', value: input.path }] } satisfies MemberPageForm) : null,
        };
      }),
    },
  };
}

/**
 * The membership confirmed page (208): the area and links into it for its member; while a paid order's payment is
 * still being confirmed (a webhook), it says so. Undefined (not found) for an unknown area.
 */
export async function confirmedPageParts(db: Kysely<Database>, website: Website, viewer: Viewer, memberAreaId: string) {
  const [area] = await listAreaRows(db, website.id, [memberAreaId.slice(0, 64)]);
  if (!area) return undefined;
  const member = viewer.siteUserId !== null && (await db.selectFrom('memberships').select('id')
    .where('member_area_id', '=', area.id).where('site_user_id', '=', viewer.siteUserId).where(liveMembership).executeTakeFirst()) !== undefined;
  const pages = member ? await listAreaPages(db, website.id, [area.id]) : [];
  return {
    pageType: MEMBER_PAGE_TYPES.membershipConfirmed,
    title: MEMBER_PAGE_TEXT.confirmedTitle,
    confirmed: {
      title: MEMBER_PAGE_TEXT.confirmedTitle,
      areaName: area.name,
      member,
      message: member ? `You are a member of ${area.name}.` : MEMBER_PAGE_TEXT.confirmedPending,
      pages: pages.map((page) => ({ title: page.title, url: `/${page.urlId}` })),
      firstPageUrl: pages[0] ? `/${pages[0].urlId}` : null,
    },
  };
}

/** Where the order-confirmed page sends a PAYWALL order: the confirmed page of the first area it granted. */
export async function membershipConfirmedPathForOrder(db: Kysely<Database>, websiteId: string, orderId: string): Promise<string | undefined> {
  if (orderId.length > 64) return undefined;
  const granted = await db.selectFrom('memberships').select('member_area_id').where('website_id', '=', websiteId).where('order_id', '=', orderId)
    .orderBy('created_at').limit(1).executeTakeFirst();
  return granted ? `/members/confirmed?area=${encodeURIComponent(granted.member_area_id)}&orderId=${encodeURIComponent(orderId)}` : undefined;
}

/** The account forms' errors travel as a code in the redirect (never as text a link could make the page say). */
export const ACCOUNT_ERRORS = {
  credentials: 'That email and password do not match an account.',
  wait: 'Too many tries. Wait a few minutes and try again.',
  code: 'This account signs in with a code from an authenticator app: sign in at /config.',
  taken: 'An account with this email exists. Sign in instead.',
  invalid: 'Enter a valid email and a password of at least 8 characters.',
  off: 'Accounts are not offered on this website.',
} as const;
export type AccountErrorCode = keyof typeof ACCOUNT_ERRORS;

export function accountErrorCodeOf(form: 'sign-in' | 'sign-up', error: Failure): AccountErrorCode {
  if (error.kind === 'too-many') return 'wait';
  if (error.kind === 'not-found') return 'off';
  if (form === 'sign-in') return error.errors?.totpCode ? 'code' : 'credentials';
  return error.kind === 'conflict' ? 'taken' : 'invalid';
}

/**
 * The account page (`/account`): signed in, the site user's orders (by account or by email, as subscriptions are
 * found) and memberships, with links to their subscriptions and out; signed out, the sign-in and sign-up forms.
 */
export async function accountPageParts(db: Kysely<Database>, website: Website, siteUser: { id: string; email: string } | undefined, query: { next?: string; error?: string; form?: string; notice?: string }) {
  const next = safeNextPath(query.next, '/account');
  if (!siteUser) {
    const error = typeof query.error === 'string' && Object.hasOwn(ACCOUNT_ERRORS, query.error) ? ACCOUNT_ERRORS[query.error as AccountErrorCode] : '';
    return {
      pageType: MEMBER_PAGE_TYPES.account,
      title: 'Sign in',
      account: {
        signedOut: true,
        signInForm: { action: '/account/sign-in', fields: [{ name: 'next', value: next }] } satisfies MemberPageForm,
        signUpForm: { action: '/account/sign-up', fields: [{ name: 'next', value: next }] } satisfies MemberPageForm,
        signInError: query.form === 'sign-in' ? error : '',
        // After a password reset (members/routes.ts sends `?notice=reset`).
        notice: query.notice === 'reset' ? PASSWORD_RESET_MESSAGES.changed : '',
        forgotPasswordUrl: '/account/forgot-password',
        signUpError: query.form === 'sign-up' ? error : '',
      },
    };
  }
  const [orders, memberships] = await Promise.all([
    db.selectFrom('orders')
      .select(['id', 'order_number', 'created_at', 'grand_total_cents', 'currency', 'status'])
      .where('website_id', '=', website.id)
      .where((eb) => eb.or([eb('site_user_id', '=', siteUser.id), eb(sql`lower(email)`, '=', siteUser.email.toLowerCase())]))
      .orderBy('created_at', 'desc')
      .limit(50)
      .execute(),
    listSiteUserMemberships(db, website.id, siteUser.id),
  ]);
  const areaPages = await listAreaPages(db, website.id, [...new Set(memberships.map((row) => row.member_area_id))]);
  const dateOf = (date: Date) => formatDate(date, { locale: website.locale, timeZone: website.time_zone });
  return {
    pageType: MEMBER_PAGE_TYPES.account,
    title: MEMBER_PAGE_TEXT.accountTitle,
    account: {
      signedOut: false,
      email: siteUser.email,
      orders: orders.map((order) => ({
        id: order.id,
        label: `Order #${order.order_number}`,
        date: dateOf(order.created_at),
        total: formatMoney(Number(order.grand_total_cents), order.currency),
        status: order.status.charAt(0).toUpperCase() + order.status.slice(1).replace('_', ' '),
        // The order's page (the confirmation mail's link), and its return form once something has shipped.
        url: `/checkout/order-confirmed?orderId=${encodeURIComponent(order.id)}`,
        returnUrl: RETURNABLE_ORDER_STATUSES.includes(order.status) ? `/checkout/order-confirmed?orderId=${encodeURIComponent(order.id)}#returns` : null,
      })),
      memberships: memberships.map((row) => {
        const status = membershipStatusOf(row);
        const first = areaPages.find((page) => page.memberAreaId === row.member_area_id);
        return {
          id: row.id,
          areaName: row.areaName,
          status: MEMBERSHIP_STATUS_LABELS[status],
          since: dateOf(row.started_at),
          ends: row.ends_at && status === 'active' ? dateOf(row.ends_at) : '',
          url: status === 'active' && first ? `/${first.urlId}` : null,
        };
      }),
      subscriptionsUrl: '/account/subscriptions',
      signOutForm: { action: '/account/sign-out', fields: [] } satisfies MemberPageForm,
    },
  };
}
