import { PlaceholderPage } from '../../components/PlaceholderPage.js';

export default function RentalsPage() {
  return (
    <PlaceholderPage
      title="My Rentals"
      description="Your bike rentals, unpaid and paid."
      heading="My Rentals"
      variant="dashboard"
    />
  );
}
