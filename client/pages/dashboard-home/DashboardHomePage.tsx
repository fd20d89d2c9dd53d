import { Tag } from 'antd';
import { Link } from 'react-router';
import { useSession } from '../../api/users.js';
import { PlaceholderPage } from '../../components/PlaceholderPage.js';

export default function DashboardHomePage() {
  const session = useSession();
  return (
    <PlaceholderPage
      variant="dashboard"
      title="Dashboard"
      description="Your Okay Bike dashboard."
      heading={`Welcome back, ${session?.name ?? ''}!`}
      lead={
        <>
          Navigaate through the sidebar to access different features{' '}
          <Tag color={session?.role === 'admin' ? 'gold' : 'green'}>
            {session?.role === 'admin' ? 'You are an admin' : 'You are a user'}
          </Tag>{' '}
          <Link to="/dashboard/updateprofile">Edit Profile</Link>
        </>
      }
    />
  );
}
