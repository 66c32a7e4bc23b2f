import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderAt } from '../../test-support/api-stub.tsx';
import ServiceDirectoryPage from './ServiceDirectoryPage.tsx';

const catalogue = [
  { id: 'netflix', name: 'Netflix', domain: 'netflix.com' },
  { id: 'uber', name: 'Uber', domain: 'uber.com' },
];

function serve(listed: Array<{ id: string; name: string; codes: number }>) {
  return mockApi(({ url }) => {
    if (url === '/api/services/directory') return json(200, { services: listed });
    if (url === '/api/services') return json(200, { services: catalogue });
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
}

const search = (text: string) =>
  fireEvent.change(screen.getByLabelText('Search services'), { target: { value: text } });

describe('/s, the directory', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('invites "Add yours" for a catalogue service with no listed code, instead of a dead end', async () => {
    const calls = serve([{ id: 'uber', name: 'Uber', codes: 2 }]);
    renderAt('/s', <ServiceDirectoryPage />);
    await screen.findByText('2 codes');
    // The catalogue is not fetched until a search finds nothing listed.
    expect(calls.map((call) => call.url)).toEqual(['/api/services/directory']);
    search('netflix');
    expect(await screen.findByText('There is no Netflix code yet.')).toBeTruthy();
    const add = screen.getByRole('link', { name: 'Add yours' });
    expect(add.getAttribute('href')).toBe('/dashboard?service=netflix');
    expect(screen.queryByText('No service matches your search')).toBeNull();
  });

  it('still says no service matches a search that names nothing in the catalogue', async () => {
    serve([{ id: 'uber', name: 'Uber', codes: 1 }]);
    renderAt('/s', <ServiceDirectoryPage />);
    await screen.findByText('1 code');
    search('zzzz');
    expect(await screen.findByText('No service matches your search')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add yours' })).toBeNull();
  });
});
