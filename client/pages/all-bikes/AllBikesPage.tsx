import { PlaceholderPage } from '../../components/PlaceholderPage.js';

export default function AllBikesPage() {
  return (
    <PlaceholderPage
      title="All Bikes"
      description="Browse every bike available to rent by the hour: filter by brand and model."
      heading="All Bikes"
      lead="Find the right ride: every bike in our fleet, with hourly prices."
    />
  );
}
