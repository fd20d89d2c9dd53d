import { PlaceholderPage } from '../../components/PlaceholderPage.js';

export default function SearchPage() {
  return (
    <PlaceholderPage
      title="Search results"
      description="Bikes matching your search on Okay Bike."
      heading="Available Bikes"
    />
  );
}
