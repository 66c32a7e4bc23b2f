import type { CodeDto, PublicCodeDto } from '../../../shared/code-schemas.ts';
import type { CodeWithServiceRow } from './codes.repository.ts';

/** A code row as a visitor sees it on a public profile. */
export function presentPublicCode(row: Omit<CodeWithServiceRow, 'updated_at'>): PublicCodeDto {
  return {
    id: row.id,
    service: row.service,
    serviceName: row.service_name,
    productName: row.product_name,
    code: row.code,
    reward: row.reward,
    link: row.link,
    clicks: Number(row.clicks),
    createdAt: row.created_at,
  };
}

/** A code row as the owner sees it: the public fields plus when it was last edited. */
export function presentCode(row: CodeWithServiceRow): CodeDto {
  return { ...presentPublicCode(row), updatedAt: row.updated_at };
}
