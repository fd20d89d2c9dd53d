import { PlaceholderPage } from '../../components/PlaceholderPage.js';

export default function PrivacyPolicyPage() {
  return (
    <PlaceholderPage
      title="Privacy Policy"
      description="How Okay Bike collects, uses and protects your personal data."
      heading="Privacy Policy"
    />
  );
}
