import { PERMISSIONS, roleName, type ContributorRole, type Permission } from '@vitrine/contracts';
import { escapeAttribute as attr } from '@vitrine/template';
import { describeOwner, type Owner } from '../authorize';

/*
 * The owner's server-rendered pages: set up the first account from a one-time link, sign in (with the
 * authenticator code when two-step sign-in is on), forgotten and new passwords. Plain HTML forms that work
 * without JavaScript (the crumb travels as a form field), styled by the theme's stylesheet, every value
 * escaped. Signed in, /config is the owner app (app-page.ts).
 */

/** The owner app's stylesheet for these pages (packages/owner-app/public, served as it is by app.ts). */
const STYLESHEET = '/assets/owner-app/owner-pages.css';

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${attr(title)} · Vitrine</title>
<link rel="stylesheet" href="${STYLESHEET}">
<link rel="icon" href="/assets/theme/favicon.svg" type="image/svg+xml">
</head>
<body class="owner-page">
<main id="main" class="owner-main">
${body}
</main>
</body>
</html>`;
}

const errorBox = (message: string | undefined) => (message ? `<p class="notice notice-error" role="alert">${attr(message)}</p>` : '');

function field(name: string, label: string, type: string, options: { value?: string; autocomplete: string; error?: string }): string {
  const id = `owner-${name}`;
  const errorId = `${id}-error`;
  return `<p class="owner-field">
  <label for="${id}">${attr(label)}</label>
  <input id="${id}" name="${name}" type="${type}" required autocomplete="${options.autocomplete}"${options.value ? ` value="${attr(options.value)}"` : ''}${
    options.error ? ` aria-invalid="true" aria-describedby="${errorId}"` : ''
  }>
  ${options.error ? `<span class="owner-field-error" id="${errorId}">${attr(options.error)}</span>` : ''}
</p>`;
}

export interface FormState {
  crumb: string;
  message?: string;
  errors?: Record<string, string>;
  email?: string;
}

/** A role's name in words: 'storeManager' → 'store manager'. */
const roleWords = (role: ContributorRole) => roleName(role).replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);

/**
 * The set-up page. An invitation to a role below admin (a link made for one email) says so, names the role and
 * fills in the address: the invitee may be new (the password they choose makes the account) or have an account already
 * (its password confirms it). A first-admin link (no email) asks for both.
 */
export function setupPage(
  token: string,
  state: FormState & { invitation?: { email: string; role: ContributorRole; siteTitle: string }; platformAcceptUrl?: string },
): string {
  const invitation = state.invitation;
  const title = invitation ? 'Accept your invitation' : 'Create your owner account';
  const intro = invitation
    ? `<p>You are invited to work on <strong>${attr(invitation.siteTitle)}</strong> as <strong>${attr(roleWords(invitation.role))}</strong>. Sign in with ${attr(invitation.email)}: choose a password if you are new here, or type the password of the account you already have.</p>`
    : '<p>This one-time link makes you an owner of this website. Choose the email and password you will sign in with.</p>';
  const email = state.email ?? invitation?.email;
  return page(
    title,
    `<h1>${title}</h1>
${intro}
${errorBox(state.message)}
<form class="owner-form" method="post" action="/config/setup" novalidate>
  <input type="hidden" name="crumb" value="${attr(state.crumb)}">
  <input type="hidden" name="token" value="${attr(token)}">
  ${field('email', 'Email', 'email', { value: email, autocomplete: 'username', error: state.errors?.email })}
  ${field('password', 'Password (at least 8 characters)', 'password', { autocomplete: 'new-password', error: state.errors?.password })}
  <button type="submit" class="button">${invitation ? 'Accept invitation' : 'Create account'}</button>
</form>${
      // Platform mode (issue 32): a person with a platform account accepts with it instead, on the platform's host.
      state.platformAcceptUrl ? `\n<p>Have a Vitrine account? <a href="${attr(state.platformAcceptUrl)}">Accept with your Vitrine account</a></p>` : ''
    }`,
  );
}

const noticeBox = (notice: string | undefined) => (notice ? `<p class="notice" role="status">${attr(notice)}</p>` : '');

export function signInPage(state: FormState & { notice?: string; next?: string; platformUrl?: string }): string {
  // Always there (the app's home when the asked page is not one to return to), so the form is the same form
  // whatever the address held.
  const next = `\n  <input type="hidden" name="next" value="${attr(state.next ?? '/config')}">`;
  return page(
    'Sign in',
    `<h1>Sign in to manage your website</h1>
${noticeBox(state.notice)}
${errorBox(state.message)}
<form class="owner-form" method="post" action="/config/sign-in" novalidate>
  <input type="hidden" name="crumb" value="${attr(state.crumb)}">${next}
  ${field('email', 'Email', 'email', { value: state.email, autocomplete: 'username', error: state.errors?.email })}
  ${field('password', 'Password', 'password', { autocomplete: 'current-password', error: state.errors?.password })}
  <p class="owner-field owner-field-check"><label><input type="checkbox" name="rememberMe" value="true"> Keep me signed in for 30 days</label></p>
  <button type="submit" class="button">Sign in</button>
