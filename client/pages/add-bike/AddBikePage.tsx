import { Card, Form } from 'antd';
import { useLoaderData } from 'react-router-dom';
import { useCreateBike } from '../../api/admin-bikes.js';
import { isApiError } from '../../api/http.js';
import { notify } from '../../app/notify.js';
import { BikeForm, showServerFieldErrors, type BikeFormValues } from '../../components/BikeForm.js';
import { PageHeading } from '../../components/PageHeading.js';
import type { AddBikeLoaderData } from './loader.js';

export default function AddBikePage() {
  const { currentYear } = useLoaderData() as AddBikeLoaderData;
  const [form] = Form.useForm<BikeFormValues>();
  const createBike = useCreateBike();
  // Spec section 5: year defaults to the current year, quantity and price to 0, available by default.
  const defaults: Partial<BikeFormValues> = { year: currentYear, quantity: 0, pricePerHour: 0, isAvailable: true };

  const submit = (values: BikeFormValues) => {
    createBike.mutate(values, {
      onSuccess: () => {
        notify.success('Bike Added Successfully');
        form.resetFields();
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 400) {
          showServerFieldErrors(form, error);
          notify.error('Please fill all the fields');
        } else {
          notify.error('Failed to add bike');
        }
      },
    });
  };

  return (
    <>
      <PageHeading title="Add a New Bike" lead="Every field is required. The bike appears in the listings as soon as it is added." />
      <Card>
        <BikeForm
          form={form}
          initialValues={defaults}
          submitLabel="Add Bike"
          submitting={createBike.isPending}
          showAvailability
          maxYear={currentYear + 1}
          onSubmit={submit}
        />
      </Card>
    </>
  );
}
