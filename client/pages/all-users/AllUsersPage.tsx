import { PlaceholderPage } from '../../components/PlaceholderPage.js';

export default function AllUsersPage() {
  return (
    <PlaceholderPage
      title="All Users"
      description="Manage Okay Bike users and roles."
      heading="All Users"
      variant="dashboard"
    />
  );
}
