import { EditOutlined } from '@ant-design/icons';
import { Flex } from 'antd';
import { useMe, useSession } from '../../api/users.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { PageHeading } from '../../components/PageHeading.js';
import { StatusTag } from '../../components/StatusTag.js';
import { AdminOverview } from './AdminOverview.js';
import './dashboard-home.css';
import { FavouriteRides } from './FavouriteRides.js';
import { dashboardGreeting } from './greeting.js';

export default function DashboardHomePage() {
  const session = useSession();
  const me = useMe();
  if (!session) return null;
  const admin = session.role === 'admin';

  return (
    <div className="dashboard-home">
      <PageHeading
        title={dashboardGreeting(session.name, session.createdAt ?? me.data?.createdAt)}
        lead={
          <Flex component="span" align="center" gap={10} wrap>
            {/* Spelled as the spec spells it. */}
            <span>Navigaate through the sidebar to access different features</span>
            <StatusTag tone={admin ? 'warning' : 'success'} className="dashboard-role-badge">
              {admin ? 'You are an admin' : 'You are a user'}
            </StatusTag>
          </Flex>
        }
        extra={
          <ButtonLink to="/dashboard/updateprofile" icon={<EditOutlined {...decorativeIcon} />}>
            Edit Profile
          </ButtonLink>
        }
      />
      {admin ? <AdminOverview /> : <FavouriteRides />}
    </div>
  );
}
