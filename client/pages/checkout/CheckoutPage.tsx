import { PlaceholderPage } from '../../components/PlaceholderPage.js';

export default function CheckoutPage() {
  return (
    <PlaceholderPage
      title="Checkout"
      description="Complete your bike rental payment."
      heading="Bike Rental Checkout"
      lead="Complete your rental process"
    />
  );
}
