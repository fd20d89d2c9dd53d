import { PlaceholderPage } from '../../components/PlaceholderPage.js';

export default function AboutPage() {
  return (
    <PlaceholderPage
      title="About"
      description="Meet the team behind Okay Bike and the story of how we got here."
      heading="About Okay Bike"
      lead="Bike rentals made simple, safe and affordable since 2018."
    />
  );
}
