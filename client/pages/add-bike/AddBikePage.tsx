import { PlaceholderPage } from '../../components/PlaceholderPage.js';

export default function AddBikePage() {
  return (
    <PlaceholderPage
      title="Add Bike"
      description="Add a new bike to the fleet."
      heading="Add a New Bike"
      variant="dashboard"
    />
  );
}
