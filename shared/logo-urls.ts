/**
 * The image of a service's logo, resolved by the server (GET /api/logos/:serviceId/image): one
 * URL per service, so every card of a service shares one cached image.
 */
export function logoImageUrl(serviceId: string): string {
  return `/api/logos/${encodeURIComponent(serviceId.toLowerCase())}/image`;
}
