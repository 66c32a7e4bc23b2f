import { serviceDisplayName } from '../../../shared/display-name.ts';

export interface ServiceLogoProps {
  serviceId: string;
  /** Display name; defaults to the spec §3 display-name rule. */
  name?: string;
  /** Pixel size of the square logo. */
  size?: number;
  className?: string;
}

/**
 * A service's logo. (The services feature replaces this with the full lookup flow of spec §4;
 * until then it draws the initial on a neutral tile.)
 */
export function ServiceLogo({ serviceId, name, size = 40, className = '' }: ServiceLogoProps) {
  const label = name ?? serviceDisplayName(serviceId);
  return (
    <span
      role="img"
      aria-label={`${label} logo`}
      className={`inline-flex shrink-0 items-center justify-center rounded-xl bg-gray-200 font-bold text-gray-700 dark:bg-gray-700 dark:text-gray-100 ${className}`}
      style={{ width: size, height: size, fontSize: size * 0.45 }}
    >
      {label.charAt(0).toUpperCase()}
    </span>
  );
}
