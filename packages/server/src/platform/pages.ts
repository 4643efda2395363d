import { escapeAttribute as attr } from '@vitrine/template';
import type { AccountWebsiteView } from './handoff';
import type { OperatorWebsiteRow } from './operator-listing';

/*
 * The platform's own pages at {PLATFORM_DOMAIN} (issue 32): what the platform is, sign up and its confirmation, sign in
 * (with the authenticator code when two-step sign-in is on), password reset, "Your websites", "Create a website", an
 * invitation accepted with the account, and two-step sign-in's settings. Plain HTML forms that work without
 * JavaScript, in the look of the owner's sign-in pages (owner/pages.ts: the owner app's owner-pages.css, with
 * platform-pages.css for what only these pages have). Every value is escaped; every form carries the crumb, and a
 * signed-in one also the session's own token (`xsrf`).
 */

const STYLESHEETS = ['/assets/owner-app/owner-pages.css', '/assets/owner-app/platform-pages.css'];

/** Who is signed in, for the header and the signed-in forms. */
export interface PageAccount {
  email: string;
  xsrfToken: string;
}

export interface PageFrame {
  crumb: string;
  account?: PageAccount;
}

function page(title: string, frame: PageFrame, body: string, options: { wide?: boolean; extraWide?: boolean; refreshTo?: string } = {}): string {
  const signedIn = frame.account
    ? `<nav class="platform-nav" aria-label="Account">
  <a href="/websites">Your websites</a>
  <a href="/account/two-step">Two-step sign-in</a>
  <span class="platform-email">${attr(frame.account.email)}</span>
  <form method="post" action="/signout" class="platform-signout">
    <input type="hidden" name="crumb" value="${attr(frame.crumb)}">
    <input type="hidden" name="xsrf" value="${attr(frame.account.xsrfToken)}">
    <button type="submit" class="button button-secondary">Sign out</button>
  </form>
</nav>`
    : `<nav class="platform-nav" aria-label="Account">
  <a href="/signin">Sign in</a>
  <a href="/signup">Sign up</a>
</nav>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${attr(title)} · Vitrine</title>${options.refreshTo ? `\n<meta http-equiv="refresh" content="0;url=${attr(options.refreshTo)}">` : ''}
${STYLESHEETS.map((href) => `<link rel="stylesheet" href="${href}">`).join('\n')}
<link rel="icon" href="/assets/theme/favicon.svg" type="image/svg+xml">
</head>
<body class="owner-page platform-page">
<a class="platform-skip" href="#main">Skip to content</a>
<header class="platform-header">
<a class="platform-brand" href="/">Vitrine</a>
${signedIn}
</header>
<main id="main" class="owner-main platform-main${options.wide ? ' platform-main-wide' : ''}${options.extraWide ? ' platform-main-operator' : ''}">
${body}
</main>
</body>
</html>`;
}

const errorBox = (message: string | undefined) => (message ? `<p class="notice notice-error" role="alert">${attr(message)}</p>` : '');
const noticeBox = (notice: string | undefined) => (notice ? `<p class="notice" role="status">${attr(notice)}</p>` : '');

