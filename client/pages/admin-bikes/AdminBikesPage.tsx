import { PlaceholderPage } from '../../components/PlaceholderPage.js';

export default function AdminBikesPage() {
  return (
    <PlaceholderPage
      title="All Bikes"
      description="Manage every bike in the fleet."
      heading="All Bikes"
      variant="dashboard"
    />
  );
}
