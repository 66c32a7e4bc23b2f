import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { polyfillDialog } from '../../test-support/render-page.tsx';
import AdminPage from './AdminPage.tsx';
import type { ServiceRequest } from './api.ts';

// jsdom has no modal dialogs; the e2e tests cover the real one.
beforeAll(polyfillDialog);
afterEach(() => vi.unstubAllGlobals());

const admin = {
  id: 'a1',
  email: 'admin@example.com',
  username: 'boss',
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLoginAt: null,
  isAdmin: true,
  listNewCodes: true,
  renameAllowedAt: null,
  listingFrom: '2026-01-01',
};

const pendingRequest: ServiceRequest = {
  id: 'r2',
  serviceId: 'acmepay',
  displayName: 'Acme Pay',
  domain: 'acmepay.com',
  requestedBy: 'u1',
  requestedByUsername: 'zoe',
  requestedAt: '2026-11-22T10:00:00.000Z',
  status: 'pending',
  reviewedBy: null,
  reviewedAt: null,
  notes: null,
  updatedAt: '2026-11-22T10:00:00.000Z',
};

const reviewedRequest: ServiceRequest = {
  ...pendingRequest,
  id: 'r1',
  serviceId: 'oldco',
  displayName: 'Old Co',
  domain: 'oldco.com',
  requestedAt: '2026-03-05T10:00:00.000Z',
  requestedByUsername: null,
  status: 'rejected',
  reviewedBy: 'a1',
  reviewedAt: '2026-03-07T10:00:00.000Z',
  notes: 'No referral program',
};

type Handler = (body: unknown) => { status: number; body?: unknown } | Promise<never>;

