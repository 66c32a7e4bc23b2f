import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADDRESS_VARIANTS } from '../../../tests/spec/probe-cases.ts';
import type { Me } from '../../lib/session.ts';
import { apiError, json, mockApi, renderAt, signedOut } from '../../test-support/api-stub.tsx';
import SignInPage from './SignInPage.tsx';

const newUser: Me = {
  id: 'u1',
  email: 'john.doe@example.com',
  username: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLoginAt: '2026-01-01T00:00:00.000Z',
  isAdmin: false,
  listNewCodes: true,
  renameAllowedAt: null,
  listingFrom: '2026-01-01',
};

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const where = () => screen.getByTestId('where').textContent;

beforeEach(() => {
  window.localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('mode 1: request a link', () => {
  it('shows the field, the button, the consent note and the way home', async () => {
    mockApi(() => signedOut());
    renderAt('/magic-link', <SignInPage />);
    expect(await screen.findByRole('button', { name: 'Continue with Email' })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByText(/agree to receive emails/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to home/ }).getAttribute('href')).toBe('/');
  });

  it.each([
    ['', 'Email is required'],
    ['not-an-address', 'Please enter a valid email address'],
    // Address lists and header syntax (issue 10, finding 4): one address, nothing around it.
    ...ADDRESS_VARIANTS.map((variant): [string, string] => [
      variant,
      'Please enter a valid email address',
    ]),
  ])('validates %j with %s and sends nothing', async (value, message) => {
    const calls = mockApi(() => signedOut());
    renderAt('/magic-link', <SignInPage />);
    await screen.findByLabelText('Email');
    type('Email', value);
    click('Continue with Email');
    expect(await screen.findByText(message)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('says where the link went and keeps the address in localStorage', async () => {
    const calls = mockApi((call) =>
      call.method === 'POST' ? json(202, { sent: true }) : signedOut(),
    );
    renderAt('/magic-link', <SignInPage />);
    await screen.findByLabelText('Email');
    type('Email', '  Ada@Example.com ');
    click('Continue with Email');
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText(/We sent a sign-in link to/).closest('[role="status"]')).toBeTruthy();
    expect(window.localStorage.getItem('refstash.emailForSignIn')).toBe('ada@example.com');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'ada@example.com' });
  });

  it("offers 'Send again' once the minute has passed, and sends to the same address", async () => {
    const calls = mockApi((call) =>
      call.method === 'POST' ? json(202, { sent: true }) : signedOut(),
    );
    renderAt('/magic-link', <SignInPage />);
    await screen.findByLabelText('Email');
    type('Email', 'ada@example.com');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      click('Continue with Email');
      const wait = await screen.findByRole('button', { name: /^Send again in \d+ s$/ });
      expect((wait as HTMLButtonElement).disabled).toBe(true);
      act(() => vi.advanceTimersByTime(61_000));
      const again = await screen.findByRole('button', { name: 'Send again' });
      expect((again as HTMLButtonElement).disabled).toBe(false);
      fireEvent.click(again);
      expect(
        await screen.findByText(
          'We sent a new link. Use that one: the link before it no longer works.',
        ),
      ).toBeTruthy();
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { email: 'ada@example.com' },
        { email: 'ada@example.com' },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    // The spec's words, whatever the server said.
    ['unavailable', 503, 'server text', 'Failed to send sign-in link. Please try again.'],
    ['internal', 500, 'Internal Server Error', 'Failed to send sign-in link. Please try again.'],
    ['auth/user-disabled', 403, 'server text', 'This account has been disabled'],
    ['auth/invalid-email', 400, 'server text', 'Invalid email address'],
    // A rate limit's message says how long to wait: shown as the server sent it (the server's
    // wording is checked in the server's tests).
    ['rate_limited', 429, 'Wait words from the server', 'Wait words from the server'],
  ])('shows the failure %s as its message', async (code, status, serverText, message) => {
    const response = () => apiError(status, code, serverText, {});
    mockApi((call) => (call.method === 'POST' ? response() : signedOut()));
    renderAt('/magic-link', <SignInPage />);
    await screen.findByLabelText('Email');
    type('Email', 'ada@example.com');
    click('Continue with Email');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });
});

describe('mode 2: complete sign-in', () => {
  const verifyWith = (response: () => Response) =>
    mockApi((call) => {
      if (call.url === '/api/auth/email-link/verify') return response();
      if (call.url.startsWith('/api/usernames/')) return json(200, { available: true });
      return signedOut();
    });

  it('completes at once with the stored address and takes the token out of the URL', async () => {
    window.localStorage.setItem('refstash.emailForSignIn', 'john.doe@example.com');
    const calls = verifyWith(() => json(200, { user: newUser, isNewUser: true }));
    renderAt('/finishSignUp?token=tok123', <SignInPage />);
    expect(await screen.findByRole('heading', { name: 'Choose your username' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'john.doe@example.com',
      token: 'tok123',
    });
    expect(where()).toBe('/finishSignUp');
    expect(window.localStorage.getItem('refstash.emailForSignIn')).toBeNull();
  });

  it('asks for the address on another device, then completes', async () => {
    const calls = verifyWith(() => json(200, { user: newUser, isNewUser: true }));
    renderAt('/finishSignUp?token=tok123', <SignInPage />);
    expect(await screen.findByText('Please enter your email to complete sign-in')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    type('Email', 'John.Doe@example.com');
    click('Complete sign-in');
    expect(await screen.findByRole('heading', { name: 'Choose your username' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'john.doe@example.com',
      token: 'tok123',
    });
  });

  it('sends a returning user to /dashboard', async () => {
    window.localStorage.setItem('refstash.emailForSignIn', 'ada@example.com');
    verifyWith(() => json(200, { user: { ...newUser, username: 'ada' }, isNewUser: false }));
    renderAt('/finishSignUp?token=tok123', <SignInPage />);
    await waitFor(() => expect(where()).toBe('/dashboard'));
  });

  it('shows the expired-link screen and returns to mode 1 with Request New Link', async () => {
    window.localStorage.setItem('refstash.emailForSignIn', 'ada@example.com');
    verifyWith(() => apiError(400, 'auth/invalid-action-code', 'x'));
    renderAt('/finishSignUp?token=tok123', <SignInPage />);
    expect(
      await screen.findByText(
        'This link has expired or already been used. Please request a new one.',
      ),
    ).toBeTruthy();
    click('Request New Link');
    expect(await screen.findByRole('button', { name: 'Continue with Email' })).toBeTruthy();
    expect(where()).toBe('/magic-link');
  });

  it.each([
    [
      'auth/invalid-email',
      400,
      'Invalid email address: this is not the address the sign-in link was sent to. Enter that address, or request a new link.',
    ],
    ['auth/user-disabled', 403, 'This account has been disabled'],
    ['internal', 500, 'Failed to sign in. Please try again or request a new link.'],
  ])('shows the failure %s as its message', async (code, status, message) => {
    const response = () => apiError(status, code, 'server text');
    window.localStorage.setItem('refstash.emailForSignIn', 'ada@example.com');
    verifyWith(response);
    renderAt('/finishSignUp?token=tok123', <SignInPage />);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });
});

describe('mode 3: choose a username', () => {
  function setup(put: () => Response, available = true) {
    window.localStorage.setItem('refstash.emailForSignIn', newUser.email);
    return mockApi((call) => {
      if (call.url === '/api/auth/email-link/verify') {
        return json(200, { user: newUser, isNewUser: true });
      }
      if (call.url.startsWith('/api/usernames/')) return json(200, { available });
      if (call.method === 'PUT') return put();
      return signedOut();
    });
  }

  it('prefills the e-mail fallback, shows the requirements and saves lowercase', async () => {
    const calls = setup(() => json(200, { ...newUser, username: 'john_doe_2' }));
    renderAt('/finishSignUp?token=t', <SignInPage />);
    const input = (await screen.findByLabelText('Username')) as HTMLInputElement;
    expect(input.value).toBe('john_doe');
    expect(screen.getByText('Username requirements')).toBeTruthy();
    expect(screen.getByText('3–20 characters')).toBeTruthy();
    expect(await screen.findByText(/john_doe is available/)).toBeTruthy();
    type('Username', 'John_Doe_2');
    click('Continue');
    await waitFor(() => expect(where()).toBe('/dashboard'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ username: 'john_doe_2' });
  });

  it.each([
    ['', 'Username is required'],
    ['ab', 'Username must be at least 3 characters'],
    ['a'.repeat(21), 'Username must be less than 20 characters'],
    ['no spaces', 'Username can only contain letters, numbers, and underscores'],
  ])('validates %j live with %s', async (value, message) => {
    setup(() => json(200, newUser));
    renderAt('/finishSignUp?token=t', <SignInPage />);
    await screen.findByLabelText('Username');
    type('Username', value);
    expect(screen.getByText(message)).toBeTruthy();
  });

  it('checks availability while typing, debounced, and shows a taken name', async () => {
    const calls = setup(() => json(200, newUser), false);
    renderAt('/finishSignUp?token=t', <SignInPage />);
    await screen.findByLabelText('Username');
    type('Username', 'tak');
    type('Username', 'take');
    type('Username', 'Taken');
    expect(await screen.findByText('Username is already taken. Please try another.')).toBeTruthy();
    const checks = calls.filter((c) => c.url.startsWith('/api/usernames/')).map((c) => c.url);
    expect(checks).not.toContain('/api/usernames/tak');
    expect(checks).toContain('/api/usernames/taken');
  });

  it.each([
    ['conflict', 409, 'Username is already taken. Please try another.'],
    ['internal', 500, 'Failed to set username. Please try again.'],
  ])('shows the save failure %s as its message', async (code, status, message) => {
    const put = () => apiError(status, code, 'server text');
    setup(put);
    renderAt('/finishSignUp?token=t', <SignInPage />);
    await screen.findByText(/is available/);
    click('Continue');
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('returns to mode 1 with Session expired when the session is gone', async () => {
    setup(() => signedOut());
    renderAt('/finishSignUp?token=t', <SignInPage />);
    await screen.findByText(/is available/);
    click('Continue');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Session expired. Please sign in again.',
    );
    expect(screen.getByRole('button', { name: 'Continue with Email' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(newUser.email);
  });

  it('is where a signed-in user without a username lands', async () => {
    mockApi((call) =>
      call.url === '/api/me' ? json(200, newUser) : json(200, { available: true }),
    );
    renderAt('/finishSignUp', <SignInPage />);
    expect(await screen.findByRole('heading', { name: 'Choose your username' })).toBeTruthy();
  });
});

describe('a signed-in user with a username', () => {
  it('is sent from /magic-link to /dashboard', async () => {
    mockApi(() => json(200, { ...newUser, username: 'ada' }));
    renderAt('/magic-link', <SignInPage />);
    await waitFor(() => expect(where()).toBe('/dashboard'));
    await act(async () => {});
  });
});
