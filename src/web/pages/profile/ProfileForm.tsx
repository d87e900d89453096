import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState, type ChangeEvent, type ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { accountMessages, MAX_PICTURE_BYTES, profileFieldsSchema, type UserDetails } from '../../../shared/accounts';
import { formatPersonName } from '../../../shared/text';
import { initials, pictureUrl, useUpdateProfile } from '../../api/accounts';
import { ApiError, NetworkError } from '../../api/client';
import { useCountries, useStates } from '../../api/site';
import { TextAreaField, TextField } from '../../components/form/Field';
import { SubmitButton } from '../../components/form/SubmitButton';
import { showServerFieldErrors } from '../../lib/forms';

/** Profile rules (spec 5), the contract's: the trimmed full name needs at least two words; a phone number must look like one. */
const profileFormSchema = profileFieldsSchema.omit({ remove_picture: true });
type ProfileFormValues = z.input<typeof profileFormSchema>;
type Field = keyof ProfileFormValues;
const fields: Field[] = ['full_name', 'phone_number', 'address_line_1', 'address_line_2', 'city', 'state', 'country', 'pin_code', 'about_me'];

/** The form's values; the full name is shown with each word capitalised (spec). */
const valuesOf = (user: UserDetails): ProfileFormValues => ({
  full_name: formatPersonName(user.full_name),
  phone_number: user.phone_number ?? '',
  address_line_1: user.address_line_1 ?? '',
  address_line_2: user.address_line_2 ?? '',
  city: user.city ?? '',
  state: user.state ?? '',
  country: user.country ?? '',
  pin_code: user.pin_code ?? '',
  about_me: user.about_me ?? '',
});

/** An object URL for the chosen file, revoked when the choice changes (jsdom has none: no preview there). */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

export function Avatar({ src, name, fallback, size }: { src?: string | null; name: string; fallback?: string; size: number }) {
  if (src)
    return (
      <img
        src={src}
        alt={name ? `${name}'s profile picture` : 'Profile picture'}
        width={size}
        height={size}
        className="rounded-circle object-fit-cover profile-avatar"
      />
    );
  return (
    <span
      className="rounded-circle d-inline-flex align-items-center justify-content-center fw-bold profile-avatar profile-avatar-initials"
      style={{ width: size, height: size, fontSize: size * 0.36 }}
      aria-hidden="true"
    >
      {initials(name, fallback) || <i className="bi bi-person" />}
    </span>
  );
}

