import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderPage, stubApi } from '../../test-support/render-page.tsx';
import StatsPage from './StatsPage.tsx';

const stats = (days: number) => ({
  days,
  from: '2026-11-17',
  to: '2026-11-23',
  series: Array.from({ length: days }, (_, i) => ({
    day: `2026-11-${String(23 - days + 1 + i).padStart(2, '0')}`,
    views: i === days - 1 ? 4 : 0,
    uniqueViews: i === days - 1 ? 2 : 0,
    copies: i === days - 1 ? 3 : 0,
    uniqueCopies: i === days - 1 ? 3 : 0,
  })),
  answers: { yes: 3, no: 1 },
  codes: [
    {
      id: 'a',
      serviceName: 'Uber',
      code: 'RIDE',
      copies: 2,
      uniqueCopies: 2,
      answers: { yes: 3, no: 1 },
    },
    {
      id: 'b',
      serviceName: 'Spotify',
      code: 'TUNE',
      copies: 1,
      uniqueCopies: 1,
      answers: { yes: 0, no: 0 },
    },
  ],
  code: null,
});

describe('StatsPage', () => {
  it('shows totals, copies per view, a table for screen readers and the top codes', async () => {
    const api = stubApi({
      'GET /api/me/stats?days=30': () => json(200, stats(30)),
      'GET /api/me/stats?days=7': () => json(200, stats(7)),
      'GET /api/me/stats?days=7&code=a': () =>
        json(200, { ...stats(7), code: { id: 'a', series: stats(7).series } }),
    });
    renderPage(<StatsPage />, { path: '/dashboard/stats', pattern: '/dashboard/stats' });
    expect(await screen.findByText('0.75')).toBeTruthy();
    expect(
      screen.getByText(
        'Days are UTC days. A unique view counts each visitor once a day; a unique copy counts each visitor once a day for each code.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByRole('table', { name: /Profile views and copies per UTC day/ }),
    ).toBeTruthy();
    // The chart's value axis is labelled: its top line is the busiest day, its base 0.
    const axis = screen.getByTestId('chart-value-axis');
    const busiest = Math.max(...stats(30).series.map((d) => Math.max(d.views, d.copies)));
    expect(axis.firstElementChild?.textContent).toBe(String(busiest));
    expect(axis.lastElementChild?.textContent).toBe('0');
    const top = screen.getByRole('table', { name: /Copies and 'Did it work\?' answers per code/ });
    expect(top.textContent).toMatch(/Uber.*RIDE.*2.*Spotify.*TUNE.*1/);
    fireEvent.click(screen.getByRole('button', { name: '7 days' }));
    await screen.findByRole('table', { name: /per code over the last 7 days/ });
    expect(api.mock.calls.map(([url]) => String(url))).toContain('/api/me/stats?days=7');
    fireEvent.click(screen.getByRole('button', { name: 'Uber' }));
    await screen.findByRole('button', { name: 'Whole profile' });
    expect(api.mock.calls.map(([url]) => String(url))).toContain('/api/me/stats?days=7&code=a');
  });

  it("shows each code's 'Did it work?' answers in a Worked / Didn't column, and the profile's", async () => {
    stubApi({ 'GET /api/me/stats?days=30': () => json(200, stats(30)) });
    renderPage(<StatsPage />, { path: '/dashboard/stats', pattern: '/dashboard/stats' });
    const top = await screen.findByRole('table', { name: /'Did it work\?' answers per code/ });
    const [header, uber, spotify] = within(top).getAllByRole('row');
    const last = (row: HTMLElement | undefined) => {
      const cells = within(row as HTMLElement).getAllByRole(
        row === header ? 'columnheader' : 'cell',
      );
      return cells.at(-1) as HTMLElement;
    };
    expect(last(header).textContent).toBe("Worked / Didn't");
    expect(within(last(uber)).getByText('3').className).toMatch(/green/);
    expect(within(last(uber)).getByText('1').className).toMatch(/red/);
    expect(within(last(uber)).getByText("3 worked, 1 didn't")).toBeTruthy();
    expect(within(last(spotify)).getByText('No answers')).toBeTruthy();
    expect(screen.getByText("Visitors answered 'Did it work?' 4 times: 3 yes, 1 no.")).toBeTruthy();
  });

  it("offers 'Create a code' when there are no codes yet", async () => {
    stubApi({ 'GET /api/me/stats?days=30': () => json(200, { ...stats(30), codes: [] }) });
    renderPage(<StatsPage />, { path: '/dashboard/stats', pattern: '/dashboard/stats' });
    const create = await screen.findByRole('link', { name: 'Create a code' });
    expect(create.getAttribute('href')).toBe('/dashboard?new');
  });
});
