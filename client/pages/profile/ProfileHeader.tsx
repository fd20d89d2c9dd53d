import { EditOutlined, EnvironmentOutlined, PhoneOutlined } from '@ant-design/icons';
import { Avatar, Card, Tag } from 'antd';
import type { User } from '../../api/types.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { decorativeIcon } from '../../components/decorative-icon.js';

export const initialOf = (name: string): string => name.trim().charAt(0).toUpperCase() || '?';

/** The profile's header card; the name is the page's one h1. */
export function ProfileHeader({ user }: { user: User }) {
  return (
    <Card className="profile-header">
      <div className="profile-header-inner">
        <Avatar size={88} className="profile-avatar" aria-hidden="true">
          {initialOf(user.name)}
        </Avatar>
        <div className="profile-header-text">
          <h1 className="profile-name">{user.name}</h1>
          <p className="profile-tagline">Bike Enthusiast</p>
          <ul className="profile-facts" aria-label="Account details">
            <li>
              <Tag className="profile-role">
                <span className="okb-sr-only">Role: </span>
                {user.role}
              </Tag>
            </li>
            <li>
              <PhoneOutlined {...decorativeIcon} /> <span className="okb-sr-only">Phone: </span>
              {user.phone || 'No phone number'}
            </li>
            <li>
              <EnvironmentOutlined {...decorativeIcon} /> <span className="okb-sr-only">Address: </span>
              {user.address || 'No address'}
            </li>
          </ul>
        </div>
        <ButtonLink to="/dashboard/updateprofile" type="primary" icon={<EditOutlined {...decorativeIcon} />} className="profile-edit-link">
          Edit Profile
        </ButtonLink>
      </div>
    </Card>
  );
}
