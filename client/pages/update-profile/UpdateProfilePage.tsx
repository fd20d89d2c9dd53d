import { useMe } from '../../api/users.js';
import { PageHeading } from '../../components/PageHeading.js';
import { ProfileForm } from '../../components/ProfileForm.js';
import { ProfileUnavailable } from '../../components/ProfileUnavailable.js';
import '../../components/profile.css';

export default function UpdateProfilePage() {
  const me = useMe();
  if (!me.data) return <ProfileUnavailable loading={me.isPending} onRetry={() => void me.refetch()} />;
  return (
    <div className="profile-page update-profile-page">
      <PageHeading title="Update Profile" lead="Keep your contact details current so we can reach you about your rentals." />
      <ProfileForm user={me.data} initialEditing />
    </div>
  );
}
