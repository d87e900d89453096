import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { accountMessages, FULL_NAME_MAX, profileFieldsSchema, type UserDetails } from '../../../shared/accounts';
import { formatPersonName } from '../../../shared/text';
import { useUpdateProfile } from '../../api/accounts';
import { ApiError, NetworkError } from '../../api/client';
import { CountryStateFields } from '../../components/form/CountryStateFields';
import { formFields, NameField, TextAreaField, TextField } from '../../components/form/Field';
import { PictureCard, usePictureChoice } from './ProfilePicture';
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

/** The My Profile form: editable details, the picture with preview and remove, username and email read-only. */
export function ProfileForm({ user }: { user: UserDetails }) {
  const updateProfile = useUpdateProfile();
  const id = useId();
  const picture = usePictureChoice();
  const { file, removePicture, clearFile } = picture;
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ProfileFormValues, unknown, z.output<typeof profileFormSchema>>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: valuesOf(user),
  });
  const {
    handleSubmit,
    reset,
    setError,
    setValue,
    watch,
    formState: { isSubmitting, isDirty },
  } = form;
  const field = formFields(form, id);

  const save = handleSubmit(
    async (values) => {
      setFormError(null);
      const body = new FormData();
      for (const name of fields) body.append(name, values[name].trim());
      if (file) body.append('profile_picture', file);
      else if (removePicture) body.append('remove_picture', 'true');
      try {
        const updated = await updateProfile.mutateAsync(body);
        reset(valuesOf(updated));
        clearFile();
        picture.setRemovePicture(false);
        toast.success(accountMessages.profileUpdated);
      } catch (error) {
        toast.error(accountMessages.profileUpdateFailed);
        if (error instanceof NetworkError) {
          setFormError(accountMessages.noResponse);
          return;
        }
        if (error instanceof ApiError && error.status === 400) {
          showServerFieldErrors(error, setError, fields);
          const pictureProblem = error.fieldError('profile_picture');
          if (pictureProblem) picture.setPictureError(pictureProblem);
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

  const displayName = formatPersonName(user.full_name);

  const input = (name: Field, label: string, props: ComponentProps<'input'> = {}, col = 'col-12 col-md-6') => (
    <TextField label={label} wrapperClassName={col} {...props} {...field(name)} />
  );

  return (
    <form onSubmit={(event) => void save(event)} noValidate aria-label="Edit profile" className="profile-form">
      {formError && (
        <div className="alert alert-danger d-flex gap-2" role="alert">
          <i className="bi bi-exclamation-triangle-fill" aria-hidden="true" />
          <span>{formError}</span>
        </div>
      )}

      <PictureCard user={user} displayName={displayName} choice={picture} />

      <section className="card mb-4" aria-labelledby={`${id}-personal`}>
        <div className="card-body p-4">
          <h2 id={`${id}-personal`} className="h5 mb-3">
            Personal details
          </h2>
          <div className="row g-3">
            <NameField
              label="Full name"
              wrapperClassName="col-12 col-md-6"
              counter={{ value: watch('full_name'), max: FULL_NAME_MAX }}
              {...field('full_name')}
            />
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
              label="About me"
              wrapperClassName="col-12"
              rows={4}
              maxLength={2000}
              placeholder="A few words about you and what you want to build."
              {...field('about_me')}
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
            <CountryStateFields
              field={field}
              country={watch('country') ?? ''}
              state={watch('state') ?? ''}
              onCountryChange={() => setValue('state', '', { shouldDirty: true })}
              stateLabel="State"
              stateMaxLength={100}
              wrapperClassName="col-12 col-md-6"
            />
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
            picture.setRemovePicture(false);
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
