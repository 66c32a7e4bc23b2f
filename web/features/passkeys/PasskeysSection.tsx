import { useEffect, useState } from 'react';
import {
  PASSKEY_MESSAGES,
  type PasskeyView,
  renamePasskeySchema,
} from '../../../shared/passkey-schemas.ts';
import { Banner } from '../../components/ui/Banner.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { FormBanner } from '../../components/ui/FormBanner.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { formatShortDate } from '../../lib/format-date.ts';
import { submitRequest, textField, useZodForm } from '../../lib/forms.ts';
import { useTimedBanner } from '../../lib/use-timed-banner.ts';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from './api.ts';
import { canUsePasskeys, passkeyErrorMessage } from './passkey-support.ts';

function RenameForm({ passkey, onDone }: { passkey: PasskeyView; onDone: (ok: boolean) => void }) {
  const rename = useRenamePasskey();
  const form = useZodForm(renamePasskeySchema, { defaultValues: { name: passkey.name } });
  const onSubmit = submitRequest(
    form,
    async ({ name }) => {
      await rename.mutateAsync({ id: passkey.id, name });
      onDone(true);
    },
    { fallback: PASSKEY_MESSAGES.renameFailed },
  );
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3">
      <FormBanner form={form} />
      <TextField label="Passkey name" autoFocus maxLength={60} {...textField(form, 'name')} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={form.formState.isSubmitting}>
          Save
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={() => onDone(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function RemoveDialog({
  passkey,
  onClose,
  onRemoved,
}: {
  passkey: PasskeyView | null;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const remove = useRemovePasskey();
  return (
    <Modal open={passkey !== null} onClose={onClose} title="Remove passkey" widthClass="max-w-md">
      {passkey && (
        <div className="space-y-4">
          <p className="text-gray-700 dark:text-gray-200">
            Remove <strong className="wrap-anywhere">{passkey.name}</strong>? It will no longer sign
            you in. The e-mail link keeps working.
          </p>
          {remove.isError && <Banner tone="error">{PASSKEY_MESSAGES.removeFailed}</Banner>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button
              variant="error"
              loading={remove.isPending}
              onClick={() => remove.mutate(passkey.id, { onSuccess: onRemoved })}
            >
              Remove
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}

function PasskeyRow({
  passkey,
  onRemove,
  onRenamed,
}: {
  passkey: PasskeyView;
  onRemove: () => void;
  onRenamed: () => void;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <li className="py-3 first:pt-0 last:pb-0">
      {editing ? (
        <RenameForm
          passkey={passkey}
          onDone={(ok) => {
            setEditing(false);
            if (ok) onRenamed();
          }}
        />
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0 space-y-0.5">
            <p className="wrap-anywhere font-medium text-gray-900 dark:text-white">
              {passkey.name}
            </p>
            <p className="text-sm text-gray-600 dark:text-gray-300">
              Added {formatShortDate(passkey.createdAt)} ·{' '}
              {passkey.lastUsedAt
                ? `Last used ${formatShortDate(passkey.lastUsedAt)}`
                : 'Not used yet'}
            </p>
          </div>
          <div className="flex shrink-0 gap-2">
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setEditing(true)}
              aria-label={`Rename ${passkey.name}`}
            >
              Rename
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={onRemove}
              aria-label={`Remove ${passkey.name}`}
            >
              Remove
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}

/** Settings → Passkeys (issue 27): add one, and rename or remove each. */
export function PasskeysSection() {
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const banner = useTimedBanner();
  const [removing, setRemoving] = useState<PasskeyView | null>(null);
  const [error, setError] = useState<string | undefined>();
  // Known only in the browser, after the first render.
  const [supported, setSupported] = useState<boolean | null>(null);
  useEffect(() => setSupported(canUsePasskeys()), []);

  const onAdd = () => {
    setError(undefined);
    banner.hide();
    add.mutate(undefined, {
      onSuccess: () => banner.show(PASSKEY_MESSAGES.added),
      onError: (failure) => setError(passkeyErrorMessage(failure, PASSKEY_MESSAGES.addFailed)),
    });
  };

  return (
    <div className="space-y-4">
      {passkeys.isPending ? (
        <div
          className="h-12 animate-pulse rounded-lg bg-gray-100 dark:bg-gray-800"
          aria-busy="true"
        />
      ) : passkeys.isError ? (
        <Banner tone="error">Failed to load your passkeys</Banner>
      ) : passkeys.data.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-300">You have no passkeys yet.</p>
      ) : (
        <ul
          aria-label="Your passkeys"
          className="divide-y divide-gray-200 rounded-lg border border-gray-200 px-4 py-3 dark:divide-gray-800 dark:border-gray-800"
        >
          {passkeys.data.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              onRemove={() => setRemoving(passkey)}
              onRenamed={() => banner.show(PASSKEY_MESSAGES.renamed)}
            />
          ))}
        </ul>
      )}
      {banner.message && <Banner tone="success">{banner.message}</Banner>}
      {error && <Banner tone="error">{error}</Banner>}
      {supported === false ? (
        <p className="text-sm text-gray-600 dark:text-gray-300">
          This browser cannot use passkeys on this address.
        </p>
      ) : (
        <Button onClick={onAdd} loading={add.isPending} disabled={supported === null}>
          Add a passkey
        </Button>
      )}
      <RemoveDialog
        passkey={removing}
        onClose={() => setRemoving(null)}
        onRemoved={() => {
          setRemoving(null);
          banner.show(PASSKEY_MESSAGES.removed);
        }}
      />
    </div>
  );
}
