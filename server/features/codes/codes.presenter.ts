import type { CodeDto } from '../../../shared/code-schemas.ts';
import type { CodeWithServiceRow } from './codes.repository.ts';

/**
 * A code row as its owner sees it. Visitors see the public profile's fields instead, which the
 * database builds itself (migration 0052).
 */
export function presentCode(row: CodeWithServiceRow): CodeDto {
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
    updatedAt: row.updated_at,
  };
}