</form>
<p><a href="/config/forgot-password">Forgot your password?</a></p>${
      // Platform mode (issue 32): an owner who signed up on the platform signs in there and opens the website from it.
      state.platformUrl ? `\n<p>Signed up on Vitrine? <a href="${attr(state.platformUrl)}/websites">Sign in on Vitrine</a> and open this website from your websites.</p>` : ''
    }`,
  );
}

/**
 * Two-step sign-in's second step: the password was right, the authenticator app's code is asked for. The
 * first step's entries come back sealed in `pending` (sign-in-step.ts), never in clear.
 */
export function signInCodePage(state: { crumb: string; pending: string; email: string; message?: string; error?: string }): string {
  const errorId = 'owner-totpCode-error';
  return page(
    'Enter your sign-in code',
    `<h1>Enter your sign-in code</h1>
<p>Two-step sign-in is on for <strong>${attr(state.email)}</strong>. Open your authenticator app and enter the 6-digit code it shows for Vitrine.</p>
${errorBox(state.message)}
<form class="owner-form" method="post" action="/config/sign-in" novalidate>
  <input type="hidden" name="crumb" value="${attr(state.crumb)}">
  <input type="hidden" name="pending" value="${attr(state.pending)}">
  <p class="owner-field">
  <label for="owner-totpCode">6-digit code</label>
  <input id="owner-totpCode" name="totpCode" type="text" inputmode="numeric" pattern="[0-9]*" maxlength="6" required autofocus autocomplete="one-time-code"${
    state.error ? ` aria-invalid="true" aria-describedby="${errorId}"` : ''
  }>
  ${state.error ? `<span class="owner-field-error" id="${errorId}">${attr(state.error)}</span>` : ''}
</p>
  <button type="submit" class="button">Sign in</button>
</form>
<p><a href="/config">Start again</a></p>`,
  );
}

/**
 * A signed-in owner's /config while the owner app (packages/owner-app) is not built: who is signed in and
 * how to build the app. The app replaces it as soon as its files are there (npm start and npm test build it).
 */
export function ownerHomePage(owner: Owner, crumb: string): string {
  const described = describeOwner(owner);
  const allowed = described.permissions.map((permission: Permission) => `<li>${attr(PERMISSIONS[permission])}</li>`).join('');
  return page(
    'Your website',
    `<h1>Your website</h1>
<p>Signed in as <strong>${attr(owner.siteUser.email)}</strong>, role <strong>${attr(roleName(owner.role))}</strong>.</p>
<p class="notice" role="status">The owner app is not built on this server yet: run <code>npm run build -w @vitrine/owner-app</code> (or <code>npm start</code>, which builds it) and reload.</p>
<h2>What your role allows</h2>
${allowed ? `<ul class="owner-permissions">${allowed}</ul>` : '<p>Nothing on this website yet: ask an admin for a role.</p>'}
<p>The owner API is described at <a href="/api/openapi.json">/api/openapi.json</a>. <a href="/">View the store</a>.</p>
<form method="post" action="/config/sign-out">
  <input type="hidden" name="crumb" value="${attr(crumb)}">
  <button type="submit" class="button button-secondary">Sign out</button>
</form>`,
  );
}

export function notContributorPage(email: string, crumb: string): string {
  return page(
    'No access',
    `<h1>This account does not manage this website</h1>
<p>You are signed in as <strong>${attr(email)}</strong>, which has no role here. Ask an admin for an invitation, or sign out and use another account.</p>
<form method="post" action="/config/sign-out">
  <input type="hidden" name="crumb" value="${attr(crumb)}">
  <button type="submit" class="button button-secondary">Sign out</button>
</form>`,
  );
}

export function forgotPasswordPage(state: FormState & { notice?: string }): string {
  return page(
    'Forgot your password?',
    `<h1>Forgot your password?</h1>
<p>Enter the email you sign in with: we will mail you a link to choose a new password.</p>
${noticeBox(state.notice)}
${errorBox(state.message)}
<form class="owner-form" method="post" action="/config/forgot-password" novalidate>
  <input type="hidden" name="crumb" value="${attr(state.crumb)}">
  ${field('email', 'Email', 'email', { value: state.email, autocomplete: 'username', error: state.errors?.email })}
  <button type="submit" class="button">Send the link</button>
</form>
<p><a href="/config">Back to sign-in</a></p>`,
  );
}

export function resetPasswordPage(token: string, state: FormState): string {
  return page(
    'Choose a new password',
    `<h1>Choose a new password</h1>
${errorBox(state.message)}
<form class="owner-form" method="post" action="/config/reset-password" novalidate>
  <input type="hidden" name="crumb" value="${attr(state.crumb)}">
  <input type="hidden" name="token" value="${attr(token)}">
  ${field('password', 'New password (at least 8 characters)', 'password', { autocomplete: 'new-password', error: state.errors?.password })}
  <button type="submit" class="button">Change password</button>
</form>`,
  );
}
