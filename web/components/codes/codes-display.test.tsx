import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CodeSummary } from './CodeSummary.tsx';
import { LinkOrText } from './LinkOrText.tsx';

describe('CodeSummary: the reward $ rule', () => {
  const base = { service: 'uber', serviceName: 'Uber', productName: null, logoSize: 48 };

  it('prefixes a numeric reward with $', () => {
    render(<CodeSummary {...base} reward="15" />);
    expect(screen.getByText('$15')).toBeTruthy();
  });

  it('shows a text reward as written', () => {
    render(<CodeSummary {...base} reward="1 month free" />);
    expect(screen.getByText('1 month free')).toBeTruthy();
    expect(screen.queryByText('$1 month free')).toBeNull();
  });

  it('shows the optional product name only when there is one', () => {
    const { rerender } = render(<CodeSummary {...base} reward="5" />);
    expect(screen.getByRole('heading', { name: 'Uber' })).toBeTruthy();
    expect(screen.queryByText('First ride')).toBeNull();
    rerender(<CodeSummary {...base} productName="First ride" reward="5" />);
    expect(screen.getByText('First ride')).toBeTruthy();
  });

  it('renders markup in user text as text', () => {
    const { container } = render(
      <CodeSummary {...base} productName="<b>bold</b>" reward="<img src=x onerror=alert(1)>" />,
    );
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    // The logo is the only image, and no markup from the user's text became an element.
    expect(container.querySelector('b, img[src="x"], [onerror]')).toBeNull();
    expect(container.querySelectorAll('img')).toHaveLength(1);
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
