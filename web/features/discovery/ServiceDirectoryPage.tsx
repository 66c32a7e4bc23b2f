import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ServiceLogo } from '../../components/services/ServiceLogo.tsx';
import { useServices } from '../../components/services/services-api.ts';
import { paths } from '../../paths.ts';
import { useServiceDirectory } from './api.ts';
import { DIRECTORY_TITLE } from './service-meta.ts';

const UNLISTED_SUGGESTIONS = 3;

/** `/s` (decision 070): every service with a listed code, with how many, filtered by name. */
export default function ServiceDirectoryPage() {
  const directory = useServiceDirectory();
  const [filter, setFilter] = useState('');
  useEffect(() => {
    document.title = DIRECTORY_TITLE;
  }, []);
  const needle = filter.trim().toLowerCase();
  const services = (directory.data?.services ?? []).filter((service) =>
    service.name.toLowerCase().includes(needle),
  );
  const noListedMatch = Boolean(directory.data && needle && services.length === 0);
  // The catalogue is fetched only when a search finds no listed code: a known service with no
  // code yet invites the visitor to add theirs instead of a dead end (issue 24).
  const catalogue = useServices({ enabled: noListedMatch });
  const unlisted = noListedMatch
    ? (catalogue.data ?? [])
        .filter((service) => service.name.toLowerCase().includes(needle))
        .slice(0, UNLISTED_SUGGESTIONS)
    : [];
  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl dark:text-white">
        Find a referral code
      </h1>
      <p className="mt-2 text-gray-600 dark:text-gray-300">
        Codes shared by Refstash members, for every service they listed.
      </p>
      <label className="mt-6 block max-w-md text-sm font-medium text-gray-700 dark:text-gray-200">
        Search services
        <input
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          placeholder="Uber, Airbnb…"
          className="mt-1 block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 text-gray-900 dark:border-gray-700 dark:bg-gray-900 dark:text-white"
        />
      </label>
      {directory.isError && (
        <p role="alert" className="mt-6 text-sm text-red-700 dark:text-red-300">
          Failed to load services
        </p>
      )}
      {directory.data && services.length === 0 && unlisted.length > 0 && (
        <ul className="mt-8 space-y-3">
          {unlisted.map((service) => (
            <li
              key={service.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-dashed border-gray-300 px-4 py-4 text-gray-700 dark:border-gray-700 dark:text-gray-200"
            >
              <span>There is no {service.name} code yet.</span>
              <Link
                to={`${paths.dashboard}?service=${encodeURIComponent(service.id)}`}
                className="inline-flex min-h-11 items-center font-semibold text-accent-700 underline underline-offset-2 dark:text-accent-300"
              >
                Add yours
              </Link>
            </li>
          ))}
        </ul>
      )}
      {directory.data && services.length === 0 && unlisted.length === 0 && (
        <p className="mt-8 rounded-xl border border-dashed border-gray-300 px-4 py-12 text-center text-gray-600 dark:border-gray-700 dark:text-gray-300">
          {needle ? 'No service matches your search' : 'No codes are listed yet'}
        </p>
      )}
      <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {services.map((service) => (
          <li key={service.id}>
            <a
              href={`/s/${service.id}`}
              className="flex min-h-16 items-center gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm transition hover:border-accent-300 dark:border-gray-800 dark:bg-gray-900 dark:hover:border-accent-700"
            >
              <span aria-hidden="true" className="contents">
                <ServiceLogo serviceId={service.id} name={service.name} size={40} />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-semibold text-gray-900 dark:text-white">
                  {service.name}
                </span>
                <span className="block text-sm text-gray-600 dark:text-gray-300">
                  {service.codes} {service.codes === 1 ? 'code' : 'codes'}
                </span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
