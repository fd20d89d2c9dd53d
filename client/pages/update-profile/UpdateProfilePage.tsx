import { PlaceholderPage } from '../../components/PlaceholderPage.js';

export default function UpdateProfilePage() {
  return (
    <PlaceholderPage
      title="Update Profile"
      description="Update your name, email, phone and address."
      heading="Update Profile"
      variant="dashboard"
    />
  );
}
