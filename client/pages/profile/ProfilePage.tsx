import { useRef } from 'react';
import { useMe } from '../../api/users.js';
import { AccountSettingsCard } from './AccountSettingsCard.js';
import { FavoriteBikesCard } from './FavoriteBikesCard.js';
import { MyReviewsCard } from './MyReviewsCard.js';
import { ProfileForm, type ProfileFormHandle } from '../../components/ProfileForm.js';
import { ProfileHeader } from './ProfileHeader.js';
import { ProfileUnavailable } from '../../components/ProfileUnavailable.js';
import '../../components/profile.css';

export default function ProfilePage() {
  const me = useMe();
  const formRef = useRef<ProfileFormHandle>(null);

  if (!me.data) return <ProfileUnavailable loading={me.isPending} onRetry={() => void me.refetch()} />;
  const user = me.data;

  return (
    <div className="profile-page">
      <ProfileHeader user={user} />
      <div className="profile-grid">
        <div className="profile-main">
          <ProfileForm ref={formRef} user={user} />
          <MyReviewsCard role={user.role} />
        </div>
        <div className="profile-side">
          <FavoriteBikesCard role={user.role} />
          <AccountSettingsCard role={user.role} onPersonalInformation={() => formRef.current?.startEditing()} />
        </div>
      </div>
    </div>
  );
}
