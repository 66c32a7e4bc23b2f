import { type KeyboardEvent, type Ref, useMemo, useState } from 'react';
import { ServiceLogo } from '../../components/services/ServiceLogo.tsx';
import type { Service } from '../../components/services/services-api.ts';
import { Field, inputClasses } from '../../components/ui/TextField.tsx';
import type { ServiceChoice } from './code-form-schema.ts';
import { rankServices } from './service-ranking.ts';

export interface ServiceSelectProps {
  services: Service[];
  loading: boolean;
  /** The chosen id ('' when none) and what the box shows. */
  value: ServiceChoice;
  onChange: (next: ServiceChoice) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLInputElement>;
  error?: string;
  onRequestService: () => void;
  /** The typed name is a service the user has asked for already: it is not offered again. */
  requested?: boolean;
}

const MAX_OPTIONS = 50;

const LIST_CLASSES =
  'absolute z-10 mt-1 max-h-60 w-full overflow-y-auto rounded-lg border border-gray-200 bg-white py-1 shadow-lg dark:border-gray-700 dark:bg-gray-900';

/**
 * A searchable select over the services list, filtering by display name (spec §5), best matches
 * first. When nothing matches, the list's one option requests the service (issue 13, item 4).
 */
export function ServiceSelect({
  services,
  loading,
  value: { id: chosenId, query },
  onChange,
  onBlur,
  ref,
  error,
  onRequestService,
  requested = false,
}: ServiceSelectProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  const matches = useMemo(() => {
    const needle = query.trim().toLowerCase();
    const chosen = services.find((s) => s.id === chosenId);
    // With a service chosen, show the whole list again so it can be changed.
    const ranked = !needle || chosen?.name === query ? services : rankServices(services, needle);
    return ranked.slice(0, MAX_OPTIONS);
  }, [services, query, chosenId]);
  const requestName = query.trim();
  // Nothing matches what was typed: the list offers to request it instead.
  // Nothing matches what was typed: the list offers to request it instead, unless the user has
  // asked for it already (issue 24; the notice under the box says where that request stands).
  const offerRequest = !loading && matches.length === 0 && requestName !== '' && !requested;
  const optionCount = offerRequest ? 1 : matches.length;

  const choose = (service: Service) => {
    onChange({ id: service.id, query: service.name });
    setOpen(false);
  };
  const request = () => {
    setOpen(false);
    onRequestService();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + optionCount) % Math.max(optionCount, 1));
    } else if (event.key === 'Enter' && open && offerRequest) {
      event.preventDefault();
      request();
    } else if (event.key === 'Enter' && open && matches[active]) {
      event.preventDefault();
      choose(matches[active]);
    } else if (event.key === 'Escape' && open) {
      // Close the list, not the whole modal.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    // The request link sits beside the label, where the open list never covers it.
    <Field
      // 'Service name', so that the spec's 'Service name is required' reads right under it.
      label="Service name"
      error={error}
      labelAside={
        <button
          type="button"
          onClick={onRequestService}
          className="-mb-2 inline-flex min-h-11 items-center text-sm font-medium text-accent-700 underline-offset-2 hover:underline dark:text-accent-300"
        >
          Request a new service
        </button>
      }
    >
      {(control) => {
        const listId = `${control.id}-list`;
        const optionId = (service: Service) => `${listId}-${service.id}`;
        const requestId = `${listId}-request`;
        const activeOption = !open
          ? undefined
          : offerRequest
            ? requestId
            : matches[active]
              ? optionId(matches[active])
              : undefined;
        return (
          <>
            <input
              {...control}
              ref={ref}
              type="text"
              role="combobox"
              autoComplete="off"
              aria-autocomplete="list"
              aria-expanded={open}
              aria-controls={listId}
              aria-activedescendant={activeOption}
              placeholder={loading ? 'Loading services…' : 'Search services'}
              value={query}
              onChange={(event) => {
                onChange({ id: '', query: event.target.value });
                setActive(0);
                setOpen(true);
              }}
              onFocus={() => setOpen(true)}
              onBlur={() => {
                setOpen(false);
                onBlur?.();
              }}
              onKeyDown={onKeyDown}
              className={inputClasses(Boolean(error))}
            />
            {/* A list without options is a message, not a listbox (axe: a listbox must own
                options): loading, nothing matching, or a service asked for already. */}
            {open && optionCount === 0 && (
              <div id={listId} className={LIST_CLASSES}>
                <p className="px-3 py-2 text-sm text-gray-600 dark:text-gray-300">
                  {loading
                    ? 'Loading services…'
                    : requested
                      ? 'You have asked for this service already'
                      : 'No matching service'}
                </p>
              </div>
            )}
            {open && optionCount > 0 && (
              <div id={listId} role="listbox" aria-label="Services" className={LIST_CLASSES}>
                {offerRequest && (
                  <div
                    id={requestId}
                    role="option"
                    aria-selected={false}
                    tabIndex={-1}
                    onMouseDown={(event) => {
                      event.preventDefault();
                      request();
                    }}
                    className="flex min-h-11 cursor-pointer flex-col justify-center bg-accent-50 px-3 py-1.5 text-sm dark:bg-gray-800"
                  >
                    {/* Seen, not read: the option's name says it already. */}
                    <span aria-hidden="true" className="text-xs text-gray-600 dark:text-gray-300">
                      No matching service
                    </span>
                    <span className="wrap-anywhere font-medium text-accent-700 dark:text-accent-300">
                      Request '{requestName}'
                    </span>
                  </div>
                )}
                {matches.map((service, index) => (
                  <div
                    key={service.id}
                    id={optionId(service)}
                    role="option"
                    aria-selected={service.id === chosenId}
                    tabIndex={-1}
                    // mousedown, not click: it must win over the input's blur.
                    onMouseDown={(event) => {
                      event.preventDefault();
                      choose(service);
                    }}
                    onMouseEnter={() => setActive(index)}
                    className={`flex min-h-11 cursor-pointer items-center gap-2 px-3 text-sm text-gray-800 dark:text-gray-100 ${
                      index === active ? 'bg-accent-50 dark:bg-gray-800' : ''
                    }`}
                  >
                    <span aria-hidden="true" className="contents">
                      <ServiceLogo serviceId={service.id} name={service.name} size={24} />
                    </span>
                    {service.name}
                  </div>
                ))}
              </div>
            )}
          </>
        );
      }}
    </Field>
  );
}
