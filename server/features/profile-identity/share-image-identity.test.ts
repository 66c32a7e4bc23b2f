import { describe, expect, it } from 'vitest';
import { profileImageLayout } from '../share-images/share-image-layout.ts';
import { renderPng } from '../share-images/share-image-renderer.ts';
import { profileDrawing, profileImageVersion } from '../share-images/share-images.service.ts';

const row = {
  username: 'wang',
  profile_codes: '[]',
  display_name: '王小明 😀 </script>',
  avatar_hash: 'c'.repeat(32),
  details_hidden_at: null,
};

describe('the share image and the identity (issue 26)', () => {
  it('draws a display name in any script, under 300 KB', async () => {
    const png = await renderPng(
      profileImageLayout({
        username: 'wang',
        displayName: row.display_name,
        codeCount: 0,
        logos: [],
        moreServices: 0,
        footer: 'refstash.test/wang',
        tileShadow: '',
      }),
    );
    expect(png.length).toBeLessThan(300 * 1024);
  });

  it('is keyed by what it draws: the display name and the avatar, none of it while hidden', () => {
    const drawing = profileDrawing(row, 'refstash.test');
    expect(drawing).toMatchObject({ displayName: row.display_name, avatar: 'c'.repeat(32) });
    const base = profileImageVersion(row, 'h');
    expect(profileImageVersion({ ...row, display_name: 'Other' }, 'h')).not.toBe(base);
    expect(profileImageVersion({ ...row, avatar_hash: 'd'.repeat(32) }, 'h')).not.toBe(base);
    const hidden = profileDrawing({ ...row, details_hidden_at: '2026-11-26T00:00:00Z' }, 'h');
    expect(hidden).toMatchObject({ displayName: null, avatar: null });
  });
});
