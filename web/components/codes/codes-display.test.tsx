import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CodeSummary } from './CodeSummary.tsx';
import { LinkOrText } from './LinkOrText.tsx';

describe('CodeSummary: the reward $ rule', () => {
  const base = { service: 'uber', serviceName: 'Uber', productName: null };
  const summary = (fields: { productName?: string; reward: string }) => (
    <CodeSummary code={{ ...base, ...fields }} logoSize={48} />
  );

  it('prefixes a numeric reward with $', () => {
    render(summary({ reward: '15' }));
    expect(screen.getByText('$15')).toBeTruthy();
  });

  it('shows a text reward as written', () => {
    render(summary({ reward: '1 month free' }));
    expect(screen.getByText('1 month free')).toBeTruthy();
    expect(screen.queryByText('$1 month free')).toBeNull();
  });

  it('shows the optional product name only when there is one', () => {
    const { rerender } = render(summary({ reward: '5' }));
    expect(screen.getByRole('heading', { name: 'Uber' })).toBeTruthy();
    expect(screen.queryByText('First ride')).toBeNull();
    rerender(summary({ productName: 'First ride', reward: '5' }));
    expect(screen.getByText('First ride')).toBeTruthy();
  });

  it('renders markup in user text as text', () => {
    const { container } = render(
      summary({ productName: '<b>bold</b>', reward: '<img src=x onerror=alert(1)>' }),
    );
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    // The logo is the only image, and no markup from the user's text became an element.
    expect(container.querySelector('b, img[src="x"], [onerror]')).toBeNull();
    expect(container.querySelectorAll('img')).toHaveLength(1);
  });
});

describe('CodeSummary: long unbroken words (issue 13, item 1)', () => {
  // jsdom has no layout: the e2e test card-layout.e2e.ts measures the page at 375 px.
  it('wraps, never cuts off, the service, product and reward, with the logo at the top', () => {
    const long = `https://example.com/${'x'.repeat(120)}`;
    const { container } = render(
      <CodeSummary
        code={{ service: 'uber', serviceName: 'Uber', productName: long, reward: long }}
        logoSize={48}
      />,
    );
    const texts = [screen.getByRole('heading', { name: 'Uber' }), ...screen.getAllByText(long)];
    expect(texts).toHaveLength(3);
    for (const text of texts) {
      expect(text.className).toContain('wrap-anywhere');
      expect(text.className).not.toContain('truncate');
    }
    expect((container.firstElementChild as HTMLElement).className).toContain('items-start');
  });

  it('wraps a long note and a long link', () => {
    const long = 'x'.repeat(200);
    const { rerender } = render(<LinkOrText link={long} />);
    expect(screen.getByText(long).className).toContain('wrap-anywhere');
    rerender(<LinkOrText link={`https://example.com/${long}`} />);
    expect(screen.getByRole('link').className).toContain('wrap-anywhere');
  });
});

describe('LinkOrText: the URL rule', () => {
  it('makes an https URL a safe external link', () => {
    render(<LinkOrText link="https://uber.com/invite/x" />);
    const link = screen.getByRole('link', { name: 'https://uber.com/invite/x' });
    expect(link.getAttribute('href')).toBe('https://uber.com/invite/x');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'Enter the code at checkout',
    'uber.com/invite/x',
  ])('shows %j as plain text, never a link', (link) => {
    const { container } = render(<LinkOrText link={link} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(screen.getByText(link)).toBeTruthy();
  });
});
