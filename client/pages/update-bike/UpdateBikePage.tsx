import { PlaceholderPage } from '../../components/PlaceholderPage.js';

export default function UpdateBikePage() {
  return (
    <PlaceholderPage
      title="Update Bike"
      description="Edit a bike of the fleet."
      heading="Update Bike"
      variant="dashboard"
    />
  );
}
