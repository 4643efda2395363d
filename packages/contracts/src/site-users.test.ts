import { describe, expect, it } from 'vitest';
import { getHealthContract } from './health';
import { getSiteUserContract, signInContract, signOutContract, signUpContract } from './site-users';
import { check, responseErrors } from './test-validator';

const EMAIL = 'Email is not valid.';
const TOO_SHORT = 'Password must be at least 8 characters.';
const TOO_LONG = 'Password must be at most 200 characters.';
const fieldError = (field: string, message: string) => ({ message, errors: { [field]: message } });
const credentials = { email: 'ada@example.com', password: 'correct horse' };

describe('POST /api/site-users/account', () => {
  const signUp = (body: unknown) => check(signUpContract, { body });

  it('accepts an email and a password', () => {
    expect(signUp(credentials)).toBeUndefined();
    expect(signUp({ ...credentials, password: 'p'.repeat(200) })).toBeUndefined();
  });

  it('words each password failure as the server did', () => {
    expect(signUp({ ...credentials, password: 'short' })).toEqual(fieldError('password', TOO_SHORT));
    expect(signUp({ email: credentials.email })).toEqual(fieldError('password', TOO_SHORT));
    expect(signUp({ ...credentials, password: 12345678 })).toEqual(fieldError('password', TOO_SHORT));
    expect(signUp({ ...credentials, password: 'p'.repeat(201) })).toEqual(fieldError('password', TOO_LONG));
    // Too long wins over the NUL it also holds: the specific message before the default.
    expect(signUp({ ...credentials, password: `${'p'.repeat(201)}\u0000` })).toEqual(fieldError('password', TOO_LONG));
  });

  it('checks the email first, and names both fields', () => {
    expect(signUp({ email: 'nope', password: 'short' })).toEqual({ message: EMAIL, errors: { email: EMAIL, password: TOO_SHORT } });
  });

  it('takes no rememberMe (sign-up starts a 24-hour session)', () => {
    expect(signUp({ ...credentials, rememberMe: true })).toEqual(fieldError('rememberMe', 'Unknown field.'));
  });

  it('answers 201 with the xsrfToken and the user', () => {
    expect(responseErrors(signUpContract, 201, { xsrfToken: 'x', siteUser: { id: 'u1', email: 'ada@example.com' } })).toEqual([]);
  });
});

describe('POST /api/site-users/account/session', () => {
  const signIn = (body: unknown) => check(signInContract, { body });

  it('accepts email, password and an optional boolean rememberMe', () => {
    expect(signIn(credentials)).toBeUndefined();
    expect(signIn({ ...credentials, rememberMe: true })).toBeUndefined();
    expect(signIn({ ...credentials, rememberMe: false })).toBeUndefined();
  });

  it('refuses a rememberMe that is not a boolean (no coercion of "true")', () => {
    const message = 'rememberMe must be true or false.';
    expect(signIn({ ...credentials, rememberMe: 'true' })).toEqual(fieldError('rememberMe', message));
    expect(signIn({ ...credentials, rememberMe: 1 })).toEqual(fieldError('rememberMe', message));
    expect(signIn({ ...credentials, rememberMe: null })).toEqual(fieldError('rememberMe', message));
  });

  it('refuses a bad email or password', () => {
    expect(signIn({ ...credentials, email: 'ada' })).toEqual(fieldError('email', EMAIL));
    expect(signIn({ ...credentials, password: '' })).toEqual(fieldError('password', TOO_SHORT));
  });
});

describe('GET /api/site-users/account', () => {
  it('takes nothing and answers the user, or a 401 error body', () => {
    expect(check(getSiteUserContract, {})).toBeUndefined();
    expect(responseErrors(getSiteUserContract, 200, { siteUser: { id: 'u1', email: 'ada@example.com' } })).toEqual([]);
    expect(responseErrors(getSiteUserContract, '4xx', { message: 'You are not signed in.' })).toEqual([]);
  });
});

describe('DELETE /api/site-users/account/session', () => {
  const signOut = (querystring: unknown) => check(signOutContract, { querystring });

  it('takes cloneCart as a string', () => {
    expect(signOut({})).toBeUndefined();
    expect(signOut({ cloneCart: 'true' })).toBeUndefined();
    expect(signOut({ cloneCart: ['true', 'true'] })).toEqual(fieldError('cloneCart', 'cloneCart is not valid.'));
  });

  it('answers { signedOut: true }', () => {
    expect(responseErrors(signOutContract, 200, { signedOut: true })).toEqual([]);
    expect(responseErrors(signOutContract, 200, { signedOut: false })).not.toEqual([]);
  });
});

describe('GET /api/health', () => {
  it('answers the status and which database answered', () => {
    expect(check(getHealthContract, {})).toBeUndefined();
    expect(responseErrors(getHealthContract, 200, { status: 'ok', database: 'pglite' })).toEqual([]);
    expect(responseErrors(getHealthContract, 200, { status: 'ok', database: 'postgres' })).toEqual([]);
    expect(responseErrors(getHealthContract, 200, { status: 'ok', database: 'mysql' })).not.toEqual([]);
  });
});
