import type { SiteSettings } from '../../../shared/admin';
import { uploadLimits } from '../../../shared/uploads';
import { adminErrorText, useRemoveSiteLogo, useUploadSiteLogo } from '../../api/admin';
import { SubmitButton } from '../../components/form/SubmitButton';
import { FileUpload } from '../components/FileUpload';
import { notify } from '../components/notify';

/** The site's logo: uploaded at once (stored as a WebP within 512×512), or removed for the default mark. */
export function SiteLogo({ settings }: { settings: SiteSettings }) {
  const upload = useUploadSiteLogo();
  const remove = useRemoveSiteLogo();
  return (
    <div className="d-flex flex-wrap align-items-start gap-3">
      <div className="site-logo-preview border rounded flex-shrink-0">
        <img
          src={settings.site_logo || '/media/favicon.svg'}
          alt={settings.site_logo ? 'Your logo' : 'The default mark'}
          width={settings.site_logo ? 96 : 48}
          height={settings.site_logo ? 96 : 48}
          className="object-fit-contain"
        />
      </div>
      <div className="flex-grow-1" style={{ minWidth: 0, flexBasis: 220 }}>
        <FileUpload
          id="settings-logo"
          label="Logo"
          kind="image"
          field="image"
          hint={`Beside the site's name in the header, the footer and on invoices. Stored within 512×512; a JPEG, PNG, WebP, GIF or AVIF up to ${uploadLimits.imageBytes / (1024 * 1024)} MB.`}
          upload={async (file, onProgress) => {
            await upload.mutateAsync({ file, onProgress });
            notify('Logo saved.');
          }}
        />
        {settings.site_logo && (
          <SubmitButton
            type="button"
            className="btn btn-sm btn-outline-danger mt-2"
            busy={remove.isPending}
            busyLabel="Removing..."
            icon="bi-trash"
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => notify('Logo removed: the default mark is back.'),
                onError: (error) => notify(adminErrorText(error), 'error'),
              })
            }
          >
            Remove logo
          </SubmitButton>
        )}
      </div>
    </div>
  );
}
