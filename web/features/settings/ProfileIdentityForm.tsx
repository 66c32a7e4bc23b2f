import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { ACCENT_LABELS, accentVariables } from '../../../shared/accent-palette.ts';
import type { CodeModeration } from '../../../shared/moderation-schemas.ts';
import {
  ACCENT_NAMES,
  type AccentName,
  DEFAULT_ACCENT,
  IDENTITY_LIMITS,
  IDENTITY_MESSAGES,
  type ProfileIdentityDto,
  type ProfileIdentityInput,
  profileIdentityInputSchema,
  profileLinkKind,
} from '../../../shared/profile-identity.ts';
import { IDENTITY_SCREEN_MESSAGES } from '../../../shared/profile-identity-screens.ts';
import { ProfileHeader } from '../../components/profile/ProfileHeader.tsx';
import { Banner } from '../../components/ui/Banner.tsx';
import { Button, buttonClasses } from '../../components/ui/Button.tsx';
import { FormBanner } from '../../components/ui/FormBanner.tsx';
import { TextareaField, TextField } from '../../components/ui/TextField.tsx';
import { submitRequest, textField, useZodForm } from '../../lib/forms.ts';
// As the dashboard shows a hidden code: the one notice with its reason and appeal.
import { HiddenCodeNotice } from '../moderation/HiddenCodeNotice.tsx';
import { AccentPicker } from './AccentPicker.tsx';
import { AvatarField } from './AvatarField.tsx';
import { useMyProfile, useSaveProfileIdentity } from './profile-identity-api.ts';

/** The form's values from the saved identity: 'not set' is an empty field. */
function toInput(identity: ProfileIdentityDto): ProfileIdentityInput {
  return {
    displayName: identity.displayName ?? '',
    bio: identity.bio ?? '',
    links: identity.links.map((link) => link.url),
    accent: identity.accent,
  };
}

const HTTPS = /^https:\/\/[^\s/]+\.[^\s]+$/i;

/** What the preview shows for the values as typed: only links that would be accepted. */
export function previewIdentity(
  values: Partial<ProfileIdentityInput>,
  avatar: ProfileIdentityDto['avatar'],
): ProfileIdentityDto {
  const accent = (ACCENT_NAMES as readonly string[]).includes(values.accent ?? '')
    ? (values.accent as AccentName)
    : DEFAULT_ACCENT;
  return {
    displayName: values.displayName?.trim() || null,
    bio: values.bio?.trim() || null,
    avatar,
    links: (values.links ?? [])
      .map((url) => (url ?? '').trim())
      .filter((url) => HTTPS.test(url))
      .map((url) => ({ url, kind: profileLinkKind(url) })),
    accent,
  };
}

/** Settings → Profile: loads the owner's identity, then the form. */
export function ProfileIdentitySection({
  username,
  onSaved,
}: {
  username: string;
  onSaved: () => void;
}) {
  const profile = useMyProfile();
  if (profile.isPending) {
    return (
      <div role="status" aria-busy="true" className="animate-pulse space-y-3">
        <span className="sr-only">Loading…</span>
        <div className="h-24 w-24 rounded-full bg-gray-200 dark:bg-gray-800" />
        <div className="h-11 rounded-lg bg-gray-200 dark:bg-gray-800" />
        <div className="h-24 rounded-lg bg-gray-200 dark:bg-gray-800" />
      </div>
    );
  }
  if (profile.isError) {
    return <Banner tone="error">{IDENTITY_SCREEN_MESSAGES.loadFailed}</Banner>;
  }
  // An admin's 'Hide profile details' (issue 26): the owner sees why, and can appeal once.
  const moderation = (profile.data as { moderation?: CodeModeration }).moderation ?? null;
  return (
    <div className="space-y-5">
      {moderation && (
        <div className="space-y-2">
          <p className="text-sm text-gray-700 dark:text-gray-200">
            {IDENTITY_SCREEN_MESSAGES.detailsHidden}
          </p>
          <HiddenCodeNotice
            moderation={moderation}
            what="profile details"
            onAppealed={() => void profile.refetch()}
          />
        </div>
      )}
      <ProfileIdentityForm username={username} identity={profile.data} onSaved={onSaved} />
    </div>
  );
}

/**
 * The profile's identity (issue 26): display name, bio with its counter, up to 5 links, the accent
 * colour, and the picture (its own upload), beside a live preview of the profile's header as the
 * owner types. One form made the project's way: useZodForm on the shared schema, the shared
 * messages, server errors onto the fields or the banner.
 */