/** The My Profile form: editable details, the picture with preview and remove, username and email read-only. */
export function ProfileForm({ user }: { user: UserDetails }) {
  const updateProfile = useUpdateProfile();
  const id = useId();
  const fileInput = useRef<HTMLInputElement | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [removePicture, setRemovePicture] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const preview = usePreview(file);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileFormValues, unknown, z.output<typeof profileFormSchema>>({ resolver: zodResolver(profileFormSchema), defaultValues: valuesOf(user) });

  const country = watch('country');
  const countries = useCountries();
  const states = useStates(country);
  const countryOptions = countries.data ?? [];
  const knownCountry = !country || countryOptions.some((c) => c.country_name === country);
  const stateOptions = states.data ?? [];
  const savedState = watch('state');
  const useStateSelect = Boolean(country) && states.isSuccess && stateOptions.length > 0;

  // The selects are uncontrolled: when their options arrive (or the state field becomes a select), put the value back.
  useEffect(() => {
    setValue('country', getValues('country'));
  }, [countries.data, getValues, setValue]);
  useEffect(() => {
    setValue('state', getValues('state'));
  }, [states.data, useStateSelect, getValues, setValue]);

  const clearFile = () => {
    setFile(null);
    setPictureError(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setPictureError(null);
    if (!chosen) {
      setFile(null);
      return;
    }
    if (!chosen.type.startsWith('image/')) {
      clearFile();
      setPictureError(accountMessages.pictureNotImage);
      return;
    }
    if (chosen.size > MAX_PICTURE_BYTES) {
      clearFile();
      setPictureError(accountMessages.pictureTooLarge);
      return;
    }
    setRemovePicture(false);
    setFile(chosen);
  };

  const save = handleSubmit(
    async (values) => {
      setFormError(null);
      const form = new FormData();
      for (const field of fields) form.append(field, values[field].trim());
      if (file) form.append('profile_picture', file);
      else if (removePicture) form.append('remove_picture', 'true');
      try {
        const updated = await updateProfile.mutateAsync(form);
        reset(valuesOf(updated));
        clearFile();
        setRemovePicture(false);
        toast.success(accountMessages.profileUpdated);
      } catch (error) {
        toast.error(accountMessages.profileUpdateFailed);
        if (error instanceof NetworkError) {
          setFormError(accountMessages.noResponse);
          return;
        }
        if (error instanceof ApiError && error.status === 400) {
          showServerFieldErrors(error, setError, fields);
          const picture = error.fieldError('profile_picture');
          if (picture) setPictureError(picture);
          const other = error.fieldError('non_field_errors');
          if (other) setFormError(other);
        } else if (error instanceof ApiError && error.status === 429) {
          setFormError(error.message);
        }
      }
    },
    (invalid) => {
      if (invalid.full_name) toast.error(accountMessages.profileNameTwoWords);
    },
  );

  const currentPicture = pictureUrl(user.profile_picture);
  const shownPicture = preview ?? (removePicture ? null : currentPicture);
  const displayName = formatPersonName(user.full_name);

  const input = (field: Field, label: string, props: ComponentProps<'input'> = {}, col = 'col-12 col-md-6') => (
    <TextField id={`${id}-${field}`} label={label} wrapperClassName={col} error={errors[field]?.message} {...props} {...register(field)} />
  );

  return (
    <form onSubmit={(event) => void save(event)} noValidate aria-label="Edit profile" className="profile-form">
      {formError && (
        <div className="alert alert-danger d-flex gap-2" role="alert">
          <i className="bi bi-exclamation-triangle-fill" aria-hidden="true" />
          <span>{formError}</span>
        </div>
      )}

      <section className="card mb-4" aria-labelledby={`${id}-identity`}>
        <div className="card-body p-4">
          <div className="d-flex flex-column flex-sm-row align-items-sm-center gap-4">
            <Avatar src={shownPicture} name={displayName} fallback={user.email} size={96} />
            <div className="flex-grow-1 min-w-0">
              <h2 id={`${id}-identity`} className="h4 mb-1 text-break">
                {displayName || user.username}
              </h2>
              <p className="text-body-secondary mb-3 text-break">{user.email}</p>
              <div className="d-flex flex-wrap gap-2 align-items-center">
                <input
                  ref={fileInput}
                  id={`${id}-picture`}
                  type="file"
                  accept="image/*"
                  className="visually-hidden profile-file-input"
                  aria-describedby={`${id}-picture-help${pictureError ? ` ${id}-picture-error` : ''}`}
                  onChange={onFile}
                />
                <label htmlFor={`${id}-picture`} className="btn btn-outline-primary btn-sm mb-0">
                  <i className="bi bi-upload me-1" aria-hidden="true" />
                  {shownPicture ? 'Change picture' : 'Upload picture'}
                </label>
                {file && (
                  <button type="button" className="btn btn-outline-secondary btn-sm" onClick={clearFile}>
                    <i className="bi bi-x-lg me-1" aria-hidden="true" />
                    Remove
                  </button>
                )}
                {!file && currentPicture && !removePicture && (
                  <button type="button" className="btn btn-link btn-sm text-danger" onClick={() => setRemovePicture(true)}>
                    Remove current picture
                  </button>
                )}
                {!file && removePicture && (
                  <span className="small text-body-secondary">
                    The picture will be removed when you save.{' '}
                    <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={() => setRemovePicture(false)}>
                      Undo
                    </button>
                  </span>
                )}
              </div>
              {file && <p className="small text-body-secondary mt-2 mb-0 text-break">Selected: {file.name}</p>}
              <p id={`${id}-picture-help`} className="form-text mb-0">
                JPG, PNG, WebP or GIF, up to 5 MB.
              </p>
              {pictureError && (
                <div id={`${id}-picture-error`} className="invalid-feedback d-block" role="alert">
                  {pictureError}
                </div>
              )}
            </div>
          </div>
        </div>
      </section>

      <section className="card mb-4" aria-labelledby={`${id}-personal`}>
        <div className="card-body p-4">
          <h2 id={`${id}-personal`} className="h5 mb-3">
            Personal details
          </h2>
          <div className="row g-3">
            {input('full_name', 'Full name', { autoComplete: 'name', maxLength: 120 })}
            {input('phone_number', 'Phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel', maxLength: 20 })}
            <div className="col-12 col-md-6">
              <label htmlFor={`${id}-username`} className="form-label">
                Username
              </label>
              <input
                id={`${id}-username`}
                type="text"
                className="form-control bg-body-tertiary"
                value={user.username}
                readOnly
                aria-describedby={`${id}-readonly-help`}
              />
            </div>
            <div className="col-12 col-md-6">
              <label htmlFor={`${id}-email`} className="form-label">
                Email
              </label>
              <input
                id={`${id}-email`}
                type="email"
                className="form-control bg-body-tertiary"
                value={user.email}
                readOnly
                aria-describedby={`${id}-readonly-help`}
              />
            </div>
            <p id={`${id}-readonly-help`} className="form-text col-12 mt-1 mb-0">
              Your username and email cannot be changed here.
            </p>
            <TextAreaField
              id={`${id}-about_me`}
              label="About me"
              wrapperClassName="col-12"
              rows={4}
              maxLength={2000}
              placeholder="A few words about you and what you want to build."
              error={errors.about_me?.message}
              {...register('about_me')}
            />
          </div>
        </div>
      </section>

      <section className="card mb-4" aria-labelledby={`${id}-address`}>
        <div className="card-body p-4">
          <h2 id={`${id}-address`} className="h5 mb-3">
            Address
          </h2>
          <div className="row g-3">
            {input('address_line_1', 'Address line 1', { autoComplete: 'address-line1', maxLength: 200 }, 'col-12')}
            {input('address_line_2', 'Address line 2', { autoComplete: 'address-line2', maxLength: 200 }, 'col-12')}
            {input('city', 'City', { autoComplete: 'address-level2', maxLength: 100 })}
            <div className="col-12 col-md-6">
              <label htmlFor={`${id}-country`} className="form-label">
                Country
              </label>
              <select
                id={`${id}-country`}
                className={`form-select ${errors.country ? 'is-invalid' : ''}`}
                autoComplete="country-name"
                aria-invalid={errors.country ? true : undefined}
                {...register('country', { onChange: () => setValue('state', '', { shouldDirty: true }) })}
              >
                <option value="">{countries.isPending ? 'Loading countries…' : 'Select a country'}</option>
                {!knownCountry && <option value={country}>{country}</option>}
                {countryOptions.map((c) => (
                  <option key={c.country_code} value={c.country_name}>
                    {c.country_name}
                  </option>
                ))}
              </select>
              {errors.country && <div className="invalid-feedback d-block">{errors.country.message}</div>}
            </div>
            <div className="col-12 col-md-6">
              <label htmlFor={`${id}-state`} className="form-label">
                State
              </label>
              {useStateSelect ? (
                <select id={`${id}-state`} className={`form-select ${errors.state ? 'is-invalid' : ''}`} autoComplete="address-level1" {...register('state')}>
                  <option value="">Select a state</option>
                  {savedState && !stateOptions.some((s) => s.state_name === savedState) && <option value={savedState}>{savedState}</option>}
                  {stateOptions.map((s) => (
                    <option key={s.state_name} value={s.state_name}>
                      {s.state_name}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={`${id}-state`}
                  type="text"
                  maxLength={100}
                  autoComplete="address-level1"
                  className={`form-control ${errors.state ? 'is-invalid' : ''}`}
                  placeholder={country && states.isFetching ? 'Loading states…' : country ? 'State or region' : 'Select a country first'}
                  {...register('state')}
                />
              )}
              {errors.state && <div className="invalid-feedback d-block">{errors.state.message}</div>}
            </div>
            {input('pin_code', 'PIN / postal code', { autoComplete: 'postal-code', maxLength: 12 })}
          </div>
        </div>
      </section>

      <div className="d-flex flex-column-reverse flex-sm-row justify-content-end gap-2">
        <button
          type="button"
          className="btn btn-outline-secondary"
          disabled={isSubmitting || (!isDirty && !file && !removePicture)}
          onClick={() => {
            reset(valuesOf(user));
            clearFile();
            setRemovePicture(false);
          }}
        >
          Discard changes
        </button>
        <SubmitButton busy={isSubmitting} busyLabel="Please wait..." className="btn btn-primary px-4">
          Save changes
        </SubmitButton>
      </div>
    </form>
  );
}
