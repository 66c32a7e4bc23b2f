import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OwnServiceRequest } from '../../../shared/service-request-schemas.ts';
import { json, polyfillDialog, renderInApp, stubApi } from '../../test-support/render-page.tsx';
import DashboardPage from './DashboardPage.tsx';

const me = {
  id: 'u1',
  email: 'alex@example.com',
  username: 'alex',
  createdAt: '2026-11-22T00:00:00.000Z',
  lastLoginAt: null,
  isAdmin: false,
  listNewCodes: true,
  renameAllowedAt: null,
  listingFrom: '2026-01-01',
};
const uber = { id: 'uber', name: 'Uber', domain: 'uber.com', linkHosts: [] };
const acme = { id: 'acmepay', name: 'Acme Pay', domain: 'acmepay.com', linkHosts: [] };

const request = (over: Partial<OwnServiceRequest>): OwnServiceRequest => ({
  id: 'r1',
  serviceId: 'zetabank',
  displayName: 'Zeta Bank',
  domain: 'zetabank.com',
  requestedAt: '2026-11-22T10:00:00.000Z',
  status: 'pending',
  reviewedAt: null,
  notes: null,
  ...over,
});

function stubDashboard(requests: OwnServiceRequest[], services = [uber]) {
  return stubApi({
    'GET /api/me': () => json(200, me),
    'GET /api/codes': () => json(200, { codes: [] }),
    'GET /api/services': () => json(200, { services }),
    'GET /api/service-requests': () => json(200, { requests }),
  });
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderDashboard(path = '/dashboard') {
  return renderInApp(
    path,
    <>
      <Routes>
        <Route path="/dashboard" element={<DashboardPage />} />
      </Routes>
      <Where />
    </>,
  );
}

async function openForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Create New Code' }));
  const form = within(await screen.findByRole('dialog', { name: 'Create New Code' }));
  await waitFor(() => expect(screen.queryByText('Loading services…')).toBeNull());
  return form;
}

const typeService = (form: ReturnType<typeof within>, value: string) =>
  fireEvent.change(form.getByRole('combobox', { name: 'Service name' }), { target: { value } });

describe('the code form and a service the user asked for', () => {
  beforeAll(polyfillDialog);
  afterEach(() => vi.unstubAllGlobals());

  it('says a pending service waits for review; submitting keeps the spec message', async () => {
    stubDashboard([request({})]);
    renderDashboard();
    const form = await openForm();
    typeService(form, 'zeta bank ');
    await waitFor(() =>
      expect(form.getByText(/is waiting for review/).closest('p')?.textContent).toBe(
        'Zeta Bank is waiting for review. You can add this code once an admin approves it.',
      ),
    );
    // Asked for already: the list does not offer to request it again (issue 24).
    expect(form.queryByRole('option', { name: /Request/ })).toBeNull();
    expect(form.getByText('You have asked for this service already')).toBeTruthy();
    typeService(form, 'Omega Bank');
    expect(await form.findByRole('option', { name: "Request 'Omega Bank'" })).toBeTruthy();
    typeService(form, 'zeta bank ');
    fireEvent.change(form.getByLabelText('Referral code'), { target: { value: 'ZETA' } });
    fireEvent.change(form.getByLabelText('Reward'), { target: { value: '5' } });
    fireEvent.click(form.getByRole('button', { name: 'Create Code' }));
    expect(await form.findByText('Please select a valid service from the list')).toBeTruthy();
  });

  it("says a rejected service was not approved, with the admin's note", async () => {
    stubDashboard([request({ status: 'rejected', notes: 'No referral program' })]);
    renderDashboard();
    const form = await openForm();
    typeService(form, 'ZetaBank');
    const notice = await form.findByText(/was not approved/);
    expect(notice.closest('p')?.textContent).toBe(
      "Your request for Zeta Bank was not approved, so codes for it can't be added.",
    );
    expect(form.getByText('Note from the admin: No referral program')).toBeTruthy();
  });

  it('says nothing for a name the user never asked for, or a service in the list', async () => {
    stubDashboard([request({}), request({ id: 'r2', serviceId: 'uber', displayName: 'Uber' })]);
    renderDashboard();
    const form = await openForm();
    // The notice shows for the request first: the list has loaded.
    typeService(form, 'Zeta Bank');
    await form.findByText(/waiting for review/);
    for (const name of ['Other Bank', 'Uber']) {
      typeService(form, name);
      expect(form.queryByText(/waiting for review/)).toBeNull();
      expect(form.queryByText(/was not approved/)).toBeNull();
    }
  });

  it('says so right after the request is sent from the form', async () => {
    let requests: OwnServiceRequest[] = [];
    stubApi({
      'GET /api/me': () => json(200, me),
      'GET /api/codes': () => json(200, { codes: [] }),
      'GET /api/services': () => json(200, { services: [uber] }),
      'GET /api/service-requests': () => json(200, { requests }),
      'POST /api/service-requests': () => {
        requests = [request({})];
        return json(201, { request: requests[0] });
      },
    });
    renderDashboard();
    const form = await openForm();
    typeService(form, 'Zeta Bank');
    fireEvent.click(form.getByRole('button', { name: 'Request a new service' }));
    const ask = within(await screen.findByRole('dialog', { name: 'Request a new service' }));
    fireEvent.change(ask.getByLabelText('Domain'), { target: { value: 'zetabank.com' } });
    fireEvent.click(ask.getByRole('button', { name: 'Submit request' }));
    fireEvent.click(await ask.findByRole('button', { name: 'Done' }));
    expect(
      await within(screen.getByRole('dialog', { name: 'Create New Code' })).findByText(
        /is waiting for review/,
      ),
    ).toBeTruthy();
  });
});

