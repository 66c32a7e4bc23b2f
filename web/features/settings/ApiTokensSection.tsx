import { useState } from 'react';
import { type ApiToken, type CreatedToken, TOKEN_MESSAGES } from '../../../shared/token-schemas.ts';
import { copyText } from '../../components/codes/clipboard.ts';
import { Banner } from '../../components/ui/Banner.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { formatShortDate } from '../../lib/format-date.ts';
import { CreateTokenForm } from './CreateTokenForm.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { useApiTokens, useRevokeApiToken } from './tokens-api.ts';

/** The new token's secret, shown this once, with a copy button. */
function NewTokenNotice({ created, onDone }: { created: CreatedToken; onDone: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed'>();
  return (
    <div
      role="status"
      className="space-y-3 rounded-xl border border-green-200 bg-green-50 p-4 dark:border-green-800 dark:bg-green-950"
    >
      <p className="text-sm font-semibold text-green-900 dark:text-green-100">
        Token '{created.token.name}' created
      </p>
      <p className="text-sm text-green-900 dark:text-green-100">{TOKEN_MESSAGES.shownOnce}</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          data-testid="new-token-secret"
          className="min-w-0 flex-1 break-all rounded-lg border border-green-300 bg-white px-3 py-2 font-mono text-sm text-gray-900 select-all dark:border-green-700 dark:bg-gray-950 dark:text-gray-100"
        >
          {created.secret}
        </code>
        <Button
          variant="secondary"
          onClick={() =>
            copyText(created.secret).then(
              () => setCopied('yes'),
              () => setCopied('failed'),
            )
          }
        >
          {copied === 'yes' ? 'Copied' : 'Copy'}
        </Button>
      </div>
      {copied === 'failed' && (
        <p className="text-sm text-red-700 dark:text-red-300">{TOKEN_MESSAGES.copyFailed}</p>
      )}
      <Button variant="secondary" size="sm" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}

function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  const expired = token.expiresAt !== null && Date.parse(token.expiresAt) <= Date.now();
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0 space-y-1">
        <p className="font-medium break-words text-gray-900 dark:text-white">{token.name}</p>
        <ul className="flex flex-wrap gap-1.5" aria-label="Scopes">
          {token.scopes.map((scope) => (
            <li
              key={scope}
              className="rounded-full bg-gray-100 px-2 py-0.5 font-mono text-xs text-gray-800 dark:bg-gray-800 dark:text-gray-200"
            >
              {scope}
            </li>
          ))}
        </ul>
        <p className="text-sm text-gray-600 dark:text-gray-300">
          <span className="whitespace-nowrap">Created {formatShortDate(token.createdAt)}</span>
          {' · '}
          <span className="whitespace-nowrap">
            Last used {token.lastUsedAt ? formatShortDate(token.lastUsedAt) : 'never'}
          </span>
          {' · '}
          {token.expiresAt === null ? (
            'Never expires'
          ) : expired ? (
            <span className="whitespace-nowrap font-medium text-red-700 dark:text-red-300">
              Expired {formatShortDate(token.expiresAt)}
            </span>
          ) : (
            <span className="whitespace-nowrap">Expires {formatShortDate(token.expiresAt)}</span>
          )}
        </p>
      </div>
      <Button variant="secondary" size="sm" onClick={onRevoke} aria-label={`Revoke ${token.name}`}>
        Revoke
      </Button>
    </li>
  );
}

/**
 * Settings → 'API tokens' (decision 107): create a token (shown once), list them with scopes and
 * dates, revoke one. A token is sent as `Authorization: Bearer rs_…`.
 */
export function ApiTokensSection() {
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const [created, setCreated] = useState<CreatedToken>();
  const [revoking, setRevoking] = useState<ApiToken>();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string }>();
  const list = tokens.data ?? [];

  return (
    <SettingsSection
      title="API tokens"
      description={
        <>
          Let a script use the API as you, with{' '}
          <code className="font-mono text-xs">Authorization: Bearer rs_…</code>. A token reaches
          only your codes and stats, as its scopes allow.
        </>
      }
    >
      {created ? (
        <NewTokenNotice created={created} onDone={() => setCreated(undefined)} />
      ) : (
        <CreateTokenForm
          onCreated={(next) => {
            setMessage(undefined);
            setCreated(next);
          }}
        />
      )}
      {tokens.isPending && <Spinner />}
      {tokens.isError && <Banner tone="error">{TOKEN_MESSAGES.loadFailed}</Banner>}
      {list.length > 0 && (
        <ul
          aria-label="Your API tokens"
          className="divide-y divide-gray-200 border-t border-gray-200 dark:divide-gray-800 dark:border-gray-800"
        >
          {list.map((token) => (
            <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
          ))}
        </ul>
      )}
      {message && <Banner tone={message.tone}>{message.text}</Banner>}
      <Modal
        open={revoking !== undefined}
        onClose={() => setRevoking(undefined)}
        title={`Revoke '${revoking?.name ?? ''}'?`}
      >
        <div className="space-y-4">
          <p className="text-sm text-gray-700 dark:text-gray-200">{TOKEN_MESSAGES.revokeConfirm}</p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setRevoking(undefined)}>
              Cancel
            </Button>
            <Button
              variant="error"
              loading={revoke.isPending}
              onClick={() => {
                if (!revoking) return;
                revoke.mutate(revoking.id, {
                  onSuccess: () => setMessage({ tone: 'success', text: TOKEN_MESSAGES.revoked }),
                  onError: () => setMessage({ tone: 'error', text: TOKEN_MESSAGES.revokeFailed }),
                  onSettled: () => setRevoking(undefined),
                });
              }}
            >
              Revoke token
            </Button>
          </div>
        </div>
      </Modal>
    </SettingsSection>
  );
}
