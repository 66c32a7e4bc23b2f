import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicCodeDto } from '../../../shared/code-schemas.ts';
import { decodeQrSvg } from '../../test-support/decode-qr.ts';
import { polyfillDialog } from '../../test-support/render-page.tsx';
import CodeDetailDialog from './CodeDetailDialog.tsx';

beforeAll(polyfillDialog);

function code(link: string | null): PublicCodeDto {
  return {
    id: '0190c5b2-0000-7000-8000-000000000001',
    service: 'uber',
    serviceName: 'Uber',
    productName: null,
    code: 'RIDE',
    reward: '15',
    link,
    createdAt: '2026-11-22T00:00:00.000Z',
  };
}

function renderDialog(link: string | null) {
  return render(
    <CodeDetailDialog
      code={code(link)}
      onClose={() => {}}
      onCopied={() => {}}
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

  it('has no link section and no QR code without a link', () => {
    renderDialog(null);
    expect(screen.queryByText('Link')).toBeNull();
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
  });
});