describe("the dashboard's 'Your service requests'", () => {
  beforeAll(polyfillDialog);
  afterEach(() => vi.unstubAllGlobals());

  it('is not shown to a user who asked for nothing', async () => {
    const fetchMock = stubDashboard([]);
    renderDashboard();
    expect(await screen.findByText('No codes yet')).toBeTruthy();
    const answered = fetchMock.mock.results.find(
      (_result, index) => fetchMock.mock.calls[index]?.[0] === '/api/service-requests',
    );
    await act(async () => {
      await answered?.value;
    });
    expect(answered).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Your service requests' })).toBeNull();
  });

  it("lists each request's name, domain and status, and the note once reviewed", async () => {
    stubDashboard(
      [
        request({}),
        request({
          id: 'r2',
          serviceId: 'acmepay',
          displayName: 'Acme Pay',
          domain: 'acmepay.com',
          status: 'approved',
          reviewedAt: '2026-11-23T10:00:00.000Z',
          notes: 'Real referral program',
        }),
        request({
          id: 'r3',
          serviceId: 'nopay',
          displayName: 'No Pay',
          domain: 'nopay.com',
          status: 'rejected',
          reviewedAt: '2026-11-23T10:00:00.000Z',
          notes: 'Not a referral program',
        }),
      ],
      [uber, acme],
    );
    renderDashboard();
    const heading = await screen.findByRole('heading', { name: 'Your service requests' });
    const items = within(heading.closest('section') as HTMLElement).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Zeta BankPendingzetabank.com · requested Nov 22, 2026Waiting for review. You can add its code once an admin approves it.',
      'Acme PayApprovedacmepay.com · requested Nov 22, 2026Note from the admin: Real referral programAdd code',
      'No PayRejectednopay.com · requested Nov 22, 2026Note from the admin: Not a referral program',
    ]);
  });

  it('an approved request opens the code form with its service chosen', async () => {
    stubDashboard(
      [request({ serviceId: 'acmepay', displayName: 'Acme Pay', status: 'approved' })],
      [uber, acme],
    );
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Add code for Acme Pay' }));
    const form = within(await screen.findByRole('dialog', { name: 'Create New Code' }));
    expect((form.getByRole('combobox', { name: 'Service name' }) as HTMLInputElement).value).toBe(
      'Acme Pay',
    );
  });

  it('fetches the services list again when an approved service is not in it yet', async () => {
    let services = [uber];
    const fetchMock = stubApi({
      'GET /api/me': () => json(200, me),
      'GET /api/codes': () => json(200, { codes: [] }),
      'GET /api/services': () => json(200, { services }),
      'GET /api/service-requests': () => {
        services = [uber, acme];
        return json(200, {
          requests: [
            request({ serviceId: 'acmepay', displayName: 'Acme Pay', status: 'approved' }),
          ],
        });
      },
    });
    renderDashboard();
    await screen.findByRole('button', { name: 'Add code for Acme Pay' });
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => url === '/api/services')).toHaveLength(2),
    );
  });
});

describe('/dashboard?service=<id> (the link in the approval e-mail)', () => {
  beforeAll(polyfillDialog);
  afterEach(() => vi.unstubAllGlobals());

  it('opens the code form with the service chosen, and drops the parameter', async () => {
    stubDashboard([], [uber, acme]);
    renderDashboard('/dashboard?service=acmepay');
    const form = within(await screen.findByRole('dialog', { name: 'Create New Code' }));
    expect((form.getByRole('combobox', { name: 'Service name' }) as HTMLInputElement).value).toBe(
      'Acme Pay',
    );
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard'));
  });

  it('opens an empty code form for /dashboard?new (from Stats with no codes), and drops it', async () => {
    stubDashboard([], [uber]);
    renderDashboard('/dashboard?new');
    const form = within(await screen.findByRole('dialog', { name: 'Create New Code' }));
    expect((form.getByRole('combobox', { name: 'Service name' }) as HTMLInputElement).value).toBe(
      '',
    );
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard'));
  });

  it('opens nothing for a service the list does not know', async () => {
    stubDashboard([], [uber]);
    renderDashboard('/dashboard?service=nosuch');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard'));
    expect(screen.queryByRole('dialog', { name: 'Create New Code' })).toBeNull();
  });
});
