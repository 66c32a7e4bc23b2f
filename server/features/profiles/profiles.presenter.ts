import type { ProfileDto, PublicCodeDto } from '../../../shared/code-schemas.ts';
import { presentPublicCode } from '../codes/codes.presenter.ts';
import type { ProfileRow } from './profiles.repository.ts';

function toPublicCode(row: ProfileRow): PublicCodeDto | null {
  if (row.id === null || row.service === null || row.code === null || row.reward === null) {
    return null;
  }
  return presentPublicCode({
    id: row.id,
    service: row.service,
    service_name: row.service_name ?? row.service,
    product_name: row.product_name,
    code: row.code,
    reward: row.reward,
    link: row.link,
    clicks: row.clicks ?? 0,
    created_at: row.created_at ?? '',
  });
}

/** The joined rows of one user as `{ username, codes }`. */
export function presentProfile(username: string, rows: ProfileRow[]): ProfileDto {
  const codes: PublicCodeDto[] = [];
  for (const row of rows) {
    const code = toPublicCode(row);
    if (code) codes.push(code);
  }
  return { username: rows[0]?.username ?? username, codes };
}
