import { useId, useState } from 'react';
import {
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportResult,
} from '../../../shared/account-schemas.ts';
import { ERROR_CODES } from '../../../shared/error-codes.ts';
import { Banner } from '../../components/ui/Banner.tsx';
import { Button, buttonClasses } from '../../components/ui/Button.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { fileToBase64, type ImportRequest, useImportCodes, useImportPreview } from './api.ts';

/** Codes whose message says what is wrong with the file, shown as sent. */
const FILE_ERRORS: ReadonlySet<string> = new Set([
  ERROR_CODES.importUnreadable,
  ERROR_CODES.validation,
  ERROR_CODES.codeLimitReached,
  ERROR_CODES.rateLimited,
  ERROR_CODES.payloadTooLarge,
]);

function messageOf(error: unknown): string {
  return isApiError(error) && FILE_ERRORS.has(error.code)
    ? error.message
    : IMPORT_MESSAGES.importFailed;
}

function Preview({ result }: { result: ImportResult }) {
  return (
    <div className="space-y-3 text-sm">
      <p className="font-medium text-gray-900 dark:text-white">
        {result.add.length} to add · {result.skipped.length} skipped · {result.refused.length}{' '}
        refused
      </p>
      {(result.profile || result.avatar) && (
        <ul className="space-y-1 text-gray-700 dark:text-gray-300">
          {result.profile && <li>{IMPORT_MESSAGES.profileReplaced}</li>}
          {result.avatar && <li>{IMPORT_MESSAGES.avatarReplaced}</li>}
        </ul>
      )}
      {result.add.length > 0 && (
        <div className="overflow-x-auto rounded-lg border border-gray-200 dark:border-gray-800">
          <table className="w-full text-left">
            <caption className="sr-only">Rows to add</caption>
            <thead className="bg-gray-50 text-gray-600 dark:bg-gray-800 dark:text-gray-300">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Row
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Service
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Code
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Reward
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200 text-gray-900 dark:divide-gray-800 dark:text-gray-100">
              {result.add.map((row) => (
                <tr key={row.row}>
                  <td className="px-3 py-2 tabular-nums">{row.row}</td>
                  <td className="px-3 py-2">{row.serviceName}</td>
                  <td className="wrap-anywhere px-3 py-2 font-mono">{row.code}</td>
                  <td className="px-3 py-2">{row.reward}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {result.skipped.length > 0 && (
        <div>
          <h4 className="font-medium text-gray-900 dark:text-white">Skipped</h4>
          <ul className="mt-1 space-y-1 text-gray-700 dark:text-gray-300">
            {result.skipped.map((row) => (
              <li key={row.row}>
                Row {row.row}: {row.service} · <span className="font-mono">{row.code}</span> —{' '}
                {row.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {result.refused.length > 0 && (
        <div>
          <h4 className="font-medium text-red-700 dark:text-red-400">Refused</h4>
          <ul className="mt-1 space-y-1 text-red-700 dark:text-red-300">
            {result.refused.map((row) => (
              <li key={row.row}>
                {row.row === 0 ? IMPORT_MESSAGES.profileRow : `Row ${row.row}`}:
                {row.messages.length === 1 ? (
                  ` ${row.messages[0]}`
                ) : (
                  <ul className="list-disc pl-5">
                    {row.messages.map((message) => (
                      <li key={message}>{message}</li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** Download my data (JSON, CSV) and import codes from a file, with a preview first. */
export function DataSection() {
  const inputId = useId();
  const preview = useImportPreview();
  const importCodes = useImportCodes();
  const [file, setFile] = useState<ImportRequest | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Said here, beside the file and the button, not in the page's banner above the fold.
  const [imported, setImported] = useState<number | null>(null);

  const reset = () => {
    setFile(null);
    preview.reset();
  };

  const choose = async (chosen: File | undefined) => {
    setError(null);
    setImported(null);
    reset();
    if (!chosen) return;
    if (chosen.size > IMPORT_LIMITS.maxBytes) {
      setError(IMPORT_MESSAGES.tooLarge);
      return;
    }
    const request = { fileName: chosen.name, content: await fileToBase64(chosen) };
    try {
      await preview.mutateAsync(request);
      setFile(request);
    } catch (failure) {
      setError(messageOf(failure));
    }
  };

  const run = async () => {
    if (!file) return;
    try {
      const result = await importCodes.mutateAsync(file);
      reset();
      setImported(result.add.length);
    } catch (failure) {
      setError(messageOf(failure));
    }
  };

  const plan = preview.data;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap gap-2">
        <a href="/api/me/export" download className={buttonClasses('secondary')}>
          Download my data (JSON)
        </a>
        <a href="/api/me/export/codes.csv" download className={buttonClasses('secondary')}>
          Download codes (CSV)
        </a>
      </div>
      <div className="space-y-3">
        <label
          htmlFor={inputId}
          className="block text-sm font-medium text-gray-900 dark:text-white"
        >
          Import codes from a CSV or JSON file
        </label>
        <p className="text-sm text-gray-600 dark:text-gray-300">
          The CSV's columns: service, productName, code, reward, link, then optionally listed,
          expiresAt and countries (as in the download). At most 1 MB and 500 rows. You see what will
          be added before anything changes.
        </p>
        <input
          id={inputId}
          type="file"
          accept=".csv,.json,text/csv,application/json"
          onChange={(event) => void choose(event.target.files?.[0])}
          className="block w-full text-sm text-gray-700 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-gray-100 file:px-4 file:font-medium file:text-gray-900 dark:text-gray-200 dark:file:bg-gray-800 dark:file:text-gray-100"
        />
        {preview.isPending && <p className="text-sm text-gray-600 dark:text-gray-300">Reading…</p>}
        {error && <Banner tone="error">{error}</Banner>}
        {imported !== null && (
          <Banner tone="success">
            Imported {imported} {imported === 1 ? 'code' : 'codes'} successfully
          </Banner>
        )}
        {plan && (
          <div className="space-y-3 rounded-xl border border-gray-200 p-4 dark:border-gray-800">
            <Preview result={plan} />
            {plan.limitMessage && <Banner tone="error">{plan.limitMessage}</Banner>}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={reset} disabled={importCodes.isPending}>
                Cancel
              </Button>
              <Button
                onClick={run}
                loading={importCodes.isPending}
                disabled={plan.add.length === 0 || plan.limitMessage !== null}
              >
                Import {plan.add.length} {plan.add.length === 1 ? 'code' : 'codes'}
              </Button>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
