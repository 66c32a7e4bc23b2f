import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CodeDto } from '../../../shared/code-schemas.ts';
import { json, polyfillDialog, renderPage, stubApi } from '../../test-support/render-page.tsx';
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
const services = { services: [{ id: 'uber', name: 'Uber', domain: 'uber.com', linkHosts: [] }] };
const code = {
  id: '0190c5b2-0000-7000-8000-000000000001',
  service: 'uber',
  serviceName: 'Uber',
  productName: null,
  code: 'RIDE',
  reward: '15',
  link: null,
  clicks: 2,
  createdAt: '2026-11-22T00:00:00.000Z',
  updatedAt: '2026-11-22T00:00:00.000Z',
  expiresAt: null as string | null,
  countries: null as string[] | null,
  listed: true,
  listing: { listed: true } as CodeDto['listing'],
  feedback: { yes: 0, no: 0, reasons: { expired: 0, not_accepted: 0, not_eligible: 0 } },
};
const serverError = () => json(500, { error: { code: 'internal', message: 'x' } });

/** The API of a dashboard with no codes yet and the services list, plus `routes`. */
const stubEmptyDashboard = (routes: Parameters<typeof stubApi>[0] = {}) =>
  stubApi({
    'GET /api/me': () => json(200, me),
    'GET /api/codes': () => json(200, { codes: [] }),
    'GET /api/services': () => json(200, services),
    ...routes,
  });

/** Opens the code form with `button` and waits for the services list in it. */
async function openLoadedForm(button: string, dialog: string) {
  fireEvent.click(await screen.findByRole('button', { name: button }));
  const form = within(await screen.findByRole('dialog', { name: dialog }));
  await waitFor(() => expect(screen.queryByText('Loading services…')).toBeNull());
  return form;
}

function renderDashboard() {
  return renderPage(<DashboardPage />, { path: '/dashboard', pattern: '/dashboard' });
}

async function openCreateForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Create New Code' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create New Code' });
  const form = within(dialog);
  fireEvent.change(form.getByRole('combobox', { name: 'Service name' }), {
    target: { value: 'Uber' },
  });
  fireEvent.change(form.getByLabelText('Referral code'), { target: { value: 'NEW' } });
  fireEvent.change(form.getByLabelText('Reward'), { target: { value: '5' } });
  return form;
}

