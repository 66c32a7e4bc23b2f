import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { apiErrorOutcome } from './form-errors.ts';

const fields = ['email', 'name'] as const;

describe('apiErrorOutcome: the one mapping from a failed request to what a form shows', () => {
  it("puts the server's per-field messages on the form's fields", () => {
    const error = new ApiError(400, 'validation_failed', 'Email is required', {
      email: 'Email is required',
      token: 'not a field of this form',
    });
    expect(apiErrorOutcome(error, fields, { fallback: 'Failed to save' })).toEqual({
      fields: { email: 'Email is required' },
    });
  });

  it('shows rate limits, conflicts and the code limit as the server wrote them', () => {
    const cases = [
      new ApiError(429, 'rate_limited', 'Too many requests. Please try again in 2 minutes.'),
      new ApiError(409, 'conflict', 'This service already exists'),
      new ApiError(
        409,
        'code_limit_reached',
        'You can keep up to 200 codes. Delete one to add another.',
      ),
    ];
    expect(cases.map((error) => apiErrorOutcome(error, fields, { fallback: 'x' }))).toEqual([
      { banner: 'Too many requests. Please try again in 2 minutes.' },
      { banner: 'This service already exists' },
      { banner: 'You can keep up to 200 codes. Delete one to add another.' },
    ]);
  });

  it("answers anything else with the form's failure text", () => {
    const cases = [
      new ApiError(500, 'internal', 'Internal Server Error'),
      new ApiError(404, 'not_found', 'Code not found'),
      new ApiError(400, 'validation_failed', 'Invalid request'),
      new ApiError(502, 'http_error', 'Request failed (502)'),
      new TypeError('Failed to fetch'),
    ];
    for (const error of cases) {
      expect(apiErrorOutcome(error, fields, { fallback: 'Failed to create code' })).toEqual({
        banner: 'Failed to create code',
      });
    }
  });

  it("uses a screen's own table and pass-through codes, on its field when it names one", () => {
    const options = {
      fallback: 'Failed to add admin. Please try again.',
      messages: { 'auth/user-disabled': 'This account has been disabled' },
      passThrough: ['not_found'],
    };
    const disabled = new ApiError(403, 'auth/user-disabled', 'server text');
    const missing = new ApiError(404, 'not_found', 'No user with this email has signed in yet.');
    expect(apiErrorOutcome(disabled, fields, options)).toEqual({
      banner: 'This account has been disabled',
    });
    expect(apiErrorOutcome(missing, fields, options)).toEqual({
      banner: 'No user with this email has signed in yet.',
    });
    expect(apiErrorOutcome(missing, fields, { ...options, field: 'email' })).toEqual({
      fields: { email: 'No user with this email has signed in yet.' },
    });
  });
});