export function ProfileIdentityForm({
  username,
  identity,
  onSaved,
}: {
  username: string;
  identity: ProfileIdentityDto;
  onSaved: () => void;
}) {
  const form = useZodForm(profileIdentityInputSchema, { defaultValues: toInput(identity) });
  const save = useSaveProfileIdentity();
  const values = useWatch({ control: form.control }) as Partial<ProfileIdentityInput>;
  const [chosenAvatar, setChosenAvatar] = useState<string | null>(null);
  const links = values.links ?? [];
  const bioLength = values.bio?.length ?? 0;
  const preview = previewIdentity(
    values,
    chosenAvatar ? { url128: chosenAvatar, url512: chosenAvatar } : identity.avatar,
  );
  const linksError =
    form.formState.errors.links?.message ?? form.formState.errors.links?.root?.message;

  const setLinks = (next: string[]) =>
    form.setValue('links', next, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });

  const onSubmit = submitRequest(
    form,
    async (input) => {
      const saved = await save.mutateAsync(input);
      form.reset(saved && typeof saved === 'object' && 'accent' in saved ? toInput(saved) : input);
      onSaved();
    },
    { fallback: IDENTITY_MESSAGES.saveFailed, passThrough: ['validation_failed'] },
  );

  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_17rem]">
      <div className="min-w-0 space-y-6">
        <AvatarField
          name={preview.displayName ?? username}
          avatar={identity.avatar}
          onPreview={setChosenAvatar}
        />
        <form noValidate className="space-y-5" onSubmit={onSubmit}>
          <FormBanner form={form} />
          <TextField
            label="Display name"
            optional
            autoComplete="name"
            hint={`Shown above @${username}. At most ${IDENTITY_LIMITS.displayNameMax} characters.`}
            {...textField(form, 'displayName')}
          />
          <TextareaField
            label="Bio"
            optional
            rows={4}
            hint={
              <span className="flex justify-between gap-3">
                <span>Plain text; line breaks are kept.</span>
                <span
                  data-bio-counter=""
                  className={`shrink-0 tabular-nums ${
                    bioLength > IDENTITY_LIMITS.bioMax
                      ? 'font-semibold text-red-700 dark:text-red-400'
                      : ''
                  }`}
                >
                  {bioLength}/{IDENTITY_LIMITS.bioMax}
                </span>
              </span>
            }
            {...textField(form, 'bio')}
          />
          <fieldset className="space-y-3">
            <legend className="block text-sm font-medium text-gray-800 dark:text-gray-100">
              Links
              <span className="font-normal text-gray-600 dark:text-gray-400"> (optional)</span>
            </legend>
            <p className="text-sm text-gray-600 dark:text-gray-300">
              Up to {IDENTITY_LIMITS.linksMax}: your website, Instagram, X, YouTube, TikTok or any
              https:// address.
            </p>
            {links.map((_, index) => (
              <Controller
                // Rows are positions in the list: removing one moves the next up.
                // biome-ignore lint/suspicious/noArrayIndexKey: the row is its position
                key={index}
                control={form.control}
                name={`links.${index}`}
                render={({ field, fieldState }) => (
                  // The remove button stays beside its box on a phone too (a Field's
                  // controlAside stacks there), level with the box under the label.
                  <div className="flex items-start gap-2">
                    <TextField
                      className="min-w-0 flex-1"
                      label={`Link ${index + 1}`}
                      type="url"
                      inputMode="url"
                      autoComplete="url"
                      spellCheck={false}
                      autoCapitalize="none"
                      placeholder="https://"
                      {...field}
                      value={field.value ?? ''}
                      error={fieldState.error?.message}
                    />
                    <button
                      type="button"
                      aria-label={`Remove link ${index + 1}`}
                      onClick={() => setLinks(links.filter((__, other) => other !== index))}
                      className={`${buttonClasses('secondary')} mt-[26px] w-11 shrink-0 px-0`}
                    >
                      <svg
                        viewBox="0 0 20 20"
                        className="h-4 w-4"
                        aria-hidden="true"
                        fill="currentColor"
                      >
                        <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
                      </svg>
                    </button>
                  </div>
                )}
              />
            ))}
            {linksError && <p className="text-sm text-red-700 dark:text-red-400">{linksError}</p>}
            {links.length < IDENTITY_LIMITS.linksMax ? (
              <Button variant="secondary" size="sm" onClick={() => setLinks([...links, ''])}>
                Add a link
              </Button>
            ) : (
              <p className="text-sm text-gray-600 dark:text-gray-300">
                {IDENTITY_MESSAGES.tooManyLinks}.
              </p>
            )}
          </fieldset>
          <AccentPicker
            registration={form.register('accent')}
            value={values.accent as AccentName | undefined}
            error={form.formState.errors.accent?.message}
          />
          <Button type="submit" loading={form.formState.isSubmitting}>
            Save profile
          </Button>
        </form>
      </div>
      <aside
        aria-label="Preview"
        className="order-first min-w-0 md:sticky md:top-20 md:order-last md:self-start"
      >
        <p className="text-xs font-semibold tracking-wide text-gray-600 uppercase dark:text-gray-300">
          Preview
        </p>
        <div
          data-accent={preview.accent}
          data-profile-preview=""
          style={accentVariables(preview.accent)}
          className="mt-2 rounded-xl border border-gray-200 bg-gray-50 p-4 dark:border-gray-800 dark:bg-gray-950"
        >
          <ProfileHeader
            username={username}
            identity={preview}
            headingLevel="h3"
            avatarLoading="eager"
            compact
          />
          <div className="mt-4 flex items-center justify-between gap-3 rounded-xl border border-gray-200 bg-white p-3 dark:border-gray-800 dark:bg-gray-900">
            <span className="text-sm font-medium text-accent-700 dark:text-accent-300">
              {ACCENT_LABELS[preview.accent]} accent
            </span>
            <span aria-hidden="true" className={buttonClasses('primary', 'sm')}>
              Copy
            </span>
          </div>
        </div>
      </aside>
    </div>
  );
}
