import { formatReward } from '../../../shared/display-rules.ts';
import { ServiceLogo } from '../services/ServiceLogo.tsx';

/** The fields of a code the summary shows (any code shape: owner's, public, service page's). */
export interface SummaryFields {
  service: string;
  serviceName: string;
  productName: string | null;
  reward: string;
}

export interface CodeSummaryProps {
  code: SummaryFields;
  /** Logo size in px: 64 on the landing preview, smaller on profile and dashboard cards. */
  logoSize: number;
  /** The heading level of the service name within the page. */
  headingLevel?: 'h2' | 'h3';
}

/** The shared card body of spec §2: logo on the left, service, optional product, reward. */
export function CodeSummary({
  code: { service, serviceName, productName, reward },
  logoSize,
  headingLevel: Heading = 'h3',
}: CodeSummaryProps) {
  return (
    <div className="flex min-w-0 items-start gap-3 sm:gap-4">
      {/* Decorative here: the service name is the next thing read. */}
      <span aria-hidden="true" className="contents">
        <ServiceLogo serviceId={service} name={serviceName} size={logoSize} />
      </span>
      <div className="min-w-0 flex-1">
        <Heading className="wrap-anywhere text-base font-semibold text-gray-900 dark:text-white">
          {serviceName}
        </Heading>
        {productName && (
          <p className="wrap-anywhere text-sm text-gray-600 dark:text-gray-300">{productName}</p>
        )}
        <p className="mt-0.5 wrap-anywhere text-sm font-semibold text-green-700 dark:text-green-400">
          {formatReward(reward)}
        </p>
      </div>
    </div>
  );
}
