import { PlaceholderPage } from '../../components/PlaceholderPage.js';

export default function ReturnBikesPage() {
  return (
    <PlaceholderPage
      title="Return Bikes"
      description="Confirm returned bikes and settle rentals."
      heading="Return Bikes"
      variant="dashboard"
    />
  );
}
