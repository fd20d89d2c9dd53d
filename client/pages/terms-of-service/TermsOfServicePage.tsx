import { PlaceholderPage } from '../../components/PlaceholderPage.js';

export default function TermsOfServicePage() {
  return (
    <PlaceholderPage
      title="Terms of Service"
      description="The terms that apply when you rent a bike with Okay Bike."
      heading="Terms of Service"
    />
  );
}
