import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ServiceCodeDto } from '../../../shared/discovery-schemas.ts';
import { ServiceCodeCard } from './ServiceCodeCard.tsx';

const code = {
  id: '0190c5b2-0000-7000-8000-000000000001',
  service: 'uber',
  serviceName: 'Uber',
  productName: null,
  code: 'RIDE',
  reward: '15',
  link: null,
  createdAt: '2026-11-22T00:00:00.000Z',
  expiresAt: null,
  countries: null,
  username: 'alice',
  worked: 0,
  reported: false,
} as unknown as ServiceCodeDto;

function renderCard(owner: {
  displayName?: string | null;
  avatar?: null | { url128: string; url512: string };
}) {
  return render(
    <ul>
      <ServiceCodeCard code={code} copied={false} onOpen={() => {}} {...owner} />
    </ul>,
  );
}

describe("a service page's card (issue 26)", () => {
  it("shows the owner's avatar and display name beside @username, linking to the profile", () => {
    const { container } = renderCard({
      displayName: 'Alice Martin',
      avatar: { url128: '/api/avatars/abc-128.webp', url512: '/api/avatars/abc-512.webp' },
    });
    const owner = screen.getByRole('link', { name: 'Alice Martin @alice' });
    expect(owner.getAttribute('href')).toBe('/alice');
    const image = container.querySelector('img[data-avatar="image"]');
    expect(image?.getAttribute('src')).toBe('/api/avatars/abc-128.webp');
    expect(image?.getAttribute('width')).toBe('24');
    expect(image?.getAttribute('loading')).toBe('lazy');
  });

  it('without them: the generated initial and @username, as before', () => {
    const { container } = renderCard({});
    expect(screen.getByRole('link', { name: '@alice' })).toBeTruthy();
    expect(container.querySelector('[data-avatar="initial"]')?.textContent).toBe('A');
    expect(container.querySelector('[data-display-name]')).toBeNull();
  });
});
