import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { REJECTED_DOMAINS } from '../../../tests/spec/domain-cases.ts';
import { polyfillDialog } from '../../test-support/render-page.tsx';
import { ServiceRequestDialog } from './ServiceRequestDialog.tsx';

// jsdom has no modal dialogs; the e2e tests cover the real one.
beforeAll(polyfillDialog);
afterEach(() => vi.unstubAllGlobals());

function stubSubmit(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderDialog(initialName?: string) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <ServiceRequestDialog open onClose={onClose} initialName={initialName} />
    </QueryClientProvider>,
  );
  return { onClose, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>, name: string, domain: string) {
  for (const [label, value] of [
    ['Service name', name],
    ['Domain', domain],
  ] as const) {
    const field = screen.getByLabelText(label);
    await user.clear(field);
    if (value) await user.paste(value);
  }
  await user.click(screen.getByRole('button', { name: 'Submit request' }));
}

describe('ServiceRequestDialog', () => {
  it('shows the spec messages next to the fields without calling the server', async () => {
    const fetchMock = stubSubmit(201, {});
    const { user } = renderDialog();
    await fill(user, '', '');
    expect(screen.getByText('Service name is required')).toBeTruthy();
    expect(screen.getByText('Domain is required')).toBeTruthy();
    await fill(user, 'Acme', 'https://acme.com');
    expect(screen.getByText('Please enter only the domain (e.g., example.com)')).toBeTruthy();
    expect(screen.getByLabelText('Domain').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a name that gives the service no id, next to the field, without calling the server', async () => {
    const fetchMock = stubSubmit(201, {});
    const { user } = renderDialog();
    await fill(user, '😀🔥💸', 'emoji.example');
    expect(
      screen.getByText('Service name must contain a letter (A–Z) or a digit (0–9)'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Service name').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['https://www.AcmePay.com/signup?ref=1', 'Please enter only the domain (e.g., example.com)'],
    ['http://acmepay.com', 'Please enter only the domain (e.g., example.com)'],
    ['acmepay.com/join', 'Please enter only the domain (e.g., example.com)'],
    ['www.acmepay.com', "Please enter the domain without 'www.' (e.g., example.com)"],
  ])('offers a one-tap fix for %s under the message', async (typed, message) => {
    const fetchMock = stubSubmit(201, { request: { id: '1' } });
    const { user } = renderDialog('Acme Pay');
    await user.type(screen.getByLabelText('Domain'), typed);
    await user.click(screen.getByRole('button', { name: 'Submit request' }));
    const error = screen.getByText(message);
    const fix = screen.getByRole('button', { name: 'Use acmepay.com' });
    // Under the message.
    expect(error.compareDocumentPosition(fix) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(fix);
    const domain = screen.getByLabelText('Domain') as HTMLInputElement;
    expect(domain.value).toBe('acmepay.com');
    // Re-checked at once: the message and the fix go, focus is back in the field.
    expect(screen.queryByText(message)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Use acmepay.com' })).toBeNull();
    expect(domain.getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(domain);
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Submit request' }));
    await screen.findByRole('status');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      displayName: 'Acme Pay',
      domain: 'acmepay.com',
    });
  });

  it.each([
    ['acme', 'Please enter a valid domain (e.g., example.com)'],
    ['https://', 'Please enter only the domain (e.g., example.com)'],
    ['www.', "Please enter the domain without 'www.' (e.g., example.com)"],
  ])('offers no fix when none would be valid (%s)', async (typed, message) => {
    const { user } = renderDialog('Acme Pay');
    await user.type(screen.getByLabelText('Domain'), typed);
    await user.click(screen.getByRole('button', { name: 'Submit request' }));
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Use / })).toBeNull();
  });

  it('has a hint that says what to enter without repeating an error word for word', async () => {
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Domain'), 'www.acmepay.com');
    await user.click(screen.getByRole('button', { name: 'Submit request' }));
    const domain = screen.getByLabelText('Domain');
    const [hint, error] = (domain.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(hint).toBe("The service's website, like acmepay.com");
    expect(error).toBe("Please enter the domain without 'www.' (e.g., example.com)");
  });

  it('prefills the name, submits and confirms', async () => {
    const fetchMock = stubSubmit(201, { request: { id: '1' } });
    const { user, onClose } = renderDialog('Acme Pay');
    expect((screen.getByLabelText('Service name') as HTMLInputElement).value).toBe('Acme Pay');
    await user.type(screen.getByLabelText('Domain'), 'AcmePay.com');
    await user.click(screen.getByRole('button', { name: 'Submit request' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Acme Pay');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/service-requests');
    expect(JSON.parse(String(init.body))).toEqual({
      displayName: 'Acme Pay',
      domain: 'acmepay.com',
    });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it.each(REJECTED_DOMAINS)(
    'shows "$message" under Domain for "$input", sending nothing',
    async ({ input, message }) => {
      const fetchMock = stubSubmit(201, {});
      const { user } = renderDialog();
      await fill(user, 'Acme', input);
      const shown = screen.getByText(message);
      const domain = screen.getByLabelText('Domain');
      expect(domain.getAttribute('aria-invalid')).toBe('true');
      expect(domain.getAttribute('aria-describedby')?.split(' ')).toContain(shown.id);
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  // The server's duplicate messages are checked with the real server in tests/e2e/admin.e2e.ts;
  // here the stub's words are its own, so the test shows where they go, not what they say.
  it("puts the server's field message under that field", async () => {
    stubSubmit(409, {
      error: {
        code: 'conflict',
        message: 'Field words from the server',
        fields: { displayName: 'Field words from the server' },
      },
    });
    const { user } = renderDialog();
    await fill(user, 'Pend Co', 'pendco.com');
    const message = await screen.findByText('Field words from the server');
    const name = screen.getByLabelText('Service name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe(message.id);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    // Meant for display (a conflict, a rate limit's wait, a refused field): the server's words.
    [409, 'conflict', 'Conflict words from the server', 'Conflict words from the server'],
    [429, 'rate_limited', 'Wait words from the server', 'Wait words from the server'],
    [400, 'validation_failed', 'Rule words from the server', 'Rule words from the server'],
    // Not meant for display: the spec's failure text, whatever the server said.
    [
      500,
      'internal',
      'Internal Server Error',
      'Failed to submit service request. Please try again.',
    ],
    [403, 'csrf_rejected', 'Forbidden', 'Failed to submit service request. Please try again.'],
    [502, 'http_error', 'Bad Gateway', 'Failed to submit service request. Please try again.'],
  ])('answers a %i %s with its banner', async (status, code, message, shown) => {
    stubSubmit(status, { error: { code, message } });
    const { user } = renderDialog();
    await fill(user, 'Acme', 'acme.com');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(shown);
  });

  it('says what to do when the submission fails', async () => {
    stubSubmit(500, { error: { code: 'internal', message: 'Internal Server Error' } });
    const { user } = renderDialog();
    await fill(user, 'Acme', 'acme.com');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Failed to submit service request. Please try again.');
  });
});
