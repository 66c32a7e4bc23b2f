import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { countriesByName } from '../../../shared/countries.ts';
import type { AvatarDto } from '../../../shared/profile-identity.ts';
import { GoBack, NotFoundPage } from '../../components/errors/NotFoundPage.tsx';
import { ServiceLogo } from '../../components/services/ServiceLogo.tsx';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { paths } from '../../paths.ts';
import { useServiceCodes } from './api.ts';
import { ServiceCodeCard } from './ServiceCodeCard.tsx';
import { serviceTitle } from './service-meta.ts';

// The popup (modal, QR) is its own chunk, as on profiles.
const CodeDetailDialog = lazy(() => import('../../components/codes/CodeDetailDialog.tsx'));

const COUNTRIES = countriesByName();

/** The owner as a card shows them (issue 26): `owner` of ServiceCodeDto, from the server half. */
interface CardOwner {
  username: string;
  owner?: { displayName: string | null; avatar: AvatarDto | null };
}

function ownerIdentity(code: CardOwner): {
  displayName: string | null;
  avatar: AvatarDto | null;
} {
  return { displayName: code.owner?.displayName ?? null, avatar: code.owner?.avatar ?? null };
}

/**
 * `/s/:serviceId` (decision 070): the codes listed for one service by every member, one per
 * owner, in the rotation the server chose for this view; 'Show more' continues it.
 */
export default function ServicePage() {
  const { serviceId = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const country = search.get('country')?.toUpperCase() || undefined;
  const query = useServiceCodes(serviceId, country);
  const [openId, setOpenId] = useState<string | null>(null);
  const [copiedId, setCopiedId] = useState<string | null>(null);
  const [dialogLoaded, setDialogLoaded] = useState(false);
  const first = query.data?.pages[0];
  const name = first?.service.name;

  useEffect(() => {
    if (name) document.title = serviceTitle(name);
  }, [name]);

  if (first === null) {
    return (
      <NotFoundPage
        title="Service not found"
        message="No service has this address. Find it among the services with codes."
        actions={
          <>
            <a href={paths.directory} className={buttonClasses('primary')}>
              Find a code
            </a>
            <GoBack />
          </>
        }
      />
    );
  }
  if (query.isPending) {
    return <section className="mx-auto max-w-5xl px-4 py-8" aria-busy="true" />;
  }
  if (query.isError || !first) {
    return (
      <section className="mx-auto max-w-5xl px-4 py-8">
        <p
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          Failed to load codes
        </p>
      </section>
    );
  }
  const codes = query.data.pages.flatMap((page) => page?.codes ?? []);
  const openCode = codes.find((code) => code.id === openId) ?? null;
  const { service } = first;

  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <div className="flex items-center gap-4">
        <ServiceLogo serviceId={service.id} name={service.name} size={64} />
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl dark:text-white">
            {service.name} referral codes
          </h1>
          <p className="text-sm text-gray-600 dark:text-gray-300">{service.domain}</p>
        </div>
      </div>
      <form
        method="get"
        action={`/s/${service.id}`}
        className="mt-6 flex flex-wrap items-end gap-2"
        onSubmit={(event) => event.preventDefault()}
      >
        <label className="flex flex-col text-sm font-medium text-gray-700 dark:text-gray-200">
          Works in
          <select
            name="country"
            value={country ?? ''}
            onChange={(event) => {
              const value = event.target.value;
              navigate(value ? `/s/${service.id}?country=${value}` : `/s/${service.id}`);
            }}
            className="mt-1 min-h-11 rounded-lg border border-gray-300 bg-white px-3 text-gray-900 dark:border-gray-700 dark:bg-gray-900 dark:text-white"
          >
            <option value="">Every country</option>
            {COUNTRIES.map((item) => (
              <option key={item.code} value={item.code}>
                {item.name}
              </option>
            ))}
          </select>
        </label>
        <noscript>
          <button type="submit" className={buttonClasses('secondary')}>
            Filter
          </button>
        </noscript>
      </form>
      {codes.length === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed border-gray-300 px-4 py-12 text-center text-gray-600 dark:border-gray-700 dark:text-gray-300">
          <p>
            No {service.name} referral codes are listed{country ? ' for this country' : ''} yet.
          </p>
          <a href={paths.dashboard} className={`${buttonClasses('primary')} mt-4`}>
            Add yours
          </a>
        </div>
      ) : (
        <>
          <p className="mt-4 text-gray-600 dark:text-gray-300">
            {first.total} {first.total === 1 ? 'code' : 'codes'}, one per member, in a rotating
            order. Open a card to see and copy its code.
          </p>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {codes.map((code) => (
              <ServiceCodeCard
                key={code.id}
                code={code}
                {...ownerIdentity(code)}
                copied={copiedId === code.id}
                onOpen={() => {
                  setDialogLoaded(true);
                  setOpenId(code.id);
                }}
              />
            ))}
          </ul>
          {query.hasNextPage && (
            <div className="mt-6 flex justify-center">
              <button
                type="button"
                className={buttonClasses('secondary')}
                disabled={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                {query.isFetchingNextPage ? 'Loading…' : 'Show more'}
              </button>
            </div>
          )}
        </>
      )}
      {dialogLoaded && (
        <Suspense fallback={null}>
          <CodeDetailDialog
            code={openCode}
            onClose={() => setOpenId(null)}
            onCopiedChange={setCopiedId}
            onAnswered={(codeId) => {
              setOpenId((current) => (current === codeId ? null : current));
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
