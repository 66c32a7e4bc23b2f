import { render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileIdentityDto } from '../../../shared/profile-identity.ts';
import ProfileRoute from '../../features/profile/ProfileRoute.tsx';
import { json, renderPage, stubApi } from '../../test-support/render-page.tsx';
import { ProfileByline } from './ProfileByline.tsx';
import { ProfileHeader } from './ProfileHeader.tsx';

const identity: ProfileIdentityDto = {
  displayName: 'Alice Martin',
  bio: 'Codes I use.\n<b>not bold</b> & <script>alert(1)</script>',
  avatar: { url128: '/avatars/abc-128.webp', url512: '/avatars/abc-512.webp' },
  links: [
    { url: 'https://alice.example/', kind: 'website' },
    { url: 'https://www.instagram.com/alice', kind: 'instagram' },
  ],
  accent: 'teal',
};

describe('ProfileHeader', () => {
  it('shows the display name above @username, then the bio and the links', () => {
    const { container } = render(<ProfileHeader username="alice" identity={identity} />);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe("Alice Martin@alice's referral codes");
    const name = screen.getByText('Alice Martin');
    const handle = screen.getByText("@alice's referral codes");
    // Display name first, in document order.
    expect(name.compareDocumentPosition(handle) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(container.querySelector('[data-bio]')).not.toBeNull();
  });

  it('renders the bio as text: <b> stays literal, line breaks kept by pre-line', () => {
    const { container } = render(<ProfileHeader username="alice" identity={identity} />);
    const bio = container.querySelector('[data-bio]') as HTMLElement;
    expect(bio.textContent).toBe('Codes I use.\n<b>not bold</b> & <script>alert(1)</script>');
    expect(bio.querySelector('b')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(bio.className).toContain('whitespace-pre-line');
    // The server's HTML escapes it too.
    const html = renderToString(<ProfileHeader username="alice" identity={identity} />);
    expect(html).toContain('&lt;b&gt;not bold&lt;/b&gt; &amp; &lt;script&gt;');
    expect(html).not.toContain('<b>');
  });

  it('links out with rel="me nofollow noopener" in a new tab, each with its site icon', () => {
    render(<ProfileHeader username="alice" identity={identity} />);
    const links = within(screen.getByRole('list', { name: 'Links' })).getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://alice.example/',
      'https://www.instagram.com/alice',
    ]);
    for (const link of links) {
      expect(link.getAttribute('rel')).toBe('me nofollow noopener');
      expect(link.getAttribute('target')).toBe('_blank');
    }
    expect(links[0]?.textContent).toBe('Website: alice.example');
    expect(links[1]?.textContent).toBe('Instagram: instagram.com/alice');
    expect(
      links[1]?.querySelector('svg[data-link-icon="instagram"] use')?.getAttribute('href'),
    ).toMatch(/link-icons.*#instagram$/);
    expect(links[0]?.querySelector('svg[data-link-icon="website"]')).not.toBeNull();
  });

  it('never links a non-http address', () => {
    render(
      <ProfileHeader
        username="alice"
        identity={{ ...identity, links: [{ url: 'javascript:alert(1)', kind: 'website' }] }}
      />,
    );
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('draws the 128 px avatar sized, lazy and decoded off the main thread', () => {
    const { container } = render(<ProfileHeader username="alice" identity={identity} />);
    const image = container.querySelector('img') as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/avatars/abc-128.webp');
    expect(image.getAttribute('width')).toBe('72');
    expect(image.getAttribute('height')).toBe('72');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('decoding')).toBe('async');
  });

  it('without fields: the generated initial and the heading as before', () => {
    const { container } = render(
      <ProfileHeader
        username="bob"
        identity={{ displayName: null, bio: null, avatar: null, links: [], accent: 'indigo' }}
      />,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("@bob's referral codes");
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[data-avatar="initial"]')?.textContent).toBe('B');
    expect(container.querySelector('[data-bio]')).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('a byline shows the avatar and display name beside @username', () => {
    const { container } = render(
      <ProfileByline username="alice" displayName="Alice Martin" avatar={identity.avatar} />,
    );
    expect(container.textContent).toBe('Alice Martin @alice');
    expect(container.querySelector('img')?.getAttribute('width')).toBe('24');
    const bare = render(<ProfileByline username="bob" />);
    expect(bare.container.textContent).toBe('B@bob');
  });
});

describe('the profile page with an identity', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("paints the page in the owner's accent and shows the header", async () => {
    stubApi({
      'GET /api/profiles/alice': () => json(200, { username: 'alice', codes: [], identity }),
    });
    const { container } = renderPage(<ProfileRoute />, { path: '/alice', pattern: '/:username' });
    await screen.findByText('Alice Martin');
    const page = container.querySelector('[data-accent]') as HTMLElement;
    expect(page.dataset.accent).toBe('teal');
    expect(page.style.getPropertyValue('--color-accent-600')).toBe('#0f766e');
  });

  it('an answer without identity (an older server) shows the page as before', async () => {
    stubApi({ 'GET /api/profiles/alex': () => json(200, { username: 'alex', codes: [] }) });
    const { container } = renderPage(<ProfileRoute />, { path: '/alex', pattern: '/:username' });
    expect(await screen.findByRole('heading', { name: "@alex's referral codes" })).toBeTruthy();
    const page = container.querySelector('[data-accent]') as HTMLElement;
    expect(page.dataset.accent).toBe('indigo');
    expect(page.getAttribute('style')).toBeNull();
  });
});