function field(
  name: string,
  label: string,
  type: string,
  options: { value?: string; autocomplete: string; error?: string; hint?: string; maxlength?: number; after?: string },
): string {
  const id = `platform-${name}`;
  const describedBy = [options.hint ? `${id}-hint` : '', options.error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const input = `<input id="${id}" name="${name}" type="${type}" required autocomplete="${options.autocomplete}"${options.maxlength ? ` maxlength="${options.maxlength}"` : ''}${
    options.value ? ` value="${attr(options.value)}"` : ''
  }${options.error ? ' aria-invalid="true"' : ''}${describedBy ? ` aria-describedby="${describedBy}"` : ''}>`;
  return `<p class="owner-field">
  <label for="${id}">${attr(label)}</label>
  ${options.after ? `<span class="platform-input-with-suffix">${input}<span class="platform-suffix" aria-hidden="true">${attr(options.after)}</span></span>` : input}
  ${options.hint ? `<span class="platform-hint" id="${id}-hint">${attr(options.hint)}</span>` : ''}
  ${options.error ? `<span class="owner-field-error" id="${id}-error">${attr(options.error)}</span>` : ''}
</p>`;
}

const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${attr(value)}">`;
/** The fields every signed-in form carries: the crumb and the session's token. */
const signedInFields = (frame: PageFrame) => `${hidden('crumb', frame.crumb)}${frame.account ? hidden('xsrf', frame.account.xsrfToken) : ''}`;

export interface FormState {
  message?: string;
  errors?: Record<string, string>;
  notice?: string;
}

export function homePage(frame: PageFrame): string {
  const actions = frame.account
    ? '<p><a class="button" href="/websites">Go to your websites</a></p>'
    : `<p class="platform-actions"><a class="button" href="/signup">Sign up</a> <a class="button button-secondary" href="/signin">Sign in</a></p>`;
  return page(
    'Build a website with a shop',
    frame,
    `<h1>Build a website with a shop</h1>
<p>Vitrine makes websites with an online store: pages, a journal, events, products, checkout and the owner's app to run it all.</p>
<ul class="platform-points">
<li>Start from sample content to edit, or from an empty site.</li>
<li>Each website has its own address, and your own domain when you want one.</li>
<li>One account for all your websites, with a role on each: invite helpers as editors or store managers.</li>
</ul>
${actions}`,
  );
}

export function signUpPage(frame: PageFrame, state: FormState & { email?: string }): string {
  return page(
    'Create your account',
    frame,
    `<h1>Create your account</h1>
<p>One account for every website you build or help with. We will mail you a link to confirm your address.</p>
${errorBox(state.message)}
<form class="owner-form" method="post" action="/signup" novalidate>
  ${hidden('crumb', frame.crumb)}
  ${field('email', 'Email', 'email', { value: state.email, autocomplete: 'username', error: state.errors?.email })}
  ${field('password', 'Password (at least 8 characters)', 'password', { autocomplete: 'new-password', error: state.errors?.password })}
  <button type="submit" class="button">Sign up</button>
</form>
<p>Already have an account? <a href="/signin">Sign in</a></p>`,
  );
}

/** After sign-up, or when asked to send the confirmation again: check your mail, with a way to have it sent again. */
export function checkMailPage(frame: PageFrame, state: { email: string; notice: string }): string {
  return page(
    'Check your mail',
    frame,
    `<h1>Check your mail</h1>
${noticeBox(state.notice)}
<p>The link was sent to <strong>${attr(state.email)}</strong>. Open it to confirm your address, then build your first website.</p>
${resendForm(frame, state.email)}`,
  );
}

function resendForm(frame: PageFrame, email: string): string {
  return `<form class="owner-form" method="post" action="/signup/resend" novalidate>
  ${hidden('crumb', frame.crumb)}
  ${hidden('email', email)}
  <button type="submit" class="button button-secondary">Send the link again</button>
</form>`;
}

/** The confirmation link's page: one button (a link scanner opening the mail's link confirms nothing). */
export function confirmPage(frame: PageFrame, token: string, state: FormState): string {
  const form = token
    ? `<p>Press the button to confirm your address and sign in.</p>
<form class="owner-form" method="post" action="/signup/confirm" novalidate>
  ${hidden('crumb', frame.crumb)}
  ${hidden('token', token)}
  <button type="submit" class="button">Confirm my address</button>
</form>`
    : '<p><a href="/signin">Sign in</a> to have a new link sent.</p>';
  return page('Confirm your address', frame, `<h1>Confirm your address</h1>\n${errorBox(state.message)}\n${form}`);
}

export function signInPage(frame: PageFrame, state: FormState & { email?: string; next?: string; unconfirmed?: boolean }): string {
  return page(
    'Sign in',
    frame,
    `<h1>Sign in to Vitrine</h1>
${noticeBox(state.notice)}
${errorBox(state.message)}
${state.unconfirmed && state.email ? resendForm(frame, state.email) : ''}
<form class="owner-form" method="post" action="/signin" novalidate>
  ${hidden('crumb', frame.crumb)}
  ${hidden('next', state.next ?? '/websites')}
  ${field('email', 'Email', 'email', { value: state.email, autocomplete: 'username', error: state.errors?.email })}
  ${field('password', 'Password', 'password', { autocomplete: 'current-password', error: state.errors?.password })}
  <p class="owner-field owner-field-check"><label><input type="checkbox" name="rememberMe" value="true"> Keep me signed in for 30 days</label></p>
  <button type="submit" class="button">Sign in</button>
</form>
<p><a href="/forgot-password">Forgot your password?</a></p>
<p>New here? <a href="/signup">Create an account</a></p>`,
  );
}

/** Two-step sign-in's second step: the first step's entries come back sealed in `pending`, never in clear. */
export function signInCodePage(frame: PageFrame, state: { pending: string; email: string; message?: string; error?: string }): string {
  const errorId = 'platform-totpCode-error';
  return page(
    'Enter your sign-in code',
    frame,
    `<h1>Enter your sign-in code</h1>
<p>Two-step sign-in is on for <strong>${attr(state.email)}</strong>. Open your authenticator app and enter the 6-digit code it shows for Vitrine.</p>
${errorBox(state.message)}
<form class="owner-form" method="post" action="/signin" novalidate>
  ${hidden('crumb', frame.crumb)}
  ${hidden('pending', state.pending)}
  <p class="owner-field">
  <label for="platform-totpCode">6-digit code</label>
  <input id="platform-totpCode" name="totpCode" type="text" inputmode="numeric" pattern="[0-9]*" maxlength="6" required autofocus autocomplete="one-time-code"${
    state.error ? ` aria-invalid="true" aria-describedby="${errorId}"` : ''
  }>
  ${state.error ? `<span class="owner-field-error" id="${errorId}">${attr(state.error)}</span>` : ''}
  </p>
  <button type="submit" class="button">Sign in</button>
</form>
<p><a href="/signin">Start again</a></p>`,
  );
}

export function forgotPasswordPage(frame: PageFrame, state: FormState & { email?: string }): string {
  return page(
    'Forgot your password?',
    frame,
    `<h1>Forgot your password?</h1>
<p>Enter the email you sign in with: we will mail you a link to choose a new password.</p>
${noticeBox(state.notice)}
${errorBox(state.message)}
<form class="owner-form" method="post" action="/forgot-password" novalidate>
  ${hidden('crumb', frame.crumb)}
  ${field('email', 'Email', 'email', { value: state.email, autocomplete: 'username', error: state.errors?.email })}
  <button type="submit" class="button">Send the link</button>
</form>
<p><a href="/signin">Back to sign-in</a></p>`,
  );
}

export function resetPasswordPage(frame: PageFrame, token: string, state: FormState): string {
  const form = token
    ? `<form class="owner-form" method="post" action="/reset-password" novalidate>
  ${hidden('crumb', frame.crumb)}
  ${hidden('token', token)}
  ${field('password', 'New password (at least 8 characters)', 'password', { autocomplete: 'new-password', error: state.errors?.password })}
  <button type="submit" class="button">Change password</button>
</form>`
    : '<p><a href="/forgot-password">Ask for a new link</a></p>';
  return page('Choose a new password', frame, `<h1>Choose a new password</h1>\n${errorBox(state.message)}\n${form}`);
}

export function websitesPage(frame: PageFrame, state: { websites: readonly AccountWebsiteView[]; notice?: string; message?: string }): string {
  const rows = state.websites
    .map(
      (website) => `<li class="platform-site">
  <div class="platform-site-text">
    <h2 class="platform-site-name">${attr(website.title)}</h2>
    <p class="platform-site-address">${attr(website.address.replace(/^https?:\/\//, ''))}</p>
    <p class="platform-site-role">Your role: <strong>${attr(website.roleLabel)}</strong></p>
  </div>
  <p class="platform-site-actions">
    <a class="button" href="/websites/${attr(encodeURIComponent(website.websiteId))}/open" aria-label="Open ${attr(website.title)}">Open</a>
    <a class="platform-visit" href="${attr(website.address)}/" aria-label="Visit ${attr(website.title)} as a visitor">Visit</a>
  </p>
</li>`,
    )
    .join('\n');
  const list = state.websites.length
    ? `<ul class="platform-sites">\n${rows}\n</ul>`
    : '<p class="platform-empty">You have no website yet. Make your first one: it takes a few seconds.</p>';
  return page(
    'Your websites',
    frame,
    `<div class="platform-heading-row">
<h1>Your websites</h1>
<a class="button platform-create" href="/websites/new">Create a website</a>
</div>
${noticeBox(state.notice)}
${errorBox(state.message)}
${list}`,
    { wide: true },
  );
}

export interface NewWebsiteForm {
  siteTitle?: string;
  identifier?: string;
  sampleContent?: boolean;
  templateId?: string;
}

/** A template of the gallery (site-styles defaultStarterTemplates: the default theme's). */
export interface GalleryTemplate {
  id: string;
  label: string;
  description: string;
  pictureUrl: string | null;
}

/** The template gallery (issue 33 item 5): one radio card per template, its home page's picture above its name. */
function templateGallery(templates: GalleryTemplate[], chosen: string | undefined, error: string | undefined): string {
  if (templates.length === 0) return '';
  const checked = chosen && templates.some((template) => template.id === chosen) ? chosen : templates[0]!.id;
  const cards = templates
    .map((template) => `    <label class="platform-template">
      ${template.pictureUrl ? `<img src="${attr(template.pictureUrl)}" alt="" width="640" height="400" loading="lazy">` : ''}
      <span class="platform-template-name"><input type="radio" name="template" value="${attr(template.id)}"${template.id === checked ? ' checked' : ''} aria-labelledby="template-${attr(template.id)}-name" aria-describedby="template-${attr(template.id)}-about${error ? ' template-error' : ''}"> <strong id="template-${attr(template.id)}-name">${attr(template.label)}</strong></span>
      <span class="platform-template-about" id="template-${attr(template.id)}-about">${attr(template.description)}</span>
    </label>`)
    .join('\n');
  return `<fieldset class="platform-choice platform-templates">
    <legend>Template</legend>
    <p class="platform-hint">How the website looks and is laid out. You can change it later in Design, without losing anything.</p>
    ${error ? `<p class="owner-field-error" id="template-error">${attr(error)}</p>` : ''}
    <div class="platform-template-grid">
${cards}
    </div>
  </fieldset>`;
}

export function newWebsitePage(
  frame: PageFrame, platformDomain: string, state: FormState & { values?: NewWebsiteForm; templates?: GalleryTemplate[] },
): string {
  const values = state.values ?? {};
  const sample = values.sampleContent ?? true;
  return page(
    'Create a website',
    frame,
    `<h1>Create a website</h1>
${errorBox(state.message)}
<form class="owner-form" method="post" action="/websites" novalidate>
  ${signedInFields(frame)}
  ${field('siteTitle', 'Name', 'text', { value: values.siteTitle, autocomplete: 'off', error: state.errors?.siteTitle, maxlength: 100, hint: 'What visitors see at the top of every page. You can change it later.' })}
  ${field('identifier', 'Address', 'text', {
    value: values.identifier,
    autocomplete: 'off',
    error: state.errors?.identifier,
    maxlength: 63,
    after: `.${platformDomain}`,
    hint: `Your website will be at this name followed by .${platformDomain}: lower-case letters, digits and hyphens.`,
  })}
  ${templateGallery(state.templates ?? [], values.templateId, state.errors?.templateId)}
  <fieldset class="platform-choice">
    <legend>Start with</legend>
    <label><input type="radio" name="content" value="sample"${sample ? ' checked' : ''}> <span><strong>Sample content</strong><br>A shop with products, pages, a journal and events, ready to edit.</span></label>
    <label><input type="radio" name="content" value="empty"${sample ? '' : ' checked'}> <span><strong>Empty</strong><br>A home page and an empty shop, in the template's design.</span></label>
  </fieldset>
  <button type="submit" class="button">Create the website</button>
</form>
<p><a href="/websites">Back to your websites</a></p>`,
    { wide: true },
  );
}

/** An invitation to a website, accepted with the signed-in account. */
export function acceptInvitationPage(
  frame: PageFrame,
  state: { site: string; token: string; invitation?: { siteTitle: string; roleLabel: string; email: string | null }; message?: string },
): string {
  const invitation = state.invitation;
  const form = invitation
    ? `<p>You are invited to work on <strong>${attr(invitation.siteTitle)}</strong> as <strong>${attr(invitation.roleLabel)}</strong>${
        invitation.email ? ` (the invitation was sent to ${attr(invitation.email)})` : ''
      }.</p>
<form class="owner-form" method="post" action="/invitations/accept" novalidate>
  ${signedInFields(frame)}
  ${hidden('site', state.site)}
  ${hidden('token', state.token)}
  <button type="submit" class="button">Accept the invitation</button>
</form>`
    : '';
  return page('Accept an invitation', frame, `<h1>Accept an invitation</h1>\n${errorBox(state.message)}\n${form}\n<p><a href="/websites">Your websites</a></p>`);
}

/**
 * After a form that ends on a website's host (a new website, an accepted invitation, a sign-in on the way to one): the
 * Content-Security-Policy's `form-action 'self'` holds every redirect of a form's navigation to this origin, so the
 * form's answer is this page, which goes on at once (a refresh, a navigation of its own) to the platform's
 * `/websites/{id}/open` — which hands off with a 303 — and links there too.
 */
export function openingPage(frame: PageFrame, state: { heading: string; line: string; href: string; linkText: string }): string {
  return page(
    state.heading,
    frame,
    `<h1>${attr(state.heading)}</h1>
<p role="status">${attr(state.line)}</p>
<p><a class="button" href="${attr(state.href)}">${attr(state.linkText)}</a></p>`,
    { refreshTo: state.href },
  );
}

/** A refusal with a way on: a website that is not the account's, a stale link. */
export function messagePage(frame: PageFrame, heading: string, message: string, link: { href: string; text: string }): string {
  return page(heading, frame, `<h1>${attr(heading)}</h1>\n<p class="notice notice-error" role="alert">${attr(message)}</p>\n<p><a href="${attr(link.href)}">${attr(link.text)}</a></p>`);
}

/** Two-step sign-in's settings: off (turn on: a secret to add to an authenticator app, then a code), or on (a code turns it off). */
export function twoStepPage(frame: PageFrame, state: FormState & { on: boolean; setup?: { secret: string; otpauthUrl: string } }): string {
  const codeField = field('code', '6-digit code', 'text', { autocomplete: 'one-time-code', error: state.errors?.code, maxlength: 6 });
  let body: string;
  if (state.on) {
    body = `<p>Two-step sign-in is <strong>on</strong>: signing in asks for a code from your authenticator app after your password.</p>
<form class="owner-form" method="post" action="/account/two-step/disable" novalidate>
  ${signedInFields(frame)}
  ${codeField}
  <button type="submit" class="button button-secondary">Turn two-step sign-in off</button>
</form>`;
  } else if (state.setup) {
    body = `<p>Add this key to your authenticator app (or open the link on the phone that has it), then enter the code it shows.</p>
<p class="platform-secret">Key: <code>${attr(state.setup.secret)}</code></p>
<p><a href="${attr(state.setup.otpauthUrl)}">Add to an authenticator app</a></p>
<form class="owner-form" method="post" action="/account/two-step/confirm" novalidate>
  ${signedInFields(frame)}
  ${codeField}
  <button type="submit" class="button">Turn two-step sign-in on</button>
</form>`;
  } else {
    body = `<p>Two-step sign-in is <strong>off</strong>. With it on, signing in also asks for a code from an authenticator app on your phone.</p>
<form class="owner-form" method="post" action="/account/two-step" novalidate>
  ${signedInFields(frame)}
  <button type="submit" class="button">Set up two-step sign-in</button>
</form>`;
  }
  return page('Two-step sign-in', frame, `<h1>Two-step sign-in</h1>\n${noticeBox(state.notice)}\n${errorBox(state.message)}\n${body}`);
}

/** One website as the operator page shows it: the listing's row, its storage put in words. */
export type OperatorPageRow = Omit<OperatorWebsiteRow, 'storageBytes'> & { storage: string };

const operatorAction = (frame: PageFrame, row: OperatorPageRow, action: 'suspend' | 'resume' | 'delete' | 'restore', back: string) => {
  const label = { suspend: 'Suspend', resume: 'Resume', delete: 'Delete…', restore: 'Restore' }[action];
  // Delete asks first: its button leads to a confirmation page (GET), the others act at once.
  if (action === 'delete') {
    return `<a class="button button-secondary" href="/operator/websites/${attr(encodeURIComponent(row.id))}/delete?back=${attr(encodeURIComponent(back))}" aria-label="Delete ${attr(row.identifier)}">${label}</a>`;
  }
  return `<form method="post" action="/operator/websites/${attr(encodeURIComponent(row.id))}/${action}" class="platform-inline-form">
    ${signedInFields(frame)}${hidden('back', back)}
    <button type="submit" class="button button-secondary" aria-label="${label} ${attr(row.identifier)}">${label}</button>
  </form>`;
};

/** The platform operator's page: every website with its state, usage and requests, paged by identifier, with its actions. */
export function operatorPage(
  frame: PageFrame,
  state: { rows: readonly OperatorPageRow[]; search: string; after?: string; nextAfter?: string; back: string; notice?: string; message?: string },
): string {
  const statusText = (row: OperatorPageRow) =>
    row.status === 'deleted' ? `Deleted — purged on ${row.purgeOn!.toISOString().slice(0, 10)}` : row.status === 'suspended' ? 'Suspended' : 'Active';
  const body = state.rows
    .map((row) => {
      const actions = row.status === 'deleted' ? ['restore' as const] : [row.status === 'suspended' ? ('resume' as const) : ('suspend' as const), 'delete' as const];
      return `<tr>
  <th scope="row" data-label="Website"><span class="platform-operator-id">${attr(row.identifier)}</span><span class="platform-operator-name">${attr(row.name)}</span></th>
  <td data-label="Address"><a href="${attr(row.primaryUrl)}/">${attr(row.primaryUrl.replace(/^https?:\/\//, ''))}</a></td>
  <td data-label="Status"><span class="platform-status platform-status-${row.status}">${attr(statusText(row))}</span></td>
  <td data-label="Products" class="platform-number">${row.products}</td>
  <td data-label="Orders" class="platform-number">${row.orders}</td>
  <td data-label="Storage" class="platform-number">${attr(row.storage)}</td>
  <td data-label="Requests today" class="platform-number">${row.requestsToday}</td>
  <td data-label="Requests yesterday" class="platform-number">${row.requestsYesterday}</td>
  <td data-label="Actions" class="platform-operator-actions">${actions.map((action) => operatorAction(frame, row, action, state.back)).join('\n')}</td>
</tr>`;
    })
    .join('\n');
  const table = state.rows.length
    ? `<table class="platform-operator-table">
<caption>Websites${state.search ? ` matching “${attr(state.search)}”` : ''}</caption>
<thead><tr><th scope="col">Website</th><th scope="col">Address</th><th scope="col">Status</th><th scope="col">Products</th><th scope="col">Orders</th><th scope="col">Storage</th><th scope="col">Requests today</th><th scope="col">Requests yesterday</th><th scope="col">Actions</th></tr></thead>
<tbody>
${body}
</tbody>
</table>`
    : `<p class="platform-empty">${state.search ? 'No website matches this search.' : 'There is no website yet.'}</p>`;
  const query = (after: string) => `/operator?${new URLSearchParams({ ...(state.search ? { q: state.search } : {}), after }).toString()}`;
  const pager = [
    state.after ? `<a href="/operator${state.search ? `?q=${attr(encodeURIComponent(state.search))}` : ''}">First page</a>` : '',
    state.nextAfter ? `<a href="${attr(query(state.nextAfter))}" rel="next">Next page</a>` : '',
  ].filter(Boolean);
  return page(
    'Operator',
    frame,
    `<h1>Operator</h1>
<p>Every website of this install. Requests are counted per UTC day; each server adds its counts every few seconds.</p>
${noticeBox(state.notice)}
${errorBox(state.message)}
<form method="get" action="/operator" class="platform-operator-search" role="search">
  <label for="operator-q">Search by identifier or domain</label>
  <input id="operator-q" name="q" type="search" value="${attr(state.search)}" maxlength="253">
  <button type="submit" class="button button-secondary">Search</button>
</form>
${table}
${pager.length ? `<nav class="platform-pager" aria-label="Pages of websites">${pager.join(' ')}</nav>` : ''}`,
    { wide: true, extraWide: true },
  );
}

/** Delete's confirmation step. */
export function operatorDeletePage(frame: PageFrame, row: { id: string; identifier: string; name: string }, graceDays: number, back: string): string {
  return page(
    `Delete ${row.identifier}`,
    frame,
    `<h1>Delete ${attr(row.name)}?</h1>
<p>${attr(row.identifier)} stops answering at once: its addresses answer like unknown ones. It can be restored for ${graceDays} days; then its pages, orders, customers and files are removed for good.</p>
<form method="post" action="/operator/websites/${attr(encodeURIComponent(row.id))}/delete" class="platform-actions">
  ${signedInFields(frame)}${hidden('back', back)}
  <button type="submit" class="button platform-danger">Delete ${attr(row.identifier)}</button>
  <a href="${attr(back)}">Cancel</a>
</form>`,
  );
}

/** A signed-in account without the operator role. */
export function notOperatorPage(frame: PageFrame): string {
  return page('Not an operator', frame, `<h1>Not an operator</h1>\n<p class="notice notice-error" role="alert">This page is for the platform's operators. An operator grants the role from the shell: npm run platform -- operators add EMAIL.</p>\n<p><a href="/websites">Back to your websites</a></p>`);
}
