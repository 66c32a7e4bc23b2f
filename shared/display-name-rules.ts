import { RESERVED_USERNAMES } from './reserved-usernames.ts';

/**
 * Display names that would impersonate the site or its staff (issue 26, decision 101). Usernames
 * are ASCII, so the reserved list is enough for them; a display name can be any text, so it is
 * compared by its skeleton: lowercased, compatibility-folded, accents dropped, lookalike letters
 * of other scripts and digits mapped to the Latin letter they imitate, everything but letters
 * removed. 'Refstash', 'R e f s t a s h', 'Аdmin' (Cyrillic А) and 'ADM1N' all meet a word here.
 */

/** Reserved usernames that read as the site speaking. */
const SITE_VOICES = ['admin', 'administrator', 'help', 'refstash', 'root', 'support', 'system'];
/** Staff words a display name may not be made of (alone or together: 'Admin Team'). */
const STAFF_WORDS = [
  'moderator',
  'moderators',
  'mod',
  'mods',
  'staff',
  'official',
  'team',
  'security',
  'sysadmin',
  'webmaster',
  'helpdesk',
  'trustandsafety',
  'and',
  'the',
];

/** Letters of other scripts, and digits, that pass for a Latin letter. */
const LOOKALIKES: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  з: '3',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  һ: 'h',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ɡ: 'g',
  ӏ: 'l',
  // Greek
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  μ: 'u',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  ς: 's',
  σ: 'o',
  // Digits and signs
  '0': 'o',
  '1': 'l',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '9': 'g',
  '@': 'a',
  $: 's',
  '|': 'l',
  '!': 'i',
};

/** The comparable form of a text: Latin letters only, lookalikes folded to one letter. */
export function nameSkeleton(text: string): string {
  const folded = text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  let out = '';
  for (const char of folded) out += LOOKALIKES[char] ?? char;
  return (
    out
      .replace(/[^a-z]/g, '')
      // Pairs that read as one letter, and the letters that pass for each other.
      .replaceAll('rn', 'm')
      .replaceAll('vv', 'w')
      .replaceAll('l', 'i')
  );
}

const VOICES = SITE_VOICES.filter((word) => RESERVED_USERNAMES.has(word)).map(nameSkeleton);
const WORDS = new Set([...VOICES, ...STAFF_WORDS.map(nameSkeleton)]);

/** True when the skeleton is made only of site and staff words ('adminteam', 'officialsupport'). */
function madeOfStaffWords(skeleton: string): boolean {
  const reach = new Array<boolean>(skeleton.length + 1).fill(false);
  reach[0] = true;
  for (let end = 1; end <= skeleton.length; end++) {
    for (let start = 0; start < end && !reach[end]; start++) {
      if (reach[start] && WORDS.has(skeleton.slice(start, end))) reach[end] = true;
    }
  }
  return reach[skeleton.length] === true;
}

const SITE = nameSkeleton('refstash');

/**
 * True when a display name would impersonate the site (it contains 'Refstash' in any spelling) or
 * its staff (it is made only of words like 'Admin', 'Support', 'Official', 'Team').
 */
export function displayNameImpersonates(name: string): boolean {
  const skeleton = nameSkeleton(name);
  if (skeleton.length === 0) return false;
  if (skeleton.includes(SITE)) return true;
  return madeOfStaffWords(skeleton) && !/^(the|and)+$/.test(skeleton);
}
