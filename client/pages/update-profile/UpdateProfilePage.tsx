import { useMe } from '../../api/users.js';
import { useT } from '../../app/i18n.js';
import { PageHeading } from '../../components/PageHeading.js';
import { ProfileForm } from '../../components/ProfileForm.js';
import { ProfileUnavailable } from '../../components/ProfileUnavailable.js';
import '../../components/profile.css';

export default function UpdateProfilePage() {
  const me = useMe();
  const t = useT();
  if (!me.data) return <ProfileUnavailable loading={me.isPending} onRetry={() => void me.refetch()} />;
  return (
    <div className="profile-page update-profile-page">
      <PageHeading title={t('updateProfile.title')} lead={t('updateProfile.lead')} />
      <ProfileForm user={me.data} initialEditing />
    </div>
  );
}
