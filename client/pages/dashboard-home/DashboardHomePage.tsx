import { EditOutlined } from '@ant-design/icons';
import { Flex } from 'antd';
import { useMe, useSession } from '../../api/users.js';
import { useT } from '../../app/i18n.js';
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
  const t = useT();
  if (!session) return null;
  const admin = session.role === 'admin';

  return (
    <div className="dashboard-home">
      <PageHeading
        title={dashboardGreeting(session.name, session.createdAt ?? me.data?.createdAt, Date.now(), t)}
        lead={
          <Flex component="span" align="center" gap={10} wrap>
            {/* Spelled as the spec spells it. */}
            <span>{t('dashboardHome.navigate')}</span>
            <StatusTag tone={admin ? 'warning' : 'success'} className="dashboard-role-badge">
              {t('dashboardHome.role', { role: session.role })}
            </StatusTag>
          </Flex>
        }
        extra={
          <ButtonLink to="/dashboard/updateprofile" icon={<EditOutlined {...decorativeIcon} />}>
            {t('profile.editProfile')}
          </ButtonLink>
        }
      />
      {admin ? <AdminOverview /> : <FavouriteRides />}
    </div>
  );
}
