import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LookupLogo } from './LookupLogo.tsx';
import { clearLogoCache } from './logo-loader.ts';

type Reply = { status: number; body: unknown };

/** Answers each logo endpoint from a table and records every call. */
function stubLogoApi(replies: { lookup?: Reply; service?: Reply }) {
  const fetchMock = vi.fn(async (input: string | URL | Request) => {
    const url = String(input);
    const reply = url.startsWith('/api/logos/lookup') ? replies.lookup : replies.service;
    const { status, body } = reply ?? { status: 404, body: { error: { code: 'not_found' } } };
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const svgAnswer = { logoData: 'PHN2Zy8+', logoType: 'image/svg+xml', logoUrl: null };
const pngAnswer = { logoData: 'iVBORw0KGgo=', logoType: 'image/png', logoUrl: null };
const notFound = { status: 404, body: { error: { code: 'not_found', message: 'No logo' } } };

beforeEach(() => clearLogoCache());
afterEach(() => vi.unstubAllGlobals());

describe('LookupLogo', () => {
  it('uses the primary lookup for a known id, as a data URI', async () => {
    const fetchMock = stubLogoApi({ lookup: { status: 200, body: svgAnswer } });
    render(<LookupLogo serviceId="uber" name="Uber" size={64} />);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Uber logo' }).getAttribute('src')).toBe(
        'data:image/svg+xml;base64,PHN2Zy8+',
      ),
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // One of the server's sizes (64, 160, 400): 160 px covers an 80 px logo on a 2× screen.
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(
      '/api/logos/lookup?serviceId=uber&width=160&height=160',
    );
  });

  it('looks a service up once for 20 logos', async () => {
    const fetchMock = stubLogoApi({ lookup: { status: 200, body: svgAnswer } });
    render(
      <div>
        {Array.from({ length: 20 }, (_, i) => `card-${i}`).map((key, i) => (
          <LookupLogo key={key} serviceId="uber" name="Uber" size={i % 2 ? 40 : 80} />
        ))}
      </div>,
    );
    await waitFor(() =>
      expect(screen.getAllByRole('img', { name: 'Uber logo' })[19]?.tagName).toBe('IMG'),
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('falls back to the secondary lookup when the primary fails', async () => {
    const fetchMock = stubLogoApi({ lookup: notFound, service: { status: 200, body: pngAnswer } });
    render(<LookupLogo serviceId="hulu" name="Hulu" />);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Hulu logo' }).getAttribute('src')).toBe(
        'data:image/png;base64,iVBORw0KGgo=',
      ),
    );
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/logos/lookup?serviceId=hulu&width=160&height=160',
      '/api/logos/service?serviceId=hulu&width=160&height=160',
    ]);
  });

  it('goes straight to the secondary lookup for an unknown id, and uses logoUrl', async () => {
    const fetchMock = stubLogoApi({
      service: {
        status: 200,
        body: { logoData: null, logoType: null, logoUrl: 'https://cdn.example/a.png' },
      },
    });
    render(<LookupLogo serviceId="acmepay" name="Acme Pay" />);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Acme Pay logo' }).getAttribute('src')).toBe(
        'https://cdn.example/a.png',
      ),
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(
      /^\/api\/logos\/service\?serviceId=acmepay/,
    );
  });

  it('draws the category fallback icon when every lookup fails, and reports once', async () => {
    stubLogoApi({});
    const onError = vi.fn();
    render(<LookupLogo serviceId="acmepay" name="Acme Pay" size={48} onError={onError} />);
    const icon = await waitFor(() => {
      const found = screen.getByRole('img', { name: 'Acme Pay logo' });
      expect(found.dataset.category).toBe('finance');
      return found;
    });
    expect(icon.textContent).toBe('A');
    expect(icon.getAttribute('style')).toContain('background: rgb(4, 120, 87)');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a logoType that is not an image and uses the fallback path', async () => {
    const onError = vi.fn();
    stubLogoApi({
      service: {
        status: 200,
        body: { logoData: 'PGgxPg==', logoType: 'text/html', logoUrl: null },
      },
    });
    render(<LookupLogo serviceId="weirdsite" name="Weirdsite" onError={onError} />);
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(onError.mock.calls[0]?.[0]).toHaveProperty('message', 'Invalid logo type: text/html');
    expect(screen.getByRole('img', { name: 'Weirdsite logo' }).dataset.category).toBe('default');
  });

  it('switches to the fallback icon when the image itself fails to draw', async () => {
    stubLogoApi({ lookup: { status: 200, body: svgAnswer } });
    render(<LookupLogo serviceId="paypal" name="PayPal" />);
    const img = await waitFor(() => {
      const found = screen.getByRole('img', { name: 'PayPal logo' });
      expect(found.tagName).toBe('IMG');
      return found;
    });
    img.dispatchEvent(new Event('error'));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'PayPal logo' }).dataset.category).toBe('finance'),
    );
  });
});
