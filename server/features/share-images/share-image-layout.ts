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

const TILE_PX = 120;
const TILE_RADIUS = 28;
/** How far the shadow reaches past a tile's edges (its blur, 3 standard deviations, and more). */
const SHADOW_MARGIN = 24;
const SHADOW_PX = TILE_PX + 2 * SHADOW_MARGIN;

/**
 * A tile's soft shadow, as CSS would draw `0 4px 14px rgba(31, 41, 55, 0.12)` (a 14 px blur is a
 * Gaussian of standard deviation 7), drawn once as a PNG by the renderer and placed under each
 * tile. Satori turns a `boxShadow` into a blur filter per tile, and resvg spent ~70 ms of a ~95 ms
 * render drawing seven of them; with one embedded PNG that step took 33 ms (decision 060).
 */
export const TILE_SHADOW = {
  px: SHADOW_PX,
  svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${SHADOW_PX}" height="${SHADOW_PX}"><filter id="s" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="7"/></filter><rect x="${SHADOW_MARGIN}" y="${SHADOW_MARGIN + 4}" width="${TILE_PX}" height="${TILE_PX}" rx="${TILE_RADIUS}" fill="#1f2937" fill-opacity="0.12" filter="url(#s)"/></svg>`,
};

function logoTile(logo: ImageLogo, shadow: string): ImageNode {
  const tile = {
    width: TILE_PX,
    height: TILE_PX,
    borderRadius: TILE_RADIUS,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
  };
  // The generated icon of spec §4 when there is no logo: the initial on the category colour.
  // Positioned, so that it paints over the shadow (positioned boxes paint above the others).
  const face = logo.dataUri
    ? h(
        'div',
        { style: { ...tile, position: 'relative', backgroundColor: '#ffffff' } },
        h('img', { src: logo.dataUri, width: 80, height: 80 }),
      )
    : h(
        'div',
        {
          style: {
            ...tile,
            position: 'relative',
            backgroundColor: fallbackCategory(logo.name).background,
            color: '#ffffff',
            fontSize: 56,
            fontWeight: 700,
          },
        },
        fallbackInitial(logo.name),
      );
  return h(
    'div',
    { style: { display: 'flex', position: 'relative', width: TILE_PX, height: TILE_PX } },
    h('img', {
      src: shadow,
      width: TILE_SHADOW.px,
      height: TILE_SHADOW.px,
      style: { position: 'absolute', left: -SHADOW_MARGIN, top: -SHADOW_MARGIN },
    }),
    face,
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
        // The padding inside the 1200 × 630: satori's default box (content-box here) put the
        // logo row and the footer past the image's edges, cut off.
        boxSizing: 'border-box',
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

function logoRow(logos: readonly ImageLogo[], more: number, shadow: string): ImageNode {
  const tiles = logos.map((logo) => logoTile(logo, shadow));
  if (more > 0) tiles.push(moreTile(more));
  return h('div', { style: { display: 'flex', gap: 24 } }, ...tiles);
}

/** Usernames run to 20 characters: the type shrinks so the longest still fits. */
function usernameSize(username: string): number {
  if (username.length <= 10) return 104;
  if (username.length <= 15) return 84;
  return 66;
}

const AVATAR_PX = 168;

/** Display names are at most 50 characters: one line when short, smaller when long. */
function displayNameSize(name: string): number {
  if (name.length <= 18) return 76;
  if (name.length <= 30) return 58;
  return 44;
}

/** The name block: display name over `@username` when set, else `@username`; the count below. */
function profileHeading(
  input: { username: string; displayName?: string | null; avatarDataUri?: string | null },
  count: string,
): ImageNode {
  const names = input.displayName
    ? [
        h(
          'div',
          {
            style: {
              fontSize: displayNameSize(input.displayName),
              fontWeight: 700,
              color: '#111827',
              lineHeight: 1.1,
            },
          },
          input.displayName,
        ),
        h('div', { style: { fontSize: 40, color: MUTED } }, `@${input.username} · ${count}`),
      ]
    : [
        h(
          'div',
          { style: { fontSize: usernameSize(input.username), fontWeight: 700, color: '#111827' } },
          `@${input.username}`,
        ),
        h('div', { style: { fontSize: 44, color: MUTED } }, count),
      ];
  const text = h(
    'div',
    { style: { display: 'flex', flexDirection: 'column', gap: 8, flexShrink: 1 } },
    ...names,
  );
  if (!input.avatarDataUri) return text;
  return h(
    'div',
    { style: { display: 'flex', alignItems: 'center', gap: 36 } },
    h('img', {
      src: input.avatarDataUri,
      width: AVATAR_PX,
      height: AVATAR_PX,
      style: { borderRadius: AVATAR_PX / 2, flexShrink: 0 },
    }),
    text,
  );
}

/**
 * A profile's preview: its avatar and display name when set, its username, how many codes, up to
 * 6 of its services' logos.
 */
export function profileImageLayout(input: {
  username: string;
  /** Drawn above `@username` when set (issue 26). */
  displayName?: string | null;
  /** The avatar as a PNG data URI, drawn round beside the name. */
  avatarDataUri?: string | null;
  codeCount: number;
  logos: readonly ImageLogo[];
  moreServices: number;
  footer: string;
  /** TILE_SHADOW as a PNG data URI. */
  tileShadow: string;
}): ImageNode {
  const count = `${input.codeCount} referral code${input.codeCount === 1 ? '' : 's'}`;
  return frame(
    input.footer,
    profileHeading(input, count),
    input.logos.length > 0
      ? logoRow(input.logos, input.moreServices, input.tileShadow)
      : h('div', { style: { fontSize: 36, color: MUTED } }, 'No referral codes yet'),
  );
}

/** Service names run long ('American Express Membership Rewards'): two lines at most. */
function serviceTitleSize(name: string): number {
  if (name.length <= 8) return 84;
  if (name.length <= 20) return 64;
  return 44;
}

/** A service page's preview: its logo, its name and how many members' codes it lists. */
export function serviceImageLayout(input: {
  name: string;
  codeCount: number;
  logo: ImageLogo;
  footer: string;
  tileShadow: string;
}): ImageNode {
  const count =
    input.codeCount === 0
      ? 'No codes listed yet'
      : `${input.codeCount} code${input.codeCount === 1 ? '' : 's'} shared by members`;
  return frame(
    input.footer,
    h(
      'div',
      { style: { display: 'flex', flexDirection: 'column', gap: 8 } },
      h(
        'div',
        {
          style: {
            fontSize: serviceTitleSize(input.name),
            fontWeight: 700,
            color: '#111827',
            lineHeight: 1.1,
          },
        },
        `${input.name} referral codes`,
      ),
      h('div', { style: { fontSize: 44, color: MUTED } }, count),
    ),
    logoRow([input.logo], 0, input.tileShadow),
  );
}

/** The landing page's preview. */
export function landingImageLayout(
  logos: readonly ImageLogo[],
  footer: string,
  tileShadow: string,
): ImageNode {
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
    logoRow(logos, 0, tileShadow),
  );
}
