import { PlaceholderPage } from '../../components/PlaceholderPage.js';

export default function ProfilePage() {
  return (
    <PlaceholderPage
      title="Profile"
      description="Your Okay Bike profile."
      heading="Profile"
      variant="dashboard"
    />
  );
}
