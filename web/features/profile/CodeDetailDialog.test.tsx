import { render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicCodeDto } from '../../../shared/code-schemas.ts';
import { polyfillDialog } from '../../test-support/render-page.tsx';
import CodeDetailDialog from './CodeDetailDialog.tsx';

const { toCanvas } = vi.hoisted(() => ({ toCanvas: vi.fn(async () => {}) }));
vi.mock('qrcode', () => ({ toCanvas }));

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
  it('shows the code, a clickable link and a QR code of the link for an https URL', async () => {
    renderDialog('https://uber.com/invite/ride');
    expect(screen.getByTestId('referral-code').textContent).toBe('RIDE');
    expect(screen.getByRole('link', { name: 'https://uber.com/invite/ride' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR code for Uber link' })).toBeTruthy();
    await waitFor(() => expect(toCanvas).toHaveBeenCalled());
    expect(toCanvas).toHaveBeenLastCalledWith(
      expect.any(HTMLCanvasElement),
      'https://uber.com/invite/ride',
      { width: 240, margin: 2, color: { dark: '#1f2937', light: '#ffffff' } },
    );
  });

  it.each(['javascript:alert(1)', 'data:text/html,hi', 'Enter it at checkout'])(
    'has no link and no QR code for %j',
    (link) => {
      toCanvas.mockClear();
      renderDialog(link);
      expect(screen.getByText(link)).toBeTruthy();
      expect(screen.queryByRole('link')).toBeNull();
      expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
      expect(toCanvas).not.toHaveBeenCalled();
    },
  );

  it('has no link section and no QR code without a link', () => {
    renderDialog(null);
    expect(screen.queryByText('Link')).toBeNull();
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
  });
});
