import { fallbackCategory, fallbackInitial } from '../../../shared/fallback-icon.ts';
import { SHARE_IMAGE_SIZE } from '../../../shared/limits.ts';

/** The element tree satori lays out: React's element shape, without React. */
export interface ImageNode {
  type: string;
  props: Record<string, unknown> & { children?: ImageNode | string | Array<ImageNode | string> };
}

function h(
  type: string,
  props: Record<string, unknown>,
  ...children: Array<ImageNode | string>
): ImageNode {
  return { type, props: { ...props, children: children.length === 1 ? children[0] : children } };
}

/** A service on the image: its logo as a data URI, or its name for the generated tile. */
export interface ImageLogo {
  name: string;
  dataUri: string | null;
}

const INK = '#1f2937';
const ACCENT = '#4f46e5';
const MUTED = '#4b5563';
const LOGO_MARK = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#4f46e5"/><path d="M18 22a4 4 0 0 1 4-4h20a4 4 0 0 1 4 4v4H18z" fill="#c7d2fe"/><rect x="14" y="26" width="36" height="22" rx="4" fill="#fff"/><path d="M24 37h16M32 31v12" stroke="#4f46e5" stroke-width="4" stroke-linecap="round"/></svg>',
).toString('base64')}`;

function logoTile(logo: ImageLogo): ImageNode {
  const tile = {
    width: 120,
    height: 120,
    borderRadius: 28,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxShadow: '0 4px 14px rgba(31, 41, 55, 0.12)',
  };
  if (logo.dataUri) {
    return h(
      'div',
      { style: { ...tile, backgroundColor: '#ffffff' } },
      h('img', { src: logo.dataUri, width: 80, height: 80 }),
    );
  }
  // The generated icon of spec §4: the initial on the category colour.
  return h(
    'div',
    {
      style: {
        ...tile,
        backgroundColor: fallbackCategory(logo.name).background,
        color: '#ffffff',
        fontSize: 56,
        fontWeight: 700,
      },
    },
    fallbackInitial(logo.name),
  );
}

function moreTile(count: number): ImageNode {
  return h(
    'div',
    {
      style: {
        width: 120,
        height: 120,
        borderRadius: 28,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        backgroundColor: '#e0e7ff',
        color: ACCENT,
        fontSize: 40,
        fontWeight: 700,
      },
    },
    `+${count}`,
  );
}

function frame(footer: string, ...children: ImageNode[]): ImageNode {
  return h(
    'div',
    {
      style: {
        width: SHARE_IMAGE_SIZE.width,
        height: SHARE_IMAGE_SIZE.height,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: 72,
        backgroundImage: 'linear-gradient(135deg, #ffffff 0%, #eef2ff 100%)',
        fontFamily: 'Inter',
        color: INK,
      },
    },
    h(
      'div',
      { style: { display: 'flex', alignItems: 'center', justifyContent: 'space-between' } },
      h(
        'div',
        { style: { display: 'flex', alignItems: 'center', gap: 20 } },
        h('img', { src: LOGO_MARK, width: 64, height: 64 }),
        h('div', { style: { fontSize: 40, fontWeight: 700 } }, 'Refstash'),
      ),
      h(
        'div',
        { style: { display: 'flex', fontSize: 30, color: ACCENT, fontWeight: 700 } },
        footer,
      ),
    ),
    ...children,
  );
}

function logoRow(logos: readonly ImageLogo[], more: number): ImageNode {
  const tiles = logos.map(logoTile);
  if (more > 0) tiles.push(moreTile(more));
  return h('div', { style: { display: 'flex', gap: 24 } }, ...tiles);
}

/** Usernames run to 20 characters: the type shrinks so the longest still fits. */
function usernameSize(username: string): number {
  if (username.length <= 10) return 104;
  if (username.length <= 15) return 84;
  return 66;
}

/** A profile's preview: its username, how many codes, up to 6 of its services' logos. */
export function profileImageLayout(input: {
  username: string;
  codeCount: number;
  logos: readonly ImageLogo[];
  moreServices: number;
  footer: string;
}): ImageNode {
  const count = `${input.codeCount} referral code${input.codeCount === 1 ? '' : 's'}`;
  return frame(
    input.footer,
    h(
      'div',
      { style: { display: 'flex', flexDirection: 'column', gap: 8 } },
      h(
        'div',
        { style: { fontSize: usernameSize(input.username), fontWeight: 700, color: '#111827' } },
        `@${input.username}`,
      ),
      h('div', { style: { fontSize: 44, color: MUTED } }, count),
    ),
    input.logos.length > 0
      ? logoRow(input.logos, input.moreServices)
      : h('div', { style: { fontSize: 36, color: MUTED } }, 'No referral codes yet'),
  );
}

/** The landing page's preview. */
export function landingImageLayout(logos: readonly ImageLogo[], footer: string): ImageNode {
  return frame(
    footer,
    h(
      'div',
      { style: { display: 'flex', flexDirection: 'column', gap: 12 } },
      h(
        'div',
        { style: { fontSize: 80, fontWeight: 700, color: '#111827', lineHeight: 1.1 } },
        'One page for every referral code you share',
      ),
    ),
    logoRow(logos, 0),
  );
}
