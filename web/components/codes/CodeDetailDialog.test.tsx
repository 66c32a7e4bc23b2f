import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicCodeDto } from '../../../shared/code-schemas.ts';
import { decodeQrSvg } from '../../test-support/decode-qr.ts';
import { polyfillDialog } from '../../test-support/render-page.tsx';
import CodeDetailDialog from './CodeDetailDialog.tsx';

beforeAll(polyfillDialog);

vi.mock('canvas-confetti', () => ({
  default: { create: () => Object.assign(async () => undefined, { reset() {} }) },
}));

function code(link: string | null, expiresAt: string | null = null): PublicCodeDto {
  return {
    id: '0190c5b2-0000-7000-8000-000000000001',
    service: 'uber',
    serviceName: 'Uber',
    productName: null,
    code: 'RIDE',
    reward: '15',
    link,
    createdAt: '2026-11-22T00:00:00.000Z',
    expiresAt,
    countries: null,
  };
}

function renderDialog(link: string | null) {
  return render(
    <CodeDetailDialog
      code={code(link)}
      onClose={() => {}}
      onAnswered={() => {}}
      onCopiedChange={() => {}}
    />,
  );
}

describe('CodeDetailDialog', () => {
  it('shows the code, a clickable link and a QR code of the link for an https URL', () => {
    renderDialog('https://uber.com/invite/ride');
    expect(screen.getByTestId('referral-code').textContent).toBe('RIDE');
    expect(screen.getByRole('link', { name: 'https://uber.com/invite/ride' })).toBeTruthy();
    const qr = screen.getByRole('img', {
      name: 'QR code for Uber link',
    }) as unknown as SVGSVGElement;
    // Spec §9: 240 px wide, margin 2, #1f2937 on white; and it scans to the link.
    expect(qr.getAttribute('width')).toBe('240');
    expect(qr.getAttribute('height')).toBe('240');
    expect(qr.querySelector('rect')?.getAttribute('fill')).toBe('#ffffff');
    expect(qr.querySelector('path')?.getAttribute('fill')).toBe('#1f2937');
    const size = Number(qr.getAttribute('viewBox')?.split(' ')[2]);
    const firstRun = /^M(\d+) (\d+)/.exec(qr.querySelector('path')?.getAttribute('d') ?? '');
    expect([firstRun?.[1], firstRun?.[2]]).toEqual(['2', '2']);
    expect(size % 4).toBe(1); // 21, 25, 29…: a QR code's modules plus 2 + 2 of margin
    expect(decodeQrSvg(qr)).toBe('https://uber.com/invite/ride');
  });

  it.each(['javascript:alert(1)', 'data:text/html,hi', 'Enter it at checkout'])(
    'has no link and no QR code for %j',
    (link) => {
      renderDialog(link);
      expect(screen.getByText(link)).toBeTruthy();
      expect(screen.queryByRole('link')).toBeNull();
      expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    },
  );

  it('opens with focus on Copy code, not Close, so Enter copies', () => {
    renderDialog('https://uber.com/invite/ride');
    expect(document.activeElement?.textContent).toBe('Copy code');
  });

  it('has no link section and no QR code without a link', () => {
    renderDialog(null);
    expect(screen.queryByText('Link')).toBeNull();
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
  });
});

describe('CodeDetailDialog: "Did it work?"', () => {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) => new Response(null, { status: 202 }),
  );
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    fetchMock.mockClear();
  });

  async function copied(onAnswered = vi.fn()) {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', fetchMock);
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async () => {} },
      configurable: true,
    });
    render(
      <CodeDetailDialog
        code={code(null)}
        onClose={() => {}}
        onAnswered={onAnswered}
        onCopiedChange={() => {}}
      />,
    );
    expect(screen.queryByText('Did it work?')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    });
    return onAnswered;
  }

  const votes = () =>
    fetchMock.mock.calls
      .filter(([url]) => String(url).endsWith('/votes'))
      .map(([url, init]) => [url, JSON.parse(String(init?.body))]);

  it('asks after a copy and stays open until the answer, then closes 1.5 s after it', async () => {
    const onAnswered = await copied();
    expect(screen.getByText('Did it work?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(10_000));
    expect(onAnswered).not.toHaveBeenCalled();
    expect(screen.getByText('Did it work?')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(screen.getByText('Thanks! Your answer helps the next visitor.')).toBeTruthy();
    expect(votes()).toEqual([
      ['/api/codes/0190c5b2-0000-7000-8000-000000000001/votes', { worked: true }],
    ]);
    act(() => vi.advanceTimersByTime(1499));
    expect(onAnswered).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onAnswered).toHaveBeenCalledWith('0190c5b2-0000-7000-8000-000000000001');
  });

  it('asks right under the copy button, before the link and the QR code', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', fetchMock);
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async () => {} },
      configurable: true,
    });
    renderDialog('https://uber.com/invite/ride');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    });
    const question = screen.getByRole('region', { name: 'Did it work?' });
    const link = screen.getByRole('link', { name: 'https://uber.com/invite/ride' });
    const qr = screen.getByRole('img', { name: 'QR code for Uber link' });
    const copy = screen.getByRole('button', { name: 'Copied!' });
    const follows = (a: Node, b: Node) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(copy, question)).toBe(true);
    expect(follows(question, link)).toBe(true);
    expect(follows(question, qr)).toBe(true);
  });

  it('No offers expired, not accepted and not eligible, and sends the reason', async () => {
    await copied();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    const question = within(screen.getByRole('region', { name: 'Did it work?' }));
    expect(question.getByText('What went wrong?')).toBeTruthy();
    expect(question.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Expired',
      'Not accepted',
      'Not eligible',
    ]);
    fireEvent.click(question.getByRole('button', { name: 'Expired' }));
    expect(votes()).toEqual([
      [
        '/api/codes/0190c5b2-0000-7000-8000-000000000001/votes',
        { worked: false, reason: 'expired' },
      ],
    ]);
    expect(screen.getByText('Thanks! Your answer helps the next visitor.')).toBeTruthy();
  });
});

describe('CodeDetailDialog: expiry and countries', () => {
  const renderWith = (expiresAt: string | null, countries: string[] | null) =>
    render(
      <CodeDetailDialog
        code={{ ...code(null, expiresAt), countries }}
        onClose={() => {}}
        onAnswered={() => {}}
        onCopiedChange={() => {}}
      />,
    );

  it('says when an expired code expired, and that it may no longer work', () => {
    renderWith('2020-01-31', null);
    expect(screen.getByTestId('expired-notice').textContent).toBe(
      'Expired on 31 Jan 2020. It may no longer work.',
    );
    expect(screen.queryByText(/Valid until/)).toBeNull();
  });

  it("says until when a code is valid and where it works, by the countries' names", () => {
    renderWith('2999-06-30', ['US', 'GB']);
    expect(screen.getByText(/Valid until/).closest('p')?.textContent).toBe(
      'Valid until 30 Jun 2999',
    );
    expect(screen.getByText(/Works in/).closest('p')?.textContent).toBe(
      'Works in United Kingdom, United States',
    );
    expect(screen.queryByTestId('expired-notice')).toBeNull();
  });

  it('says nothing of either when the code works everywhere and never expires', () => {
    renderWith(null, null);
    expect(screen.queryByText(/Works in|Valid until|Expired/)).toBeNull();
  });
});