/** A fake API answering by "METHOD /path"; records every call. */
function stubApi(routes: Record<string, Handler>) {
  const calls: Array<{ key: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${url}`;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ key, body });
      const handler = routes[key];
      const reply = handler ? await handler(body) : { status: 404, body: { error: {} } };
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
      });
    }),
  );
  return calls;
}

const never = () => new Promise<never>(() => {});

function renderAdmin() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin']}>
        <Routes>
          <Route path="/admin" element={<AdminPage />} />
          <Route path="/login" element={<p>login page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { client, user: userEvent.setup() };
}

const adminRoutes = (extra: Record<string, Handler> = {}): Record<string, Handler> => ({
  'GET /api/me': () => ({ status: 200, body: admin }),
  'GET /api/admin/service-requests': () => ({
    status: 200,
    body: { requests: [pendingRequest, reviewedRequest] },
  }),
  // The Reports section and the audit log (issue 23; their own tests in features/moderation).
  'GET /api/admin/reports': () => ({ status: 200, body: { cases: [] } }),
  'GET /api/admin/audit-log': () => ({ status: 200, body: { entries: [] } }),
  'GET /api/admin/admins': () => ({
    status: 200,
    body: {
      admins: [
        {
          userId: 'a1',
          email: 'admin@example.com',
          username: 'boss',
          addedBy: null,
          addedAt: '2026-01-02T00:00:00.000Z',
        },
      ],
    },
  }),
  ...extra,
});

describe('/admin access', () => {
  it('sends signed-out visitors to /login', async () => {
    stubApi({ 'GET /api/me': () => ({ status: 401, body: { error: {} } }) });
    renderAdmin();
    expect(await screen.findByText('login page')).toBeTruthy();
  });

  it('shows Access Denied to a non-admin', async () => {
    stubApi({ 'GET /api/me': () => ({ status: 200, body: { ...admin, isAdmin: false } }) });
    renderAdmin();
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText("You don't have admin privileges.")).toBeTruthy();
  });

  it('gives up on the admin check after 2 s and treats the user as a non-admin', async () => {
    vi.useFakeTimers();
    try {
      stubApi({ 'GET /api/me': never });
      renderAdmin();
      await act(() => vi.advanceTimersByTimeAsync(1999));
      expect(screen.queryByRole('heading', { name: 'Access Denied' })).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows Access Denied when the server refuses the list (rights removed)', async () => {
    stubApi(
      adminRoutes({
        'GET /api/admin/service-requests': () => ({
          status: 403,
          body: { error: { code: 'forbidden', message: 'Only admins can view service requests' } },
        }),
      }),
    );
    renderAdmin();
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
  });
});

describe('/admin review queue', () => {
  it('lists requests with the spec columns, US short dates and per-status actions', async () => {
    stubApi(adminRoutes());
    renderAdmin();
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Service', 'Domain', 'Status', 'Requested', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('Acme Pay');
    expect(rows[0]?.textContent).toContain('acmepay');
    expect(rows[0]?.textContent).toContain('Nov 22, 2026');
    const first = within(rows[0] as HTMLElement);
    expect(first.getByRole('button', { name: 'Approve Acme Pay' })).toBeTruthy();
    expect(first.getByRole('button', { name: 'Reject Acme Pay' })).toBeTruthy();
    expect(first.getByRole('button', { name: 'Edit Acme Pay' })).toBeTruthy();
    const second = within(rows[1] as HTMLElement);
    expect(second.queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(rows[1]?.textContent).toContain('Reviewed Mar 7, 2026');
    expect(second.getByRole('button', { name: 'Edit Old Co' })).toBeTruthy();
  });

  it("shows who asked and a reviewed row's note without opening Edit", async () => {
    stubApi(adminRoutes());
    renderAdmin();
    const table = await screen.findByRole('table');
    const [pending, reviewed] = within(table).getAllByRole('row').slice(1) as HTMLElement[];
    const asker = within(pending as HTMLElement).getByRole('link', { name: '@zoe' });
    expect(asker.getAttribute('href')).toBe('/zoe');
    expect(pending?.textContent).toContain('by @zoe');
    expect(reviewed?.textContent).toContain('by a user with no username yet');
    expect(reviewed?.textContent).toContain('Note: No referral program');
    expect(pending?.textContent).not.toContain('Note:');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('names a requester who has deleted their account as such', async () => {
    stubApi(
      adminRoutes({
        'GET /api/admin/service-requests': () => ({
          status: 200,
          body: {
            requests: [{ ...reviewedRequest, requestedBy: null, requestedByUsername: null }],
          },
        }),
      }),
    );
    renderAdmin();
    const table = await screen.findByRole('table');
    const [row] = within(table).getAllByRole('row').slice(1) as HTMLElement[];
    expect(row?.textContent).toContain('by an account since deleted');
    expect(row?.textContent).not.toContain('no username yet');
  });

  it('explains the Service ID in the Edit dialog, with the page address as typed', async () => {
    stubApi(adminRoutes());
    const { user } = renderAdmin();
    await user.click(await screen.findByRole('button', { name: 'Edit Acme Pay' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit service request' });
    const field = within(dialog).getByLabelText('Service ID');
    const hint = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(
      `The Service ID is the address of the service's page: ${window.location.host}/s/acmepay. It is saved in lowercase, without spaces.`,
    );
    await user.clear(field);
    await user.type(field, 'Acme Wallet');
    expect(hint?.textContent).toContain(`${window.location.host}/s/acmewallet.`);
    expect(within(dialog).getByText('Only admins see notes while the request waits.')).toBeTruthy();
  });

  it('says an approved service keeps its ID, and that decision notes reach the requester', async () => {
    stubApi(
      adminRoutes({
        'GET /api/admin/service-requests': () => ({
          status: 200,
          body: { requests: [{ ...pendingRequest, status: 'approved' }] },
        }),
      }),
    );
    const { user } = renderAdmin();
    await user.click(await screen.findByRole('button', { name: 'Edit Acme Pay' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit service request' }));
    expect(
      dialog.getByText(
        'The service was created when the request was approved; changing the ID here does not rename it.',
      ),
    ).toBeTruthy();
    expect(dialog.getByText('The requester sees these notes on their dashboard.')).toBeTruthy();
  });

  it('approves with a note and refreshes the service list for the code form', async () => {
    const calls = stubApi(
      adminRoutes({
        'POST /api/admin/service-requests/r2/approve': () => ({
          status: 200,
          body: { request: { ...pendingRequest, status: 'approved' }, serviceCreated: true },
        }),
      }),
    );
    const { client, user } = renderAdmin();
    client.setQueryData(['services'], []);
    await user.click(await screen.findByRole('button', { name: 'Approve Acme Pay' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve service request' });
    expect(
      within(dialog).getByText('Sent to the requester by e-mail and shown on their dashboard.'),
    ).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Notes/), 'Looks good');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(/Approved Acme Pay/)).toBeTruthy();
    expect(calls.find((c) => c.key.endsWith('/approve'))?.body).toEqual({ notes: 'Looks good' });
    expect(client.getQueryState(['services'])?.isInvalidated).toBe(true);
  });

  it('refuses notes over 1000 characters in the review dialog, sending nothing', async () => {
    const calls = stubApi(adminRoutes());
    const { user } = renderAdmin();
    await user.click(await screen.findByRole('button', { name: 'Approve Acme Pay' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve service request' });
    const notes = within(dialog).getByLabelText(/Notes/);
    await user.click(notes);
    await user.paste('n'.repeat(1001));
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(
      await within(dialog).findByText('Notes are too long (max 1000 characters)'),
    ).toBeTruthy();
    expect(calls.filter((c) => c.key.endsWith('/approve'))).toEqual([]);
  });

  it('shows the dismissible manual-creation warning when the service was not created', async () => {
    stubApi(
      adminRoutes({
        'POST /api/admin/service-requests/r2/approve': () => ({
          status: 200,
          body: { request: { ...pendingRequest, status: 'approved' }, serviceCreated: false },
        }),
      }),
    );
    const { user } = renderAdmin();
    await user.click(await screen.findByRole('button', { name: 'Approve Acme Pay' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));
    const warning = await screen.findByText(/could not be created automatically/);
    const banner = warning.closest('[role="alert"]') as HTMLElement;
    expect(banner.textContent).toContain('acmepay');
    expect(banner.textContent).toContain('Acme Pay');
    expect(banner.textContent).toContain('acmepay.com');
    await user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/could not be created automatically/)).toBeNull();
  });

  it.each([
    ['Approve', 'approve', 'Failed to approve service request'],
    ['Reject', 'reject', 'Failed to reject service request'],
  ])('says "%s" failed in the spec words', async (button, path, message) => {
    stubApi(
      adminRoutes({
        [`POST /api/admin/service-requests/r2/${path}`]: () => ({
          status: 500,
          body: { error: {} },
        }),
      }),
    );
    const { user } = renderAdmin();
    await user.click(await screen.findByRole('button', { name: `${button} Acme Pay` }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: button }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('edits with the domain rules and reports a failed update', async () => {
    const calls = stubApi(
      adminRoutes({
        'PATCH /api/admin/service-requests/r1': () => ({ status: 500, body: { error: {} } }),
      }),
    );
    const { user } = renderAdmin();
    await user.click(await screen.findByRole('button', { name: 'Edit Old Co' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit service request' });
    const domain = within(dialog).getByLabelText('Domain');
    await user.clear(domain);
    await user.type(domain, 'www.oldco.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(
      within(dialog).getByText("Please enter the domain without 'www.' (e.g., example.com)"),
    ).toBeTruthy();
    expect(calls.some((c) => c.key.startsWith('PATCH'))).toBe(false);
    await user.clear(domain);
    await user.type(domain, 'oldco.io');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to update service request',
    );
    expect(calls.find((c) => c.key.startsWith('PATCH'))?.body).toMatchObject({
      serviceId: 'oldco',
      domain: 'oldco.io',
    });
  });

  it('says when the list cannot be loaded', async () => {
    stubApi(
      adminRoutes({
        'GET /api/admin/service-requests': () => ({ status: 500, body: { error: {} } }),
      }),
    );
    renderAdmin();
    await waitFor(() => expect(screen.getByText('Failed to load service requests')).toBeTruthy());
  });

  it('adds an admin by e-mail', async () => {
    const calls = stubApi(
      adminRoutes({
        'POST /api/admin/admins': () => ({
          status: 201,
          body: {
            admin: {
              userId: 'u9',
              email: 'new@example.com',
              username: 'new',
              addedBy: 'a1',
              addedAt: '2026-11-22T00:00:00.000Z',
            },
          },
        }),
      }),
    );
    const { user } = renderAdmin();
    const field = await screen.findByLabelText('Email of the new admin');
    await user.click(screen.getByRole('button', { name: 'Add admin' }));
    expect(screen.getByText('Email is required')).toBeTruthy();
    await user.type(field, 'New@Example.com');
    await user.click(screen.getByRole('button', { name: 'Add admin' }));
    expect(await screen.findByText('new@example.com is now an admin.')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST /api/admin/admins')?.body).toEqual({
      email: 'new@example.com',
    });
  });
});

describe('/admin link hosts (decision 094)', () => {
  const uber = { id: 'uber', name: 'Uber', domain: 'uber.com', linkHosts: ['ubr.to'] };

  it("edits a service's allowed link hosts: the domain rules first, then the server", async () => {
    const calls = stubApi(
      adminRoutes({
        'GET /api/services': () => ({ status: 200, body: { services: [uber] } }),
        'PUT /api/admin/services/uber/link-hosts': (body) => ({ status: 200, body }),
      }),
    );
    const { user } = renderAdmin();
    const section = within(
      (await screen.findByRole('heading', { name: 'Link hosts' })).closest('section')!,
    );
    await user.selectOptions(await section.findByLabelText('Service'), 'uber');
    const hosts = section.getByLabelText(/Allowed link hosts for Uber/);
    expect((hosts as HTMLTextAreaElement).value).toBe('ubr.to');
    await user.clear(hosts);
    await user.type(hosts, 'www.sho.rt');
    await user.click(section.getByRole('button', { name: 'Save hosts' }));
    expect(
      await section.findByText("Please enter the domain without 'www.' (e.g., example.com)"),
    ).toBeTruthy();
    expect(calls.some((call) => call.key.startsWith('PUT'))).toBe(false);
    await user.clear(hosts);
    await user.type(hosts, 'SHO.RT{enter}ubr.to');
    await user.click(section.getByRole('button', { name: 'Save hosts' }));
    expect(await section.findByText('Link hosts saved')).toBeTruthy();
    expect(calls.find((call) => call.key.startsWith('PUT'))?.body).toEqual({
      hosts: ['sho.rt', 'ubr.to'],
    });
  });

  it("shows the server's refusal and the fallback text", async () => {
    stubApi(
      adminRoutes({
        'GET /api/services': () => ({ status: 200, body: { services: [uber] } }),
        'PUT /api/admin/services/uber/link-hosts': () => ({
          status: 500,
          body: { error: { code: 'internal', message: 'x' } },
        }),
      }),
    );
    const { user } = renderAdmin();
    const section = within(
      (await screen.findByRole('heading', { name: 'Link hosts' })).closest('section')!,
    );
    await user.selectOptions(await section.findByLabelText('Service'), 'uber');
    await user.click(section.getByRole('button', { name: 'Save hosts' }));
    expect(await section.findByText('Failed to save link hosts')).toBeTruthy();
  });
});
