import { useUserDetails } from '../../api/accounts';
import { ErrorState } from '../../components/States';
import { usePageMeta } from '../../lib/usePageMeta';
import { EmailPreferencesCard } from './EmailPreferencesCard';
import { ProfileForm } from './ProfileForm';
import './profile.scss';

function ProfileSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading your profile">
      <div className="card mb-4">
        <div className="card-body p-4 d-flex align-items-center gap-4">
          <div className="skeleton rounded-circle flex-shrink-0" style={{ width: 96, height: 96 }} />
          <div className="flex-grow-1">
            <div className="skeleton skeleton-text mb-2" style={{ width: '40%', height: '1.4rem' }} />
            <div className="skeleton skeleton-text mb-3" style={{ width: '55%' }} />
            <div className="skeleton" style={{ width: 140, height: 32 }} />
          </div>
        </div>
      </div>
      {[4, 6].map((count) => (
        <div className="card mb-4" key={count}>
          <div className="card-body p-4">
            <div className="skeleton skeleton-text mb-4" style={{ width: '25%', height: '1.2rem' }} />
            <div className="row g-3">
              {Array.from({ length: count }, (_, i) => (
                <div className="col-12 col-md-6" key={i}>
                  <div className="skeleton skeleton-text mb-2" style={{ width: '30%' }} />
                  <div className="skeleton" style={{ height: 42 }} />
                </div>
              ))}
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}

/** /my-profile/ (inside the account layout): the user's details, editable. */
export default function MyProfilePage() {
  usePageMeta('account', { title: 'My Profile | Lectern' });
  const { data: user, isPending, isError, refetch } = useUserDetails();

  return (
    <div className="my-profile">
      <header className="mb-4">
        <h1 className="h2 mb-1">My Profile</h1>
        <p className="text-body-secondary mb-0">Keep your details up to date for certificates, invoices and checkout.</p>
      </header>
      {isError ? (
        <ErrorState message="Could not load your profile. Please try again." onRetry={() => void refetch()} />
      ) : isPending || !user ? (
        <ProfileSkeleton />
      ) : (
        <>
          <ProfileForm key={user.user_id} user={user} />
          <EmailPreferencesCard />
        </>
      )}
    </div>
  );
}
