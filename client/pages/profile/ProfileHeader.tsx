import { EditOutlined, EnvironmentOutlined, PhoneOutlined } from '@ant-design/icons';
import { Avatar, Card, Tag } from 'antd';
import type { User } from '../../api/types.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { useT } from '../../app/i18n.js';

export const initialOf = (name: string): string => name.trim().charAt(0).toUpperCase() || '?';

/** The profile's header card; the name is the page's one h1. */
export function ProfileHeader({ user }: { user: User }) {
  const t = useT();
  return (
    <Card className="profile-header">
      <div className="profile-header-inner">
        <Avatar size={88} className="profile-avatar" aria-hidden="true">
          {initialOf(user.name)}
        </Avatar>
        <div className="profile-header-text">
          <h1 className="profile-name">{user.name}</h1>
          <p className="profile-tagline">{t('profile.tagline')}</p>
          <ul className="profile-facts" aria-label={t('profile.details')}>
            <li>
              <Tag className="profile-role">
                <span className="visually-hidden">{`${t('profile.roleLabel')} `}</span>
                {t('profile.role', { role: user.role })}
              </Tag>
            </li>
            <li>
              <PhoneOutlined {...decorativeIcon} /> <span className="visually-hidden">{`${t('profile.phoneLabel')} `}</span>
              {user.phone || t('profile.noPhone')}
            </li>
            <li>
              <EnvironmentOutlined {...decorativeIcon} /> <span className="visually-hidden">{`${t('profile.addressLabel')} `}</span>
              {user.address || t('profile.noAddress')}
            </li>
          </ul>
        </div>
        <ButtonLink to="/dashboard/updateprofile" type="primary" icon={<EditOutlined {...decorativeIcon} />} className="profile-edit-link">
          {t('profile.editProfile')}
        </ButtonLink>
      </div>
    </Card>
  );
}
