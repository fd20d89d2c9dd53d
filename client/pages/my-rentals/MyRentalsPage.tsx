import { PlaceholderPage } from '../../components/PlaceholderPage.js';

export default function MyRentalsPage() {
  return (
    <PlaceholderPage
      title="Add Review"
      description="Review the bikes you rented."
      heading="Add Review"
      lead="Paid Rentals"
      variant="dashboard"
    />
  );
}
