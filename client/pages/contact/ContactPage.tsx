import { PlaceholderPage } from '../../components/PlaceholderPage.js';

export default function ContactPage() {
  return (
    <PlaceholderPage
      title="Contact Us"
      description="Questions about a rental? Contact the Okay Bike team."
      heading="Contact Us"
      lead="We respond in 1-2 business days."
    />
  );
}
