import { useState } from 'react';
import type { CodeDto } from '../../../shared/code-schemas.ts';
import { CodeSummary } from '../../components/codes/CodeSummary.tsx';
import { copyText } from '../../components/codes/clipboard.ts';
import { LinkOrText } from '../../components/codes/LinkOrText.tsx';
import { Button } from '../../components/ui/Button.tsx';

export interface DashboardCodeCardProps {
  code: CodeDto;
  onEdit: (code: CodeDto) => void;
  onDelete: (code: CodeDto) => void;
}

/** An owner's card: the summary, the code, its click count, and copy, edit and delete. */
export function DashboardCodeCard({ code, onEdit, onDelete }: DashboardCodeCardProps) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const name = `${code.serviceName} code`;

  return (
    <li
      data-testid="code-card"
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm dark:border-gray-800 dark:bg-gray-900"
    >
      <CodeSummary
        service={code.service}
        serviceName={code.serviceName}
        productName={code.productName}
        reward={code.reward}
        logoSize={48}
      />
      <div className="flex items-center justify-between gap-2">
        <code className="min-w-0 truncate rounded-md bg-gray-100 px-2 py-1 font-mono text-sm font-semibold text-gray-900 dark:bg-gray-800 dark:text-gray-100">
          {code.code}
        </code>
        <span
          data-testid="click-count"
          className="shrink-0 text-xs font-medium text-gray-600 dark:text-gray-300"
        >
          {code.clicks} {code.clicks === 1 ? 'click' : 'clicks'}
        </span>
      </div>
      {code.link && (
        <p className="line-clamp-2 text-sm text-gray-700 dark:text-gray-300">
          <LinkOrText link={code.link} />
        </p>
      )}
      {copy === 'failed' && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Failed to copy code. Please try selecting and copying manually.
        </p>
      )}
      <div className="mt-auto grid grid-cols-3 gap-2">
        <Button
          variant={copy === 'copied' ? 'success' : 'secondary'}
          aria-label={`Copy ${name}`}
          onClick={() =>
            copyText(code.code).then(
              () => setCopy('copied'),
              () => setCopy('failed'),
            )
          }
        >
          {copy === 'copied' ? 'Copied!' : 'Copy'}
        </Button>
        <Button variant="secondary" aria-label={`Edit ${name}`} onClick={() => onEdit(code)}>
          Edit
        </Button>
        <Button variant="secondary" aria-label={`Delete ${name}`} onClick={() => onDelete(code)}>
          Delete
        </Button>
      </div>
    </li>
  );
}