describe('DashboardPage', () => {
  beforeAll(polyfillDialog);
  afterEach(() => vi.unstubAllGlobals());

  it("shows the e-mail, the share box and 'No codes yet'", async () => {
    stubApi({
      'GET /api/me': () => json(200, me),
      'GET /api/codes': () => json(200, { codes: [] }),
    });
    renderDashboard();
    expect(await screen.findByText('No codes yet')).toBeTruthy();
    expect(screen.getByText('alex@example.com')).toBeTruthy();
    const url = screen.getByRole('textbox', { name: 'Your profile URL' }) as HTMLInputElement;
    expect(url.value).toBe(`${window.location.origin}/alex`);
  });

  it("says 'Failed to fetch codes' when the list cannot load", async () => {
    stubApi({ 'GET /api/me': () => json(200, me), 'GET /api/codes': serverError });
    renderDashboard();
    expect(await screen.findByText('Failed to fetch codes')).toBeTruthy();
  });

  it("says 'Failed to create code' when the server fails, and keeps the modal open", async () => {
    stubEmptyDashboard({
      'POST /api/codes': serverError,
    });
    renderDashboard();
    const form = await openCreateForm();
    fireEvent.click(form.getByRole('button', { name: 'Create Code' }));
    expect(await form.findByText('Failed to create code')).toBeTruthy();
    expect(screen.queryByText('Code created successfully')).toBeNull();
  });

  it("shows the server's field message for a refused service", async () => {
    const message = 'Please select a valid service from the list';
    stubEmptyDashboard({
      'POST /api/codes': () =>
        json(400, { error: { code: 'validation_failed', message, fields: { service: message } } }),
    });
    renderDashboard();
    const form = await openCreateForm();
    await waitFor(() => expect(screen.queryByText('Loading services…')).toBeNull());
    fireEvent.click(form.getByRole('button', { name: 'Create Code' }));
    expect(await form.findByText(message)).toBeTruthy();
    // The refused field takes focus, so its message is in view (issue 24).
    await waitFor(() =>
      expect(document.activeElement).toBe(form.getByRole('combobox', { name: 'Service name' })),
    );
  });

  it('warns before saving that a past expiry date will show the code as Expired', async () => {
    stubEmptyDashboard();
    renderDashboard();
    const form = await openLoadedForm('Create New Code', 'Create New Code');
    const date = form.getByLabelText(/Expires on/);
    expect(form.getByText('The last day it works')).toBeTruthy();
    fireEvent.change(date, { target: { value: '2020-01-31' } });
    expect(
      await form.findByText('This date is in the past, so the code will show as Expired'),
    ).toBeTruthy();
    fireEvent.change(date, { target: { value: '2999-01-31' } });
    expect(await form.findByText('The last day it works')).toBeTruthy();
  });

  it('moves focus to the first invalid field after a failed submit, not the button', async () => {
    stubEmptyDashboard();
    renderDashboard();
    const form = await openLoadedForm('Create New Code', 'Create New Code');
    fireEvent.change(form.getByRole('combobox', { name: 'Service name' }), {
      target: { value: 'Uber' },
    });
    fireEvent.mouseDown(form.getByRole('option', { name: 'Uber' }));
    form.getByRole('button', { name: 'Create Code' }).focus();
    fireEvent.click(form.getByRole('button', { name: 'Create Code' }));
    expect(await form.findByText('Referral code is required')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText('Referral code')));
  });

  it("shows the server's own words when the code limit is reached, not 'Failed to create code'", async () => {
    stubEmptyDashboard({
      'POST /api/codes': () =>
        json(409, {
          error: {
            code: 'code_limit_reached',
            message: 'You can keep up to 200 codes. Delete one to add another.',
          },
        }),
    });
    renderDashboard();
    const form = await openCreateForm();
    fireEvent.click(form.getByRole('button', { name: 'Create Code' }));
    const banner = await form.findByRole('alert');
    expect(banner.textContent).toBe('You can keep up to 200 codes. Delete one to add another.');
    expect(form.queryByText('Failed to create code')).toBeNull();
    expect(screen.queryByText('Code created successfully')).toBeNull();
  });

  it('re-checks each field as it changes once the form has been submitted', async () => {
    stubEmptyDashboard();
    renderDashboard();
    const form = await openLoadedForm('Create New Code', 'Create New Code');
    fireEvent.click(form.getByRole('button', { name: 'Create Code' }));
    expect(await form.findByText('Service name is required')).toBeTruthy();
    expect(form.getByText('Referral code is required')).toBeTruthy();
    expect(form.getByText('Reward description is required')).toBeTruthy();

    // Picking Uber from the list clears its message at once; the others stay.
    fireEvent.focus(form.getByRole('combobox', { name: 'Service name' }));
    fireEvent.mouseDown(form.getByRole('option', { name: 'Uber' }));
    await waitFor(() => expect(form.queryByText('Service name is required')).toBeNull());
    expect(form.getByText('Referral code is required')).toBeTruthy();
    expect(form.getByText('Reward description is required')).toBeTruthy();

    // Typing a code clears that message; the reward's stays.
    fireEvent.change(form.getByLabelText('Referral code'), { target: { value: 'RIDE' } });
    await waitFor(() => expect(form.queryByText('Referral code is required')).toBeNull());
    expect(form.getByText('Reward description is required')).toBeTruthy();
    expect(form.getByLabelText('Reward').getAttribute('aria-invalid')).toBe('true');
    expect(form.getByLabelText('Referral code').getAttribute('aria-invalid')).toBeNull();

    // And the reward's, once typed: nothing is left.
    fireEvent.change(form.getByLabelText('Reward'), { target: { value: '15' } });
    await waitFor(() => expect(form.queryByText('Reward description is required')).toBeNull());
    expect(form.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('dialog').querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
  });

  it('labels each field so the spec messages read right, and says a number shows as dollars', async () => {
    stubEmptyDashboard();
    renderDashboard();
    const form = await openLoadedForm('Create New Code', 'Create New Code');
    fireEvent.click(form.getByRole('button', { name: 'Create Code' }));
    // Each message sits under the field it names.
    for (const [label, message] of [
      ['Service name', 'Service name is required'],
      ['Referral code', 'Referral code is required'],
      ['Reward', 'Reward description is required'],
    ]) {
      const field = form.getByLabelText(label!);
      const error = await form.findByText(message!);
      expect(field.getAttribute('aria-describedby')).toContain(error.id);
    }
    expect(form.getByLabelText('Reward').getAttribute('placeholder')).toBe(
      '15 (as $15) or 1 month free',
    );
  });

  it('links the rules from the code form, in a new tab so the form is kept', async () => {
    stubEmptyDashboard();
    renderDashboard();
    const form = await openLoadedForm('Create New Code', 'Create New Code');
    const rules = form.getByRole('link', { name: 'rules' });
    expect(rules.getAttribute('href')).toBe('/rules');
    expect(rules.getAttribute('target')).toBe('_blank');
  });

  it("says 'Failed to update code' when an edit fails", async () => {
    stubApi({
      'GET /api/me': () => json(200, me),
      'GET /api/codes': () => json(200, { codes: [code] }),
      'GET /api/services': () => json(200, services),
      [`PATCH /api/codes/${code.id}`]: serverError,
    });
    renderDashboard();
    const form = await openLoadedForm('Edit Uber code', 'Edit Code');
    fireEvent.click(form.getByRole('button', { name: 'Save Changes' }));
    expect(await form.findByText('Failed to update code')).toBeTruthy();
  });

  it("asks before deleting and says 'Failed to delete code' when it fails", async () => {
    stubApi({
      'GET /api/me': () => json(200, me),
      'GET /api/codes': () => json(200, { codes: [code] }),
      [`DELETE /api/codes/${code.id}`]: serverError,
    });
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Uber code' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete code' }));
    expect(confirm.getByText('Are you sure you want to delete this code?')).toBeTruthy();
    expect(
      confirm.getByText(
        'It disappears from your public profile at once, and this cannot be undone.',
      ),
    ).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await confirm.findByText('Failed to delete code')).toBeTruthy();
    expect(screen.getAllByTestId('code-card')).toHaveLength(1);
  });

  it("has 'List on the Uber page' on by default for a new code, and sends it with the expiry and countries", async () => {
    let created: unknown;
    stubEmptyDashboard({
      'POST /api/codes': (call) => {
        created = JSON.parse(String(call?.body));
        return json(201, { code: { ...code, id: 'new' } });
      },
    });
    renderDashboard();
    const form = await openLoadedForm('Create New Code', 'Create New Code');
    const before = form.getByRole('switch', { name: 'List on the service page' });
    expect((before as HTMLInputElement).checked).toBe(true);
    fireEvent.change(form.getByRole('combobox', { name: 'Service name' }), {
      target: { value: 'Uber' },
    });
    const listed = form.getByRole('switch', { name: 'List on the Uber page' });
    expect((listed as HTMLInputElement).checked).toBe(true);
    expect(
      form.getByText(
        `Anyone looking for an Uber code can find it on ${window.location.host}/s/uber. Your profile shows it either way.`,
      ),
    ).toBeTruthy();
    fireEvent.change(form.getByLabelText('Referral code'), { target: { value: 'NEW' } });
    fireEvent.change(form.getByLabelText('Reward'), { target: { value: '5' } });
    fireEvent.change(form.getByLabelText(/Expires on/), { target: { value: '2026-12-31' } });
    fireEvent.change(form.getByLabelText(/Works in/), { target: { value: 'FR' } });
    fireEvent.change(form.getByLabelText(/Works in/), { target: { value: 'DE' } });
    expect(form.getByRole('button', { name: 'Remove France' })).toBeTruthy();
    fireEvent.click(form.getByRole('button', { name: 'Remove Germany' }));
    fireEvent.click(form.getByRole('button', { name: 'Create Code' }));
    await waitFor(() => expect(created).toBeDefined());
    expect(created).toMatchObject({
      service: 'uber',
      listed: true,
      expiresAt: '2026-12-31',
      countries: ['FR'],
    });
  });

  it('sends listed: false when the switch is turned off, and no expiry or countries when left empty', async () => {
    let created: unknown;
    stubEmptyDashboard({
      'POST /api/codes': (call) => {
        created = JSON.parse(String(call?.body));
        return json(201, { code: { ...code, id: 'new', listed: false } });
      },
    });
    renderDashboard();
    const form = await openCreateForm();
    fireEvent.click(form.getByRole('switch', { name: 'List on the Uber page' }));
    fireEvent.click(form.getByRole('button', { name: 'Create Code' }));
    await waitFor(() => expect(created).toBeDefined());
    expect(created).toMatchObject({ listed: false, expiresAt: null, countries: null });
  });

  it("starts a new code's switch from the owner's listing default (off here); an edit keeps the code's own", async () => {
    let created: unknown;
    stubApi({
      'GET /api/me': () => json(200, { ...me, listNewCodes: false }),
      'GET /api/codes': () => json(200, { codes: [{ ...code, listed: true }] }),
      'GET /api/services': () => json(200, services),
      'POST /api/codes': (call) => {
        created = JSON.parse(String(call?.body));
        return json(201, { code: { ...code, id: 'new', listed: false } });
      },
    });
    renderDashboard();
    const edit = await openLoadedForm('Edit Uber code', 'Edit Code');
    expect(
      (edit.getByRole('switch', { name: 'List on the Uber page' }) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(edit.getByRole('button', { name: 'Cancel' }));
    const form = await openCreateForm();
    expect(
      (form.getByRole('switch', { name: 'List on the Uber page' }) as HTMLInputElement).checked,
    ).toBe(false);
    fireEvent.click(form.getByRole('button', { name: 'Create Code' }));
    await waitFor(() => expect(created).toBeDefined());
    expect(created).toMatchObject({ service: 'uber', listed: false });
  });

  it('shows the current listing, expiry and countries when editing', async () => {
    stubApi({
      'GET /api/me': () => json(200, me),
      'GET /api/codes': () =>
        json(200, {
          codes: [{ ...code, listed: false, expiresAt: '2027-01-31', countries: ['FR', 'US'] }],
        }),
      'GET /api/services': () => json(200, services),
    });
    renderDashboard();
    const form = await openLoadedForm('Edit Uber code', 'Edit Code');
    expect(
      (form.getByRole('switch', { name: 'List on the Uber page' }) as HTMLInputElement).checked,
    ).toBe(false);
    expect((form.getByLabelText(/Expires on/) as HTMLInputElement).value).toBe('2027-01-31');
    expect(form.getByRole('button', { name: 'Remove France' })).toBeTruthy();
    expect(form.getByRole('button', { name: 'Remove United States' })).toBeTruthy();
  });

  it("shows the server's message under the expiry field", async () => {
    const message = 'Expiry date must be a date like 2026-12-31';
    stubEmptyDashboard({
      'POST /api/codes': () =>
        json(400, {
          error: { code: 'validation_failed', message, fields: { expiresAt: message } },
        }),
    });
    renderDashboard();
    const form = await openCreateForm();
    await waitFor(() => expect(screen.queryByText('Loading services…')).toBeNull());
    fireEvent.click(form.getByRole('button', { name: 'Create Code' }));
    const error = await form.findByText(message);
    expect(form.getByLabelText(/Expires on/).getAttribute('aria-describedby')).toContain(error.id);
  });

  it("shows each code's answers, reasons and listing, and marks an expired code", async () => {
    stubApi({
      'GET /api/me': () => json(200, me),
      'GET /api/codes': () =>
        json(200, {
          codes: [
            {
              ...code,
              feedback: {
                yes: 3,
                no: 1,
                reasons: { expired: 1, not_accepted: 0, not_eligible: 0 },
              },
            },
            {
              ...code,
              id: 'second',
              listed: false,
              expiresAt: '2020-01-31',
              countries: ['FR'],
            },
            // Listed, and the listing rules would show it, but it has expired (issue 24).
            { ...code, id: 'third', expiresAt: '2020-01-31', countries: ['FR', 'DE'] },
          ],
        }),
    });
    renderDashboard();
    const [first, second, third] = await screen.findAllByTestId('code-card');
    const one = within(first!);
    const two = within(second!);
    const three = within(third!);
    expect(one.getByText("Worked: 3 · Didn't: 1 (expired 1)")).toBeTruthy();
    // Copies, the word Stats uses, not 'clicks' (issue 24).
    expect(one.getByText('2 copies')).toBeTruthy();
    expect(one.getByText('Listed on the Uber page')).toBeTruthy();
    expect(one.queryByText('Expired')).toBeNull();
    expect(two.getByText("Worked: 0 · Didn't: 0")).toBeTruthy();
    expect(two.getByText('Not listed')).toBeTruthy();
    expect(three.getByText('Hidden from the Uber page while expired')).toBeTruthy();
    expect(three.getByText(/Works in France, Germany\./)).toBeTruthy();
    expect(two.getByText('Expired')).toBeTruthy();
    expect(
      two.getByText(
        'Expired on 31 Jan 2020: edit the date to renew it, or delete it. Works in France.',
      ),
    ).toBeTruthy();
  });

  it('says before saving when the link keeps the code off the service page, and why', async () => {
    stubEmptyDashboard({
      'GET /api/services': () =>
        json(200, {
          services: [{ id: 'uber', name: 'Uber', domain: 'uber.com', linkHosts: ['ubr.to'] }],
        }),
    });
    renderDashboard();
    const form = await openCreateForm();
    const link = form.getByLabelText(/Link or note/);
    const notice =
      'Not listed on the Uber page: its link must be on uber.com. Your profile shows it either way.';
    expect(form.queryByText(notice)).toBeNull();
    fireEvent.change(link, { target: { value: 'https://sho.rt/abc' } });
    expect(await form.findByText(notice)).toBeTruthy();
    for (const fine of ['https://m.uber.com/x', 'https://ubr.to/x', '']) {
      fireEvent.change(link, { target: { value: fine } });
      await waitFor(() => expect(form.queryByText(notice)).toBeNull());
    }
    // With listing switched off there is nothing to warn about.
    fireEvent.change(link, { target: { value: 'https://sho.rt/abc' } });
    expect(await form.findByText(notice)).toBeTruthy();
    fireEvent.click(form.getByRole('switch', { name: 'List on the Uber page' }));
    await waitFor(() => expect(form.queryByText(notice)).toBeNull());
  });

  it("says from which day a new account's codes join service pages", async () => {
    stubEmptyDashboard({ 'GET /api/me': () => json(200, { ...me, listingFrom: '2999-12-30' }) });
    renderDashboard();
    const form = await openCreateForm();
    expect(
      await form.findByText(
        "New accounts' codes join service pages after a few days: yours from 30 Dec 2999. Your profile shows them now.",
      ),
    ).toBeTruthy();
  });

  it('shows on each card why a listed code is not on its service page', async () => {
    stubEmptyDashboard({
      'GET /api/codes': () =>
        json(200, {
          codes: [
            { ...code, id: 'a', code: 'AWAY', listing: { listed: false, reason: 'link_host' } },
            {
              ...code,
              id: 'b',
              code: 'NEW',
              listing: { listed: false, reason: 'probation', until: '2026-12-02' },
            },
            { ...code, id: 'c', code: 'OFF', listed: false, listing: { listed: false } },
          ],
        }),
    });
    renderDashboard();
    const badges = (await screen.findAllByTestId('listing')).map((badge) => badge.textContent);
    expect(badges).toEqual([
      "Not listed: its link is not on Uber's site",
      'Listed from 2 Dec 2026',
      'Not listed',
    ]);
  });

  it("shows 'Link looks broken' with the last check, and a quiet 'Link checked' otherwise", async () => {
    const link = 'https://uber.com/invite/alex';
    stubApi({
      'GET /api/me': () => json(200, me),
      'GET /api/services': () => json(200, services),
      'GET /api/codes': () =>
        json(200, {
          codes: [
            {
              ...code,
              link,
              listing: { listed: false, reason: 'link_broken' },
              linkHealth: { state: 'broken', checkedAt: '2026-11-25T12:00:00.000Z' },
            },
            {
              ...code,
              id: '0190c5b2-0000-7000-8000-000000000002',
              link,
              linkHealth: { state: 'ok', checkedAt: '2026-11-24T12:00:00.000Z' },
            },
          ],
        }),
    });
    renderDashboard();
    const cards = await screen.findAllByTestId('code-card');
    const broken = within(cards[0]!);
    expect(broken.getByTestId('link-health').textContent).toBe(
      'Link looks brokenIt failed 3 checks in a row, the last on Nov 25, 2026. Service pages leave this code out until the link works again; your profile still shows it.',
    );
    expect(broken.getByTestId('listing').textContent).toBe('Not listed: its link looks broken');
    expect(within(cards[1]!).getByTestId('link-health').textContent).toBe(
      'Link checked Nov 24, 2026',
    );
  });
});
