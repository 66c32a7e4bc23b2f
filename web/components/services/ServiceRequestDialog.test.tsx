import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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
  const nameField = screen.getByLabelText('Service name');
  await user.clear(nameField);
  if (name) await user.type(nameField, name);
  const domainField = screen.getByLabelText('Domain');
  await user.clear(domainField);
  if (domain) await user.type(domainField, domain);
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

  it("puts the server's field message under that field", async () => {
    stubSubmit(409, {
      error: {
        code: 'conflict',
        message: 'A request for this service is already pending',
        fields: { displayName: 'A request for this service is already pending' },
      },
    });
    const { user } = renderDialog();
    await fill(user, 'Pend Co', 'pendco.com');
    const message = await screen.findByText('A request for this service is already pending');
    const name = screen.getByLabelText('Service name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe(message.id);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    // Meant for display: the server's words, as sent.
    [409, 'conflict', 'This service already exists', 'This service already exists'],
    [
      429,
      'rate_limited',
      'Too many requests. Please try again in 12 minutes.',
      'Too many requests. Please try again in 12 minutes.',
    ],
    [400, 'validation_failed', 'Service name is required', 'Service name is required'],
    // Not meant for display: the spec's failure text instead.
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
