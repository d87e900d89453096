import type { AdminBundle } from '../../../shared/bundles';
import { courseImageSize, uploadLimits } from '../../../shared/uploads';
import { useUploadBundleCover } from '../../api/adminBundles';
import { FileUpload } from '../components/FileUpload';
import { notify } from '../components/notify';
import { BundleCover } from './BundleCover';

/** The bundle's cover as the storefront's cards show it (16:9), and an upload that replaces it; a new bundle is saved first. */
export function BundleCoverCard({ bundle }: { bundle: AdminBundle | undefined }) {
  return (
    <section className="studio-card p-3 p-md-4 mb-3" aria-labelledby="bundle-cover-title">
      <h2 id="bundle-cover-title" className="h5 mb-3">
        Cover
      </h2>
      {bundle ? <CoverUpload bundle={bundle} /> : <p className="small text-body-secondary mb-0">Create the bundle first, then upload its cover here.</p>}
    </section>
  );
}

function CoverUpload({ bundle }: { bundle: AdminBundle }) {
  const upload = useUploadBundleCover(bundle.id);
  return (
    <>
      <div className="ratio ratio-16x9 rounded overflow-hidden border mb-3 bg-body-tertiary">
        {bundle.cover_image ? (
          <img src={bundle.cover_image} alt={`Current cover of ${bundle.title}`} className="object-fit-cover" width={640} height={360} />
        ) : (
          <div className="d-flex flex-column align-items-center justify-content-center text-body-secondary small">
            <BundleCover src="" width={64} className="border-0 bg-transparent fs-3" />
            No cover yet
          </div>
        )}
      </div>
      <FileUpload
        id="bundle-cover-file"
        label={bundle.cover_image ? 'Replace cover' : 'Upload a cover'}
        kind="image"
        field="image"
        hint={`JPEG, PNG, WebP, GIF or AVIF up to ${uploadLimits.imageBytes / (1024 * 1024)} MB. Cropped to 16:9 and stored at ${courseImageSize.width}×${courseImageSize.height}.`}
        upload={async (file, onProgress) => {
          await upload.mutateAsync({ file, onProgress });
          notify('Cover saved.');
        }}
      />
    </>
  );
}
