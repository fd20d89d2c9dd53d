import { PlaceholderPage } from '../../components/PlaceholderPage.js';

export default function BikeDetailPage() {
  return (
    <PlaceholderPage
      title="Bike details"
      description="Bike specifications, hourly price, availability and customer reviews."
      heading="Bike details"
    />
  );
}
