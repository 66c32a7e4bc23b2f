import fs from 'node:fs';
import path from 'node:path';
import { siInstagram, siTiktok, siX, siYoutube } from 'simple-icons';
import { describe, expect, it } from 'vitest';

const sprite = fs.readFileSync(path.join(import.meta.dirname, 'link-icons.svg'), 'utf8');

function symbolPath(id: string): string | undefined {
  const symbol = sprite.match(new RegExp(`<symbol id="${id}"[^>]*>(.*?)</symbol>`, 's'))?.[1];
  return symbol?.match(/ d="([^"]+)"/)?.[1];
}

describe('the link icons sprite', () => {
  it('draws each site with its simple-icons path (the offline icon set)', () => {
    expect(symbolPath('instagram')).toBe(siInstagram.path);
    expect(symbolPath('x')).toBe(siX.path);
    expect(symbolPath('youtube')).toBe(siYoutube.path);
    expect(symbolPath('tiktok')).toBe(siTiktok.path);
  });

  it('has a symbol for every link kind, in the text colour', () => {
    for (const kind of ['website', 'instagram', 'x', 'youtube', 'tiktok']) {
      expect(sprite).toContain(`<symbol id="${kind}" viewBox="0 0 24 24">`);
    }
    expect(sprite).not.toMatch(/fill="#/);
  });
});
