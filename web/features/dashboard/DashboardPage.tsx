import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CodeDto } from '../../../shared/code-schemas.ts';
import { type Service, useServices } from '../../components/services/services-api.ts';
import { Banner } from '../../components/ui/Banner.tsx';
import { Button, buttonClasses } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { useMe, useSignOut } from '../../lib/session.ts';
import { useTimedBanner } from '../../lib/use-timed-banner.ts';
import { paths } from '../../paths.ts';
import { useCodes, useCreateCode, useDeleteCode, useUpdateCode } from './api.ts';
import { CodeForm } from './CodeForm.tsx';
import { CodeList, CodeListSkeleton } from './CodeList.tsx';
import { DeleteCodeDialog } from './DeleteCodeDialog.tsx';
import { ServiceRequestsSection } from './ServiceRequestsSection.tsx';
import { ShareBox } from './ShareBox.tsx';
import { useServiceFromLink, useServicesKnowApproved } from './service-links.ts';

type Editor = { mode: 'create'; service?: Service } | { mode: 'edit'; code: CodeDto } | null;

/** The dashboard of spec §2: the signed-in user's own codes (RequireAuth guards it). */
export default function DashboardPage() {
  const me = useMe().data;
  const signOut = useSignOut();
  const navigate = useNavigate();
  const codes = useCodes();
  const createCode = useCreateCode();
  const updateCode = useUpdateCode();
  const deleteCode = useDeleteCode();
  const banner = useTimedBanner();
  const [editor, setEditor] = useState<Editor>(null);
  const [deleting, setDeleting] = useState<CodeDto | null>(null);
  const services = useServices();
  const openCreate = useCallback((service?: Service) => setEditor({ mode: 'create', service }), []);
  useServiceFromLink(openCreate);
  useServicesKnowApproved();

  useEffect(() => {
    document.title = 'Dashboard · Refstash';
  }, []);

  if (!me?.username) return null;

  const closeDelete = () => {
    deleteCode.reset();
    setDeleting(null);
  };

  return (
    <section className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:py-10">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl dark:text-white">
            Your codes
          </h1>
          <p className="truncate text-sm text-gray-600 dark:text-gray-300">{me.email}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={paths.stats} className={buttonClasses('secondary')}>
            Stats
          </Link>
          <Button
            variant="secondary"
            loading={signOut.isPending}
            onClick={() => signOut.mutate(undefined, { onSettled: () => navigate(paths.home) })}
          >
            Sign out
          </Button>
        </div>
      </header>

      <ShareBox username={me.username} />

      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-gray-900 dark:text-white">
          Referral codes
          {codes.data && codes.data.length > 0 && (
            <span className="ml-2 text-sm font-normal text-gray-600 dark:text-gray-400">
              {codes.data.length}
            </span>
          )}
        </h2>
        <Button onClick={() => openCreate()}>
          <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" aria-hidden="true">
            <path d="M10 4a1 1 0 0 1 1 1v4h4a1 1 0 1 1 0 2h-4v4a1 1 0 1 1-2 0v-4H5a1 1 0 1 1 0-2h4V5a1 1 0 0 1 1-1Z" />
          </svg>
          Create New Code
        </Button>
      </div>

      {banner.message && (
        <Banner tone="success" onDismiss={banner.hide}>
          {banner.message}
        </Banner>
      )}

      {codes.isPending ? (
        <CodeListSkeleton />
      ) : codes.isError ? (
        <Banner tone="error">
          <span>Failed to fetch codes</span>{' '}
          <button type="button" className="font-semibold underline" onClick={() => codes.refetch()}>
            Try again
          </button>
        </Banner>
      ) : (
        <CodeList
          codes={codes.data}
          onEdit={(code) => setEditor({ mode: 'edit', code })}
          onDelete={setDeleting}
        />
      )}

      <ServiceRequestsSection
        onAddCode={(request) =>
          openCreate(
            services.data?.find((s) => s.id === request.serviceId) ?? {
              id: request.serviceId,
              name: request.displayName,
              domain: request.domain,
              linkHosts: [],
            },
          )
        }
      />

      <Modal
        open={editor !== null}
        onClose={() => setEditor(null)}
        title={editor?.mode === 'edit' ? 'Edit Code' : 'Create New Code'}
      >
        {editor && (
          <CodeForm
            key={editor.mode === 'edit' ? editor.code.id : 'new'}
            initial={editor.mode === 'edit' ? editor.code : undefined}
            initialService={editor.mode === 'create' ? editor.service : undefined}
            submitLabel={editor.mode === 'edit' ? 'Save Changes' : 'Create Code'}
            failureMessage={
              editor.mode === 'edit' ? 'Failed to update code' : 'Failed to create code'
            }
            onCancel={() => setEditor(null)}
            onSubmit={async (values) => {
              if (editor.mode === 'edit') {
                await updateCode.mutateAsync({ id: editor.code.id, values });
                banner.show('Code updated successfully');
              } else {
                await createCode.mutateAsync(values);
                banner.show('Code created successfully');
              }
              setEditor(null);
            }}
          />
        )}
      </Modal>

      <DeleteCodeDialog
        code={deleting}
        deleting={deleteCode.isPending}
        failed={deleteCode.isError}
        onClose={closeDelete}
        onConfirm={(code) =>
          deleteCode.mutate(code.id, {
            onSuccess: () => {
              closeDelete();
              banner.show('Code deleted successfully');
            },
          })
        }
      />
    </section>
  );
}
